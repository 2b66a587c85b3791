import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../test/context.ts';
import { loadConfig, type Config } from '../config.ts';
import { appSecrets } from '../db/schema.ts';
import { checkViewLink, viewLink } from '../modules/certificates/certificates.service.ts';
import {
  attendanceSecret,
  attendanceSecrets,
  receptionCode,
  receptionCodeMatches,
  parseReceptionCode,
  ticketToken,
  verifyTicketToken,
} from '../modules/enrollments/attendance-code.ts';
import { loadDatabaseKeys, rotateSecret, startSecretRefresh } from './app-secrets.ts';

const CODE = 'AAAAAAAAAAAAAAAAAAAAAA';
const now = new Date(TEST_NOW);
const silent = { warn: () => undefined };

/** An instance's configuration on the test database (no APP_SECRET), its keys loaded as buildApp does. */
async function instance(ctx: TestContext, env: Record<string, string> = {}): Promise<Config> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/mels-secrets-test', ...env });
  const stop = await startSecretRefresh({ db: ctx.deps.db, target: config.signing, log: silent });
  stop();
  return config;
}

const ticketOf = (config: Config, id: number) => ticketToken(attendanceSecret(config), id, CODE);
const verifies = (config: Config, token: string) =>
  verifyTicketToken(attendanceSecrets(config), token) !== null;
const linkParts = (link: string) => {
  const url = new URL(link, 'http://x');
  return {
    expires: Number(url.searchParams.get('expires')),
    signature: url.searchParams.get('signature') ?? '',
  };
};
const linkValid = (config: Config, id: number, link: string) => {
  const { expires, signature } = linkParts(link);
  try {
    checkViewLink(config, id, expires, signature, now);
    return true;
  } catch {
    return false;
  }
};

describe.each(drivers())('signing secrets shared by every instance (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(() => ctx.close());

  it('two instances without APP_SECRET sign with the one secret kept in the database', async () => {
    const a = await instance(ctx);
    const b = await instance(ctx, { DATA_DIR: '/tmp/another-instance' });
    expect(a.signing.source).toBe('database');
    expect(a.signing.keys[0]?.id).toBe(b.signing.keys[0]?.id);
    expect(verifies(b, ticketOf(a, 7))).toBe(true);
    expect(verifies(a, ticketOf(b, 7))).toBe(true);
    expect(linkValid(b, 3, viewLink(a, 3, now))).toBe(true);
    const reception = parseReceptionCode(receptionCode(attendanceSecret(a), 7, CODE));
    expect(reception && receptionCodeMatches(attendanceSecrets(b), reception, CODE)).toBe(true);
    // A configuration with its own key (no shared secret) is refused.
    const stranger = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/stranger' });
    expect(verifies(stranger, ticketOf(a, 7))).toBe(false);
    expect(linkValid(stranger, 3, viewLink(a, 3, now))).toBe(false);
  });

  it('rotation: the old key keeps verifying within the grace period, the new one signs once active', async () => {
    const a = await instance(ctx);
    const oldTicket = ticketOf(a, 11);
    const oldLink = viewLink(a, 5, now);
    const oldId = a.signing.keys[0]?.id;
    const newId = await rotateSecret(ctx.deps.db);
    expect(newId).not.toBe(oldId);

    // Just rotated: every instance learns the new key before any signs with it.
    const b = await instance(ctx);
    expect(b.signing.keys.map((k) => k.id)).toEqual([oldId, newId]);
    expect(ticketOf(b, 11)).toBe(oldTicket);

    // Past the activation delay: the new key signs; tickets and links of the old one still verify.
    await ctx.deps.db.execute(
      sql`update ${appSecrets} set created_at = now() - interval '1 hour' where id = ${newId}`,
    );
    await loadDatabaseKeys(ctx.deps.db, a.signing);
    await loadDatabaseKeys(ctx.deps.db, b.signing);
    expect(a.signing.keys[0]?.id).toBe(newId);
    const newTicket = ticketOf(a, 11);
    expect(newTicket).not.toBe(oldTicket);
    for (const config of [a, b]) {
      expect(verifies(config, newTicket)).toBe(true);
      expect(verifies(config, oldTicket)).toBe(true);
      expect(linkValid(config, 5, oldLink)).toBe(true);
    }

    // Past the grace period (90 days by default): the old key is gone.
    await ctx.deps.db.execute(
      sql`update ${appSecrets} set retired_at = now() - interval '91 days' where id = ${oldId as number}`,
    );
    await loadDatabaseKeys(ctx.deps.db, b.signing);
    expect(b.signing.keys.map((k) => k.id)).toEqual([newId]);
    expect(verifies(b, oldTicket)).toBe(false);
    expect(linkValid(b, 5, oldLink)).toBe(false);
    expect(verifies(b, newTicket)).toBe(true);
  });

  it('APP_SECRET from the environment wins over the database', async () => {
    const secret = 'x'.repeat(40);
    const a = await instance(ctx, { APP_SECRET: secret });
    const b = await instance(ctx, { APP_SECRET: secret });
    expect(a.signing.source).toBe('env');
    expect(a.signing.keys.map((k) => k.id)).toEqual(['env']);
    expect(verifies(b, ticketOf(a, 3))).toBe(true);
    const database = await instance(ctx);
    expect(verifies(database, ticketOf(a, 3))).toBe(false);
  });
});
