import { describe, expect, it } from 'vitest';
import {
  isDatabaseError,
  isDatabaseUnavailable,
  statementName,
  summarizeDatabaseError,
} from './db-errors.ts';
import { serializeError } from './logging.ts';

/** A PostgreSQL error as node-postgres and PGlite give it. */
const pgError = (code: string, message = 'x', extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, severity: 'ERROR', ...extra });

/** drizzle's wrapper: the SQL and its parameters in the message and on the error. */
const drizzleError = (query: string, params: unknown[], cause: unknown) =>
  Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), { query, params, cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'refused on every address',
      new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]),
    ],
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['cannot connect now', pgError('57P03')],
    ['connection exception', pgError('08006')],
    ['too many connections', pgError('53300')],
    [
      'statement timeout',
      drizzleError('select 1', [], pgError('57014', 'canceling statement due to statement timeout')),
    ],
    [
      'pool acquire timeout',
      drizzleError('select 1', [], new Error('timeout exceeded when trying to connect')),
    ],
    ['connect timeout', drizzleError('select 1', [], new Error('timeout expired'))],
    ['query timeout', drizzleError('select 1', [], new Error('Query read timeout'))],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['closed PGlite', new Error('PGlite is closed')],
  ])('%s → true', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505')],
    ['raise exception', pgError('P0001')],
    ['invalid text', pgError('22P02')],
    ['a programming error', new TypeError('Cannot read properties of null')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s → false', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('statementName', () => {
  it.each([
    ['insert into "users" ("email", "password") values ($1, $2) returning "id"', 'insert users'],
    ['select "id" from "trainings" where "id" = $1', 'select trainings'],
    ['update "enrollments" set "status" = $1 where "id" = $2', 'update enrollments'],
    ['delete from "auth_tokens" where "user_id" = $1', 'delete auth_tokens'],
    ['begin', 'begin'],
  ])('%s → %s', (query, name) => {
    expect(statementName(query)).toBe(name);
  });
});

describe('a failed query in the log', () => {
  const hash = 'scrypt$131072$8$1$c2FsdA==$aGFzaA==';
  const error = drizzleError(
    'insert into "users" ("email", "password_hash", "phone") values ($1, $2, $3)',
    ['hanako@example.jp', hash, '03-1234-5678'],
    pgError('23505', 'duplicate key value violates unique constraint "users_email_unique"', {
      detail: 'Key (email)=(hanako@example.jp) already exists.',
      constraint: 'users_email_unique',
      table: 'users',
    }),
  );

  it('is a database error, summarized by statement, code, constraint and table', () => {
    expect(isDatabaseError(error)).toBe(true);
    expect(summarizeDatabaseError(error)).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      statement: 'insert users',
      constraint: 'users_email_unique',
      table: 'users',
      unavailable: false,
    });
  });

  it('serializes without the SQL, the parameters, the message or the detail', () => {
    const text = JSON.stringify(serializeError(error));
    for (const secret of ['hanako@example.jp', hash, '03-1234-5678', 'values', 'duplicate key']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('insert users');
  });

  it('keeps an ordinary error whole, with its cause, but none of its other properties', () => {
    const plain = Object.assign(new Error('outer', { cause: new RangeError('inner') }), {
      code: 'E_X',
      body: { password: 'Secret1' },
    });
    const out = serializeError(plain);
    expect(out).toMatchObject({
      type: 'Error',
      message: 'outer',
      code: 'E_X',
      cause: { type: 'RangeError', message: 'inner' },
    });
    expect(JSON.stringify(out)).not.toContain('Secret1');
  });
});
