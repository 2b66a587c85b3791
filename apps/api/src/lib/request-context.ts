import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What a write done while answering a request may need to know about that request without every
 * function passing it down: the client's address, which the audit log records (decision 033). Outside a
 * request (jobs, seeds, tests calling services directly) there is none.
 */
type RequestContext = { ip: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** The address of the request being answered (Fastify's request.ip, which honours trustProxy), or null. */
export function requestIp(): string | null {
  return storage.getStore()?.ip ?? null;
}

/**
 * Enters the request's context once its body is parsed (the parser's stream events run in the socket's
 * context, so an earlier hook's context would be lost for a body), for validation, pre-handlers and the
 * handler.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    storage.run({ ip: request.ip }, done);
  });
}
