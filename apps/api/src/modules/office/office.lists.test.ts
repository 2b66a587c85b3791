import type {
  OfficeCancelRequest,
  OfficeDashboard,
  OfficeOrder,
  OfficeRoster,
  OfficeTraining,
  OfficeTrainingDetail,
} from '@mels/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError } from '../../../test/http.ts';
import {
  applyFor,
  call,
  makeSession,
  makeUser,
  makeUsers,
  type Member,
} from '../enrollments/enrollments.fixtures.ts';

const dataOf = <T>(response: { json: () => unknown; statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};
const listOf = <T>(response: { json: () => unknown; statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: T[]; pagination: { total: number; page: number; pages: number } };
};
const AFTER_WINDOW = '2026-12-02T00:00:00Z';

describe.each(drivers())('office lists on %s', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const get = (url: string, token = office.token) => call(ctx.app, 'GET', `/api/v1${url}`, token);
  const dashboard = async () => dataOf<OfficeDashboard>(await get('/office/dashboard'));

  it('refuses members (403) and visitors (401) on every list', async () => {
    const session = await makeSession(ctx);
    for (const url of [
      '/office/dashboard',
      '/office/trainings',
      `/office/trainings/${session.id}`,
      '/office/cancel-requests',
      '/office/orders?kind=paid',
    ]) {
      expectError(await get(url, member.token), 403, 'FORBIDDEN');
      expectError(await call(ctx.app, 'GET', `/api/v1${url}`), 401, 'UNAUTHORIZED');
    }
  });

  it('refuses bad filters with Japanese messages and an unknown session with 404', async () => {
    const bad = await get('/office/trainings?waiting=other&from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('対応待ちの値が正しくありません');
    expect((await get('/office/orders?kind=card')).statusCode).toBe(400);
    expect((await get('/office/cancel-requests?status=5')).statusCode).toBe(400);
    expect((await get('/office/trainings/99999999')).statusCode).toBe(404);
  });

  it('counts ready lotteries and awaiting assistants, lists and details the sessions', async () => {
    const before = await dashboard();
    const lotterySession = await makeSession(ctx, {
      selection: 'lottery',
      capacity: 1,
      eventDate: '2026-12-24',
    });
    const applicants = await makeUsers(ctx, 3);
    for (const a of applicants)
      expect((await applyFor(ctx.app, lotterySession.id, a.token)).statusCode).toBe(201);
    const assistantSession = await makeSession(ctx, { userTypeIds: [2, 4], eventDate: '2026-12-23' });
    const assistant = await makeUser(ctx);
    expect((await applyFor(ctx.app, assistantSession.id, assistant.token, 2)).statusCode).toBe(201);

    // While the window is open the lottery is not ready yet.
    const open = await dashboard();
    expect(open.lotteries_ready).toBe(before.lotteries_ready);
    expect(open.assistants_awaiting).toBe(before.assistants_awaiting + 1);

    ctx.clock.set(AFTER_WINDOW);
    expect((await dashboard()).lotteries_ready).toBe(before.lotteries_ready + 1);
    const ready = listOf<OfficeTraining>(await get('/office/trainings?waiting=lottery'));
    expect(ready.data.map((t) => t.id)).toContain(lotterySession.id);
    expect(ready.data.map((t) => t.id)).not.toContain(assistantSession.id);
    const withAssistants = listOf<OfficeTraining>(await get('/office/trainings?waiting=assistant'));
    expect(withAssistants.data.map((t) => t.id)).toContain(assistantSession.id);

    const row = ready.data.find((t) => t.id === lotterySession.id);
    expect(row?.recruitments).toEqual([
      expect.objectContaining({
        user_type_id: 4,
        selection: 'lottery',
        capacity: 1,
        participant: 0,
        applicants: 3,
        awaiting_lottery: 3,
        window_closed: true,
        lottery_ready: true,
        drawn: false,
      }),
    ]);

    const detail = dataOf<OfficeTrainingDetail>(await get(`/office/trainings/${lotterySession.id}`));
    expect(detail.recruitments[0]?.status_counts).toEqual([
      { key: 'awaitingLottery', status: 5, label: '抽選待ち', count: 3 },
    ]);
    expect(detail.recruitments[0]?.draw).toBeNull();

    const drawn = await call(
      ctx.app,
      'POST',
      `/api/v1/office/trainings/${lotterySession.id}/lottery`,
      office.token,
      {
        user_type: 4,
        seed: 'office-lists',
      },
    );
    expect(drawn.statusCode, drawn.body).toBe(200);
    const after = dataOf<OfficeTrainingDetail>(await get(`/office/trainings/${lotterySession.id}`));
    expect(after.recruitments[0]).toMatchObject({
      drawn: true,
      lottery_ready: false,
      participant: 1,
      waiting_list: 2,
      draw: { seed: 'office-lists', places: 1, entrants: 3, winners: 1 },
    });
    expect(after.recruitments[0]?.status_counts.map((c) => [c.label, c.count])).toEqual([
      ['当選', 1],
      ['落選', 2],
    ]);
    expect((await dashboard()).lotteries_ready).toBe(before.lotteries_ready);
  });

  it('filters sessions by date range, course and keyword, upcoming first, paged', async () => {
    const a = await makeSession(ctx, { eventDate: '2027-03-01' });
    const b = await makeSession(ctx, { eventDate: '2027-03-02', courseId: a.courseId });
    const past = await makeSession(ctx, { eventDate: '2026-01-10', courseId: a.courseId });
    const byCourse = listOf<OfficeTraining>(await get(`/office/trainings?course=${a.courseId}`));
    expect(byCourse.data.map((t) => t.id)).toEqual([a.id, b.id, past.id]);
    const ranged = listOf<OfficeTraining>(
      await get(`/office/trainings?course=${a.courseId}&from=2027-03-02&to=2027-03-31`),
    );
    expect(ranged.data.map((t) => t.id)).toEqual([b.id]);
    const paged = listOf<OfficeTraining>(await get(`/office/trainings?course=${a.courseId}&limit=2&page=2`));
    expect(paged.data.map((t) => t.id)).toEqual([past.id]);
    expect(paged.pagination).toMatchObject({ total: 3, page: 2, pages: 2 });
    const name = byCourse.data[0]?.name ?? '';
    const keyword = listOf<OfficeTraining>(
      await get(`/office/trainings?keyword=${encodeURIComponent(name)}`),
    );
    expect(keyword.data.map((t) => t.id)).toEqual([a.id]);
    expect(listOf(await get('/office/trainings?keyword=%25_')).data).toEqual([]);
  });

  it('lists cancel requests awaiting and decided, with place and paid state', async () => {
    const before = await dashboard();
    const session = await makeSession(ctx, { capacity: 5 });
    const user = await makeUser(ctx);
    expect((await applyFor(ctx.app, session.id, user.token)).statusCode).toBe(201);
    const requested = await call(
      ctx.app,
      'POST',
      `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`,
      user.token,
      { user_type: 4, reason: '業務の都合' },
    );
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await dashboard()).cancel_requests_pending).toBe(before.cancel_requests_pending + 1);
    const pending = listOf<OfficeCancelRequest>(await get('/office/cancel-requests'));
    const mine = pending.data.find((c) => c.training.id === session.id);
    expect(mine).toMatchObject({
      status: 0,
      reason: '業務の都合',
      holds_place: true,
      fullname_kana: 'シケン ハナコ',
      user_type: { id: 4 },
      paid_order: null,
    });
    const approved = await call(
      ctx.app,
      'POST',
      `/api/v1/office/cancel-requests/${mine?.id}/approve`,
      office.token,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await dashboard()).cancel_requests_pending).toBe(before.cancel_requests_pending);
    const decided = listOf<OfficeCancelRequest>(await get('/office/cancel-requests?status=1'));
    expect(decided.data.map((c) => c.id)).toContain(mine?.id);
  });

  it('lists bank transfers awaiting and on-site payments unpaid, then paid ones; the roster shows payment', async () => {
    const before = await dashboard();
    const transferSession = await makeSession(ctx, { price: 8000, paymentMethods: [2] });
    const onsiteSession = await makeSession(ctx, { price: 6000, paymentMethods: [3] });
    const [payer, onsitePayer] = await makeUsers(ctx, 2);
    if (!payer || !onsitePayer) throw new Error('no users');
    expect((await applyFor(ctx.app, transferSession.id, payer.token)).statusCode).toBe(201);
    expect((await applyFor(ctx.app, onsiteSession.id, onsitePayer.token)).statusCode).toBe(201);
    const offline = (token: string, trainingId: number, method: 2 | 3) =>
      call(ctx.app, 'POST', '/api/v1/payments/create-offline-order', token, {
        object_type: 2,
        object_id: trainingId,
        payment_method_id: method,
      });
    const t = await offline(payer.token, transferSession.id, 2);
    expect(t.statusCode, t.body).toBe(200);
    const o = await offline(onsitePayer.token, onsiteSession.id, 3);
    expect(o.statusCode, o.body).toBe(200);

    const counts = await dashboard();
    expect(counts.transfers_awaiting).toBe(before.transfers_awaiting + 1);
    expect(counts.onsite_unpaid).toBe(before.onsite_unpaid + 1);
    const transfers = listOf<OfficeOrder>(await get('/office/orders?kind=transfer'));
    const order = transfers.data.find((x) => x.training?.id === transferSession.id);
    expect(order).toMatchObject({
      amount: 8000,
      status: 0,
      status_name: '決済中',
      payment_method_name: '銀行振込',
      refundable: true,
      user: { id: payer.id },
    });
    expect(order?.due_at).not.toBeNull();
    const onsite = listOf<OfficeOrder>(await get('/office/orders?kind=onsite'));
    expect(onsite.data.map((x) => x.training?.id)).toContain(onsiteSession.id);

    const roster = dataOf<OfficeRoster>(await get(`/office/trainings/${transferSession.id}/roster`));
    expect(roster.enrollments[0]?.payment).toMatchObject({
      status: 0,
      method_name: '銀行振込',
      amount: 8000,
    });

    const confirmed = await call(
      ctx.app,
      'POST',
      `/api/v1/office/orders/${order?.id}/confirm-transfer`,
      office.token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await dashboard()).transfers_awaiting).toBe(before.transfers_awaiting);
    const paid = listOf<OfficeOrder>(await get('/office/orders?kind=paid'));
    expect(paid.data.find((x) => x.id === order?.id)).toMatchObject({ status: 3, status_name: '決済完了' });
    const rosterAfter = dataOf<OfficeRoster>(await get(`/office/trainings/${transferSession.id}/roster`));
    expect(rosterAfter.enrollments[0]).toMatchObject({ status: 9, payment: { status: 3 } });
  });
});
