/**
 * Test helpers of the users module (used by its *.test.ts only): registration bodies, calls with a
 * token, and multipart bodies built by hand, as a browser's FormData sends them.
 */
import { randomBytes } from 'node:crypto';
import { authResponseSchema, type AuthResponse } from '@mels/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { buildApp, type App } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { DriverName } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** Not in the common-password list (lib/common-passwords/list.txt), so every entry point accepts it. */
export const PASSWORD = 'Sakura0418';

let counter = 0;
/** An address no other test of this process uses. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.jp`;
}

/** A complete, valid registration of a midwife in Tokyo; fields can be replaced. */
export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    re_password: PASSWORD,
    last_name: '山田',
    first_name: '花子',
    last_name_kana: 'ヤマダ',
    first_name_kana: 'ハナコ',
    last_name_alpha: 'YAMADA',
    first_name_alpha: 'HANAKO',
    occupation: '2',
    medical_department: '',
    simulation_qualification: 'ICLS,ACLS',
    location_work: '東京母子医療センター',
    work_area: '13',
    postal_code: '1000001',
    area: '13',
    district: '千代田区千代田',
    address: '1-1 千代田ビル3階',
    phone: '03-1234-5678',
    gender: '1',
    birthday: '19900131',
    privacy: true,
    ...overrides,
  };
}

export const authHeader = (token: string) => ({ authorization: `Token ${token}` });

export function postJson(
  app: App,
  url: string,
  payload: unknown,
  options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, method: 'POST', url, payload: payload as InjectOptions['payload'] });
}

export type Registered = AuthResponse['data'] & { email: string; password: string };

let ipCounter = 0;
/**
 * An IP (documentation range 2001:db8::/32) no other registration of this process uses:
 * registrations are limited per IP (RATE_LIMIT_REGISTER) and the test clock does not move.
 */
export function registrationIp(): string {
  ipCounter += 1;
  return `2001:db8:1::${ipCounter.toString(16)}`;
}

/** Registers through the API (from an IP of its own) and returns the token and profile. */
export async function registerMember(app: App, overrides: Record<string, unknown> = {}): Promise<Registered> {
  const body = registrationBody(overrides);
  const response = await postJson(app, '/api/v1/users', body, { remoteAddress: registrationIp() });
  expect(response.statusCode, response.body).toBe(201);
  const parsed = authResponseSchema.parse(response.json());
  return { ...parsed.data, email: String(body.email), password: String(body.password) };
}

export type FilePart = { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body with text fields and files. */
export function multipartBody(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const boundary = `----mels${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The harness's context (a copy of the seeded database, clock pinned) with more environment when
 * a test needs it (RATE_LIMIT_LOGIN, SMTP_URL…).
 */
export function createUsersContext(
  driver: DriverName,
  env: Record<string, string> = {},
): Promise<TestContext> {
  // These suites register scores of members from the injector's one address; the limit itself is
  // tested in users.rate-limit.test.ts.
  return createTestContext(driver, { env: { RATE_LIMIT_REGISTER: '1000', ...env } });
}

/** The mails the outbox holds for an address, oldest first. */
export async function outboxFor(ctx: TestContext, to: string) {
  return ctx.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(asc(mailOutbox.id));
}

/**
 * A second app on the same database, clock and storage as the context, with some configuration
 * changed (a small rate limit, an SMTP server); its mailer is made from that configuration.
 */
export async function buildAppWith(ctx: TestContext, patch: Partial<Config>): Promise<App> {
  const app = await buildApp(
    { ...ctx.deps, mailer: undefined, config: { ...ctx.deps.config, ...patch } },
    { logger: false },
  );
  await app.ready();
  return app;
}
