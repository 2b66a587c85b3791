import { hasControlCharacters, K } from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, type FieldErrors } from '../lib/errors.ts';

const MULTIPART = 'multipart/form-data';

/** 400 for a body that parsed but is no request at all (a JSON `null`, a multipart form without a boundary). */
export const malformedBody = () =>
  new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, { body: [K.errors.malformedBody] });

/**
 * The fields (top-level names) whose strings hold a control character, anywhere below them; keys count as
 * well as values. Body text may hold tab and line breaks (multi-line fields); path and query values not.
 */
export function controlCharacterFields(
  input: unknown,
  options: { multiline: boolean; whole: string },
): string[] {
  const bad = new Set<string>();
  const test = (value: string) => hasControlCharacters(value, { multiline: options.multiline });
  // Iterative, so that a deeply nested body cannot exhaust the stack.
  const stack: Array<{ value: unknown; field: string | undefined }> = [{ value: input, field: undefined }];
  while (stack.length > 0) {
    const { value, field } = stack.pop()!;
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) continue;
    if (typeof value === 'string') {
      if (test(value)) bad.add(field ?? options.whole);
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, field: field ?? options.whole });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // A key with a control character is named by its part of the request, not echoed back.
        const name = field ?? (test(key) ? options.whole : key);
        if (test(key)) bad.add(name);
        stack.push({ value: item, field: name });
      }
    }
  }
  return [...bad];
}

function refuseControlCharacters(request: FastifyRequest) {
  const errors: FieldErrors = {};
  const parts = [
    { value: request.params, multiline: false, whole: 'params' },
    { value: request.query, multiline: false, whole: 'query' },
    { value: request.body, multiline: true, whole: 'body' },
  ];
  for (const part of parts) {
    for (const field of controlCharacterFields(part.value, part)) {
      errors[field] = [K.validation.controlCharactersAny];
    }
  }
  if (Object.keys(errors).length > 0)
    throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, errors);
}

/** The route's declared content types (schema.consumes); JSON when it declares none. */
function consumes(request: FastifyRequest): readonly string[] {
  const schema = request.routeOptions.schema as { consumes?: readonly string[] } | undefined;
  return schema?.consumes ?? ['application/json'];
}

/**
 * Body parsing for the whole API, in one place (issue 12: malformed input never gives a 500):
 * - JSON bodies are parsed as Fastify does (prototype poisoning refused), and a body of `null` is a 400;
 * - a multipart form (or any type but JSON) goes only to a route that declares it (schema.consumes),
 *   else 415, and a multipart form without a boundary is a 400 before anything reads it;
 * - no string of the path, the query or the body holds a control character (PostgreSQL refuses NUL;
 *   the shared text schemas of packages/domain refuse the same characters with the field's name):
 *   a 400 naming the fields, for every route, before its schema runs.
 * Call before the routes are registered and after @fastify/multipart.
 */
export function registerBodyParsing(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(
      request,
      typeof body === 'string' ? body : body.toString('utf8'),
      (error: Error | null, value: unknown) => {
        if (error) done(error, undefined);
        else if (value === null) done(malformedBody(), undefined);
        else done(null, value);
      },
    );
  });

  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) {
      if (!consumes(request).includes(MULTIPART)) {
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', K.errors.unsupportedMediaType);
      }
      if (!/;\s*boundary=[^;\s]/i.test(request.headers['content-type'] ?? '')) throw malformedBody();
    } else if (request.body !== undefined) {
      // A body Fastify parsed as another type (text/plain) that the route does not take.
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (type !== 'application/json' && !consumes(request).includes(type)) {
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', K.errors.unsupportedMediaType);
      }
    }
    refuseControlCharacters(request);
  });
}
