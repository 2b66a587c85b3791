/**
 * What the API tells apart in a database error, for both drivers (node-postgres and PGlite, wrapped by
 * drizzle's DrizzleQueryError): whether the database is unavailable (a 503, not a 500), and a summary that
 * is safe to log (the statement's name and the error code, never the query's parameters or values).
 */

type ErrorLike = Record<string, unknown>;

/** The error and its causes (and an AggregateError's errors), outermost first. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && out.length < 20) {
    const next = queue.shift();
    if (next === null || typeof next !== 'object' || out.includes(next as ErrorLike)) continue;
    const e = next as ErrorLike;
    out.push(e);
    if (e.cause !== undefined) queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...(e.errors as unknown[]));
  }
  return out;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A PostgreSQL error (SQLSTATE code and severity), or a failed query that carries its SQL. */
function isDatabaseErrorLike(e: ErrorLike): boolean {
  if (typeof e.query === 'string' && 'params' in e) return true;
  if (text(e.name) === 'DrizzleQueryError') return true;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

export function isDatabaseError(error: unknown): boolean {
  return chain(error).some(isDatabaseErrorLike);
}

/** Network failures of the connection to PostgreSQL (node's codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that cannot answer now: class 08 (connection exception), 53 (insufficient
 * resources: too many connections, out of memory, disk full), 57P01–57P05 (shutdown, crash, cannot
 * connect now, idle session timeout), 57014 (statement timeout or cancel) and 55P03 (lock not available).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    /^57P0[1-5]$/.test(code) ||
    code === '57014' ||
    code === '55P03'
  );
}

/** Messages of node-postgres, pg-pool and PGlite when there is no connection or it stalled. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /connection timeout/i,
  /^timeout expired$/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /pglite is closed/i,
];

/** True when the error means the database is down, unreachable, overloaded or stalled: answer 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = text(e.code);
    if (code && NETWORK_CODES.has(code)) return true;
    if (code && /^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
    const message = text(e.message) ?? '';
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** "insert users", "select trainings", "update enrollments": the statement's verb and first table. */
export function statementName(query: string): string {
  const verb = /^\s*\(?\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update|table)\s+"?([\w.]+)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The stack's frames without its first line (which repeats the message, and with it the values). */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const lines = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return lines.length > 0 ? lines.join('\n') : undefined;
}

export type DatabaseErrorSummary = {
  type: 'DatabaseError';
  /** SQLSTATE (23505…) or node's code (ECONNREFUSED…). */
  code: string | undefined;
  statement: string | undefined;
  constraint: string | undefined;
  table: string | undefined;
  unavailable: boolean;
  stack: string | undefined;
};

/**
 * A failed query as the log may hold it: statement name, code, constraint and table. Never the message
 * (PostgreSQL puts values in it: 'invalid input syntax for type integer: "…"'), the detail ('Key
 * (email)=(…) already exists'), the SQL text or the parameters (password hashes, addresses, phones).
 */
export function summarizeDatabaseError(error: unknown): DatabaseErrorSummary {
  const errors = chain(error);
  const pick = (key: string) => errors.map((e) => text(e[key])).find((v) => v !== undefined);
  const query = pick('query');
  const code = errors
    .map((e) => text(e.code))
    .find((c) => c !== undefined && /^[0-9A-Z]{5}$|^E[A-Z]+$/.test(c));
  return {
    type: 'DatabaseError',
    code,
    statement: query ? statementName(query) : undefined,
    constraint: pick('constraint'),
    table: pick('table'),
    unavailable: isDatabaseUnavailable(error),
    stack: frames(errors[0]?.stack),
  };
}

/** Unique-violation (23505) from either driver, through drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === '23505')
      return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}
