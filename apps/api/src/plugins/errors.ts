import { isMessageKey, K, type ErrorBody, type ErrorCode } from '@mels/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { ApiError, type FieldErrors } from '../lib/errors.ts';
import { textFor } from '../lib/language.ts';

/** Seconds a client is asked to wait (Retry-After) when the database cannot answer. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Errors of the multipart reader (busboy) on a form that is cut short or malformed: the client's
 * fault, a 400. They carry no code, only these messages.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of (multipart data|form|file)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
  /^Unsupported Content-Type\.?$/,
];

function isMalformedMultipart(error: FastifyError): boolean {
  return error.statusCode === undefined && MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message));
}

/**
 * The error envelope, in the language the request asks for: the message and every field error are keys
 * (decision 027) resolved here; a text that is no key is sent as it is.
 */
function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  errors: FieldErrors = {},
) {
  const text = (m: string) => textFor(reply.request, m);
  const fields = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(text)]));
  const body: ErrorBody = { meta: { message: text(message), code }, errors: fields };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Field name of a validation issue: the path without its leading slash, or the part it belongs to. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/')[0] ?? '';
  if (path) return path;
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

function mayBeKey(text: string): boolean {
  const lower = text.charCodeAt(0) | 32; // A–Z as a–z
  return lower >= 97 && lower <= 122 && text.includes('.');
}

/**
 * A JSON answer with every string that is a message key (decision 027) replaced by its text. Only the
 * objects and arrays on the way to a key are copied: an answer without one (a page of session cards,
 * 17–23 KB) is answered as it is, and a member's cards with a few keys copy only those cards' parts
 * (issue 20: the copy was 7 % of the server's time under the search's load, then 27 % of a member's).
 */
export function translatePayload(value: unknown, text: (key: string) => string): unknown {
  // Every key starts with a Latin letter and has a dot: most strings (names, dates) are passed over
  // without the key's pattern.
  if (typeof value === 'string') return mayBeKey(value) && isMessageKey(value) ? text(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const translated = translatePayload(item, text);
      if (translated !== item) (copy ??= value.slice())[i] = translated;
    }
    return copy ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // a Date, a Buffer, a stream
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    const translated = translatePayload(item, text);
    if (translated !== item) (copy ??= { ...record })[key] = translated;
  }
  return copy ?? value;
}

/**
 * One error shape for the whole API: {meta: {message, code}, errors: {field: [messages]}}, messages in
 * the request's language (Japanese by default), and never a stack trace or SQL in a response (they go to the log).
 */
export function registerErrorHandling(app: FastifyInstance) {
  // Messages inside successful answers (data.message, a session page's warnings, check-order messages) are
  // keys too: every string of a JSON answer that is a message key is answered in the request's language.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    translatePayload(payload, (text) => textFor(request, text)),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return send(reply, error.status, error.code, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath ?? '', error.validationContext);
        (errors[field] ??= []).push(issue.message ?? K.errors.validation);
      }
      return send(reply, 400, 'VALIDATION_ERROR', K.errors.validation, errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, 500, 'INTERNAL_ERROR', K.errors.internal);
    }
    if (isDatabaseUnavailable(error)) {
      // Down, unreachable, overloaded or stalled (timeouts): the request may succeed later.
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, 'SERVICE_UNAVAILABLE', K.errors.unavailable);
    }
    if (isMalformedMultipart(error)) {
      request.log.info({ err: error }, 'malformed multipart body');
      return send(reply, 400, 'VALIDATION_ERROR', K.errors.validation, { body: [K.errors.malformedBody] });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'RATE_LIMITED', K.errors.rateLimited);
    if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE', K.errors.payloadTooLarge);
    if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', K.errors.unsupportedMediaType);
    if (status === 405) return send(reply, 405, 'METHOD_NOT_ALLOWED', K.errors.methodNotAllowed);
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, status, 'BAD_REQUEST', K.errors.validation);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL_ERROR', K.errors.internal);
  });
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', K.forms.api.routeNotFound);
}

/**
 * Errors Fastify answers before routing (Fastify's frameworkErrors option): an undecodable URL
 * (FST_ERR_BAD_URL), a path parameter over the length limit (FST_ERR_MAX_PARAM_LENGTH), in the envelope.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'framework error');
    return send(reply, 500, 'INTERNAL_ERROR', K.errors.internal);
  }
  request.log.info({ err: error }, 'client error');
  return send(reply, status, 'BAD_REQUEST', K.errors.validation);
}
