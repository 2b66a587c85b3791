/**
 * The shape of a route contract. An endpoint is declared once: its zod-free part (method, path, who may
 * call it, success status, error codes, summary) in `routes.ts`, read by the browser at run time, and its
 * schemas (params, query, body, data) in `<area>.ts`. The Fastify route is registered from the joined
 * endpoint (apps/api/src/modules/contract-route.ts) and the web calls it through `call(api.<area>.<name>)`
 * (apps/web/src/lib/api-client.ts), so both sides take their types from the same object.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../error-codes.ts';
import type { Pagination } from '../schemas/common.ts';
import { routes, type Routes } from './routes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; anyone, the caller's own fields when logged in; any signed-in account, a host
 * included (its session: me, logout); a member or the office (a host is refused); the office; an office
 * admin (decision 041); a host (a local holding's account: its own sessions only).
 */
export type Auth = 'public' | 'optional' | 'session' | 'user' | 'office' | 'office-admin' | 'host';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/** A request body's content type. */
export type BodyType = 'multipart/form-data' | 'application/x-www-form-urlencoded' | 'application/json';

/** A multipart body as the browser builds it (FormData): the route reads its parts itself. */
export type FormBody = { append(name: string, value: string): void };

/** The zod-free part of an endpoint: what the browser needs at run time. */
export type Route = {
  readonly method: HttpMethod;
  /** Fastify's form, under /api/v1: '/news/:id'. */
  readonly path: string;
  readonly auth: Auth;
  readonly summary: string;
  /** Longer OpenAPI text (filters, ordering) when the summary cannot say it in one line. */
  readonly description?: string;
  /** Success status; 200 unless said. */
  readonly status?: 200 | 201 | 202;
  /** Answers `{data: item[], pagination}` instead of `{data}`. */
  readonly list?: true;
  /** A file answer (PDF, zip, CSV, image …) of this content type instead of JSON. */
  readonly file?: string;
  /** Request body content type(s) when not JSON only (a multipart route reads its parts itself). */
  readonly consumes?: BodyType | readonly BodyType[];
  /** Answers 202 with the same body while the work is still under way (a card payment the provider confirms). */
  readonly accepted?: true;
  /** Codes its success answer carries in its data (check-product-order lists each problem's code). */
  readonly dataCodes?: readonly ErrorCode[];
  /** The error codes it may answer beside the generic ones (validation, auth, outage), by status. */
  readonly errors?: { readonly [S in ErrorStatus]?: readonly ErrorCode[] };
  readonly tags?: readonly string[];
};

/** The schemas of an endpoint. `data` is the `data` of the answer (an item for a list); files have none. */
export type Schemas = {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly data?: z.ZodType;
};

export type ContractArea = keyof Routes;

export type Endpoint<R extends Route = Route, S extends Schemas = Schemas> = R &
  S & { readonly area: string; readonly name: string };

type AreaSchemas<A extends ContractArea> = { readonly [K in keyof Routes[A]]: Schemas };

/** Joins an area's schemas to its routes; a route without schemas, or schemas without a route, does not compile. */
export function defineArea<A extends ContractArea, const S extends AreaSchemas<A>>(
  area: A,
  schemas: S & { readonly [K in Exclude<keyof S, keyof Routes[A]>]: never },
): { readonly [K in keyof Routes[A] & keyof S]: Endpoint<Routes[A][K] & Route, S[K]> } {
  const table = routes[area] as Record<string, Route>;
  const out: Record<string, Endpoint> = {};
  for (const name of Object.keys(table)) {
    const s = (schemas as Record<string, Schemas>)[name];
    if (!s) throw new Error(`contract ${area}.${name} has no schemas`);
    out[name] = { ...table[name]!, ...s, area, name };
  }
  return out as never;
}

/** The JSON answer of an endpoint, as the browser reads it (a file endpoint has none: see the web's download). */
export type Output<E> = E extends { readonly file: string }
  ? never
  : E extends { readonly data: infer D extends z.ZodType }
    ? E extends { readonly list: true }
      ? { data: z.output<D>[]; pagination: Pagination }
      : z.output<D>
    : never;

/** What a handler returns for an endpoint (before serialisation). */
export type HandlerResult<E> = E extends { readonly data: infer D extends z.ZodType }
  ? E extends { readonly list: true }
    ? { data: z.input<D>[]; pagination: Pagination }
    : { data: z.input<D> }
  : unknown;

type Part<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer T extends z.ZodType;
}
  ? undefined extends z.input<T>
    ? { readonly [P in K]?: z.input<T> }
    : { readonly [P in K]: z.input<T> }
  : { readonly [P in K]?: never };

type Multipart<E> = E extends { readonly consumes: infer C }
  ? 'multipart/form-data' extends (C extends readonly (infer X)[] ? X : C)
    ? true
    : false
  : false;

/** What the browser sends to an endpoint (a multipart endpoint: its FormData). */
export type Input<E> = Part<E, 'params'> &
  Part<E, 'query'> &
  (Multipart<E> extends true ? { readonly body: FormBody } : Part<E, 'body'>);

/** The error codes an endpoint may answer (its own, by status). */
export type EndpointErrorCode<E> = E extends { readonly errors: infer M }
  ? M[keyof M] extends readonly (infer C)[]
    ? C
    : never
  : never;

/**
 * Codes any endpoint may answer whatever its contract says: malformed input, authentication, size and
 * type of the body, throttling, an unknown path, and an outage. The closed list of error-codes.ts is
 * these plus every contract's own codes (the contract test checks it).
 */
export const GENERIC_ERROR_CODES = {
  400: ['VALIDATION_ERROR', 'BAD_REQUEST'],
  401: ['UNAUTHORIZED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['RATE_LIMITED'],
  500: ['INTERNAL_ERROR'],
  503: ['SERVICE_UNAVAILABLE'],
} as const satisfies Record<number, readonly ErrorCode[]>;
