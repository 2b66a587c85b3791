import { en, errorBodySchema, formsEn, formsJa, ja, messageResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestContext } from '../../test/context.ts';
import { expectBody, expectError, get } from '../../test/http.ts';
import { parseAcceptLanguage } from '../lib/language.ts';
import {
  authHeader,
  createUsersContext,
  outboxFor,
  postJson,
  registerMember,
  uniqueEmail,
} from '../modules/users/users.fixtures.ts';

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
const EN = { 'accept-language': 'en-GB,en;q=0.9' };

describe('parseAcceptLanguage (decision 027)', () => {
  it.each([
    [undefined, 'ja'],
    ['', 'ja'],
    ['ja', 'ja'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['fr-FR,fr;q=0.9', 'ja'],
    ['fr,en;q=0.8,ja;q=0.5', 'en'],
    ['ja;q=0.4,en;q=0.9', 'en'],
    ['en;q=0,ja', 'ja'],
    ['en;q=0.5,ja;q=0.5', 'en'],
    ['*', 'ja'],
    ['en;q=0.0', 'ja'],
  ] as const)('reads %j as %s', (header, lang) => {
    expect(parseAcceptLanguage(header)).toBe(lang);
  });
});

describe.each(drivers())('answers in the language the request asks for (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createUsersContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('400: the message and every field error, Japanese by default and English on request', async () => {
    const url = '/api/v1/trainings?page=x&limit=0';
    const jaBody = expectError(await get(ctx.app, url), 400, 'VALIDATION_ERROR');
    expect(jaBody.meta.message).toBe(ja.errors.validation);
    expect(jaBody.errors).toEqual({
      page: ['ページは数値で指定してください'],
      limit: ['件数は1以上で指定してください'],
    });

    const response = await get(ctx.app, url, { headers: EN });
    const enBody = expectBody(response, 400, errorBodySchema);
    expect(enBody.meta).toEqual({ code: 'VALIDATION_ERROR', message: en.errors.validation });
    expect(enBody.errors).toEqual({ page: ['Page must be a number'], limit: ['Limit must be 1 or more'] });
  });

  it('404: a missing session and an unknown route', async () => {
    expect(expectError(await get(ctx.app, '/api/v1/trainings/999999'), 404, 'NOT_FOUND').meta.message).toBe(
      ja.errors.notFound,
    );
    const missing = expectBody(
      await get(ctx.app, '/api/v1/trainings/999999', { headers: EN }),
      404,
      errorBodySchema,
    );
    expect(missing.meta).toEqual({ code: 'NOT_FOUND', message: en.errors.notFound });

    const route = expectBody(
      await get(ctx.app, '/api/v1/no-such-call', { headers: EN }),
      404,
      errorBodySchema,
    );
    expect(route.meta.message).toBe(formsEn.api.routeNotFound);
    expect(expectError(await get(ctx.app, '/api/v1/no-such-call'), 404, 'NOT_FOUND').meta.message).toBe(
      formsJa.api.routeNotFound,
    );
  });

  it('409: a service’s refusal (the new address was registered meanwhile) with its field error', async () => {
    const member = await registerMember(ctx.app);
    const next = uniqueEmail('next');
    const change = await postJson(
      ctx.app,
      '/api/v1/users/update',
      { email: next, current_password: member.password },
      { headers: authHeader(member.token) },
    );
    expect(change.statusCode, change.body).toBe(200);
    const token = /\/email-change\/([A-Za-z0-9_-]+)/.exec(
      (await outboxFor(ctx, next)).at(-1)?.textBody ?? '',
    )?.[1];
    await registerMember(ctx.app, { email: next });
    const confirm = (headers: Record<string, string>) =>
      postJson(ctx.app, '/api/v1/users/email-change/confirm', { token }, { headers });

    const jaBody = expectError(await confirm({}), 409, 'EMAIL_TAKEN');
    expect(jaBody.meta.message).toBe(formsJa.users.emailTaken);
    const enBody = expectBody(await confirm(EN), 409, errorBodySchema);
    expect(enBody.meta).toEqual({ code: 'EMAIL_TAKEN', message: formsEn.users.emailTaken });
    expect(JSON.stringify(enBody)).not.toMatch(JAPANESE);
  });

  it('a message inside a successful answer follows the language too', async () => {
    const member = await registerMember(ctx.app);
    const response = await postJson(ctx.app, '/api/v1/users/logout', undefined, {
      headers: { ...authHeader(member.token), ...EN },
    });
    expect(expectBody(response, 200, messageResponseSchema).data.message).toBe(formsEn.users.loggedOut);
  });

  it('mails a member in the language of their profile: Japanese by default, English once chosen', async () => {
    const member = await registerMember(ctx.app);
    const forgot = async () => {
      expect(
        (await postJson(ctx.app, '/api/v1/users/forgot-password', { email: member.email })).statusCode,
      ).toBe(200);
      await ctx.deps.jobs.runOnce();
      return (await outboxFor(ctx, member.email)).at(-1);
    };
    const japanese = await forgot();
    expect(japanese?.subject).toBe('【母体救命 MELS】パスワード再設定のご案内');

    const chosen = await postJson(
      ctx.app,
      '/api/v1/users/update',
      { language: 'en' },
      {
        headers: authHeader(member.token),
      },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const english = await forgot();
    expect(english?.subject).toBe('【母体救命 MELS】Resetting your password');
    expect(english?.textBody).toContain('Open the link below and set a new password.');
    expect(english?.textBody).not.toMatch(/[\u3040-\u30ff]/);
  });
});
