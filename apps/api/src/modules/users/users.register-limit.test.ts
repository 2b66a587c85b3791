import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/context.ts';
import type * as passwordModule from '../../lib/password.ts';

// Every scrypt hash the service makes goes through this spy.
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof passwordModule>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

// The API tests share loaded modules between the files of a worker (isolate: false, vitest.config.ts):
// the app is loaded afresh here, so that it imports the mocked module.
vi.resetModules();
const { drivers } = await import('../../../test/context.ts');
const { expectError } = await import('../../../test/http.ts');
const { hashPassword } = await import('../../lib/password.ts');
const { createUsersContext, postJson, registrationBody } = await import('./users.fixtures.ts');

describe.each(drivers())('a refused registration costs no scrypt work (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createUsersContext(driver, { RATE_LIMIT_REGISTER: '1' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('hashes for the allowed registration only', async () => {
    const spy = vi.mocked(hashPassword);
    const ip = '203.0.113.77';
    spy.mockClear();
    const allowed = await postJson(ctx.app, '/api/v1/users', registrationBody(), { remoteAddress: ip });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    const refused = await postJson(ctx.app, '/api/v1/users', registrationBody(), { remoteAddress: ip });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(spy).not.toHaveBeenCalled();
  });
});
