/**
 * Issue 13 §1 and §2 (decision 021): a second session of the same course carries the course
 * registration (and the pre-learning) the member's records hold; the member chooses the session
 * fee's payment method among those the session offers, and the route, the orders and the office's
 * queues follow the choice.
 */
import type { StepStatus } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError, expectNotFound } from '../../../test/http.ts';
import { enrollments, jobs, lessons, orders, quizzes } from '../../db/schema.ts';
import { emitOrderCompleted } from '../orders/index.ts';
import {
  applyFor,
  call,
  detailOf,
  makeCourse,
  makeSession,
  makeUser,
  type Member,
} from './enrollments.fixtures.ts';

type Detail = {
  step: number;
  step_status: number | null;
  steps: Array<{ step: number; state: string }>;
  next_route: string | null;
  warnings: string[];
};
type Agreement = {
  route: string;
  payment_method_id: number | null;
  can_choose_payment_method: boolean;
  can_agree: boolean;
  payments_methods: Array<{ payment_method_id: number }>;
  transfer: {
    account: { bank: string; number: string; holder: string };
    amount: number;
    order_id: number | null;
    due_at: string | null;
    days: number;
  } | null;
};

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const states = (d: Detail) => d.steps.map((s) => `${s.step}:${s.state}`).join(' ');

