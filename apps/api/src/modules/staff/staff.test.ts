import { officeStaffListSchema, officeStaffMemberSchema } from '@mels/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { auditEvents, localHoldings, orders, users } from '../../db/schema.ts';
import { makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';
import { enrol, makeWorld, newMember, type World } from '../payments/payments.fixtures.ts';

const staffList = z.object({ data: officeStaffListSchema });
const staffOne = z.object({ data: officeStaffMemberSchema });

describe.each(drivers())('office staff roles and the staff refund limit (%s)', (driver) => {
  let ctx: TestContext;
  let admin: Member;
  let staff: Member;
  let member: Member;

  const send = (method: string, url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  const admins = async () =>
    Number(
      (
        await ctx.deps.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'office'), eq(users.officeRole, 'admin')))
      )[0]?.n,
    );

  /** Only the given users stay admins (others are made staff), so that a test controls the count. */
  async function onlyAdmins(...ids: number[]) {
    await ctx.deps.db.update(users).set({ officeRole: 'staff' }).where(eq(users.role, 'office'));
    for (const id of ids)
      await ctx.deps.db.update(users).set({ officeRole: 'admin' }).where(eq(users.id, id));
  }

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    admin = await makeUser(ctx, { role: 'office', officeRole: 'admin' });
    staff = await makeUser(ctx, { role: 'office', officeRole: 'staff' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());

  it('lists the office users with their roles for an admin; refuses staff and members (403), visitors (401)', async () => {
    const { members: list, staff_refund_limit } = expectBody(
      await send('GET', '/office/staff', admin.token),
      200,
      staffList,
    ).data;
    expect(staff_refund_limit).toBe(30_000);
    expect(list.find((s) => s.id === admin.id)?.office_role).toBe('admin');
    expect(list.find((s) => s.id === staff.id)?.office_role).toBe('staff');
    expect(list.some((s) => s.id === member.id)).toBe(false);
    // The seeded office account was an office user before roles: it is an admin.
    expect(list.find((s) => s.email === 'office@mels.example.jp')?.office_role).toBe('admin');
    const target = await makeUser(ctx);
    for (const [method, url, body] of [
      ['GET', '/office/staff', undefined],
      ['POST', '/office/staff', { email: target.email, office_role: 'staff' }],
      ['PATCH', `/office/staff/${staff.id}`, { office_role: 'admin' }],
      ['DELETE', `/office/staff/${staff.id}`, undefined],
    ] as const) {
      expectError(await send(method, url, undefined, body), 401, 'UNAUTHORIZED');
      expectError(await send(method, url, member.token, body), 403, 'FORBIDDEN');
      expectError(await send(method, url, staff.token, body), 403, 'FORBIDDEN');
    }
    const [unchanged] = await ctx.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(unchanged).toMatchObject({ role: 'member', officeRole: null });
    const [still] = await ctx.deps.db.select().from(users).where(eq(users.id, staff.id));
    expect(still).toMatchObject({ role: 'office', officeRole: 'staff' });
  });

  it('staff can still do the office work that is not staff management', async () => {
    expect((await send('GET', '/office/dashboard', staff.token)).statusCode).toBe(200);
    expect((await send('GET', '/office/local-holdings', staff.token)).statusCode).toBe(200);
  });

  it('grants, changes and removes the office role by email, each audited with before and after', async () => {
    const target = await makeUser(ctx);
    const granted = expectBody(
      await send('POST', '/office/staff', admin.token, {
        email: target.email.toUpperCase(),
        office_role: 'staff',
      }),
      201,
      staffOne,
    ).data;
    expect(granted).toMatchObject({ id: target.id, office_role: 'staff' });
    expect((await send('GET', '/office/dashboard', target.token)).statusCode).toBe(200);
    expectError(
      await send('POST', '/office/staff', admin.token, { email: target.email, office_role: 'admin' }),
      409,
      'ALREADY_OFFICE',
    );

    const changed = expectBody(
      await send('PATCH', `/office/staff/${target.id}`, admin.token, { office_role: 'admin' }),
      200,
      staffOne,
    ).data;
    expect(changed.office_role).toBe('admin');
    expect((await send('GET', '/office/staff', target.token)).statusCode).toBe(200);

    const removed = await send('DELETE', `/office/staff/${target.id}`, admin.token);
    expect(removed.json()).toEqual({ data: { id: target.id, role: 'member' } });
    expectError(await send('GET', '/office/dashboard', target.token), 403, 'FORBIDDEN');
    expectError(await send('DELETE', `/office/staff/${target.id}`, admin.token), 409, 'NOT_OFFICE');

    const audits = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, target.id)))
      .orderBy(auditEvents.id);
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ['staff.grant', admin.id],
      ['staff.change', admin.id],
      ['staff.remove', admin.id],
    ]);
    expect(audits[0]?.data).toEqual({
      before: { role: 'member', office_role: null },
      after: { role: 'office', office_role: 'staff' },
    });
    expect(audits[1]?.data).toEqual({
      before: { role: 'office', office_role: 'staff' },
      after: { role: 'office', office_role: 'admin' },
    });
    expect(audits[2]?.data).toEqual({
      before: { role: 'office', office_role: 'admin' },
      after: { role: 'member', office_role: null },
    });
  });

  it('refuses an unknown email (404), a host account (409), bad input (400), an unknown user (404)', async () => {
    expectError(
      await send('POST', '/office/staff', admin.token, { email: 'nobody@example.jp', office_role: 'staff' }),
      404,
      'NOT_FOUND',
    );
    const [holding] = await ctx.deps.db
      .select()
      .from(localHoldings)
      .where(eq(localHoldings.status, 1))
      .limit(1);
    const [host] = await ctx.deps.db.select().from(users).where(eq(users.localHoldingId, holding!.id));
    expectError(
      await send('POST', '/office/staff', admin.token, { email: host!.email, office_role: 'staff' }),
      409,
      'NOT_A_MEMBER',
    );
    expectValidationError(
      await send('POST', '/office/staff', admin.token, { email: 'x', office_role: 'boss' }),
      ['email', 'office_role'],
    );
    expectValidationError(await send('PATCH', `/office/staff/${staff.id}`, admin.token, {}), ['office_role']);
    expectNotFound(await send('PATCH', '/office/staff/999999', admin.token, { office_role: 'staff' }));
    expectError(
      await send('PATCH', `/office/staff/${member.id}`, admin.token, { office_role: 'staff' }),
      409,
      'NOT_OFFICE',
    );
  });

  it('the last admin cannot remove or demote itself', async () => {
    await onlyAdmins(admin.id);
    try {
      expectError(await send('DELETE', `/office/staff/${admin.id}`, admin.token), 409, 'LAST_ADMIN');
      expectError(
        await send('PATCH', `/office/staff/${admin.id}`, admin.token, { office_role: 'staff' }),
        409,
        'LAST_ADMIN',
      );
      expect(await admins()).toBe(1);
      // With a second admin, it may step down.
      const other = await makeUser(ctx, { role: 'office', officeRole: 'admin' });
      expect(
        (await send('PATCH', `/office/staff/${admin.id}`, admin.token, { office_role: 'staff' })).statusCode,
      ).toBe(200);
      expectError(await send('DELETE', `/office/staff/${other.id}`, other.token), 409, 'LAST_ADMIN');
      expect(await admins()).toBe(1);
    } finally {
      await onlyAdmins(admin.id);
    }
  });

  it('two admins demoting each other at once: one change wins, an admin remains (the locks)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await makeUser(ctx, { role: 'office', officeRole: 'admin' });
      const b = await makeUser(ctx, { role: 'office', officeRole: 'admin' });
      await onlyAdmins(a.id, b.id);
      const results = await Promise.all([
        send('PATCH', `/office/staff/${b.id}`, a.token, { office_role: 'staff' }),
        send('DELETE', `/office/staff/${a.id}`, b.token),
      ]);
      // The loser is refused by the locked check (409), or at the door if the winner committed first (403).
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0], results.map((r) => r.body).join('\n')).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await admins()).toBe(1);
    }
    await onlyAdmins(admin.id);
  });

  describe('refunds above OFFICE_STAFF_REFUND_LIMIT (default 30000 yen)', () => {
    let world: World;
    /** A paid on-site order of the world's session fee, with the amount the test needs. */
    async function paidOrder(amount: number, buyer?: { id: number; token: string }) {
      world ??= await makeWorld(ctx);
      buyer ??= await newMember(ctx.app);
      await enrol(ctx, world, buyer.id);
      const created = await send('POST', '/payments/create-offline-order', buyer.token, {
        object_type: 2,
        object_id: world.training.id,
        payment_method_id: 3,
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as number;
      expect((await send('POST', `/office/orders/${id}/mark-paid`, admin.token)).statusCode).toBe(200);
      await ctx.deps.db.update(orders).set({ amount }).where(eq(orders.id, id));
      return id;
    }
    const statusOf = async (id: number) =>
      (await ctx.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

    it('staff: 403 above the limit (nothing refunded), 200 at the limit; an admin refunds any amount', async () => {
      expect(ctx.deps.config.officeStaffRefundLimit).toBe(30_000);
      const above = await paidOrder(30_001);
      const paidStatus = await statusOf(above);
      const refused = expectError(
        await send('POST', `/office/orders/${above}/refund`, staff.token),
        403,
        'REFUND_ABOVE_STAFF_LIMIT',
      );
      expect(refused.meta.message).toContain('30,000円');
      expect(await statusOf(above)).toBe(paidStatus);
      expect((await send('POST', `/office/orders/${above}/refund`, admin.token)).statusCode).toBe(200);

      const atLimit = await paidOrder(30_000);
      const ok = await send('POST', `/office/orders/${atLimit}/refund`, staff.token);
      expect(ok.statusCode, ok.body).toBe(200);
      expectNotFound(await send('POST', '/office/orders/999999/refund', staff.token));
    });

    it('approving a cancellation refunds the fee: staff 403 above the limit (nothing decided), an admin approves', async () => {
      const buyer = await newMember(ctx.app);
      const id = await paidOrder(30_001, buyer);
      const requested = await send(
        'POST',
        `/trainings/${world.training.id}/enrollments/user/request-cancel`,
        buyer.token,
        { user_type: 4 },
      );
      expect(requested.statusCode, requested.body).toBe(201);
      const requestId = requested.json().data.id as number;
      const approve = (token: string) => send('POST', `/office/cancel-requests/${requestId}/approve`, token);
      expectError(await approve(staff.token), 403, 'REFUND_ABOVE_STAFF_LIMIT');
      const paidStatus = await statusOf(id);
      // Still awaiting approval: the admin's approval goes through and refunds.
      const approved = await approve(admin.token);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.refund.refund_order_id).not.toBeNull();
      expect(await statusOf(id)).not.toBe(paidStatus);
    });

    it('cancelling a session refunds its fees: staff 403 when one is above the limit (still open), an admin cancels', async () => {
      const id = await paidOrder(30_001);
      const cancel = (token: string) =>
        send('POST', `/office/trainings/${world.training.id}/cancel`, token, { reason: '講師の都合' });
      expectError(await cancel(staff.token), 403, 'REFUND_ABOVE_STAFF_LIMIT');
      const paidStatus = await statusOf(id);
      const cancelled = await cancel(admin.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await statusOf(id)).not.toBe(paidStatus);
    });
  });
});
