import {
  ERROR_CODES,
  ja,
  type Endpoint,
  type ErrorBody,
  type ErrorCode,
  type Input,
  type Language,
  type Output,
  type Pagination,
} from '@mels/domain';

/** The server's codes, plus the browser's own two: no answer at all, and an answer that was not JSON. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);

/** An API failure with the server's message (in the interface's language), stable code and field errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly errors: Record<string, string[]>;
  constructor(status: number, code: ClientErrorCode, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

let tokenProvider: () => string | null = () => null;
/** The interface's language: sent as Accept-Language, so the server answers its messages in it (decision 027). */
let language: Language = 'ja';
/** The browser's own two messages (no answer, an answer that was not JSON) in that language. */
let ownMessages: { network: string; generic: string } = ja.errors;

/** The i18n provider tells the client the interface's language (before its children render). */
export function setApiLanguage(lang: Language, messages?: { network: string; generic: string }) {
  language = lang;
  if (messages) ownMessages = messages;
}
let unauthorizedHandler: () => void = () => {};

/** The auth layer plugs in how to read the token and what a 401 does (logout and go home). */
export function configureApiClient(options: { getToken: () => string | null; onUnauthorized: () => void }) {
  tokenProvider = options.getToken;
  unauthorizedHandler = options.onUnauthorized;
}

type Query = Record<string, string | number | boolean | undefined | null | ReadonlyArray<string | number>>;

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent without the token: a public read, the same for everyone, which the browser may then cache. */
  anonymous?: boolean;
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  const token = options.anonymous ? null : tokenProvider();
  if (token) headers.Authorization = `Token ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}${buildQuery(options.query)}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', ownMessages.network);
  }
  if (!response.ok) {
    let parsed: Partial<ErrorBody> = {};
    try {
      parsed = (await response.json()) as Partial<ErrorBody>;
    } catch {
      // not JSON: keep the generic message
    }
    if (response.status === 401 && token) unauthorizedHandler();
    throw new ApiRequestError(
      response.status,
      isErrorCode(parsed.meta?.code) ? parsed.meta.code : 'HTTP_ERROR',
      parsed.meta?.message ?? ownMessages.generic,
      parsed.errors ?? {},
    );
  }
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<{ data: T }>(path, options)).data;
}

export type ListResult<T> = { data: T[]; pagination: Pagination };

export function apiList<T>(path: string, options: RequestOptions = {}): Promise<ListResult<T>> {
  return apiRequest<ListResult<T>>(path, options);
}

/** A file answer (PDF, zip): the blob and the file name the server suggested. */
export async function apiBlob(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const filename = match ? decodeURIComponent(match[1] ?? match[2] ?? '') : null;
  return { blob: await response.blob(), filename };
}

type CallOptions = { signal?: AbortSignal };
type CallArgs<E> =
  Record<never, never> extends Input<E>
    ? [input?: Input<E>, options?: CallOptions]
    : [input: Input<E>, options?: CallOptions];

/** '/news/:id' with {id: 3} → '/news/3'. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function requestOf(endpoint: Endpoint, input: Input<Endpoint> | undefined, options: CallOptions | undefined) {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Query;
    body?: unknown;
  };
  const path = fillPath(endpoint.path, params);
  return {
    path,
    options: {
      method: endpoint.method,
      query,
      body,
      signal: options?.signal,
      // A public GET (the areas, courses, user types, news…) answers the same to everyone: asked without
      // the token, its answer is cacheable (decision 043) and a member's token is not sent where unneeded.
      anonymous: endpoint.method === 'GET' && endpoint.auth === 'public',
    } satisfies RequestOptions,
  };
}

/**
 * Calls an endpoint of the contract table (`api.<area>.<name>` of @mels/domain): its method and path come
 * from the contract, its input and answer types from the contract's schemas. A list answers
 * `{data, pagination}`, anything else its `data`.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<Output<E>> {
  const { path, options: request } = requestOf(endpoint, input as Input<Endpoint>, options);
  const answer = await apiRequest<{ data: unknown; pagination?: Pagination }>(path, request);
  return (endpoint.list ? answer : answer.data) as Output<E>;
}

/** Downloads a file endpoint's answer (PDF, zip, CSV): the blob and the file name the server suggested. */
export function download<E extends Endpoint & { file: string }>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<{ blob: Blob; filename: string | null }> {
  const { path, options: request } = requestOf(endpoint, input as Input<Endpoint>, options);
  return apiBlob(path, request);
}

/**
 * Calls a multipart endpoint with upload progress (a lesson video of hundreds of MB): fetch cannot report
 * how much of the body went out, XMLHttpRequest can. `onProgress` receives 0–1. Same answer and errors as `call`.
 */
export function callWithProgress<E extends Endpoint>(
  endpoint: E,
  input: Input<E>,
  onProgress: (fraction: number) => void,
): Promise<Output<E>> {
  const { path, options } = requestOf(endpoint, input as Input<Endpoint>, undefined);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, `/api/v1${path}${buildQuery(options.query)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', language);
    const token = tokenProvider();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', ownMessages.network));
    xhr.onload = () => {
      let parsed: { data?: unknown; pagination?: Pagination } & Partial<ErrorBody> = {};
      try {
        parsed = JSON.parse(xhr.responseText) as typeof parsed;
      } catch {
        // not JSON: the generic message below
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve((endpoint.list ? parsed : parsed.data) as Output<E>);
        return;
      }
      if (xhr.status === 401 && token) unauthorizedHandler();
      reject(
        new ApiRequestError(
          xhr.status,
          isErrorCode(parsed.meta?.code) ? parsed.meta.code : 'HTTP_ERROR',
          parsed.meta?.message ?? ownMessages.generic,
          parsed.errors ?? {},
        ),
      );
    };
    xhr.send(options.body as FormData);
  });
}
