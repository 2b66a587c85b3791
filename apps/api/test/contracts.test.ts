/**
 * The contract table (packages/domain/src/contracts) against the running app: every endpoint is
 * registered exactly once, at its method and path, and the OpenAPI document lists it with its response
 * schema; every JSON route of /api/v1 comes from the table; no response schema is open.
 */
import { contracts, ERROR_CODES, GENERIC_ERROR_CODES, type Endpoint } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from './context.ts';
import { get } from './http.ts';
import { makeUser } from '../src/modules/enrollments/enrollments.fixtures.ts';

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const endpoints: Endpoint[] = Object.values(contracts).flatMap((area) => Object.values(area) as Endpoint[]);
const openApiPath = (path: string) => `/api/v1${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

/** Paths (with method) inside a schema where anything goes: `{}`, z.unknown(), z.any(), an open record. */
export function openSpots(schema: unknown, at = '$'): string[] {
  if (schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0))
    return [at];
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Schema;
  const spots: string[] = [];
  if (s.type === 'object' && !s.properties && s.additionalProperties !== false) {
    const extra = s.additionalProperties;
    if (extra === undefined || extra === true || openSpots(extra).length > 0) spots.push(at);
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' && value && typeof value === 'object')
      for (const [name, sub] of Object.entries(value)) spots.push(...openSpots(sub, `${at}.${name}`));
    else if (key === 'items' || key === 'additionalProperties') {
      if (typeof value === 'object' && value !== null) spots.push(...openSpots(value, `${at}[]`));
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value))
      value.forEach((sub, i) => spots.push(...openSpots(sub, `${at}|${i}`)));
  }
  return spots;
}

describe('openSpots', () => {
  it('finds the open parts of a schema and passes closed ones', () => {
    expect(openSpots({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([]);
    expect(openSpots({ type: 'object', properties: { a: {} } })).toEqual(['$.a']);
    expect(openSpots({ type: 'object', additionalProperties: {} })).toEqual(['$', '$[]']);
    expect(
      openSpots({ type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } } }),
    ).toEqual([]);
    expect(openSpots({ anyOf: [{ type: 'null' }, {}] })).toEqual(['$|1']);
  });
});

describe.each(drivers())('the contract table (%s)', (driver) => {
  let ctx: TestContext;
  let doc: Doc;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
    doc = (await get(ctx.app, '/api/openapi.json')).json() as Doc;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('registers every endpoint once, at its method and path, with its response schema', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    for (const endpoint of endpoints) {
      const key = `${endpoint.area}.${endpoint.name}`;
      expect(
        ids.filter((id) => id === key),
        key,
      ).toHaveLength(1);
      const op = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(op?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(key);
      const success = op?.responses?.[String(endpoint.status ?? 200)];
      if (endpoint.file) {
        expect(Object.keys(success?.content ?? {}), key).toContain(endpoint.file);
        continue;
      }
      const schema = success?.content?.['application/json']?.schema;
      expect(schema?.properties, key).toHaveProperty('data');
      if (endpoint.list) expect(schema?.properties, key).toHaveProperty('pagination');
      expect(openSpots(schema), key).toEqual([]);
      for (const status of Object.keys(endpoint.errors ?? {}))
        expect(op?.responses, `${key} ${status}`).toHaveProperty(status);
    }
  });

  it('serves no JSON route of /api/v1 outside the table', () => {
    const outside = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => !op.operationId)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(outside).toEqual([]);
  });

  it('declares only codes of the closed list, and uses every code of the list', () => {
    const declared = new Set<string>(Object.values(GENERIC_ERROR_CODES).flat());
    for (const endpoint of endpoints) {
      for (const codes of Object.values(endpoint.errors ?? {}))
        for (const code of codes ?? []) declared.add(code);
      for (const code of endpoint.dataCodes ?? []) declared.add(code);
    }
    for (const code of declared) expect(ERROR_CODES).toContain(code);
    expect(ERROR_CODES.filter((code) => !declared.has(code))).toEqual([]);
  });
});

/**
 * Who may call comes before what they sent (contract-route.ts runs the auth guard in preValidation): a
 * body that breaks the schema is answered 401 to a visitor and 403 to a member on an office or host
 * route, not 400, so the route's schema says nothing to those who may not call it.
 */
describe.each(drivers())('the auth check before the body (%s)', (driver) => {
  let ctx: TestContext;
  let memberToken = '';
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
    memberToken = (await makeUser(ctx)).token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const withBody = endpoints.filter(
    (e) =>
      ['POST', 'PUT', 'PATCH'].includes(e.method) &&
      e.auth !== 'public' &&
      e.auth !== 'optional' &&
      ![e.consumes ?? []].flat().includes('multipart/form-data'),
  );
  const send = (e: Endpoint, token?: string) =>
    ctx.app.inject({
      method: e.method,
      url: `/api/v1${e.path.replace(/:[A-Za-z_]+/g, '1')}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      payload: { not_a_field: 1 },
    });

  it('answers a visitor 401 before it validates the body', async () => {
    expect(withBody.length).toBeGreaterThan(50);
    const answers = await Promise.all(
      withBody.map(async (e) => `${e.method} ${e.path} ${(await send(e)).statusCode}`),
    );
    expect(answers.filter((a) => !a.endsWith(' 401'))).toEqual([]);
  });

  it('answers a member 403 on the office and host routes before it validates the body', async () => {
    const closed = withBody.filter((e) => ['office', 'office-admin', 'host'].includes(e.auth));
    expect(closed.length).toBeGreaterThan(30);
    const answers = await Promise.all(
      closed.map(async (e) => `${e.method} ${e.path} ${(await send(e, memberToken)).statusCode}`),
    );
    expect(answers.filter((a) => !a.endsWith(' 403'))).toEqual([]);
  });
});