describe.each(drivers())('journeys (issue 13) on %s', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const detail = async (trainingId: number, token: string) =>
    dataOf<Detail>(await detailOf(ctx.app, trainingId, token));

  /** An order completed as the payments module would (gateway, free path or office), announced to listeners. */
  async function completeOrder(values: typeof orders.$inferInsert) {
    const [order] = await ctx.deps.db.insert(orders).values(values).returning();
    if (!order) throw new Error('no order');
    await ctx.deps.db.transaction((tx) => emitOrderCompleted(ctx.deps, tx, order));
    return order;
  }

  const setStatus = (userId: number, trainingId: number, status: StepStatus) =>
    ctx.deps.db
      .update(enrollments)
      .set({ status })
      .where(and(eq(enrollments.userId, userId), eq(enrollments.trainingId, trainingId)));

  describe('§1 the course registration is per member and course', () => {
    it('a member who paid the registration on one session finds step 1 finished on another and applies', async () => {
      const course = await makeCourse(ctx, { coursePrice: 3300 });
      const first = await makeSession(ctx, { courseId: course.id, selection: 'lottery' });
      const second = await makeSession(ctx, { courseId: course.id, eventDate: '2027-01-20' });
      const member = await makeUser(ctx);
      const stranger = await makeUser(ctx);
      await completeOrder({
        userId: member.id,
        objectType: 1,
        objectId: course.id,
        trainingId: first.id,
        amount: 3300,
        status: 3,
        paymentMethodId: 1,
      });
      expect((await applyFor(ctx.app, first.id, member.token)).statusCode).toBe(201);
      // The lottery was lost.
      await setStatus(member.id, first.id, 7);

      const next = await detail(second.id, member.token);
      expect(states(next)).toBe('1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled');
      expect(next.step).toBe(4);
      // Registered, and a lost lottery means the pre-learning was done (the course has none here).
      expect(next.step_status).toBe(3);
      const applied = await applyFor(ctx.app, second.id, member.token);
      expect(applied.statusCode, applied.body).toBe(201);

      // Nothing of it shows to another member, who still owes the fee.
      const other = await detail(second.id, stranger.token);
      expect(states(other)).toBe(
        '1:active 2:disabled 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
      );
      expect(other.step_status).toBeNull();
      expectError(await applyFor(ctx.app, second.id, stranger.token), 409, 'STEP_OUT_OF_ORDER');
    });

    it('pre-video and pre-test done for the course count on another session; after completing the course only the registration does', async () => {
      const course = await makeCourse(ctx, { coursePrice: 3300 });
      await ctx.deps.db.insert(lessons).values({
        courseId: course.id,
        kind: 'pre',
        title: '事前動画',
        duration: 5,
        link: 'https://example.jp/v.mp4',
      });
      await ctx.deps.db.insert(quizzes).values({ courseId: course.id, kind: 'pre', title: '事前テスト' });
      const a = await makeSession(ctx, { courseId: course.id });
      const b = await makeSession(ctx, { courseId: course.id, eventDate: '2027-01-20' });
      const member = await makeUser(ctx);
      await completeOrder({
        userId: member.id,
        objectType: 1,
        objectId: course.id,
        trainingId: a.id,
        amount: 3300,
        status: 3,
        paymentMethodId: 1,
      });
      expect(states(await detail(b.id, member.token))).toBe(
        '1:finished 2:active 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
      );
      // Pre-video and pre-test done on session A (status 3), then A cancelled (7).
      await setStatus(member.id, a.id, 3);
      const carried = await detail(b.id, member.token);
      expect(states(carried)).toBe(
        '1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled',
      );
      expect(carried.step).toBe(4);
      expect(carried.step_status).toBe(3);
      // Completed on A: a retake of the course on B watches and answers again.
      await setStatus(member.id, a.id, 12);
      const retake = await detail(b.id, member.token);
      expect(states(retake)).toBe(
        '1:finished 2:active 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
      );
      expect(retake.step).toBe(2);
    });

    it('the registration fee page of the second session is refused as already paid (no second charge)', async () => {
      const course = await makeCourse(ctx, { coursePrice: 3300 });
      const a = await makeSession(ctx, { courseId: course.id });
      const b = await makeSession(ctx, { courseId: course.id, eventDate: '2027-01-20' });
      const member = await makeUser(ctx);
      await completeOrder({
        userId: member.id,
        objectType: 1,
        objectId: course.id,
        trainingId: a.id,
        amount: 3300,
        status: 3,
        paymentMethodId: 1,
      });
      const check = dataOf<{ canBuy: boolean }>(
        await call(ctx.app, 'POST', '/api/v1/payments/check-product-order', member.token, {
          object_type: 1,
          object_id: course.id,
          training_id: b.id,
        }),
      );
      expect(check.canBuy).toBe(false);
    });
  });

  describe('§2 the member chooses the payment method', () => {
    const agreementOf = async (trainingId: number, token: string) =>
      dataOf<Agreement>(
        await call(
          ctx.app,
          'GET',
          `/api/v1/trainings/${trainingId}/enrollments/agreement?user_type=4`,
          token,
        ),
      );
    const choose = (trainingId: number, token: string, method: unknown) =>
      call(ctx.app, 'POST', `/api/v1/trainings/${trainingId}/enrollments/payment-method`, token, {
        user_type: 4,
        payment_method_id: method,
      });
    const pendingOrders = (userId: number) =>
      ctx.deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.objectType, 2), eq(orders.status, 0)));
    const officeQueue = async (kind: 'transfer' | 'onsite') =>
      dataOf<Array<{ id: number }>>(
        await call(ctx.app, 'GET', `/api/v1/office/orders?kind=${kind}&limit=100`, office.token),
      );

    it('several methods: the member chooses; bank transfer → the waiting notice, the order in the office queue, confirmed → attending', async () => {
      const session = await makeSession(ctx, { price: 5000, paymentMethods: [1, 2, 3] });
      const member = await makeUser(ctx);
      const applied = dataOf<{ status: number; enrollment_id: number }>(
        await applyFor(ctx.app, session.id, member.token),
      );
      expect(applied.status).toBe(8);
      expect((await detail(session.id, member.token)).next_route).toBe('choose');
      const before = await agreementOf(session.id, member.token);
      expect(before).toMatchObject({
        route: 'choose',
        payment_method_id: null,
        can_choose_payment_method: true,
      });
      expect(before.payments_methods.map((p) => p.payment_method_id)).toEqual([1, 2, 3]);

      const chosen = await choose(session.id, member.token, 2);
      expect(chosen.statusCode, chosen.body).toBe(200);
      const waiting = dataOf<Agreement>(chosen);
      expect(waiting.route).toBe('waiting');
      expect(waiting.payment_method_id).toBe(2);
      expect(waiting.transfer).toMatchObject({ amount: 5000, days: 7, account: { number: '1234567' } });
      expect(waiting.transfer?.due_at).toBe(
        new Date(new Date(TEST_NOW).getTime() + 7 * 86_400_000).toISOString(),
      );
      const [row] = await ctx.deps.db
        .select()
        .from(enrollments)
        .where(eq(enrollments.id, applied.enrollment_id));
      expect(row?.paymentMethodId).toBe(2);
      expect(row?.status).toBe(8);
      const detailNow = await detail(session.id, member.token);
      expect(detailNow.next_route).toBe('waiting');
      // A transfer awaited is not a card payment 'processing'.
      expect(detailNow.warnings.join()).not.toContain('決済処理中');
      // A second click is idempotent: one order.
      expect((await choose(session.id, member.token, 2)).statusCode).toBe(200);
      const pending = await pendingOrders(member.id);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({
        paymentMethodId: 2,
        amount: 5000,
        enrollmentId: applied.enrollment_id,
      });
      const orderId = pending[0]?.id ?? 0;
      expect((await officeQueue('transfer')).map((o) => o.id)).toContain(orderId);
      // The transfer instructions mail (account, amount, deadline) is queued with the order.
      const [mailJob] = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `mail:transferInstructions:${orderId}`));
      expect(mailJob).toBeDefined();

      const confirmed = await call(
        ctx.app,
        'POST',
        `/api/v1/office/orders/${orderId}/confirm-transfer`,
        office.token,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await detail(session.id, member.token)).next_route).toBe('ticket');
      expectError(await choose(session.id, member.token, 1), 409, 'PAYMENT_METHOD_LOCKED');
    });

    it('changing the choice before paying withdraws the transfer order (and its deadline job); card → the card form', async () => {
      const session = await makeSession(ctx, { price: 5000, paymentMethods: [1, 2] });
      const member = await makeUser(ctx);
      await applyFor(ctx.app, session.id, member.token);
      await choose(session.id, member.token, 2);
      const [transfer] = await pendingOrders(member.id);
      const card = dataOf<Agreement>(await choose(session.id, member.token, 1));
      expect(card).toMatchObject({ route: 'payment', payment_method_id: 1, transfer: null });
      expect(await pendingOrders(member.id)).toHaveLength(0);
      const [withdrawn] = await ctx.deps.db
        .select()
        .from(orders)
        .where(eq(orders.id, transfer?.id ?? 0));
      expect(withdrawn?.status).toBe(6);
      const [job] = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `cancel-unpaid-transfer:${transfer?.id ?? 0}`));
      expect(job?.status).toBe('done');
      expect((await officeQueue('transfer')).map((o) => o.id)).not.toContain(transfer?.id);
      expect((await detail(session.id, member.token)).next_route).toBe('payment');
      // The office sees the member's choice on the roster before any payment.
      const roster = dataOf<{ enrollments: Array<{ user_id: number; payment_method_id: number | null }> }>(
        await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/roster`, office.token),
      );
      expect(roster.enrollments.find((e) => e.user_id === member.id)?.payment_method_id).toBe(1);
    });

    it('pay on site: the order waits in the on-site queue, the agreement issues the ticket, the office marks it paid', async () => {
      const session = await makeSession(ctx, { price: 5000, paymentMethods: [1, 3] });
      const member = await makeUser(ctx);
      await applyFor(ctx.app, session.id, member.token);
      expectError(
        await call(ctx.app, 'POST', `/api/v1/trainings/${session.id}/enrollments/agreement`, member.token, {
          user_type: 4,
          agree: true,
        }),
        409,
        'NG_NOT_PAYMENT',
      );
      const onSite = dataOf<Agreement>(await choose(session.id, member.token, 3));
      expect(onSite).toMatchObject({ route: 'agreement', payment_method_id: 3, can_agree: true });
      const [order] = await pendingOrders(member.id);
      expect(order?.paymentMethodId).toBe(3);
      expect((await officeQueue('onsite')).map((o) => o.id)).toContain(order?.id);
      const agreed = await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/agreement`,
        member.token,
        {
          user_type: 4,
          agree: true,
        },
      );
      expect(agreed.statusCode, agreed.body).toBe(200);
      expect((await detail(session.id, member.token)).step_status).toBe(9);
      const paid = await call(
        ctx.app,
        'POST',
        `/api/v1/office/orders/${order?.id ?? 0}/mark-paid`,
        office.token,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await detail(session.id, member.token)).step_status).toBe(9);
    });

    it('a session paid only on site: the agreement records the on-site order for reception', async () => {
      const session = await makeSession(ctx, { price: 4000, paymentMethods: [3] });
      const member = await makeUser(ctx);
      expect(dataOf<{ status: number }>(await applyFor(ctx.app, session.id, member.token)).status).toBe(6);
      const agreed = await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/agreement`,
        member.token,
        {
          user_type: 4,
          agree: true,
        },
      );
      expect(agreed.statusCode, agreed.body).toBe(200);
      const [order] = await pendingOrders(member.id);
      expect(order).toMatchObject({ paymentMethodId: 3, amount: 4000 });
      expect((await officeQueue('onsite')).map((o) => o.id)).toContain(order?.id);
    });

    it('refuses a method the session does not offer (400), bad input (400), another member (404) and a free session (409)', async () => {
      const session = await makeSession(ctx, { price: 5000, paymentMethods: [1, 2] });
      const member = await makeUser(ctx);
      const stranger = await makeUser(ctx);
      await applyFor(ctx.app, session.id, member.token);
      expectError(await choose(session.id, member.token, 3), 400, 'VALIDATION_ERROR');
      expectError(await choose(session.id, member.token, 'card'), 400, 'VALIDATION_ERROR');
      expectError(await choose(session.id, member.token, 9), 400, 'VALIDATION_ERROR');
      expectError(await choose(session.id, undefined as unknown as string, 2), 401, 'UNAUTHORIZED');
      expectNotFound(await choose(session.id, stranger.token, 2));
      expectNotFound(
        await call(
          ctx.app,
          'GET',
          `/api/v1/trainings/${session.id}/enrollments/agreement?user_type=4`,
          stranger.token,
        ),
      );
      expect(await pendingOrders(member.id)).toHaveLength(0);
      const free = await makeSession(ctx, { price: 0, paymentMethods: [1, 2], eventDate: '2027-02-01' });
      await applyFor(ctx.app, free.id, member.token);
      expectError(await choose(free.id, member.token, 2), 409, 'PAYMENT_METHOD_LOCKED');
    });
  });
});
