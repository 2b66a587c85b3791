/**
 * Malformed input never gives a 5xx (issue 12): walks the OpenAPI document and sends every operation
 * a null body, an array body, NUL in every string field (and in path and query parameters), a multipart
 * body to a JSON route, multipart without a boundary, wrong types in every field and 1 MB strings, as a
 * member and as the office on its own routes, and, for a sample, as a member on the office's routes and
 * without a login. No answer may be a 5xx, and
 * no error body may hold a stack trace or SQL; every error answers the envelope with a Japanese message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorBodySchema } from '@mels/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../src/db/schema.ts';
import { generateToken, hashToken } from '../src/lib/tokens.ts';
import { createTestContext, drivers, type TestContext } from './context.ts';
import {
  asFormFields,
  leaves,
  multipart,
  operationsOf,
  pathParamValues,
  pool,
  queryVariants,
  replaced,
  sample,
  wrongTypes,
  type Operation,
} from './openapi-walker.ts';

const MEMBER_EMAIL = 'attendee@mels.example.jp';
const OFFICE_EMAIL = 'office@mels.example.jp';
const ONE_MB_STRING = 'a'.repeat(1_000_000);
const CONCURRENCY = 6;
/** The paths of the operations that end the caller's sessions. */
const SESSION_ENDING = /\/users\/logout(-all)?\b/;

/** Multipart profile fields for routes that read their form by hand (POST /users/update). */
const FORM_FIELDS: Record<string, string> = {
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  last_name_alpha: 'YAMADA',
  first_name_alpha: 'HANAKO',
  location_work: '東京母子医療センター',
  district: '千代田区',
  address: '1-1',
  phone: '03-1234-5678',
  postal_code: '1000001',
  email: 'walker@example.jp',
};

const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;
const leakPatterns: readonly RegExp[] = [
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\.[cm]?[jt]s:\d+/,
  /"stack"/,
  /\b(select|insert|update|delete)\b[\s\S]{0,200}\b(from|into|set)\b/i,
  /\bsyntax error\b/i,
  /\binvalid byte sequence\b/i,
  /\bdrizzle\b/i,
  /\bpglite\b/i,
  /\brelation "/i,
  /\bZodError\b/,
  /\bFST_/,
];

type WalkRequest = InjectOptions & { label: string };
type Finding = { label: string; status: number; body: string };

function withNul(value: string): string {
  return value.length > 1 ? `${value.slice(0, 1)}\u0000${value.slice(1)}` : `${value}\u0000`;
}

