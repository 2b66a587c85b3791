import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { auditEvents, enrollments } from '../../db/schema.ts';
import { applyFor, makeSession, makeUser } from '../enrollments/enrollments.fixtures.ts';
import { call, newMember } from '../payments/payments.fixtures.ts';

type Entry = {
  key: string;
  source: 'event' | 'trail';
  actor: { id: number; name: string } | null;
  action: string;
  object_type: string;
  object_id: number | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  created_at: string;
};

/**
 * Issue 18, audit log (decision 033): the office searches one log of its actions and of every enrolment
 * change (the step trails) by member, session, order, actor, action and dates, newest first, and
 * downloads the same filter as CSV. Members and visitors are refused.
 */
describe.each(drivers())('GET /office/audit (%s)', (driver) => {
  let ctx: TestContext;
  let office: { id: number; token: string };
  let member: { id: number; token: string };
  let other: { id: number; token: string };
  let session: { id: number };
  let enrolmentId: number;

  const list = async (query: string, token = office.token) => {
    const response = await call(ctx.app, token, 'GET', `/api/v1/office/audit?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Entry[]; pagination: { total: number; pages: number } };
  };

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    member = await newMember(ctx.app);
    other = await newMember(ctx.app);
    session = await makeSession(ctx, { userTypeIds: [2, 4] });
    const other_session = await makeSession(ctx, { userTypeIds: [2, 4] });
    expect((await applyFor(ctx.app, session.id, member.token, 2)).statusCode).toBe(201);
    expect((await applyFor(ctx.app, other_session.id, other.token, 2)).statusCode).toBe(201);
    const [row] = await ctx.deps.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, session.id), eq(enrollments.userId, member.id)));
    enrolmentId = row!.id;
    const rejected = await call(
      ctx.app,
      office.token,
      'POST',
      `/api/v1/office/enrollments/${enrolmentId}/reject-assistant`,
      { reason: '定員に達しました。' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('refuses a visitor (401) and a member (403), for the list and the CSV', async () => {
    for (const url of ['/api/v1/office/audit', '/api/v1/office/audit.csv']) {
      expect((await call(ctx.app, null, 'GET', url)).statusCode).toBe(401);
      expect((await call(ctx.app, member.token, 'GET', url)).statusCode).toBe(403);
    }
  });

  it("finds a member's enrolment trail and the office's decision, with actor, before and IP", async () => {
    const { data, pagination } = await list(`member_id=${member.id}`);
    expect(pagination.total).toBe(data.length);
    const decision = data.find((e) => e.action === 'assistant.reject');
    expect(decision).toMatchObject({
      source: 'event',
      object_type: 'enrollment',
      object_id: enrolmentId,
      actor: { id: office.id },
      ip: '127.0.0.1',
    });
    expect(decision!.actor!.name.length).toBeGreaterThan(1);
    expect(JSON.parse(decision!.before!)).toHaveProperty('status');
    // The trail: the member's own application and the office's decision, on the member's enrolment only.
    const trail = data.filter((e) => e.source === 'trail');
    expect(trail.length).toBeGreaterThanOrEqual(2);
    expect(trail.every((e) => e.object_id === enrolmentId)).toBe(true);
    expect(trail.some((e) => e.actor?.id === member.id)).toBe(true);
    // Newest first.
    const times = data.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // Another member's filter does not show this member's rows.
    const others = await list(`member_id=${other.id}`);
    expect(others.data.length).toBeGreaterThan(0);
    expect(others.data.some((e) => e.object_id === enrolmentId)).toBe(false);
  });

  it('filters by session, actor, action, order and dates, and pages', async () => {
    const bySession = await list(`training_id=${session.id}`);
    expect(bySession.data.map((e) => e.object_id)).toEqual(bySession.data.map(() => enrolmentId));

    const byActor = await list(`actor_id=${office.id}`);
    expect(byActor.data.length).toBeGreaterThan(0);
    expect(byActor.data.every((e) => e.actor?.id === office.id)).toBe(true);

    const byAction = await list('action=assistant.');
    expect(byAction.data.length).toBeGreaterThan(0);
    expect(byAction.data.every((e) => e.action.startsWith('assistant.'))).toBe(true);

    const [order] = await ctx.deps.db
      .insert(auditEvents)
      .values({ actorUserId: office.id, action: 'order.refund', entity: 'order', entityId: 987654, data: {} })
      .returning();
    const byOrder = await list('order_id=987654');
    expect(byOrder.data.map((e) => e.key)).toEqual([`event:${order!.id}`]);
    // Written outside a request: no address.
    expect(byOrder.data[0]!.ip).toBeNull();

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(ctx.deps.clock.now());
    expect((await list(`member_id=${member.id}&from=${today}&to=${today}`)).data.length).toBeGreaterThan(0);
    expect((await list(`member_id=${member.id}&from=2000-01-01&to=2000-01-31`)).data).toEqual([]);

    const first = await list(`member_id=${member.id}&limit=1&page=1`);
    const second = await list(`member_id=${member.id}&limit=1&page=2`);
    expect(first.data).toHaveLength(1);
    expect(second.data[0]!.key).not.toBe(first.data[0]!.key);
    expect(first.pagination.pages).toBe(first.pagination.total);
  });

  it('refuses a bad filter with a clear 400', async () => {
    for (const query of [
      'from=2026-02-30',
      'from=2026-03-02&to=2026-03-01',
      'action=DROP%20TABLE',
      'member_id=x',
    ]) {
      const response = await call(ctx.app, office.token, 'GET', `/api/v1/office/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().meta.code).toBe('VALIDATION_ERROR');
    }
  });

  it('exports the same filter as CSV: BOM, Japanese header, one line per row', async () => {
    const { data } = await list(`member_id=${member.id}`);
    const response = await call(
      ctx.app,
      office.token,
      'GET',
      `/api/v1/office/audit.csv?member_id=${member.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{8}\.csv"/);
    const body = response.rawPayload.toString('utf8');
    expect(
      body.startsWith(
        '\uFEFF日時,操作者ID,操作者,操作,対象の種類,対象ID,変更前,変更後,詳細,IPアドレス,記録元\r\n',
      ),
    ).toBe(true);
    const lines = body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(data.length + 1);
    expect(body).toContain('assistant.reject');
    expect(body).toContain('127.0.0.1');
    expect(body).toContain('申込の履歴');
  });
});
