/**
 * Registers a Fastify route from its contract (packages/domain/src/contracts): method, path, auth,
 * params/query/body schemas, the `data` schema wrapped in the answer's envelope, and the error body for
 * each status the endpoint may answer. A route registered here cannot forget its response schema, and its
 * OpenAPI entry says what the contract says.
 */
import {
  errorBodySchema,
  paginationSchema,
  type Endpoint,
  type ErrorStatus,
  type HandlerResult,
} from '@mels/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import {
  requireHost,
  requireOffice,
  requireOfficeAdmin,
  requireSession,
  requireUser,
  settleTokenCheck,
} from '../plugins/auth.ts';
import { answerFromCache, httpCacheHook, type CachePolicy } from '../plugins/http-cache.ts';

type Parsed<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer T extends z.ZodType;
}
  ? z.output<T>
  : undefined;

/** The request a contract's handler receives: params, query and body as its schemas parse them. */
export type ContractRequest<E> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
};

export type ContractHandler<E> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => Promise<E extends { readonly file: string } ? FastifyReply : HandlerResult<E>>;

type RouteExtras<E> = Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> & {
  /** Run before the body is validated, after the contract's auth check. */
  preValidation?: preHandlerAsyncHookHandler;
  /** Run after the contract's auth check (rate limits, ownership checks that need the raw request). */
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  /**
   * The body schema the server validates with, when it differs from the contract's only by what the
   * server knows at start-up (its clock: a birthday's upper bound). Same input and output types.
   */
  body?: E extends { readonly body: infer T extends z.ZodType } ? z.ZodType<z.output<T>, z.input<T>> : never;
  /** HTTP caching of a public list: ETag, Cache-Control and 304 (plugins/http-cache.ts, decision 043). */
  cache?: CachePolicy;
  /** Run on the serialised answer, after the cache policy's hook and before compression. */
  onSend?: onSendHookHandler;
};

const CONTRACT_KEY = 'contract';

/** The `area.name` of the contract a route was registered from (for the contract test and metrics). */
export function contractOf(routeConfig: unknown): string | undefined {
  const value = (routeConfig as Record<string, unknown> | undefined)?.[CONTRACT_KEY];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The answer's schemas, one per contract for the process: the serializer compiles each schema object once
 * (plugins/serializer.ts), so an app built again (each API test file builds its own) reuses its functions.
 */
const answerSchemas = new WeakMap<Endpoint, z.ZodType>();

function answerSchema(endpoint: Endpoint): z.ZodType {
  let schema = answerSchemas.get(endpoint);
  if (!schema) {
    schema = buildAnswerSchema(endpoint);
    answerSchemas.set(endpoint, schema);
  }
  return schema;
}

function buildAnswerSchema(endpoint: Endpoint): z.ZodType {
  if (endpoint.file) return z.any().describe(`A file (${endpoint.file})`);
  if (!endpoint.data) throw new Error(`contract ${endpoint.area}.${endpoint.name} has no data schema`);
  return endpoint.list
    ? z.object({ data: z.array(endpoint.data), pagination: paginationSchema })
    : z.object({ data: endpoint.data });
}

function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([400, 503]);
  if (endpoint.auth !== 'public' && endpoint.auth !== 'optional') statuses.add(401);
  // A host is refused the member routes; a member the office's and the host's (decision 041).
  if (endpoint.auth !== 'public' && endpoint.auth !== 'optional' && endpoint.auth !== 'session')
    statuses.add(403);
  if ([endpoint.consumes].flat().includes('multipart/form-data')) statuses.add(413);
  for (const status of Object.keys(endpoint.errors ?? {})) statuses.add(Number(status) as ErrorStatus);
  return [...statuses].sort();
}

/**
 * For a route behind an auth guard that checks the request's token in its own statement
 * (tokenCheckedByRoute): when what was sent will be refused anyway (params, query or body not valid), the
 * token is looked up here, so the guard still answers 401 or 403 before the 400.
 */
function settleTokenOfInvalidInput(
  app: FastifyInstance,
  schemas: { params?: z.ZodType | undefined; query?: z.ZodType | undefined; body?: z.ZodType | undefined },
): preHandlerAsyncHookHandler {
  const valid = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  return async (request) => {
    if (!request.tokenCheck) return;
    if (
      valid(schemas.params, request.params) &&
      valid(schemas.query, request.query) &&
      valid(schemas.body, request.body)
    )
      return;
    await settleTokenCheck(app.deps.db, request, 'unchecked');
  };
}

export function contractRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: ContractHandler<E>,
  extras: RouteExtras<E> = {},
) {
  const guards = {
    public: [],
    optional: [],
    session: [requireSession],
    user: [requireUser],
    office: [requireOffice],
    'office-admin': [requireOfficeAdmin],
    host: [requireHost],
  } as const;
  const guard = guards[endpoint.auth];
  const tokenPending =
    (extras.config as { tokenCheckedByRoute?: boolean } | undefined)?.tokenCheckedByRoute === true &&
    guard.length > 0;
  // A token left for the route's own statement (its input found valid) passes the guard here: the route
  // settles it and asks the guard itself.
  const auth = tokenPending
    ? [
        settleTokenOfInvalidInput(app, {
          params: endpoint.params,
          query: endpoint.query,
          body: extras.body ?? endpoint.body,
        }),
        ...guard.map((check) => async (request: FastifyRequest) => {
          if (!request.tokenCheck) await check(request);
        }),
      ]
    : [...guard];
  const more = extras.preHandler ? [extras.preHandler].flat() : [];
  const response: Record<number, z.ZodType> = { [endpoint.status ?? 200]: answerSchema(endpoint) };
  if (endpoint.accepted) response[202] = answerSchema(endpoint);
  for (const status of errorStatuses(endpoint)) response[status] = errorBodySchema;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: extras.bodyLimit,
    config: {
      ...(extras.config as object | undefined),
      [CONTRACT_KEY]: `${endpoint.area}.${endpoint.name}`,
    } as never,
    // Who may call comes before what they sent: a visitor is answered 401 and a member on an office
    // route 403 before their body or query is validated (it says nothing of the route's schema to them).
    preValidation: [...auth, ...(extras.preValidation ? [extras.preValidation] : [])],
    ...(more.length ? { preHandler: more } : {}),
    onSend: [
      ...(extras.cache ? [httpCacheHook(extras.cache)] : []),
      ...(extras.onSend ? [extras.onSend] : []),
    ],
    // A visitor's search answered from the process's kept answers, before anything else (decision 050).
    ...(extras.cache?.kind === 'anonymous' ? { onRequest: [answerFromCache] } : {}),
    schema: {
      operationId: `${endpoint.area}.${endpoint.name}`,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [...(endpoint.tags ?? [endpoint.area])],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: extras.body ?? endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes].flat() } : {}),
      ...(endpoint.file ? { produces: [endpoint.file] } : {}),
      response,
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as ContractRequest<E>, reply);
      if (endpoint.status && !endpoint.file) reply.code(endpoint.status);
      return result;
    },
  });
}