function json(payload: unknown): Pick<InjectOptions, 'payload' | 'headers'> {
  return { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
}

function raw(payload: string | Buffer, contentType: string): Pick<InjectOptions, 'payload' | 'headers'> {
  return { payload, headers: { 'content-type': contentType } };
}

function form(fields: Record<string, string>) {
  const { boundary, payload } = multipart(fields);
  return raw(payload, `multipart/form-data; boundary=${boundary}`);
}

/** The malformed requests of one operation (without the Authorization header). */
function requestsFor(op: Operation, sampleOnly: boolean): WalkRequest[] {
  const out: WalkRequest[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const validPath = (override?: { name: string; value: string }) =>
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      if (override?.name === name) return override.value;
      const param = pathParams.find((p) => p.name === name);
      return param ? pathParamValues(param).valid : '1';
    });
  const url = validPath();
  const hasBody = op.method !== 'GET';
  const body = op.jsonBody ? sample(op.jsonBody) : {};
  const add = (label: string, options: Omit<InjectOptions, 'method'>) =>
    out.push({ ...options, method: op.method as InjectOptions['method'], label: `${op.method} ${label}` });
  const withBody = (u: string, label: string) =>
    hasBody ? add(`${label}`, { url: u, ...json(body) }) : add(label, { url: u });

  // Path parameters: NUL and garbage in each, the rest valid.
  for (const param of pathParams) {
    const { bad } = pathParamValues(param);
    for (const value of sampleOnly ? bad.slice(0, 3) : bad) {
      withBody(validPath({ name: param.name, value }), `${op.path} {${param.name}}=${value.slice(0, 30)}`);
    }
  }
  // Query parameters.
  for (const param of sampleOnly ? queryParams.slice(0, 1) : queryParams) {
    for (const variant of queryVariants(param))
      add(`${op.path}?${variant.slice(0, 40)}`, { url: `${url}?${variant}` });
  }
  if (!hasBody) {
    if (!sampleOnly) add(`${op.path} GET with a null JSON body`, { url, ...raw('null', 'application/json') });
    return out;
  }

  // Bodies of any shape: null, arrays, scalars, broken JSON, other content types.
  const shapes: Array<[string, Pick<InjectOptions, 'payload' | 'headers'>]> = [
    ['null body', raw('null', 'application/json')],
    ['array body', raw('[]', 'application/json')],
    ['array of the body', json([body])],
    ['NUL in every string', json(mapStrings(body, withNul))],
    [
      'multipart without a boundary',
      raw('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', 'multipart/form-data'),
    ],
    ['multipart to the route', form(asFormFields(body))],
    ['multipart with NUL fields', form(mapStrings(asFormFields(body), withNul) as Record<string, string>)],
  ];
  if (!sampleOnly) {
    shapes.push(
      ['true body', raw('true', 'application/json')],
      ['string body', raw('"\\u0000"', 'application/json')],
      ['number body', raw('123', 'application/json')],
      ['empty JSON body', raw('', 'application/json')],
      ['broken JSON', raw('{"a":', 'application/json')],
      ['NUL in a key', raw('{"a\\u0000b":1}', 'application/json')],
      [
        'NUL escaped in a string',
        raw(JSON.stringify(body).replace(/"([^"]*)"(?=[,}])/, '"\\u0000"'), 'application/json'),
      ],
      ['deep nesting', raw(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json')],
      ['text/plain', raw('hello', 'text/plain')],
      ['form-urlencoded', raw('a=b', 'application/x-www-form-urlencoded')],
      ['multipart with a bad boundary', raw('garbage', 'multipart/form-data; boundary=zzz')],
      ['multipart profile fields with NUL', form(mapStrings(FORM_FIELDS, withNul) as Record<string, string>)],
    );
    // Field by field only where a form is read (a JSON route answers any multipart body with a 415).
    for (const name of op.consumes.includes('multipart/form-data') ? Object.keys(FORM_FIELDS) : []) {
      shapes.push([
        `multipart ${name} with NUL`,
        form({ ...FORM_FIELDS, [name]: withNul(FORM_FIELDS[name]!) }),
      ]);
    }
  }
  for (const [label, options] of shapes) add(`${op.path} ${label}`, { url, ...options });
  if (sampleOnly) return out;

  // Field by field: NUL, wrong types, 1 MB strings.
  for (const leaf of leaves(body)) {
    const where = leaf.path.join('.');
    if (typeof leaf.value === 'string') {
      add(`${op.path} ${where} with NUL`, { url, ...json(replaced(body, leaf.path, withNul(leaf.value))) });
      add(`${op.path} ${where} 1 MB`, { url, ...json(replaced(body, leaf.path, ONE_MB_STRING)) });
    }
    for (const wrong of wrongTypes(leaf.value)) {
      add(`${op.path} ${where}=${JSON.stringify(wrong).slice(0, 20)}`, {
        url,
        ...json(replaced(body, leaf.path, wrong)),
      });
    }
  }
  return out;
}

function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  }
  return value;
}

