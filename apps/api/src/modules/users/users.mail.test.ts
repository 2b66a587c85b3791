import { authResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestContext } from '../../../test/context.ts';
import { expectBody } from '../../../test/http.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import type { App } from '../../app.ts';
import { createUsersContext, outboxFor, postJson, registrationBody } from './users.fixtures.ts';

/** The whole account journey through a real SMTP server: registration notice, reminder, reset, login. */
describe.each(drivers())('account mails over SMTP (%s)', (driver) => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let app: App;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createUsersContext(driver, {
      SMTP_URL: sink.url,
      MAIL_FROM: 'MELS Portal <no-reply@mels.example.jp>',
    });
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('sends the registration notice, then a reset link that works once, then the new password logs in', async () => {
    expect(ctx.deps.mailer.transport).toBe('smtp');
    const body = registrationBody({ last_name: '鈴木', first_name: '一郎' });
    const email = String(body.email);
    const registered = await postJson(app, '/api/v1/users', body);
    expect(registered.statusCode, registered.body).toBe(201);

    const notice = await sink.waitFor((mail) => mail.to.includes(email) && mail.subject.includes('会員登録'));
    expect(notice.subject).toBe('【母体救命 MELS】会員登録完了のお知らせ');
    expect(notice.from).toBe('no-reply@mels.example.jp');
    expect(notice.text).toContain('鈴木 一郎 様');
    expect(notice.text).toContain('会員登録が完了しました');
    expect(notice.text).toContain(`メールアドレス：${email}`);
    expect(notice.html).toContain('鈴木 一郎 様');
    expect(notice.headers['content-type']).toMatch(/^multipart\/alternative/);
    const [kept] = await outboxFor(ctx, email);
    expect(kept?.status).toBe('sent');

    const forgot = await postJson(app, '/api/v1/users/forgot-password', { email });
    expect(forgot.statusCode).toBe(200);
    // The reminder is written and mailed by a queued job (the server's runner polls; tests run it).
    expect(await ctx.deps.jobs.runOnce()).toBe(1);
    const reminder = await sink.waitFor(
      (mail) => mail.to.includes(email) && mail.subject.includes('パスワード再設定'),
    );
    expect(reminder.subject).toBe('【母体救命 MELS】パスワード再設定のご案内');
    expect(reminder.text).toContain('有効期限は、お申し込みから1時間です');
    const link = new RegExp(`${ctx.deps.config.publicUrl}/forgot-password/([A-Za-z0-9_-]{43})`).exec(
      reminder.text,
    );
    expect(link, reminder.text).not.toBeNull();
    expect(reminder.html).toContain(`href="${link?.[0]}"`);

    // Follow the link: the page at /forgot-password/{token} posts the token with the new password.
    const token = new URL(link?.[0] ?? '').pathname.split('/').at(-1) ?? '';
    const reset = await postJson(app, '/api/v1/users/reset-password', {
      token,
      password: 'Mail1234',
      re_password: 'Mail1234',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await postJson(app, '/api/v1/users/reset-password', {
      token,
      password: 'Mail5678',
      re_password: 'Mail5678',
    });
    expect(again.statusCode).toBe(400);

    const login = await postJson(app, '/api/v1/users/login', { email, password: 'Mail1234' });
    expect(expectBody(login, 200, authResponseSchema).data.user.email).toBe(email);
    expect(sink.mails.filter((mail) => mail.to.includes(email))).toHaveLength(2);
  });

  it('sends nothing for an unknown address', async () => {
    const before = sink.mails.length;
    const response = await postJson(app, '/api/v1/users/forgot-password', {
      email: 'nobody.here@example.jp',
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.deps.jobs.runOnce()).toBe(1);
    // Give a stray mail the time to arrive before saying none came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.length).toBe(before);
  });
});
