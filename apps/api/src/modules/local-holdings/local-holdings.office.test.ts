import {
  authResponseSchema,
  contracts,
  hostRosterSchema,
  officeLocalHoldingSchema,
  userResponseSchema,
} from '@mels/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import {
  auditEvents,
  enrollments,
  localHoldings,
  mailOutbox,
  rateLimitHits,
  users,
} from '../../db/schema.ts';
import { SUBJECT_PREFIX } from '../../lib/mail-templates/layout.ts';
import { applyFor, makeSession, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';

const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const holdingBody = dataOf(officeLocalHoldingSchema);
const rosterBody = dataOf(hostRosterSchema);
const sessionsBody = z.object({
  data: z.array(contracts.host.trainings.data),
  pagination: z.object({ total: z.number() }).loose(),
});

let serial = 0;

describe.each(drivers())('local-holding registrations, host accounts and the host view (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let member: Member;

  const send = (method: string, url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  /** A registration through the public form (the password hashed there), awaiting approval. */
  async function register(overrides: Record<string, string> = {}) {
    serial += 1;
    await ctx.deps.db.delete(rateLimitHits);
    const input = {
      organization: `テスト周産期ネットワーク${serial}`,
      secretariat_name: '藤沢 恵美',
      secretariat_address: '神奈川県藤沢市藤沢2-1-4',
      secretariat_phone: '0466-21-3310',
      secretariat_email: `host-${driver}-${serial}@example.org`,
      secretariat_password: `Holding${serial}x`,
      ...overrides,
    };
    const res = await send('POST', '/administrators/local_holdings/register', undefined, input);
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id as number, ...input };
  }

  async function login(email: string, password: string) {
    await ctx.deps.db.delete(rateLimitHits);
    const res = await send('POST', '/users/login', undefined, { email, password });
    return expectBody(res, 200, authResponseSchema).data.token;
  }

  /** An approved holding and its host's token. */
  async function approvedHost() {
    const h = await register();
    expect((await send('POST', `/office/local-holdings/${h.id}/approve`, office.token)).statusCode).toBe(200);
    return { ...h, token: await login(h.secretariat_email, h.secretariat_password) };
  }

  const accountsOf = async (holdingId: number) =>
    Number(
      (await ctx.deps.db.select({ n: count() }).from(users).where(eq(users.localHoldingId, holdingId)))[0]?.n,
    );

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office', officeRole: 'staff' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  it('lists the registrations with their details and status, awaiting first; never the password hash', async () => {
    const h = await register();
    const res = await send('GET', '/office/local-holdings?status=0&limit=100', office.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Array<Record<string, unknown>>;
    expect(rows.every((r) => r.status === 0)).toBe(true);
    const row = rows.find((r) => r.id === h.id);
    expect(row).toMatchObject({
      organization: h.organization,
      secretariat_name: '藤沢 恵美',
      secretariat_address: '神奈川県藤沢市藤沢2-1-4',
      secretariat_phone: '0466-21-3310',
      secretariat_email: h.secretariat_email,
      status: 0,
      decided_at: null,
      account_user_id: null,
      sessions: 0,
    });
    expect(res.body).not.toContain('scrypt');
    expect(res.body).not.toContain('password');
    const all = (await send('GET', '/office/local-holdings?limit=100', office.token)).json().data as Array<{
      status: number;
    }>;
    // The seeded approved holdings come after every one awaiting approval.
    const firstDecided = all.findIndex((r) => r.status !== 0);
    expect(all.slice(firstDecided).some((r) => r.status === 0)).toBe(false);
    expectValidationError(await send('GET', '/office/local-holdings?status=7', office.token), ['status']);
  });

  it('refuses the inbox to a visitor (401), a member and a host (403)', async () => {
    const host = await approvedHost();
    const h = await register();
    for (const [method, url, body] of [
      ['GET', '/office/local-holdings', undefined],
      ['POST', `/office/local-holdings/${h.id}/approve`, undefined],
      ['POST', `/office/local-holdings/${h.id}/reject`, { reason: '理由' }],
      ['PUT', `/office/trainings/1/local-holding`, { local_holding_id: host.id }],
    ] as const) {
      expectError(await send(method, url, undefined, body), 401, 'UNAUTHORIZED');
      expectError(await send(method, url, member.token, body), 403, 'FORBIDDEN');
      expectError(await send(method, url, host.token, body), 403, 'FORBIDDEN');
    }
    const [row] = await ctx.deps.db.select().from(localHoldings).where(eq(localHoldings.id, h.id));
    expect(row?.status).toBe(0);
  });

  it('approving makes the host account with the registered email and password, once, audited and mailed', async () => {
    const h = await register();
    const before = await ctx.deps.db.select().from(localHoldings).where(eq(localHoldings.id, h.id));
    const approved = expectBody(
      await send('POST', `/office/local-holdings/${h.id}/approve`, office.token),
      200,
      holdingBody,
    ).data;
    expect(approved).toMatchObject({ id: h.id, status: 1, decision_reason: null });
    expect(approved.account_user_id).toEqual(expect.any(Number));
    const [account] = await ctx.deps.db.select().from(users).where(eq(users.localHoldingId, h.id));
    expect(account).toMatchObject({ role: 'host', email: h.secretariat_email, officeRole: null });
    // The hash made at registration, not a new one and never the password itself.
    expect(account?.passwordHash).toBe(before[0]?.passwordHash);

    const [audit] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'local_holding'), eq(auditEvents.entityId, h.id)));
    expect(audit).toMatchObject({ action: 'local_holding.approve', actorUserId: office.id, ip: '127.0.0.1' });
    expect(audit?.data).toMatchObject({
      before: { status: 0 },
      after: { status: 1, host_user_id: account?.id },
    });
    const [mail] = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, h.secretariat_email))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toContain('承認しました');
    expect(mail?.textBody).not.toContain(h.secretariat_password);

    // The host signs in with the normal login and is a host.
    const token = await login(h.secretariat_email, h.secretariat_password);
    const me = expectBody(await send('GET', '/users/me', token), 200, userResponseSchema).data;
    expect(me).toMatchObject({ role: 'host', office_role: null, email: h.secretariat_email });

    // Twice: the second finds nothing awaiting; still one account.
    expectError(
      await send('POST', `/office/local-holdings/${h.id}/approve`, office.token),
      409,
      'HOLDING_DECIDED',
    );
    expectError(
      await send('POST', `/office/local-holdings/${h.id}/reject`, office.token, { reason: '重複' }),
      409,
      'HOLDING_DECIDED',
    );
    expect(await accountsOf(h.id)).toBe(1);
  });

  it('two approvals at once make one account (the conditional update)', async () => {
    const h = await register();
    const results = await Promise.all([
      send('POST', `/office/local-holdings/${h.id}/approve`, office.token),
      send('POST', `/office/local-holdings/${h.id}/approve`, office.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await accountsOf(h.id)).toBe(1);
    const audits = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'local_holding.approve'), eq(auditEvents.entityId, h.id)));
    expect(audits).toHaveLength(1);
  });

  it('an email another account already uses: 409, nothing approved', async () => {
    const h = await register();
    await ctx.deps.db
      .update(users)
      .set({ email: h.secretariat_email.toUpperCase() })
      .where(eq(users.id, member.id));
    try {
      expectError(
        await send('POST', `/office/local-holdings/${h.id}/approve`, office.token),
        409,
        'EMAIL_TAKEN',
      );
      const [row] = await ctx.deps.db.select().from(localHoldings).where(eq(localHoldings.id, h.id));
      expect(row?.status).toBe(0);
      expect(await accountsOf(h.id)).toBe(0);
    } finally {
      await ctx.deps.db.update(users).set({ email: member.email }).where(eq(users.id, member.id));
    }
  });

  it('rejecting mails the reason and is audited; no account; the rejected cannot sign in', async () => {
    const h = await register();
    expectValidationError(
      await send('POST', `/office/local-holdings/${h.id}/reject`, office.token, { reason: ' ' }),
      ['reason'],
    );
    const reason = '活動実績を確認できる資料を添えて、改めてお申し込みください。';
    const rejected = expectBody(
      await send('POST', `/office/local-holdings/${h.id}/reject`, office.token, { reason }),
      200,
      holdingBody,
    ).data;
    expect(rejected).toMatchObject({ status: 2, decision_reason: reason, account_user_id: null });
    const [mail] = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, h.secretariat_email))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe(`${SUBJECT_PREFIX}地域開催団体の登録申請について`);
    expect(mail?.textBody).toContain(reason);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'local_holding.reject'), eq(auditEvents.entityId, h.id)));
    expect(audit?.data).toMatchObject({ reason, after: { status: 2 } });
    expect(await accountsOf(h.id)).toBe(0);
    expectError(
      await send('POST', `/office/local-holdings/${h.id}/approve`, office.token),
      409,
      'HOLDING_DECIDED',
    );
    await ctx.deps.db.delete(rateLimitHits);
    const res = await send('POST', '/users/login', undefined, {
      email: h.secretariat_email,
      password: h.secretariat_password,
    });
    expectError(res, 400, 'INVALID_CREDENTIALS');
  });

  it('answers 404 for a registration that does not exist', async () => {
    expectNotFound(await send('POST', '/office/local-holdings/999999/approve', office.token));
    expectNotFound(
      await send('POST', '/office/local-holdings/999999/reject', office.token, { reason: '理由' }),
    );
  });

  it('assigns a session to an approved holding only, audited with before and after', async () => {
    const host = await approvedHost();
    const waiting = await register();
    const session = await makeSession(ctx);
    expectValidationError(
      await send('PUT', `/office/trainings/${session.id}/local-holding`, office.token, {
        local_holding_id: waiting.id,
      }),
      ['local_holding_id'],
    );
    expectNotFound(
      await send('PUT', `/office/trainings/999999/local-holding`, office.token, {
        local_holding_id: host.id,
      }),
    );
    expectNotFound(
      await send('PUT', `/office/trainings/${session.id}/local-holding`, office.token, {
        local_holding_id: 999999,
      }),
    );
    const res = await send('PUT', `/office/trainings/${session.id}/local-holding`, office.token, {
      local_holding_id: host.id,
    });
    expect(res.json()).toEqual({ data: { training_id: session.id, local_holding_id: host.id } });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'training.assign_local_holding'), eq(auditEvents.entityId, session.id)),
      );
    expect(audit?.data).toEqual({ before: { local_holding_id: null }, after: { local_holding_id: host.id } });
    const list = (await send('GET', '/office/local-holdings?status=1&limit=100', office.token)).json()
      .data as Array<{
      id: number;
      sessions: number;
    }>;
    expect(list.find((r) => r.id === host.id)?.sessions).toBe(1);
  });

  describe('the host view', () => {
    /** A free session held today, assigned to the holding, with a member holding a ticket. */
    async function ticketedSession(holdingId: number | null) {
      const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(ctx.deps.clock.now());
      const session = await makeSession(ctx, { eventDate: today });
      if (holdingId !== null) {
        const res = await send('PUT', `/office/trainings/${session.id}/local-holding`, office.token, {
          local_holding_id: holdingId,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const attendee = await makeUser(ctx);
      expect((await applyFor(ctx.app, session.id, attendee.token)).statusCode).toBe(201);
      const agreed = await send('POST', `/trainings/${session.id}/enrollments/agreement`, attendee.token, {
        user_type: 4,
        agree: true,
      });
      expect(agreed.statusCode, agreed.body).toBeLessThan(300);
      const ticket = await send(
        'GET',
        `/trainings/${session.id}/enrollments/ticket?user_type=4`,
        attendee.token,
      );
      expect(ticket.statusCode, ticket.body).toBe(200);
      return { session, attendee, code: ticket.json().data.attendance_code as string };
    }

    it("shows the host its own sessions only, their rosters without contact data, and checks in; another holding's session is 404", async () => {
      const host = await approvedHost();
      const other = await approvedHost();
      const own = await ticketedSession(host.id);
      const theirs = await ticketedSession(other.id);
      const nobody = await ticketedSession(null);

      const holding = await send('GET', '/host/holding', host.token);
      expect(holding.json().data).toMatchObject({ id: host.id, organization: host.organization });

      const sessions = expectBody(await send('GET', '/host/trainings', host.token), 200, sessionsBody);
      expect(sessions.data.map((s) => s.id)).toEqual([own.session.id]);
      expect(sessions.data[0]).toMatchObject({ enrolled: 1, checked_in: 0, is_active: true });

      const roster = expectBody(
        await send('GET', `/host/trainings/${own.session.id}/roster`, host.token),
        200,
        rosterBody,
      );
      expect(roster.data.enrollments).toHaveLength(1);
      const rosterText = JSON.stringify(roster);
      expect(rosterText).not.toContain(own.attendee.email);
      expect(rosterText).not.toContain('03-0000-0000');
      expect(rosterText).not.toContain('payment');

      // IDOR: another holding's session and a session of none answer as if they did not exist.
      for (const s of [theirs, nobody]) {
        expectNotFound(await send('GET', `/host/trainings/${s.session.id}/roster`, host.token));
        expectNotFound(
          await send('POST', `/host/trainings/${s.session.id}/check-in`, host.token, { code: s.code }),
        );
        // …even with the host's own session's ticket.
        expectNotFound(
          await send('POST', `/host/trainings/${s.session.id}/check-in`, host.token, { code: own.code }),
        );
      }
      const unchecked = await ctx.deps.db
        .select({ checkedInAt: enrollments.checkedInAt })
        .from(enrollments)
        .where(eq(enrollments.trainingId, theirs.session.id));
      expect(unchecked.every((e) => e.checkedInAt === null)).toBe(true);
      expectNotFound(await send('GET', '/host/trainings/999999/roster', host.token));

      // A ticket of another session at the host's own session: the office's refusal.
      expectError(
        await send('POST', `/host/trainings/${own.session.id}/check-in`, host.token, { code: theirs.code }),
        409,
        'OTHER_SESSION',
      );
      const checked = await send('POST', `/host/trainings/${own.session.id}/check-in`, host.token, {
        code: own.code,
      });
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().data).toMatchObject({
        training_id: own.session.id,
        checked_in_at: expect.any(String),
      });
      const [audit] = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'enrollment.check_in'))
        .orderBy(desc(auditEvents.id));
      expect(audit?.actorUserId).toBe(
        (await ctx.deps.db.select().from(users).where(eq(users.localHoldingId, host.id)))[0]?.id,
      );
      expectError(
        await send('POST', `/host/trainings/${own.session.id}/check-in`, host.token, { code: own.code }),
        409,
        'ALREADY_CHECKED_IN',
      );
      expectValidationError(
        await send('POST', `/host/trainings/${own.session.id}/check-in`, host.token, {}),
        ['code'],
      );
    });

    it('refuses a host every member and office route (403) but lets it see itself and sign out', async () => {
      const host = await approvedHost();
      const session = await makeSession(ctx);
      for (const [method, url] of [
        ['GET', '/users/orders'],
        ['GET', '/products/orders'],
        ['GET', `/users/${member.id}`],
        ['POST', `/trainings/${session.id}/enrollments/user`],
        ['GET', '/office/dashboard'],
        ['GET', '/office/trainings'],
        ['GET', `/office/trainings/${session.id}/roster`],
        ['POST', '/office/check-in'],
        ['GET', '/office/staff'],
        ['GET', '/office/audit'],
      ] as const) {
        const res = await send(
          method,
          url,
          host.token,
          method === 'POST' ? { user_type: 4, code: 'x' } : undefined,
        );
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
      expect((await send('GET', '/users/me', host.token)).statusCode).toBe(200);
      expect((await send('POST', '/users/logout', host.token)).statusCode).toBeLessThan(300);
      expectError(await send('GET', '/host/trainings', host.token), 401, 'UNAUTHORIZED');
    });

    it('refuses the host view to a member and to the office (403) and to a visitor (401)', async () => {
      const session = await makeSession(ctx);
      for (const [method, url] of [
        ['GET', '/host/holding'],
        ['GET', '/host/trainings'],
        ['GET', `/host/trainings/${session.id}/roster`],
        ['POST', `/host/trainings/${session.id}/check-in`],
      ] as const) {
        const body = method === 'POST' ? { code: 'x' } : undefined;
        expectError(await send(method, url, undefined, body), 401, 'UNAUTHORIZED');
        expectError(await send(method, url, member.token, body), 403, 'FORBIDDEN');
        expectError(await send(method, url, office.token, body), 403, 'FORBIDDEN');
      }
    });
  });
});
