import { isDatabaseError, summarizeDatabaseError } from './db-errors.ts';

export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The one serializer of `err` in every log line (Fastify's, the jobs', the mailer's): a failed query is
 * reduced to its statement name and code (summarizeDatabaseError); any other error keeps its type,
 * message, code and stack, and its causes, but none of its other properties (a library may hang the
 * request, the query or the values on them).
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (error === null || typeof error !== 'object') {
    return { type: typeof error, message: String(error), stack: '' };
  }
  if (isDatabaseError(error)) {
    const summary = summarizeDatabaseError(error);
    return {
      ...summary,
      message: `${summary.statement ?? 'query'} failed (${summary.code ?? 'no code'})`,
      stack: summary.stack ?? '',
    };
  }
  const e = error as Record<string, unknown> & { constructor?: { name?: string } };
  const out: SerializedError = {
    type: typeof e.name === 'string' && e.name !== 'Error' ? e.name : (e.constructor?.name ?? 'Error'),
    message: typeof e.message === 'string' ? e.message : String(error),
    stack: typeof e.stack === 'string' ? e.stack : '',
  };
  for (const key of ['code', 'statusCode', 'validationContext'] as const) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Serializers of the app's logger (Fastify keeps its own req and res serializers beside these). */
export const logSerializers = {
  err: (error: unknown) => serializeError(error),
  error: (error: unknown) => serializeError(error),
};
