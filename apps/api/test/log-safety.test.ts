/**
 * Secrets and personal data in logs (issue 12): the log never holds a live link or token, a mail's body,
 * or a failed query's parameters (password hashes, addresses, phone numbers); the outbox keeps a sent
 * mail's links masked. The app logs at trace level into a stream the test reads.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { createMailer, maskLinkTokens } from '../src/lib/mailer.ts';
import { createTestContext, drivers, type TestContext } from './context.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** Everything the app logged, as text (one JSON line per entry). */
type Captured = { lines: string[]; text: () => string };

function capture(): Captured & { write: (line: string) => void } {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line), text: () => lines.join('') };
}

const MEMBER = 'attendee@mels.example.jp';
const TOKEN = /[A-Za-z0-9_-]{43}/;

describe('maskLinkTokens', () => {
  it('masks the token of a link, in text and in HTML, and nothing else', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const text = `以下のURLを開いてください。\nhttps://mels.example.jp/forgot-password/${token}\n受付番号：0000001234`;
    expect(maskLinkTokens(text)).toBe(
      '以下のURLを開いてください。\nhttps://mels.example.jp/forgot-password/[masked]\n受付番号：0000001234',
    );
    const html = `<a href="http://localhost:3000/email-change/${token}">http://localhost:3000/email-change/${token}</a>`;
    expect(maskLinkTokens(html)).not.toContain(token);
    expect(maskLinkTokens('https://mels.example.jp/trainings/12?user_type=4')).toBe(
      'https://mels.example.jp/trainings/12?user_type=4',
    );
  });
});

describe.each(drivers())('no secret or personal data in the log (%s)', (driver) => {
  let ctx: TestContext;
  let sink: SmtpSink;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { env: { RATE_LIMIT_REGISTER: '1000' } });
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  /** A second app on the context's database that logs everything into `log`. */
  async function loggingApp(log: Captured & { write: (line: string) => void }, patch: Partial<Config> = {}) {
    const app = await buildApp(
      { ...ctx.deps, mailer: undefined, config: { ...ctx.deps.config, logLevel: 'trace', ...patch } },
      { logStream: log },
    );
    await app.ready();
    return app;
  }

  async function forgotPassword(app: App) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      payload: { email: MEMBER },
    });
    expect(response.statusCode, response.body).toBe(200);
    await app.deps.jobs.runOnce();
    const [mail] = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, MEMBER))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toContain('パスワード再設定');
    return mail!;
  }

  it('a mail kept in the outbox (no SMTP_URL) is logged by id, recipient, subject and template, not its body', async () => {
    const log = capture();
    const app = await loggingApp(log);
    try {
      const mail = await forgotPassword(app);
      expect(mail.status).toBe('kept');
      const token = TOKEN.exec(mail.textBody)?.[0];
      expect(token, 'the outbox is the mailbox without SMTP: the link is whole').toBeDefined();
      const entry = log.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((e) => e.mailId === mail.id);
      expect(entry).toMatchObject({ to: MEMBER, subject: mail.subject, template: 'password-reset' });
      expect(log.text()).not.toContain(token!);
      expect(log.text()).not.toContain('以下のURLにアクセスし');
    } finally {
      await app.close();
    }
  });

  it('a sent mail keeps its link only until it is sent: the outbox then holds it masked', async () => {
    const log = capture();
    const app = await loggingApp(log, { smtpUrl: sink.url });
    try {
      const mail = await forgotPassword(app);
      expect(mail.status).toBe('sent');
      const received = await sink.waitFor(
        (m) => m.to.includes(MEMBER) && m.subject.includes('パスワード再設定'),
      );
      const token = TOKEN.exec(received.text)?.[0];
      expect(token, 'the member receives the whole link').toBeDefined();
      expect(mail.textBody).not.toContain(token!);
      expect(mail.htmlBody ?? '').not.toContain(token!);
      expect(mail.textBody).toMatch(/\/forgot-password\/\[masked\]/);
      expect(log.text()).not.toContain(token!);
      expect(log.text()).toContain('mail sent');
    } finally {
      await app.close();
    }
  });

  it('a failed query is logged by statement name and code, without its parameters', async () => {
    // Every insert into users fails in the database, after the service has hashed the password.
    await ctx.deps.db.execute(
      sql.raw(`create or replace function mels_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await ctx.deps.db.execute(
      sql.raw(
        'create trigger mels_test_refuse before insert on users for each row execute function mels_test_refuse()',
      ),
    );
    const log = capture();
    const app = await loggingApp(log);
    try {
      const email = `log.safety.${driver}@example.jp`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload: {
          email,
          password: 'Secret9876',
          re_password: 'Secret9876',
          last_name: '記録',
          first_name: '花子',
          last_name_kana: 'キロク',
          first_name_kana: 'ハナコ',
          last_name_alpha: 'KIROKU',
          first_name_alpha: 'HANAKO',
          occupation: '2',
          medical_department: '',
          simulation_qualification: 'ICLS',
          location_work: '秘密記念病院',
          work_area: '13',
          postal_code: '1000001',
          area: '13',
          district: '千代田区千代田',
          address: '9-8-7 ログ安全ビル',
          phone: '03-9876-5432',
          gender: '1',
          birthday: '19900131',
          privacy: true,
        },
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toMatch(/refused by the test|insert/);
      const text = log.text();
      for (const secret of [
        email,
        '9876-5432',
        '9-8-7 ログ安全ビル',
        '秘密記念病院',
        'scrypt$',
        'Secret9876',
        'キロク',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
      const entry = log.lines
        .map((l) => JSON.parse(l) as { err?: Record<string, unknown> })
        .find((e) => e.err?.type === 'DatabaseError');
      expect(entry?.err).toMatchObject({ code: 'P0001', statement: 'insert users' });
    } finally {
      await app.close();
      await ctx.deps.db.execute(sql.raw('drop trigger mels_test_refuse on users'));
    }
  });

  it('the mailer logs no body even when it fails to deliver', async () => {
    const calls: unknown[] = [];
    const record = (...args: unknown[]) => void calls.push(args);
    const mailer = createMailer({
      db: ctx.deps.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'no-reply@mels.example.jp',
      log: { info: record, error: record } as never,
    });
    const secret = 'https://mels.example.jp/forgot-password/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    await mailer.send({ to: MEMBER, subject: '件名', text: `本文 ${secret}`, template: 'test' });
    expect(calls.length).toBeGreaterThan(0);
    expect(JSON.stringify(calls)).not.toContain(secret);
    expect(JSON.stringify(calls)).not.toContain('本文');
  });
});