describe.each(drivers())('malformed input never gives a 5xx (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A fresh token of a seeded account (a walked logout only ends its own operation's session). */
  async function tokenOf(email: string): Promise<string> {
    const [user] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`seeded account ${email} is missing`);
    const token = generateToken();
    await ctx.deps.db.insert(authTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.clock.now().getTime() + 24 * 3600 * 1000),
    });
    return token;
  }

  it('walks every operation of the OpenAPI document', async () => {
    const started = Date.now();
    const doc = ctx.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(90);

    /** Every request of these operations: as a member, as the office on its routes, as a visitor. */
    async function requestsOf(ops: Operation[]): Promise<WalkRequest[]> {
      const requests: WalkRequest[] = [];
      for (const op of ops) {
        const memberToken = await tokenOf(MEMBER_EMAIL);
        // The office's routes refuse a member (403) before they read the input (the contract's guard runs
        // before validation): the member sends them the sample, as a visitor does, and the office the rest.
        const officeRoute = op.path.startsWith('/api/v1/office/');
        for (const r of requestsFor(op, officeRoute)) {
          requests.push({ ...r, headers: { ...r.headers, authorization: `Token ${memberToken}` } });
        }
        if (officeRoute) {
          const officeToken = await tokenOf(OFFICE_EMAIL);
          for (const r of requestsFor(op, false)) {
            requests.push({
              ...r,
              label: `office ${r.label}`,
              headers: { ...r.headers, authorization: `Token ${officeToken}` },
            });
          }
        }
        for (const r of requestsFor(op, true)) requests.push({ ...r, label: `anonymous ${r.label}` });
      }
      return requests;
    }
    // The operations that end the caller's sessions (logout-all ends every token of the account) are
    // walked after the others, so that every other request reaches its route signed in.
    const endsSessions = (op: Operation) => SESSION_ENDING.test(op.path);
    const requests = await requestsOf(operations.filter((op) => !endsSessions(op)));
    const lastRequests = await requestsOf(operations.filter(endsSessions));

    const fivexx: Finding[] = [];
    const leaks: Finding[] = [];
    const envelopes: Finding[] = [];
    const signedOut: Finding[] = [];
    /** Sends one request and files what is wrong with its answer; `signedIn`: a 401 to a token is a finding. */
    const send = async (request: WalkRequest, signedIn: boolean) => {
      const { label, ...options } = request;
      const response = await ctx.app.inject(options);
      const finding = { label, status: response.statusCode, body: response.body.slice(0, 300) };
      if (response.statusCode >= 500) fivexx.push(finding);
      if (signedIn && response.statusCode === 401 && !label.startsWith('anonymous ')) signedOut.push(finding);
      if (response.statusCode >= 400) {
        if (leakPatterns.some((p) => p.test(response.body))) leaks.push(finding);
        let body: unknown;
        try {
          body = response.json();
        } catch {
          body = undefined;
        }
        const parsed = errorBodySchema.safeParse(body);
        if (!parsed.success || !japanese.test(parsed.data.meta.message)) envelopes.push(finding);
      } else if (/\bat .+:\d+:\d+|node_modules/.test(response.body)) {
        leaks.push(finding);
      }
    };
    await pool(
      requests.map((request) => () => send(request, true)),
      CONCURRENCY,
    );
    await pool(
      lastRequests.map((request) => () => send(request, false)),
      CONCURRENCY,
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[walker ${driver}] ${operations.length} operations, ${requests.length + lastRequests.length} requests, ` +
        `${fivexx.length} 5xx, ${leaks.length} leaks, ${envelopes.length} without the envelope, ${seconds} s`,
    );
    // WALKER_REPORT=<folder> keeps every finding of the run, one JSON file per driver.
    if (process.env.WALKER_REPORT) {
      fs.mkdirSync(process.env.WALKER_REPORT, { recursive: true });
      fs.writeFileSync(
        path.join(process.env.WALKER_REPORT, `walker-${driver}.json`),
        JSON.stringify(
          { requests: requests.length + lastRequests.length, fivexx, leaks, envelopes },
          null,
          1,
        ),
      );
    }
    const show = (list: Finding[]) => list.slice(0, 30).map((f) => `${f.status} ${f.label}: ${f.body}`);
    expect(show(fivexx), '5xx answers').toEqual([]);
    expect(show(leaks), 'stack traces or SQL in a body').toEqual([]);
    expect(show(envelopes), 'errors without the envelope and a Japanese message').toEqual([]);
    // A walk whose token was ended midway would test the authentication hook, not the routes.
    expect(show(signedOut), 'signed-in requests answered 401').toEqual([]);
  }, 300_000);
});
