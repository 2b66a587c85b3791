import { confirmParticipantResponseSchema, formsJa, sessionDetailResponseSchema } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import {
  auditEvents,
  authTokens,
  certificates,
  enrollments,
  enrollmentSteps,
  orders,
  quizQuestions,
  quizzes,
  trainingUserTypes,
  users,
} from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { emitOrderCompleted } from '../orders/index.ts';
import { markEnrollmentPaid } from './enrollments.service.ts';
import {
  applyFor,
  call,
  detailOf,
  makeCourse,
  makeSession,
  makeUser,
  makeUsers,
  type Member,
} from './enrollments.fixtures.ts';

type Detail = {
  step: number;
  step_status: number | null;
  steps: Array<{ step: number; state: string }>;
  warnings: string[];
  next_route: string | null;
  check_training: boolean;
  is_cancelled: boolean;
  is_not_pass_occupation: Array<{ id: number; name: string }>;
  is_not_pass_course_condition: Array<Array<{ course_id: number; course_name: string }>>;
  training_user_cancel: { status: number } | null;
  training_user_steps: Array<{ step: number; status: number }>;
};

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

describe.each(drivers())('session workflow on %s', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const participantOf = async (trainingId: number) => {
    const [row] = await ctx.deps.db
      .select({ participant: trainingUserTypes.participant })
      .from(trainingUserTypes)
      .where(eq(trainingUserTypes.trainingId, trainingId));
    return row?.participant;
  };

  it('needs a token (401) and answers 404 for an unknown session', async () => {
    const session = await makeSession(ctx);
    expectError(await detailOf(ctx.app, session.id, undefined), 401, 'UNAUTHORIZED');
    expectError(await applyFor(ctx.app, session.id, undefined), 401, 'UNAUTHORIZED');
    const user = await makeUser(ctx);
    expectNotFound(await detailOf(ctx.app, 99_999_999, user.token));
    expectNotFound(await detailOf(ctx.app, session.id, user.token, 1));
  });

  it("checks the token in the application's own read (issue 20): 401 before 400 and 404, nothing written", async () => {
    const session = await makeSession(ctx);
    const user = await makeUser(ctx);
    const url = `/api/v1/trainings/${session.id}/enrollments/user`;
    const written = async () =>
      (await ctx.deps.db.select().from(enrollments).where(eq(enrollments.trainingId, session.id))).length;
    const stranger = 'x'.repeat(43);
    expectError(await applyFor(ctx.app, session.id, stranger), 401, 'UNAUTHORIZED');
    // What was sent is not looked at before who sent it: 401, not 400, for a bad body with a bad token.
    expectError(await call(ctx.app, 'POST', url, stranger, { user_type: 'four' }), 401, 'UNAUTHORIZED');
    expectError(await call(ctx.app, 'POST', url, stranger, {}), 401, 'UNAUTHORIZED');
    expectValidationError(await call(ctx.app, 'POST', url, user.token, { user_type: 'four' }), ['user_type']);
    // A valid token on a session that does not exist: 404 (the token is looked up on its own then).
    expectNotFound(await applyFor(ctx.app, 99_999_999, user.token));
    // A revoked token, and an inactive account: 401 however valid the rest.
    const tokenRow = eq(authTokens.tokenHash, hashToken(user.token));
    await ctx.deps.db.update(authTokens).set({ revokedAt: ctx.clock.now() }).where(tokenRow);
    expectError(await applyFor(ctx.app, session.id, user.token), 401, 'UNAUTHORIZED');
    expectError(await applyFor(ctx.app, 99_999_999, user.token), 401, 'UNAUTHORIZED');
    await ctx.deps.db.update(authTokens).set({ revokedAt: null }).where(tokenRow);
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectError(await applyFor(ctx.app, session.id, user.token), 401, 'UNAUTHORIZED');
    expect(await written()).toBe(0);
    await ctx.deps.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    // Valid: the enrolment is the token's member's, and the token's last use is recorded.
    const response = await applyFor(ctx.app, session.id, user.token);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.trainingId, session.id));
    expect(row?.userId).toBe(user.id);
    const [token] = await ctx.deps.db.select().from(authTokens).where(tokenRow);
    expect(token?.lastUsedAt?.getTime()).toBe(ctx.clock.now().getTime());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('shows the seven steps to an attendee and two to other types', async () => {
    const session = await makeSession(ctx, { userTypeIds: [1, 4] });
    const user = await makeUser(ctx);
    // The page's contract: the body matches the domain package's schema.
    const attendee = expectBody(
      await detailOf(ctx.app, session.id, user.token, 4),
      200,
      sessionDetailResponseSchema,
    ).data;
    expect(attendee.steps.map((s) => `${s.step}:${s.state}`)).toEqual([
      '1:finished',
      '2:finished',
      '3:finished',
      '4:active',
      '5:disabled',
      '6:disabled',
      '7:disabled',
    ]);
    expect(attendee.step_status).toBeNull();
    // No entries on a course without fee or pre-material: the spec's 'step 4' (decision 004).
    expect(attendee.step).toBe(4);
    expect(attendee.warnings).toEqual([]);
    const instructor = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token, 1));
    expect(instructor.steps.map((s) => s.step)).toEqual([4, 5]);
    expect(instructor.step).toBe(4);
    // An attendee who still owes the registration fee is at step 1, the step the page shows active.
    const paid = await makeSession(ctx, { coursePrice: 3300 });
    const owing = dataOf<Detail>(await detailOf(ctx.app, paid.id, user.token, 4));
    expect(owing.step).toBe(1);
    expect(owing.steps.find((s) => s.state === 'active')?.step).toBe(1);
  });

  it('applies first-come (6 won), records the step with its actor, refuses a second application', async () => {
    const session = await makeSession(ctx, { capacity: 3 });
    const user = await makeUser(ctx);
    const response = await applyFor(ctx.app, session.id, user.token);
    expect(response.statusCode, response.body).toBe(201);
    expect(dataOf<{ status: number }>(response).status).toBe(6);
    expect(await participantOf(session.id)).toBe(1);
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(detail.step_status).toBe(6);
    expect(detail.next_route).toBe('agreement');
    expect(detail.steps.find((s) => s.step === 5)?.state).toBe('active');
    const [enrollment] = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    const steps = await ctx.deps.db
      .select()
      .from(enrollmentSteps)
      .where(eq(enrollmentSteps.enrollmentId, enrollment?.id ?? 0));
    expect(steps.map((s) => [s.step, s.status, s.actorUserId])).toEqual([[4, 6, user.id]]);

    const again = expectError(await applyFor(ctx.app, session.id, user.token), 409, 'ALREADY_APPLIED');
    expect(again.meta.message).toBe(formsJa.enrollment.alreadyApplied);
    expect(await participantOf(session.id)).toBe(1);
  });

  it("refuses a full session with the 'full' message", async () => {
    const session = await makeSession(ctx, { capacity: 1 });
    const [a, b] = await makeUsers(ctx, 2);
    expect((await applyFor(ctx.app, session.id, a?.token)).statusCode).toBe(201);
    const full = expectError(await applyFor(ctx.app, session.id, b?.token), 409, 'FULL');
    expect(full.meta.message).toBe('定員に達したため、お申し込みいただけません。');
    expect(await participantOf(session.id)).toBe(1);
    // The page says so before anyone tries: a warning, and the application step disabled.
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, b?.token));
    expect(detail.warnings).toContain('定員に達したため、お申し込みいただけません。');
    expect(detail.steps.find((s) => s.step === 4)?.state).toBe('disabled');
    // The one who got the place sees no such warning.
    const holder = dataOf<Detail>(await detailOf(ctx.app, session.id, a?.token));
    expect(holder.warnings).not.toContain('定員に達したため、お申し込みいただけません。');
  });

  it('refuses outside the application window (not open yet, closed)', async () => {
    const upcoming = await makeSession(ctx, { applyStart: '2026-11-25T00:00:00Z' });
    const closed = await makeSession(ctx, { applyEnd: '2026-11-21T00:00:00Z' });
    const user = await makeUser(ctx);
    expect(
      expectError(await applyFor(ctx.app, upcoming.id, user.token), 403, 'WINDOW_NOT_OPEN').meta.message,
    ).toBe(formsJa.enrollment.windowNotOpen);
    expect(
      expectError(await applyFor(ctx.app, closed.id, user.token), 403, 'WINDOW_CLOSED').meta.message,
    ).toBe(formsJa.enrollment.windowClosed);
    // The pinned clock decides: the same session opens when the clock reaches its window.
    ctx.clock.set('2026-11-25T00:00:01Z');
    expect((await applyFor(ctx.app, upcoming.id, user.token)).statusCode).toBe(201);
  });

  it('refuses a cancelled session', async () => {
    const session = await makeSession(ctx, { isActive: false });
    const user = await makeUser(ctx);
    expectError(await applyFor(ctx.app, session.id, user.token), 409, 'SESSION_CANCELLED');
  });

  it('refuses when the occupation does not match, and says so on the page', async () => {
    const session = await makeSession(ctx, { occupations: [1, 3] });
    const midwife = await makeUser(ctx, { occupation: 2 });
    const body = expectError(
      await applyFor(ctx.app, session.id, midwife.token),
      403,
      'OCCUPATION_NOT_MATCHED',
    );
    expect(body.meta.message).toBe('職域がマッチされていないため、受講できません。');
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, midwife.token));
    expect(detail.is_not_pass_occupation.map((o) => o.name)).toEqual(['医師', '看護師']);
    expect(detail.warnings[0]).toContain('職域がマッチされていないため、受講できません。');
    expect(detail.steps.find((s) => s.step === 4)?.state).toBe('disabled');
    const doctor = await makeUser(ctx, { occupation: 1 });
    expect((await applyFor(ctx.app, session.id, doctor.token)).statusCode).toBe(201);
  });

  it('refuses when a course condition is unmet, passes with a certificate of the required course', async () => {
    const required = await makeCourse(ctx);
    const session = await makeSession(ctx, {
      conditions: [{ group: 1, courseId: required.id, userTypeId: 4 }],
    });
    const user = await makeUser(ctx);
    expectError(await applyFor(ctx.app, session.id, user.token), 403, 'COURSE_CONDITION_UNMET');
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(detail.is_not_pass_course_condition).toEqual([
      [{ course_id: required.id, course_name: required.name, role: 4 }],
    ]);
    await ctx.deps.db.insert(certificates).values({
      userId: user.id,
      courseId: required.id,
      certificateNumber: `T-${user.id}`,
      verificationCode: `v-${user.id}-${driver}`,
      holderName: '試験 花子',
      startDate: '2025-01-01',
    });
    expect((await applyFor(ctx.app, session.id, user.token)).statusCode).toBe(201);
  });

  it('basic-course holder limitation (renewal course): only holders with under one year left', async () => {
    const basic = await makeCourse(ctx);
    const session = await makeSession(ctx, { isRenewal: true });
    const user = await makeUser(ctx);
    expectError(await applyFor(ctx.app, session.id, user.token), 403, 'BASIC_HOLDER_LIMITATION');
    const detail = dataOf<Detail & { is_pass_basic_updated_course: boolean }>(
      await detailOf(ctx.app, session.id, user.token),
    );
    expect(detail.is_pass_basic_updated_course).toBe(false);
    expect(detail.warnings).toContain(formsJa.enrollment.basicHolderLimitation);
    const certificate = (endDate: string, n: number) => ({
      userId: user.id,
      courseId: basic.id,
      certificateNumber: `R-${user.id}-${n}`,
      verificationCode: `r-${user.id}-${n}-${driver}`,
      holderName: '試験 花子',
      startDate: '2022-01-01',
      endDate,
    });
    // Two years left: not yet.
    await ctx.deps.db.insert(certificates).values(certificate('2028-11-30', 1));
    expectError(await applyFor(ctx.app, session.id, user.token), 403, 'BASIC_HOLDER_LIMITATION');
    // Six months left: may renew.
    await ctx.deps.db.insert(certificates).values(certificate('2027-05-31', 2));
    expect((await applyFor(ctx.app, session.id, user.token)).statusCode).toBe(201);
  });

  it('GET application: the applicant to confirm and whether applying is possible', async () => {
    const session = await makeSession(ctx);
    const user = await makeUser(ctx);
    const url = `/api/v1/trainings/${session.id}/enrollments/application?user_type=4`;
    expectError(await call(ctx.app, 'GET', url), 401, 'UNAUTHORIZED');
    const before = dataOf<{
      can_apply: boolean;
      refusal: string | null;
      applicant: { fullname: string; email: string };
    }>(await call(ctx.app, 'GET', url, user.token));
    expect(before).toMatchObject({ can_apply: true, refusal: null, applicant: { email: user.email } });
    await applyFor(ctx.app, session.id, user.token);
    const after = dataOf<{ can_apply: boolean; refusal: string | null }>(
      await call(ctx.app, 'GET', url, user.token),
    );
    expect(after).toEqual(
      expect.objectContaining({ can_apply: false, refusal: formsJa.enrollment.alreadyApplied }),
    );
  });

  it('shows the processing-payment notice while a session-fee order is in payment', async () => {
    const session = await makeSession(ctx, { price: 5000, paymentMethods: [1] });
    const user = await makeUser(ctx);
    const { enrollment_id: enrollmentId } = dataOf<{ enrollment_id: number }>(
      await applyFor(ctx.app, session.id, user.token),
    );
    await ctx.deps.db.insert(orders).values({
      userId: user.id,
      objectType: 2,
      objectId: session.id,
      trainingId: session.id,
      enrollmentId,
      amount: 5000,
      status: 0,
    });
    const detail = dataOf<Detail & { order: { status: number } | null }>(
      await detailOf(ctx.app, session.id, user.token),
    );
    expect(detail.order).toEqual({ status: 0 });
    expect(detail.warnings).toContain(formsJa.enrollment.processingPayment);
  });

  it('refuses a session at the same time as one already applied to (check_training)', async () => {
    const first = await makeSession(ctx, { eventDate: '2026-12-24', start: '09:00:00', end: '12:00:00' });
    const overlapping = await makeSession(ctx, {
      eventDate: '2026-12-24',
      start: '11:00:00',
      end: '15:00:00',
    });
    const later = await makeSession(ctx, { eventDate: '2026-12-24', start: '13:00:00', end: '15:00:00' });
    const user = await makeUser(ctx);
    expect((await applyFor(ctx.app, first.id, user.token)).statusCode).toBe(201);
    expect(dataOf<Detail>(await detailOf(ctx.app, overlapping.id, user.token)).check_training).toBe(true);
    const body = expectError(await applyFor(ctx.app, overlapping.id, user.token), 409, 'SAME_TIME_CONFLICT');
    expect(body.meta.message).toBe(formsJa.enrollment.sameTimeConflict);
    expect((await applyFor(ctx.app, later.id, user.token)).statusCode).toBe(201);
  });

  it('agreement → ticket: consent required, out of order refused, ticket signed with a QR code', async () => {
    const session = await makeSession(ctx);
    const user = await makeUser(ctx);
    const other = await makeUser(ctx);
    const agreementUrl = `/api/v1/trainings/${session.id}/enrollments/agreement`;
    const ticketUrl = `/api/v1/trainings/${session.id}/enrollments/ticket?user_type=4`;
    // Before applying: nothing to agree to.
    expectNotFound(await call(ctx.app, 'POST', agreementUrl, user.token, { user_type: 4, agree: true }));
    expect((await applyFor(ctx.app, session.id, user.token)).statusCode).toBe(201);
    // The ticket needs the agreement first.
    expect(
      expectError(await call(ctx.app, 'GET', ticketUrl, user.token), 403, 'TICKET_NOT_READY').meta.message,
    ).toBe(formsJa.enrollment.ticketNotReady);
    const noConsent = expectError(
      await call(ctx.app, 'POST', agreementUrl, user.token, { user_type: 4 }),
      400,
      'VALIDATION_ERROR',
    );
    expect(noConsent.errors.agree).toEqual(['上記内容に同意する必要があります。']);
    const agreementData = dataOf<{ route: string; can_agree: boolean }>(
      await call(ctx.app, 'GET', `${agreementUrl}?user_type=4`, user.token),
    );
    expect(agreementData).toMatchObject({ route: 'agreement', can_agree: true });
    const agreed = await call(ctx.app, 'POST', agreementUrl, user.token, { user_type: 4, agree: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(dataOf<{ status: number }>(agreed).status).toBe(9);
    expectError(
      await call(ctx.app, 'POST', agreementUrl, user.token, { user_type: 4, agree: true }),
      409,
      'STEP_OUT_OF_ORDER',
    );

    const ticket = dataOf<{
      fullname: string;
      attendance_code: string;
      check_in_url: string;
      qr_svg: string;
    }>(await call(ctx.app, 'GET', ticketUrl, user.token));
    expect(ticket.fullname).toMatch(/^試験 花子/);
    expect(ticket.attendance_code).toMatch(/^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(ticket.check_in_url).toBe(`${ctx.deps.config.publicUrl}/check-in/${ticket.attendance_code}`);
    expect(ticket.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The stored code is the random part only; the signature is not stored.
    const [row] = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(ticket.attendance_code.split('.')[1]).toBe(row?.attendanceCode);
    // Another user never sees it.
    expectNotFound(await call(ctx.app, 'GET', ticketUrl, other.token));
    expectNotFound(
      await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`,
        other.token,
        { user_type: 4 },
      ),
    );
  });

  it('confirm_participant (spec 000 §7, decision 025): the participation confirmation moves a won place to 9, once; the ticket follows', async () => {
    const session = await makeSession(ctx);
    const user = await makeUser(ctx);
    const other = await makeUser(ctx);
    const confirmUrl = `/api/v1/trainings/${session.id}/enrollments/confirm_participant`;
    const ticketUrl = `/api/v1/trainings/${session.id}/enrollments/ticket?user_type=4`;
    // Nothing to confirm before applying.
    expectNotFound(await call(ctx.app, 'POST', confirmUrl, user.token, { user_type: 4 }));
    expect((await applyFor(ctx.app, session.id, user.token)).statusCode).toBe(201);
    expect(
      expectError(
        await call(ctx.app, 'POST', confirmUrl, user.token, { user_type: 4, agree: false }),
        400,
        'VALIDATION_ERROR',
      ).errors.agree,
    ).toEqual(['上記内容に同意する必要があります。']);
    expectError(await call(ctx.app, 'POST', confirmUrl, undefined, { user_type: 4 }), 401, 'UNAUTHORIZED');
    // Another member's confirmation is theirs: they have no enrolment here.
    expectNotFound(await call(ctx.app, 'POST', confirmUrl, other.token, { user_type: 4 }));

    const confirmed = expectBody(
      await call(ctx.app, 'POST', confirmUrl, user.token, { user_type: 4 }),
      200,
      confirmParticipantResponseSchema,
    );
    expect(confirmed.data).toEqual({
      enrollment_id: expect.any(Number),
      status: 9,
      next_route: 'ticket',
    });
    const [row] = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(row?.status).toBe(9);
    const steps = await ctx.deps.db
      .select()
      .from(enrollmentSteps)
      .where(eq(enrollmentSteps.enrollmentId, row?.id ?? 0));
    expect(steps.filter((x) => x.status === 9)).toHaveLength(1);
    // Once: a second confirmation (or the agreement) is out of order and records nothing.
    expectError(
      await call(ctx.app, 'POST', confirmUrl, user.token, { user_type: 4 }),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expectError(
      await call(ctx.app, 'POST', `/api/v1/trainings/${session.id}/enrollments/agreement`, user.token, {
        user_type: 4,
        agree: true,
      }),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expect((await call(ctx.app, 'GET', ticketUrl, user.token)).statusCode).toBe(200);
  });

  it('card payment route: 8 awaiting payment, agreement refused until paid, then 9', async () => {
    const session = await makeSession(ctx, { price: 5000, paymentMethods: [1] });
    const user = await makeUser(ctx);
    const applied = await applyFor(ctx.app, session.id, user.token);
    expect(dataOf<{ status: number }>(applied).status).toBe(8);
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(detail.next_route).toBe('payment');
    expect(detail.training_user_steps.map((s) => [s.step, s.status])).toEqual([
      [4, 6],
      [5, 8],
    ]);
    const refused = expectError(
      await call(ctx.app, 'POST', `/api/v1/trainings/${session.id}/enrollments/agreement`, user.token, {
        user_type: 4,
        agree: true,
      }),
      409,
      'NG_NOT_PAYMENT',
    );
    expect(refused.meta.message).toBe(formsJa.enrollment.notPaid);
    const [row] = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(await markEnrollmentPaid(ctx.deps.db, row?.id ?? 0, user.id, ctx.clock.now())).toBe(true);
    expect(await markEnrollmentPaid(ctx.deps.db, row?.id ?? 0, user.id, ctx.clock.now())).toBe(false);
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token)).step_status).toBe(9);
  });

  it('bank transfer route: waiting notice until the office confirms receipt', async () => {
    const session = await makeSession(ctx, { price: 5000, paymentMethods: [2] });
    const user = await makeUser(ctx);
    const applied = dataOf<{ status: number; enrollment_id: number }>(
      await applyFor(ctx.app, session.id, user.token),
    );
    expect(applied.status).toBe(8);
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token)).next_route).toBe('waiting');
    const url = `/api/v1/office/enrollments/${applied.enrollment_id}/confirm-payment`;
    expectError(await call(ctx.app, 'POST', url, user.token), 403, 'FORBIDDEN');
    const confirmed = await call(ctx.app, 'POST', url, office.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectError(await call(ctx.app, 'POST', url, office.token), 409, 'STEP_OUT_OF_ORDER');
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token)).next_route).toBe('ticket');
  });

  it('cancellation: request, second request refused, office approves, place freed', async () => {
    const session = await makeSession(ctx, { capacity: 2 });
    const user = await makeUser(ctx);
    const url = `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`;
    expectNotFound(await call(ctx.app, 'POST', url, user.token, { user_type: 4 }));
    await applyFor(ctx.app, session.id, user.token);
    const requested = await call(ctx.app, 'POST', url, user.token, { user_type: 4 });
    expect(requested.statusCode, requested.body).toBe(201);
    const requestId = dataOf<{ id: number }>(requested).id;
    expect(
      expectError(await call(ctx.app, 'POST', url, user.token, { user_type: 4 }), 409, 'CANCEL_PENDING').meta
        .message,
    ).toBe(formsJa.enrollment.cancelPending);
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token)).training_user_cancel).toEqual({
      status: 0,
    });
    expect(await participantOf(session.id)).toBe(1);

    expectError(
      await call(ctx.app, 'POST', `/api/v1/office/cancel-requests/${requestId}/approve`, user.token),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(ctx.app, 'POST', `/api/v1/office/cancel-requests/${requestId}/approve`),
      401,
      'UNAUTHORIZED',
    );
    const approved = await call(
      ctx.app,
      'POST',
      `/api/v1/office/cancel-requests/${requestId}/approve`,
      office.token,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<{ place_freed: boolean }>(approved).place_freed).toBe(true);
    expect(await participantOf(session.id)).toBe(0);
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(detail).toMatchObject({ step_status: 7, is_cancelled: true, training_user_cancel: { status: 1 } });
    expectError(
      await call(ctx.app, 'POST', `/api/v1/office/cancel-requests/${requestId}/reject`, office.token),
      409,
      'CANCEL_DECIDED',
    );
    const audits = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'cancel.approve'), eq(auditEvents.entityId, requestId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorUserId).toBe(office.id);
  });

  it('cancellation rejected: the place stays', async () => {
    const session = await makeSession(ctx);
    const user = await makeUser(ctx);
    await applyFor(ctx.app, session.id, user.token);
    const requestId = dataOf<{ id: number }>(
      await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`,
        user.token,
        { user_type: 4 },
      ),
    ).id;
    const rejected = await call(
      ctx.app,
      'POST',
      `/api/v1/office/cancel-requests/${requestId}/reject`,
      office.token,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await participantOf(session.id)).toBe(1);
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token))).toMatchObject({
      step_status: 6,
      training_user_cancel: { status: 2 },
    });
  });

  it('assistants wait for the office approval (4), then take a place', async () => {
    const session = await makeSession(ctx, { userTypeIds: [2] });
    const user = await makeUser(ctx);
    const applied = dataOf<{ status: number; enrollment_id: number }>(
      await applyFor(ctx.app, session.id, user.token, 2),
    );
    expect(applied.status).toBe(4);
    expect(await participantOf(session.id)).toBe(0);
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token, 2)).steps).toEqual([
      { step: 4, state: 'finished' },
      { step: 5, state: 'disabled' },
    ]);
    const url = `/api/v1/office/enrollments/${applied.enrollment_id}/approve-assistant`;
    expectError(await call(ctx.app, 'POST', url, user.token), 403, 'FORBIDDEN');
    const approved = await call(ctx.app, 'POST', url, office.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<{ status: number }>(approved).status).toBe(6);
    expect(await participantOf(session.id)).toBe(1);
    expectError(await call(ctx.app, 'POST', url, office.token), 409, 'ALREADY_APPROVED');
    expect(dataOf<Detail>(await detailOf(ctx.app, session.id, user.token, 2)).steps[1]).toEqual({
      step: 5,
      state: 'active',
    });
  });

  it('check-in: forged, other session and reused codes are refused; a good one moves 9 → 10', async () => {
    // Reception accepts tickets on the session's day only (decision 022): today at TEST_NOW.
    const session = await makeSession(ctx, { eventDate: '2026-11-22' });
    const otherSession = await makeSession(ctx, { eventDate: '2026-12-27' });
    const user = await makeUser(ctx);
    await applyFor(ctx.app, session.id, user.token);
    await call(ctx.app, 'POST', `/api/v1/trainings/${session.id}/enrollments/agreement`, user.token, {
      user_type: 4,
      agree: true,
    });
    const { attendance_code: code, check_in_url: url } = dataOf<{
      attendance_code: string;
      check_in_url: string;
    }>(
      await call(
        ctx.app,
        'GET',
        `/api/v1/trainings/${session.id}/enrollments/ticket?user_type=4`,
        user.token,
      ),
    );
    const checkIn = (body: Record<string, unknown>, token = office.token) =>
      call(ctx.app, 'POST', '/api/v1/office/check-in', token, body);

    expectError(await checkIn({ code }, user.token), 403, 'FORBIDDEN');
    const [id, random, signature] = code.split('.');
    const tampered = `${id}.${random}.${(signature ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect(expectError(await checkIn({ code: tampered }), 400, 'NG_ATTENDANCE_CODE').meta.message).toBe(
      formsJa.enrollment.checkInForged,
    );
    expectError(await checkIn({ code: 'not-a-code' }), 400, 'NG_ATTENDANCE_CODE');
    expect(
      expectError(await checkIn({ code, training_id: otherSession.id }), 409, 'OTHER_SESSION').meta.message,
    ).toBe(formsJa.enrollment.checkInOtherSession);

    const ok = await checkIn({ code: url, training_id: session.id });
    expect(ok.statusCode, ok.body).toBe(200);
    // This course has no post-test: attendance leads straight to the survey (11).
    expect(dataOf<{ status: number }>(ok).status).toBe(11);
    expect(expectError(await checkIn({ code }), 409, 'ALREADY_CHECKED_IN').meta.message).toBe(
      formsJa.enrollment.checkInUsed,
    );
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(detail.step_status).toBe(11);
    expect(detail.steps.find((s) => s.step === 6)?.state).toBe('finished');
    expect(detail.steps.find((s) => s.step === 7)?.state).toBe('active');
    expect(detail.training_user_steps.slice(-2)).toMatchObject([
      { step: 5, status: 10 },
      { step: 6, status: 11 },
    ]);

    // A course with a post-test: check-in opens step 6 (10).
    const course = await makeCourse(ctx);
    const [quiz] = await ctx.deps.db
      .insert(quizzes)
      .values({ courseId: course.id, kind: 'post', title: '事後テスト' })
      .returning();
    await ctx.deps.db
      .insert(quizQuestions)
      .values({ quizId: quiz?.id ?? 0, title: '問1', inputType: 1, sortOrder: 1 });
    const withTest = await makeSession(ctx, { courseId: course.id, eventDate: '2026-11-22' });
    const attendee = await makeUser(ctx);
    await applyFor(ctx.app, withTest.id, attendee.token);
    await call(ctx.app, 'POST', `/api/v1/trainings/${withTest.id}/enrollments/agreement`, attendee.token, {
      user_type: 4,
      agree: true,
    });
    const ticket = dataOf<{ attendance_code: string }>(
      await call(
        ctx.app,
        'GET',
        `/api/v1/trainings/${withTest.id}/enrollments/ticket?user_type=4`,
        attendee.token,
      ),
    );
    const checked = await checkIn({ code: ticket.attendance_code, training_id: withTest.id });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(dataOf<{ status: number }>(checked).status).toBe(10);
    const next = dataOf<Detail>(await detailOf(ctx.app, withTest.id, attendee.token));
    expect(next.steps.find((s) => s.step === 6)?.state).toBe('active');
  });

  /** An order completed by the payments module (as its gateway or the office would), announced to listeners. */
  async function completeOrder(values: typeof orders.$inferInsert) {
    const [order] = await ctx.deps.db.insert(orders).values(values).returning();
    if (!order) throw new Error('no order');
    await ctx.deps.db.transaction((tx) => emitOrderCompleted(ctx.deps, tx, order));
    return order;
  }

  it('payment hand-off: a paid session fee moves 8 → 9; cancelling it afterwards refunds the fee', async () => {
    const session = await makeSession(ctx, { price: 5000, paymentMethods: [1] });
    const user = await makeUser(ctx);
    const { enrollment_id: enrollmentId } = dataOf<{ enrollment_id: number }>(
      await applyFor(ctx.app, session.id, user.token),
    );
    const paid = await completeOrder({
      userId: user.id,
      objectType: 2,
      objectId: session.id,
      trainingId: session.id,
      enrollmentId,
      amount: 5000,
      status: 3,
      paymentMethodId: 1,
    });
    const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(detail.step_status).toBe(9);
    expect(detail.training_user_steps.at(-1)).toMatchObject({ step: 5, status: 9 });
    expect(detail.next_route).toBe('ticket');

    const requestId = dataOf<{ id: number }>(
      await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`,
        user.token,
        { user_type: 4 },
      ),
    ).id;
    const approved = dataOf<{ refund: { order_id: number; refund_order_id: number | null } | null }>(
      await call(ctx.app, 'POST', `/api/v1/office/cancel-requests/${requestId}/approve`, office.token),
    );
    expect(approved.refund?.order_id).toBe(paid.id);
    const [refundEntry] = await ctx.deps.db.select().from(orders).where(eq(orders.refundOfId, paid.id));
    expect(refundEntry).toMatchObject({ type: 2, amount: 5000 });
  });

  it('a paid course (step 1) must be registered before applying; the registration payment records step 1', async () => {
    const session = await makeSession(ctx, { coursePrice: 3300 });
    const user = await makeUser(ctx);
    const before = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(before.steps.slice(0, 4).map((s) => s.state)).toEqual([
      'active',
      'disabled',
      'disabled',
      'disabled',
    ]);
    expect(
      expectError(await applyFor(ctx.app, session.id, user.token), 409, 'STEP_OUT_OF_ORDER').meta.message,
    ).toBe(formsJa.enrollment.stepOutOfOrder);
    await completeOrder({
      userId: user.id,
      objectType: 1,
      objectId: session.courseId,
      trainingId: session.id,
      amount: 3300,
      status: 3,
      paymentMethodId: 1,
    });
    const after = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
    expect(after.step_status).toBe(1);
    expect(after.steps.slice(0, 4).map((s) => s.state)).toEqual([
      'finished',
      'finished',
      'finished',
      'active',
    ]);
    const applied = await applyFor(ctx.app, session.id, user.token);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(
      dataOf<Detail>(await detailOf(ctx.app, session.id, user.token)).training_user_steps.map((s) => [
        s.step,
        s.status,
      ]),
    ).toEqual([
      [1, 1],
      [4, 6],
    ]);
  });

  it.each([
    ['the transaction carries the session', true],
    ['only the intent carries the session', false],
  ])(
    'a registration fee paid through the gateway calls records step 1 on that session (%s)',
    async (_label, onTransaction) => {
      const session = await makeSession(ctx, { coursePrice: 3300 });
      const user = await makeUser(ctx);
      const target = { object_type: 1, object_id: session.courseId, training_id: session.id };
      const post = async <T>(url: string, body: Record<string, unknown>) => {
        const response = await call(ctx.app, 'POST', `/api/v1${url}`, user.token, body);
        expect(response.statusCode, response.body).toBeLessThan(300);
        return dataOf<T>(response);
      };
      const { t_key } = await post<{ t_key: string }>('/payments/create-order-transaction', {
        ...(onTransaction ? target : { object_type: 1, object_id: session.courseId }),
        meta: { products: [] },
      });
      const intent = await post<{ clientSecret: string; paymentIntentId: string }>(
        '/payments/stripe/create-payment-intent',
        { ...target, t_key },
      );
      await post('/payments/sandbox/confirm', {
        client_secret: intent.clientSecret,
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2034,
        cvc: '123',
        email: 'pay@example.jp',
      });
      await post('/payments/stripe/create-payment-order', {
        ...target,
        payment_intent_id: intent.paymentIntentId,
        client_secret: intent.clientSecret,
      });
      const detail = dataOf<Detail>(await detailOf(ctx.app, session.id, user.token));
      expect(detail.step_status).toBe(1);
      expect(detail.steps[0]?.state).toBe('finished');
    },
  );

  it('documents every enrolment and office call in the OpenAPI document', async () => {
    const response = await call(ctx.app, 'GET', '/api/openapi.json');
    expect(response.statusCode, response.body).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/v1/trainings/{id}/enrollments/detail',
      '/api/v1/trainings/{id}/enrollments/user',
      '/api/v1/trainings/{id}/enrollments/ticket',
      '/api/v1/office/trainings/{id}/lottery',
      '/api/v1/office/check-in',
      '/api/v1/office/trainings/{id}/roster.csv',
    ])
      expect(paths).toContain(path);
  });

  it('roster and CSV (BOM, Japanese headers), audit trail of an enrolment', async () => {
    const session = await makeSession(ctx);
    const user = await makeUser(ctx);
    const enrollmentId = dataOf<{ enrollment_id: number }>(
      await applyFor(ctx.app, session.id, user.token),
    ).enrollment_id;
    expectError(
      await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/roster`, user.token),
      403,
      'FORBIDDEN',
    );
    const roster = dataOf<{
      enrollments: Array<{ enrollment_id: number; status: number; status_label: string }>;
    }>(await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/roster`, office.token));
    expect(roster.enrollments).toEqual([
      // A first-come place is 申込確定 (当選 is a lottery won: decision 022).
      expect.objectContaining({ enrollment_id: enrollmentId, status: 6, status_label: '申込確定' }),
    ]);
    const csv = await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/roster.csv`, office.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['申込ID', '氏名', 'フリガナ']);
    expect(lines[0]).toContain('ステータス');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('申込確定');

    const trail = dataOf<{ steps: Array<{ status: number; actor_user_id: number }> }>(
      await call(ctx.app, 'GET', `/api/v1/office/enrollments/${enrollmentId}/steps`, office.token),
    );
    expect(trail.steps.map((s) => [s.status, s.actor_user_id])).toEqual([[6, user.id]]);
    expectNotFound(await call(ctx.app, 'GET', '/api/v1/office/enrollments/99999999/steps', office.token));
  });
});
