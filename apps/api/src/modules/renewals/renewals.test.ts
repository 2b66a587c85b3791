import { contracts, STEP_STATUS, type StepStatus } from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import {
  expectBody,
  expectError,
  expectNotFound,
  expectValidationError,
  type Response,
} from '../../../test/http.ts';
import { certificateRequests, certificates, courses, enrollments, trainings } from '../../db/schema.ts';
import { makeCourse, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';
import { call, CARDS, confirmCard, createIntent } from '../payments/payments.fixtures.ts';
import { authHeader } from '../users/users.fixtures.ts';

/**
 * Issue 17, the start of a certificate renewal (decision 034): who may renew which certificate, the
 * activity requirements, one renewal per certificate, the request as the member reads it, and the fee
 * (object type 7) that starts the session. The clock is TEST_NOW (2026-11-22 in Japan).
 */
describe.each(drivers())('certificate renewal start (%s)', (driver) => {
  let ctx: TestContext;
  let bi: { id: number; name: string };
  let basic: { id: number; name: string };
  let renewal: { id: number; name: string };
  let serial = 0;

  const c = contracts.renewals;
  const base = '/api/v1/certificates/basic_instructor_course/renewal';
  const db = () => ctx.deps.db;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    bi = await makeCourse(ctx, { certificatePrefix: 'BI' });
    basic = await makeCourse(ctx, { certificatePrefix: 'B', coursePrice: 3300 });
    renewal = await makeCourse(ctx, { certificatePrefix: 'R', coursePrice: 5500, isRenewal: true });
    await db()
      .update(courses)
      .set({ certificationPeriod: 5, sortOrder: -1000 })
      .where(eq(courses.id, renewal.id));
  });
  afterAll(async () => ctx?.close());

  /** A certificate of the member. */
  async function certificate(
    m: Member,
    options: { courseId?: number; start: string; end: string; extended?: boolean; revoked?: boolean },
  ) {
    serial += 1;
    const [row] = await db()
      .insert(certificates)
      .values({
        userId: m.id,
        courseId: options.courseId ?? bi.id,
        certificateType: 2,
        certificateNumber: `RNW-${driver}-${serial}`,
        verificationCode: `renewal-test-code-${driver}-${serial}-xxxxxxxx`,
        holderName: '試験 花子',
        startDate: options.start,
        endDate: options.end,
        isExtended: options.extended ?? false,
        revokedAt: options.revoked ? new Date('2026-01-01T00:00:00Z') : null,
      })
      .returning({ id: certificates.id });
    return row!.id;
  }

  /** A session the member taught as instructor, finished (attendance confirmed). */
  async function taught(m: Member, eventDate: string, status: StepStatus = STEP_STATUS.completed) {
    serial += 1;
    const [t] = await db()
      .insert(trainings)
      .values({
        courseId: basic.id,
        areaId: 13,
        name: `更新試験講習会${serial}`,
        eventDate,
        eventStartTime: '09:00:00',
        eventEndTime: '17:00:00',
        sponsorBy: '試験主催',
        venue: '東京都千代田区',
        venueName: '試験会場',
      })
      .returning({ id: trainings.id });
    await db().insert(enrollments).values({ trainingId: t!.id, userId: m.id, userTypeId: 1, status });
    return t!.id;
  }

  const ok = (response: Response) =>
    (expectBody(response, 200, z.object({ data: c.start.data })) as { data: z.infer<typeof c.start.data> })
      .data;
  const start = (m: Member | null, certificateId: number, type: unknown = 3) =>
    call(ctx.app, m?.token ?? null, 'POST', base, { certificate_type: type, certificate_id: certificateId });
  const get = (m: Member | null, id: number) => call(ctx.app, m?.token ?? null, 'GET', `${base}/${id}`);

  /** A member with a 5-year BI certificate ending in 4 months and three activities in its period. */
  async function eligible() {
    const m = await makeUser(ctx, { occupation: 1 });
    const id = await certificate(m, { start: '2022-03-22', end: '2027-03-21' });
    for (const day of ['2023-05-10', '2024-06-15', '2026-07-20']) await taught(m, day);
    return { m, id };
  }

  it('an eligible member starts one renewal per certificate and reads it back; another member gets 404', async () => {
    const { m, id } = await eligible();
    const first = ok(await start(m, id));
    expect(first).toMatchObject({
      certificate_type: 3,
      status: 0,
      steps: { videos: 'disabled', post_test: 'disabled', certificate: false },
      course: { id: renewal.id, name: renewal.name, certification_period: 5 },
      source_certificate: { id, course_id: bi.id, start_date: '2022-03-22', end_date: '2027-03-21' },
      renewed_validity: { start_date: '2027-03-22', end_date: '2032-03-21' },
      fee: 5500,
      free: false,
      paid: false,
      certificate: null,
    });
    // Twice at once, and again: still the one request (the partial unique index).
    const [a, b] = await Promise.all([start(m, id), start(m, id)]);
    expect([ok(a!).id, ok(b!).id]).toEqual([first.id, first.id]);
    const rows = await db()
      .select()
      .from(certificateRequests)
      .where(eq(certificateRequests.sourceCertificateId, id));
    expect(rows.map((r) => [r.userId, r.certificateType, r.status, r.courseId])).toEqual([
      [m.id, 3, 0, renewal.id],
    ]);
    expect(ok(await get(m, first.id))).toEqual(first);

    const other = await makeUser(ctx, { occupation: 1 });
    for (const day of ['2023-05-10', '2024-06-15', '2026-07-20']) await taught(other, day);
    expectNotFound(await get(other, first.id));
    expectNotFound(await start(other, id));
    expectNotFound(await get(m, 2147483000));
    expectNotFound(await start(m, 2147483000));
  });

  it('unmet requirements: states what is needed, what the records show and which sessions counted', async () => {
    const m = await makeUser(ctx, { occupation: 1 });
    const id = await certificate(m, { start: '2024-01-22', end: '2027-01-21' });
    await taught(m, '2025-03-01');
    const countedName = `更新試験講習会${serial}`;
    await taught(m, '2023-12-01'); // before the period
    await taught(m, '2025-05-01', STEP_STATUS.applying); // not attended
    const body = expectError(await start(m, id), 422, 'RENEWAL_REQUIREMENTS_UNMET');
    expect(body.meta.message).toContain('2回以上');
    expect(body.meta.message).toContain('1回');
    expect(body.errors).toEqual({
      required: ['2'],
      counted_count: ['1'],
      missing: ['1'],
      counted: [`2025-03-01 ${countedName}`],
    });
    const english = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: { ...authHeader(m.token), 'accept-language': 'en' },
      payload: { certificate_type: 3, certificate_id: id },
    });
    expect(english.statusCode).toBe(422);
    expect(english.json().meta.message).toMatch(/at least 2 instructor activities.*show 1/);
    expect(
      await db().select().from(certificateRequests).where(eq(certificateRequests.sourceCertificateId, id)),
    ).toEqual([]);
  });

  it('refuses an extended, revoked or non-BI certificate and one outside its window, each with its code', async () => {
    const m = await makeUser(ctx, { occupation: 1 });
    for (const day of ['2022-05-10', '2023-06-15', '2024-07-20', '2025-08-20']) await taught(m, day);
    const cases: [number, number, string][] = [
      [
        await certificate(m, { start: '2022-03-22', end: '2027-03-21', extended: true }),
        409,
        'ALREADY_EXTENDED',
      ],
      [
        await certificate(m, { start: '2022-03-22', end: '2027-03-21', revoked: true }),
        409,
        'CERTIFICATE_REVOKED',
      ],
      [
        await certificate(m, { courseId: basic.id, start: '2022-03-22', end: '2027-03-21' }),
        422,
        'RENEWAL_NOT_BASIC_INSTRUCTOR',
      ],
      // Ends in 6 months and a day (2027-05-23): not yet.
      [await certificate(m, { start: '2022-05-23', end: '2027-05-23' }), 422, 'RENEWAL_NOT_YET_OPEN'],
      // Ended 3 months and a day ago (2026-08-21): past the grace.
      [await certificate(m, { start: '2021-08-22', end: '2026-08-21' }), 422, 'RENEWAL_WINDOW_CLOSED'],
    ];
    for (const [id, status, code] of cases) expectError(await start(m, id), status, code);
    // Ending in exactly 6 months, and ended 3 months ago to the day: allowed.
    ok(await start(m, await certificate(m, { start: '2022-05-23', end: '2027-05-22' })));
    ok(await start(m, await certificate(m, { start: '2021-08-23', end: '2026-08-22' })));
  });

  it('bad input is 400, no login 401', async () => {
    const { m, id } = await eligible();
    expectValidationError(await start(m, id, 2), ['certificate_type']);
    expectValidationError(await call(ctx.app, m.token, 'POST', base, { certificate_type: 3 }), [
      'certificate_id',
    ]);
    expectValidationError(await get(m, 0), ['id']);
    expectError(await start(null, id), 401, 'UNAUTHORIZED');
    expectError(await get(null, 1), 401, 'UNAUTHORIZED');
  });

  it('the renewal fee (object type 7) paid by card starts the session: status 3, videos active', async () => {
    const { m, id } = await eligible();
    const created = ok(await start(m, id));
    const body = { object_type: 7, object_id: renewal.id, request_id: created.id };
    const intent = await createIntent(ctx.app, m.token, { ...body, amount: 1 });
    expect(intent.amount).toBe(5500);
    expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
    const order = await call(ctx.app, m.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
      ...body,
      amount: 1,
      payment_intent_id: intent.paymentIntentId,
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(ok(await get(m, created.id))).toMatchObject({
      status: 3,
      paid: true,
      steps: { videos: 'active', post_test: 'disabled', certificate: false },
    });
    // Starting again continues the paid renewal.
    expect(ok(await start(m, id))).toMatchObject({ id: created.id, status: 3 });
  });
});
