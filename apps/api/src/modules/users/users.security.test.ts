import {
  accountSecurityJa,
  authResponseSchema,
  messageResponseSchema,
  userResponseSchema,
} from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError, get } from '../../../test/http.ts';
import { loadConfig } from '../../config.ts';
import { authTokens, users } from '../../db/schema.ts';
import { commonPasswordCount, isCommonPassword } from '../../lib/password-policy.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  authHeader,
  createUsersContext,
  outboxFor,
  PASSWORD,
  postJson,
  registerMember,
  registrationBody,
  uniqueEmail,
} from './users.fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIMIT = 3;
const COMMON = 'よく使われるパスワードのため使用できません。';

describe('the common-password list', () => {
  it('holds at least the 10,000 most common passwords, compared case-insensitively', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const p of ['password', 'PASSWORD', 'Passw0rd', 'qwerty123', 'abcd1234', 'iloveyou']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('does not hold the demo password or the fixtures’', () => {
    expect(isCommonPassword('Demo1234')).toBe(false);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });

  it('AUTH_TOKEN_IDLE_DAYS sets the idle expiry (14 days unless configured)', () => {
    expect(loadConfig({}).authTokenIdleMs).toBe(14 * DAY_MS);
    expect(loadConfig({ AUTH_TOKEN_IDLE_DAYS: '3' }).authTokenIdleMs).toBe(3 * DAY_MS);
    expect(() => loadConfig({ AUTH_TOKEN_IDLE_DAYS: '0' })).toThrow(/AUTH_TOKEN_IDLE_DAYS/);
  });
});

describe.each(drivers())('account security (%s)', (driver) => {
  let ctx: TestContext;
  let ipCounter = 0;
  beforeAll(async () => {
    ctx = await createUsersContext(driver, {
      RATE_LIMIT_LOGIN: String(LIMIT),
      RATE_LIMIT_LOGIN_MAX_DELAY_MS: '0',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    ctx.clock.set(TEST_NOW);
  });

  const me = (token: string) => get(ctx.app, '/api/v1/users/me', { headers: authHeader(token) });
  const update = (token: string, body: Record<string, unknown>, ip = '198.51.100.20') =>
    postJson(ctx.app, '/api/v1/users/update', body, { headers: authHeader(token), remoteAddress: ip });
  const login = (email: string, password: string) => {
    ipCounter += 1;
    return postJson(
      ctx.app,
      '/api/v1/users/login',
      { email, password },
      { remoteAddress: `2001:db8:3::${ipCounter.toString(16)}` },
    );
  };

  describe('changing the password or the login address needs the current password', () => {
    it('refuses a new password with a token alone, or with a wrong current password; nothing changes', async () => {
      const member = await registerMember(ctx.app);
      const body = { password: 'Kirin2031', re_password: 'Kirin2031' };
      expect(expectValidationError(await update(member.token, body), ['current_password'])).toEqual({
        current_password: [accountSecurityJa.currentPasswordRequired],
      });
      const wrong = await update(member.token, { ...body, current_password: 'Wrong123' });
      expect(expectValidationError(wrong, ['current_password'])).toEqual({
        current_password: ['現在のパスワードが正しくありません。'],
      });
      expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
      expect((await login(member.email, 'Kirin2031')).statusCode).toBe(400);
      // The right one: changed, and the token that changed it still works.
      expect((await update(member.token, { ...body, current_password: PASSWORD })).statusCode).toBe(200);
      expect((await login(member.email, 'Kirin2031')).statusCode).toBe(200);
      expectBody(await me(member.token), 200, userResponseSchema);
    });

    it('refuses a new login address without the current password; no link is mailed', async () => {
      const member = await registerMember(ctx.app);
      const next = uniqueEmail('stolen');
      expect(
        expectValidationError(await update(member.token, { email: next }), ['current_password']),
      ).toEqual({ current_password: [accountSecurityJa.currentPasswordRequired] });
      expectValidationError(await update(member.token, { email: next, current_password: 'Wrong123' }), [
        'current_password',
      ]);
      expect(await outboxFor(ctx, next)).toHaveLength(0);
      // The same address (any case) and other fields need nothing.
      const same = await update(member.token, { email: member.email.toUpperCase(), district: '港区' });
      expect(same.statusCode, same.body).toBe(200);
      const moved = await update(member.token, { email: next, current_password: PASSWORD });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await outboxFor(ctx, next)).toHaveLength(1);
    });

    it('counts a wrong current password as a failed login: the limit then answers 429', async () => {
      const member = await registerMember(ctx.app);
      const ip = '198.51.100.21';
      const body = { password: 'Kirin2031', re_password: 'Kirin2031', current_password: 'Wrong123' };
      for (let i = 0; i < LIMIT; i += 1) expect((await update(member.token, body, ip)).statusCode).toBe(400);
      const limited = await update(member.token, { ...body, current_password: PASSWORD }, ip);
      expectError(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The login of the same address from the same IP shares the count.
      const viaLogin = await postJson(
        ctx.app,
        '/api/v1/users/login',
        { email: member.email, password: PASSWORD },
        { remoteAddress: ip },
      );
      expectError(viaLogin, 429, 'RATE_LIMITED');
    });
  });

  describe('common passwords are refused at registration, reset and change', () => {
    it('at registration, whatever the case; nothing is created; Demo1234 is accepted', async () => {
      for (const password of ['password1', 'PASSWORD1', 'Qwerty123']) {
        const email = uniqueEmail('common');
        const response = await postJson(
          ctx.app,
          '/api/v1/users',
          registrationBody({ email, password, re_password: password }),
          { remoteAddress: `2001:db8:4::${(ipCounter += 1).toString(16)}` },
        );
        expect(expectValidationError(response, ['password'])).toEqual({ password: [COMMON] });
        expect(await ctx.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      }
      await registerMember(ctx.app, { password: 'Demo1234', re_password: 'Demo1234' });
    });

    it('keeps the spec’s own messages for what breaks its rule', async () => {
      const response = await postJson(
        ctx.app,
        '/api/v1/users',
        registrationBody({ password: 'abc', re_password: 'abc' }),
      );
      expect(expectValidationError(response, ['password']).password).toEqual([
        '4文字以上にする必要があります',
      ]);
    });

    it('at the profile’s change of password', async () => {
      const member = await registerMember(ctx.app);
      const response = await update(member.token, {
        password: 'Iloveyou1',
        re_password: 'Iloveyou1',
        current_password: PASSWORD,
      });
      expect(expectValidationError(response, ['password'])).toEqual({ password: [COMMON] });
      expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
    });

    it('at the reset, keeping the token usable', async () => {
      const member = await registerMember(ctx.app);
      await postJson(ctx.app, '/api/v1/users/forgot-password', { email: member.email });
      await ctx.deps.jobs.runOnce();
      const token = /\/forgot-password\/([A-Za-z0-9_-]+)/.exec(
        (await outboxFor(ctx, member.email)).at(-1)?.textBody ?? '',
      )?.[1];
      expect(token).toBeDefined();
      const reset = (password: string) =>
        postJson(ctx.app, '/api/v1/users/reset-password', { token, password, re_password: password });
      expect(expectValidationError(await reset('Superman1'), ['password'])).toEqual({ password: [COMMON] });
      expect((await reset('Kirin2031')).statusCode).toBe(200);
    });
  });

  describe('login tokens', () => {
    it('stop working after 14 days without use; a token in use lives on, to its 30 days', async () => {
      const idle = await registerMember(ctx.app);
      const busy = await registerMember(ctx.app);
      ctx.clock.advance(13 * DAY_MS);
      expectBody(await me(busy.token), 200, userResponseSchema);
      ctx.clock.advance(DAY_MS + 1000);
      expectError(await me(idle.token), 401, 'UNAUTHORIZED');
      expectBody(await me(busy.token), 200, userResponseSchema);
    });

    it('record their last use, writing it at most once a minute', async () => {
      const member = await registerMember(ctx.app);
      const lastUse = async () => {
        const [row] = await ctx.deps.db
          .select({ at: authTokens.lastUsedAt })
          .from(authTokens)
          .where(eq(authTokens.tokenHash, hashToken(member.token)));
        return row?.at?.getTime() ?? null;
      };
      ctx.clock.advance(5 * 60_000);
      await me(member.token);
      const first = await lastUse();
      expect(first).toBe(ctx.clock.now().getTime());
      ctx.clock.advance(30_000);
      await me(member.token);
      expect(await lastUse()).toBe(first);
      ctx.clock.advance(31_000);
      await me(member.token);
      expect(await lastUse()).toBe(ctx.clock.now().getTime());
    });

    it('all end with “sign out of every device”, this one included; another member’s stay', async () => {
      const member = await registerMember(ctx.app);
      const other = await registerMember(ctx.app);
      const second = authResponseSchema.parse((await login(member.email, PASSWORD)).json()).data.token;
      const response = await postJson(ctx.app, '/api/v1/users/logout-all', undefined, {
        headers: authHeader(second),
      });
      expect(expectBody(response, 200, messageResponseSchema).data.message).toBe(
        'すべての端末からログアウトしました。',
      );
      expectError(await me(member.token), 401, 'UNAUTHORIZED');
      expectError(await me(second), 401, 'UNAUTHORIZED');
      expectBody(await me(other.token), 200, userResponseSchema);
      expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
      expectError(await postJson(ctx.app, '/api/v1/users/logout-all', undefined), 401, 'UNAUTHORIZED');
    });
  });

  it('answers `Cache-Control: no-store` to every authenticated JSON request', async () => {
    const member = await registerMember(ctx.app);
    const mine = await me(member.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const other = await get(ctx.app, '/api/v1/users/999999', { headers: authHeader(member.token) });
    expect(other.statusCode).toBe(404);
    expect(other.headers['cache-control']).toBe('no-store');
    const seminars = await get(ctx.app, '/api/v1/areas', { headers: authHeader(member.token) });
    expect(seminars.headers['cache-control']).toBe('no-store');
  });
});
