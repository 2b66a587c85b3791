import { authResponseSchema, ja, messageResponseSchema, userResponseSchema, formsJa } from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError, get } from '../../../test/http.ts';
import { passwordResetTokens } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  authHeader,
  createUsersContext,
  outboxFor,
  PASSWORD,
  postJson,
  registerMember,
  uniqueEmail,
} from './users.fixtures.ts';

const HOUR_MS = 60 * 60 * 1000;

describe.each(drivers())('password reminder and reset (%s)', (driver) => {
  let ctx: TestContext;
  let ipCounter = 0;
  beforeAll(async () => {
    ctx = await createUsersContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    ctx.clock.set(TEST_NOW);
  });

  /**
   * Each request from its own address, so that these tests never meet the rate limit. The token and
   * the mail are written by a queued job (the same answer time for every address): run it.
   */
  const forgot = async (email: string) => {
    ipCounter += 1;
    const response = await postJson(
      ctx.app,
      '/api/v1/users/forgot-password',
      { email },
      { remoteAddress: `10.1.0.${ipCounter}` },
    );
    await ctx.deps.jobs.runOnce();
    return response;
  };
  const reset = (body: Record<string, unknown>) => postJson(ctx.app, '/api/v1/users/reset-password', body);
  const login = (email: string, password: string) => {
    ipCounter += 1;
    return postJson(
      ctx.app,
      '/api/v1/users/login',
      { email, password },
      { remoteAddress: `10.2.0.${ipCounter}` },
    );
  };

  /** Requests a reminder and reads the token from the link of the mail it sent. */
  async function requestToken(email: string): Promise<string> {
    const before = (await outboxFor(ctx, email)).length;
    expect((await forgot(email)).statusCode).toBe(200);
    const mails = await outboxFor(ctx, email);
    expect(mails).toHaveLength(before + 1);
    const link = new RegExp(`${ctx.deps.config.publicUrl}/forgot-password/([A-Za-z0-9_-]+)`).exec(
      mails.at(-1)?.textBody ?? '',
    );
    expect(link, 'the mail carries the reset link').not.toBeNull();
    return link?.[1] ?? '';
  }

  describe('POST /api/v1/users/forgot-password', () => {
    it('answers a registered and an unknown address identically; only the registered one gets a mail', async () => {
      const member = await registerMember(ctx.app);
      const unknown = uniqueEmail('unknown');
      const known = await forgot(member.email);
      const other = await forgot(unknown);
      const body = expectBody(known, 200, messageResponseSchema);
      expect(body).toEqual({ data: { message: formsJa.users.forgotPasswordSent } });
      expect(other.statusCode).toBe(known.statusCode);
      expect(other.body).toBe(known.body);
      expect(other.headers['content-type']).toBe(known.headers['content-type']);
      expect(await outboxFor(ctx, unknown)).toHaveLength(0);

      const mails = await outboxFor(ctx, member.email);
      const mail = mails.at(-1);
      expect(mail?.subject).toBe('【母体救命 MELS】パスワード再設定のご案内');
      expect(mail?.textBody).toContain('山田 花子 様');
      expect(mail?.textBody).toContain('1時間');
      expect(mail?.textBody).toMatch(
        new RegExp(`${ctx.deps.config.publicUrl}/forgot-password/[A-Za-z0-9_-]{43}\\n`),
      );
      expect(mail?.htmlBody).toContain(`<a href="${ctx.deps.config.publicUrl}/forgot-password/`);
    });

    it('stores only the hash of the 256-bit token, valid for one hour', async () => {
      const member = await registerMember(ctx.app);
      const token = await requestToken(member.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await ctx.deps.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, member.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]?.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + HOUR_MS);
    });

    it('needs a valid address', async () => {
      expect(expectValidationError(await forgot(''), ['email']).email).toEqual(['メールアドレスは必須です']);
      expect(expectValidationError(await forgot('abc'), ['email']).email).toEqual([
        ja.validation.emailFormat,
      ]);
    });
  });

  describe('POST /api/v1/users/reset-password', () => {
    it('sets the new password with the mailed token; the old one stops working; every login ends', async () => {
      const member = await registerMember(ctx.app);
      const second = authResponseSchema.parse((await login(member.email, PASSWORD)).json()).data.token;
      const token = await requestToken(member.email);

      const response = await reset({ token, password: 'Reset123', re_password: 'Reset123' });
      expect(expectBody(response, 200, messageResponseSchema).data.message).toBe(
        formsJa.users.resetPasswordDone,
      );

      for (const old of [member.token, second]) {
        expectError(
          await get(ctx.app, '/api/v1/users/me', { headers: authHeader(old) }),
          401,
          'UNAUTHORIZED',
        );
      }
      expect((await login(member.email, PASSWORD)).statusCode).toBe(400);
      const fresh = await login(member.email, 'Reset123');
      const { data } = expectBody(fresh, 200, authResponseSchema);
      expectBody(
        await get(ctx.app, '/api/v1/users/me', { headers: authHeader(data.token) }),
        200,
        userResponseSchema,
      );
    });

    it('takes a token once', async () => {
      const member = await registerMember(ctx.app);
      const token = await requestToken(member.email);
      expect((await reset({ token, password: 'Reset123', re_password: 'Reset123' })).statusCode).toBe(200);
      const again = await reset({ token, password: 'Again123', re_password: 'Again123' });
      const body = expectError(again, 400, 'RESET_TOKEN_USED');
      expect(body.meta.message).toBe(formsJa.users.resetTokenUsed);
      expect(body.errors).toEqual({ token: [formsJa.users.resetTokenUsed] });
      expect((await login(member.email, 'Again123')).statusCode).toBe(400);
    });

    it('refuses a token after one hour', async () => {
      const member = await registerMember(ctx.app);
      const token = await requestToken(member.email);
      ctx.clock.advance(HOUR_MS);
      const response = await reset({ token, password: 'Late1234', re_password: 'Late1234' });
      const body = expectError(response, 400, 'RESET_TOKEN_EXPIRED');
      expect(body.meta.message).toBe(formsJa.users.resetTokenExpired);
      expect(body.meta.message).toContain('有効期限（1時間）');
      ctx.clock.set(TEST_NOW);
      expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
    });

    it('accepts a token just before the hour is over', async () => {
      const member = await registerMember(ctx.app);
      const token = await requestToken(member.email);
      ctx.clock.advance(HOUR_MS - 1000);
      expect((await reset({ token, password: 'Just1234', re_password: 'Just1234' })).statusCode).toBe(200);
    });

    it('ends the user’s other reset links too', async () => {
      const member = await registerMember(ctx.app);
      const first = await requestToken(member.email);
      const second = await requestToken(member.email);
      expect(first).not.toBe(second);
      expect((await reset({ token: second, password: 'Second12', re_password: 'Second12' })).statusCode).toBe(
        200,
      );
      expectError(
        await reset({ token: first, password: 'First123', re_password: 'First123' }),
        400,
        'RESET_TOKEN_USED',
      );
    });

    it('refuses an unknown or malformed token', async () => {
      const unknown = await reset({ token: 'A'.repeat(43), password: 'Reset123', re_password: 'Reset123' });
      expect(expectError(unknown, 400, 'RESET_TOKEN_INVALID').errors).toEqual({
        token: [formsJa.users.resetTokenInvalid],
      });
      const malformed = await reset({ token: 'abc', password: 'Reset123', re_password: 'Reset123' });
      expect(expectValidationError(malformed, ['token']).token).toEqual([formsJa.users.resetTokenInvalid]);
    });

    it('checks the new password with the spec’s Japanese messages and keeps the token usable', async () => {
      const member = await registerMember(ctx.app);
      const token = await requestToken(member.email);
      const short = expectValidationError(await reset({ token, password: 'abc', re_password: 'abc' }), [
        'password',
      ]);
      expect(short.password).toEqual(['4文字以上にする必要があります']);
      const long = 'a'.repeat(151);
      const tooLong = expectValidationError(await reset({ token, password: long, re_password: long }), [
        'password',
      ]);
      expect(tooLong.password).toEqual(['150以下の英数字を入力してください']);
      const symbols = expectValidationError(
        await reset({ token, password: 'abc-123', re_password: 'abc-123' }),
        ['password'],
      );
      expect(symbols.password).toEqual([ja.validation.passwordAlnum]);
      const mismatch = expectValidationError(
        await reset({ token, password: 'Reset123', re_password: 'Reset124' }),
        ['re_password'],
      );
      expect(mismatch.re_password).toEqual([ja.validation.passwordMismatch]);
      expect((await reset({ token, password: 'Reset123', re_password: 'Reset123' })).statusCode).toBe(200);
    });

    it('lets exactly one of two simultaneous resets with the same token through', async () => {
      const member = await registerMember(ctx.app);
      const token = await requestToken(member.email);
      const results = await Promise.all([
        reset({ token, password: 'Racer111', re_password: 'Racer111' }),
        reset({ token, password: 'Racer222', re_password: 'Racer222' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });
  });
});
