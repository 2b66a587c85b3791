import { execFileSync } from 'node:child_process';
import { contracts, STEP_STATUS } from '@mels/domain';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError, type Response } from '../../../test/http.ts';
import {
  auditEvents,
  certificateRequests,
  certificates,
  courses,
  enrollments,
  legacyCertificates,
  mailOutbox,
  ranks,
  trainings,
  userRanks,
  users,
} from '../../db/schema.ts';
import { makeCourse, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';
import { call, CARDS, confirmCard, createIntent } from '../payments/payments.fixtures.ts';

/**
 * Issue 15, the BI certification request (decision 029): who may ask (from the records), the pledge, the
 * fee, the recommendation letter and the office's review, which issues the certificate and grants the
 * BI rank. Every call and refusal, on both drivers; another member's request is 404, a member at the
 * office's calls 403.
 */
describe.each(drivers())('BI certification request (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let bi: { id: number; name: string };
  let freeBi: { id: number; name: string };
  let basic: { id: number };
  let serial = 0;

  const c = contracts.instructorRequests;
  const base = '/api/v1/certificates/basic_instructor_course';
  const db = () => ctx.deps.db;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    bi = await makeCourse(ctx, { certificatePrefix: 'BI', coursePrice: 0 });
    await db()
      .update(courses)
      .set({ certificationFee: 5500, certificationPeriod: 5 })
      .where(eq(courses.id, bi.id));
    freeBi = await makeCourse(ctx, { certificatePrefix: 'BI', coursePrice: 0 });
    basic = await makeCourse(ctx, { certificatePrefix: 'B', coursePrice: 3300 });
  });
  afterAll(async () => ctx?.close());

  /** A finished session of the course for the member (the final status; an assistant approved). */
  async function finished(userId: number, courseId: number, eventDate: string, userTypeId: 2 | 4) {
    serial += 1;
    const [t] = await db()
      .insert(trainings)
      .values({
        courseId,
        areaId: 13,
        name: `BI試験講習会${serial}`,
        eventDate,
        eventStartTime: '09:00:00',
        eventEndTime: '17:00:00',
        sponsorBy: '試験主催',
        venue: '東京都千代田区',
        venueName: '試験会場',
      })
      .returning({ id: trainings.id });
    await db()
      .insert(enrollments)
      .values({
        trainingId: t!.id,
        userId,
        userTypeId,
        status: STEP_STATUS.completed,
        assistantApprovedAt: userTypeId === 2 ? new Date(`${eventDate}T00:00:00Z`) : null,
      });
    return t!.id;
  }

  /** A member with the given profile, the BI course done on `courseDay` and assistant sessions on `sessions`. */
  async function candidate(options: {
    occupation?: number;
    department?: number | null;
    qualification?: string;
    courseDay?: string | null;
    sessions?: string[];
    courseId?: number;
  }) {
    const m = await makeUser(ctx, { occupation: options.occupation ?? 1 });
    await db()
      .update(users)
      .set({
        medicalDepartment: options.department === undefined ? 3 : options.department,
        simulationQualification: options.qualification ?? 'ICLS',
      })
      .where(eq(users.id, m.id));
    const courseDay = options.courseDay === undefined ? '2025-09-20' : options.courseDay;
    if (courseDay) await finished(m.id, options.courseId ?? bi.id, courseDay, 4);
    for (const day of options.sessions ?? ['2025-11-10', '2026-02-14', '2026-06-06'])
      await finished(m.id, basic.id, day, 2);
    return m;
  }

  const ok = <T extends z.ZodType>(response: Response, schema: T): z.infer<T> =>
    (expectBody(response, 200, z.object({ data: schema })) as { data: z.infer<T> }).data;
  const post = (m: Member | null, url: string, body?: unknown) =>
    call(ctx.app, m?.token ?? null, 'POST', url, body);
  const get = (m: Member | null, url: string) => call(ctx.app, m?.token ?? null, 'GET', url);
  const ask = (m: Member, body: Record<string, unknown> = {}, courseId = bi.id) =>
    post(m, `${base}/request`, { certificate_type: 2, course_id: courseId, ...body });
  const form = (m: Member) => ({
    username: '試験 花子',
    email: m.email,
    meta: '所属：試験病院\n推薦者：中村 直樹',
  });

  async function pledged(m: Member, courseId = bi.id) {
    const created = ok(await ask(m, {}, courseId), c.request.data);
    const id = created.request_id;
    const signed = await post(m, `${base}/request/${id}/pledge`, {
      variant: 'doctorAcuteQualified',
      agreed: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    return id;
  }

  async function payByCard(m: Member, requestId: number, amount: number) {
    const body = { object_type: 5, object_id: bi.id, request_id: requestId };
    const intent = await createIntent(ctx.app, m.token, { ...body, amount: 1 });
    expect(intent.amount).toBe(amount);
    expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
    const order = await post(m, '/api/v1/payments/stripe/create-payment-order', {
      ...body,
      amount: 1,
      payment_intent_id: intent.paymentIntentId,
    });
    expect(order.statusCode, order.body).toBe(200);
  }

  const requestRow = async (id: number) =>
    (await db().select().from(certificateRequests).where(eq(certificateRequests.id, id)))[0];

  it('eligibility: the records decide the pledge, the sessions that count and the fee', async () => {
    const m = await candidate({});
    const e = ok(await get(m, `${base}/eligibility?course_id=${bi.id}`), c.eligibility.data);
    expect(e).toMatchObject({
      kind: 'eligible',
      reason: null,
      variant: 'doctorAcuteQualified',
      required_sessions: 1,
      missing_sessions: 0,
      missing: [],
      course_completed_on: '2025-09-20',
      request_from: '2026-09-20',
      fee: 5500,
      free: false,
      open_request: null,
    });
    expect(e.counted_sessions.map((s) => s.event_date)).toEqual(['2025-11-10', '2026-02-14', '2026-06-06']);
    expectError(await get(null, `${base}/eligibility?course_id=${bi.id}`), 401, 'UNAUTHORIZED');
    expectError(await get(m, `${base}/eligibility?course_id=${basic.id}`), 404, 'NOT_FOUND');
    expectValidationError(await get(m, `${base}/eligibility?course_id=abc`), ['course_id']);
  });

  it('the whole path: check, pledge, form, card, recommendation, office approval, certificate and rank', async () => {
    const m = await candidate({});
    const other = await candidate({});

    // The system check passes: a request at 0, the pledge next; asking again continues the same one.
    const first = ok(await ask(m), c.request.data);
    expect(first).toMatchObject({ result: 'CIA_SYSTEM_CHECK_SUCCESS', status: 0 });
    const id = first.request_id;
    expect(ok(await ask(m), c.request.data).request_id).toBe(id);
    const open = ok(await get(m, `${base}/eligibility?course_id=${bi.id}`), c.eligibility.data);
    expect(open.open_request).toEqual({ id, status: 0 });

    // Another member's request is not found, whatever the call.
    expectError(await get(other, `${base}/request/${id}`), 404, 'NOT_FOUND');
    expectError(
      await post(other, `${base}/request/${id}/pledge`, { variant: 'doctorAcuteQualified', agreed: true }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await post(other, `${base}/request/${id}/recommendation`, { method: 'mail' }),
      404,
      'NOT_FOUND',
    );
    expectError(await get(other, `${base}/request/${id}/certificate/download`), 404, 'NOT_FOUND');
    expectError(
      await post(other, `${base}/request/${id}/check-payment`, { object_type: 5, object_id: bi.id }),
      404,
      'NOT_FOUND',
    );

    // Before the pledge the fee cannot be paid.
    expectError(
      await post(m, '/api/v1/payments/stripe/create-payment-intent', {
        object_type: 5,
        object_id: bi.id,
        request_id: id,
      }),
      409,
      'NOT_AWAITING_PAYMENT',
    );

    // The pledge: consent required; only the variant of the member's values.
    expectValidationError(
      await post(m, `${base}/request/${id}/pledge`, { variant: 'doctorAcuteQualified' }),
      ['agreed'],
    );
    expectError(
      await post(m, `${base}/request/${id}/pledge`, { variant: 'midwifeNurse', agreed: true }),
      409,
      'PLEDGE_MISMATCH',
    );
    const signed = ok(
      await post(m, `${base}/request/${id}/pledge`, { variant: 'doctorAcuteQualified', agreed: true }),
      c.pledge.data,
    );
    expect(signed).toMatchObject({ status: 1, variant: 'doctorAcuteQualified', fee: 5500, paid: false });
    expect(signed.pledged_at).toBe(ctx.clock.now().toISOString());
    // Signing twice changes nothing.
    expect(
      (await post(m, `${base}/request/${id}/pledge`, { variant: 'doctorAcuteQualified', agreed: true }))
        .statusCode,
    ).toBe(200);

    // The application form: all three fields, then the fee is asked for.
    expectError(await ask(m), 400, 'VALIDATION_ERROR');
    expectValidationError(await ask(m, { username: '試験 花子' }), ['email', 'meta']);
    expectError(await ask(m, form(m)), 409, 'NG_NOT_PAYMENT');
    expect((await requestRow(id))?.meta).toContain('推薦者');

    // Card payment (5,500 yen, the course's certification fee): the request goes to processing (2).
    await payByCard(m, id, 5500);
    expect((await requestRow(id))?.status).toBe(2);
    const paid = ok(await ask(m), c.request.data);
    expect(paid).toMatchObject({ result: 'CIA_2.2_SYSTEM_CHECK_COMPLETE', status: 2 });
    const checked = await post(m, `${base}/request/${id}/check-payment`, {
      object_type: 5,
      object_id: bi.id,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ data: { state: 'complete' } });

    // The recommendation letter goes by post; then the office checks.
    const letter = ok(
      await post(m, `${base}/request/${id}/recommendation`, { method: 'mail' }),
      c.recommendation.data,
    );
    expect(letter.recommendation).toEqual({ method: 'mail', submitted_at: ctx.clock.now().toISOString() });
    expect(ok(await ask(m), c.request.data)).toMatchObject({ result: 'CIA_REQUEST_RECEIVED' });
    const waiting = ok(
      await get(m, `${base}/request/${id}?certificate_type=2&confirm_certificate=1`),
      c.detail.data,
    );
    expect(waiting).toMatchObject({ status: 2, paid: true, certificate: null });
    expectError(await get(m, `${base}/request/${id}/certificate/download`), 404, 'NOT_FOUND');

    // The office's review: a member is refused (403), the office sees the records, pledge and payment.
    expectError(await get(m, '/api/v1/office/instructor-requests'), 403, 'FORBIDDEN');
    expectError(await get(m, `/api/v1/office/instructor-requests/${id}`), 403, 'FORBIDDEN');
    expectError(await post(m, `/api/v1/office/instructor-requests/${id}/approve`), 403, 'FORBIDDEN');
    expectError(
      await post(m, `/api/v1/office/instructor-requests/${id}/reject`, { reason: 'x' }),
      403,
      'FORBIDDEN',
    );
    const list = await get(office, '/api/v1/office/instructor-requests?status=2');
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: { id: number }[] }).data.map((r) => r.id)).toContain(id);
    const review = ok(await get(office, `/api/v1/office/instructor-requests/${id}`), c.officeDetail.data);
    expect(review).toMatchObject({
      status: 2,
      paid: true,
      recommendation: true,
      meta: form(m).meta,
      pledge: { variant: 'doctorAcuteQualified' },
      payment: { amount: 5500, status: 3 },
      records: { kind: 'eligible', required_sessions: 1, course_completed_on: '2025-09-20' },
    });
    expect(review.records.assistant_sessions.filter((s) => s.counted)).toHaveLength(3);

    // Approval: the certificate (BI prefix, five years from today), the BI rank, the audit and the mail.
    const approved = ok(
      await post(office, `/api/v1/office/instructor-requests/${id}/approve`),
      c.officeApprove.data,
    );
    expect(approved.status).toBe(3);
    expect(approved.certificate?.certificate_number).toMatch(/^BI-\d{6}$/);
    expect(approved.certificate).toMatchObject({ start_date: '2026-11-22', end_date: '2031-11-21' });
    const [cert] = await db()
      .select()
      .from(certificates)
      .where(eq(certificates.id, approved.certificate!.id));
    expect(cert).toMatchObject({ userId: m.id, courseId: bi.id, certificateType: 2, trainingId: null });
    expect(cert?.verificationCode.length).toBeGreaterThanOrEqual(24);
    const held = await db()
      .select({ level: ranks.level })
      .from(userRanks)
      .innerJoin(ranks, eq(ranks.id, userRanks.rankId))
      .where(eq(userRanks.userId, m.id));
    expect(held.map((r) => r.level)).toEqual([1]);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'certificate_request'), eq(auditEvents.entityId, id)));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([['instructor_request.approve', office.id]]);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, m.email));
    expect(mails.map((x) => x.subject)).toContain(
      '【母体救命 MELS】ベーシックインストラクター認定のお知らせ',
    );
    expect(mails.find((x) => x.subject.includes('認定のお知らせ'))?.textBody).toContain(
      approved.certificate!.certificate_number,
    );

    // Decided once.
    expectError(
      await post(office, `/api/v1/office/instructor-requests/${id}/approve`),
      409,
      'REQUEST_DECIDED',
    );
    expectError(
      await post(office, `/api/v1/office/instructor-requests/${id}/reject`, { reason: '重複' }),
      409,
      'REQUEST_DECIDED',
    );

    // The member sees and downloads the certificate; a new request says it is issued.
    const done = ok(
      await get(m, `${base}/request/${id}?certificate_type=2&confirm_certificate=1`),
      c.detail.data,
    );
    expect(done.certificate).toMatchObject({ certificate_number: approved.certificate!.certificate_number });
    expect(done.certificate?.link).toMatch(/^\/api\/v1\/certificates\/\d+\/view\?expires=/);
    const pdf = await get(m, `${base}/request/${id}/certificate/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A 認定証 (certification), not a 修了証: read with pdftotext.
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload })
      .toString()
      .replace(/\s+/g, '');
    expect(text).toContain('認定証');
    expect(text).toContain(`認定番号${approved.certificate!.certificate_number}`);
    expect(text).not.toContain('修了証');
    expectError(await get(other, `${base}/request/${id}/certificate/download`), 404, 'NOT_FOUND');
    expect(ok(await ask(m), c.request.data)).toMatchObject({
      result: 'CIA_1.1_SYSTEM_CHECK_ERROR',
      request_id: id,
    });
  });

  it('requirements unmet, occupations that cannot be certified, a course that is not BI, bad input', async () => {
    const nurse = await candidate({
      occupation: 3,
      department: null,
      courseDay: '2026-08-22',
      sessions: ['2026-10-03'],
    });
    const e = ok(await get(nurse, `${base}/eligibility?course_id=${bi.id}`), c.eligibility.data);
    expect(e).toMatchObject({
      kind: 'unmet',
      variant: 'midwifeNurse',
      required_sessions: 3,
      missing_sessions: 2,
      missing: ['year', 'sessions'],
      request_from: '2027-08-22',
    });
    expect(e.counted_sessions.map((s) => s.event_date)).toEqual(['2026-10-03']);
    expectError(await ask(nurse), 422, 'REQUIREMENTS_UNMET');
    expect(
      await db().select().from(certificateRequests).where(eq(certificateRequests.userId, nurse.id)),
    ).toEqual([]);

    const never = await candidate({ courseDay: null });
    expect(ok(await get(never, `${base}/eligibility?course_id=${bi.id}`), c.eligibility.data)).toMatchObject({
      kind: 'unmet',
      missing: ['course', 'sessions'],
    });
    expectError(await ask(never), 422, 'REQUIREMENTS_UNMET');

    const assistantNurse = await candidate({ occupation: 4, department: null });
    expect(
      ok(await get(assistantNurse, `${base}/eligibility?course_id=${bi.id}`), c.eligibility.data),
    ).toMatchObject({
      kind: 'notEligible',
      reason: 'assistantNurse',
    });
    const refused = expectError(await ask(assistantNurse), 403, 'OCCUPATION_NOT_CERTIFIABLE');
    expect(refused.meta.message).toContain('准看護師');
    const student = await candidate({ occupation: 6, department: null });
    expectError(await ask(student), 403, 'OCCUPATION_NOT_CERTIFIABLE');
    const resident = await candidate({ department: 6 });
    expectError(await ask(resident), 403, 'OCCUPATION_NOT_CERTIFIABLE');

    const eligible = await candidate({});
    expectError(await ask(eligible, {}, basic.id), 404, 'NOT_FOUND');
    expectValidationError(await ask(eligible, { certificate_type: 3 }), ['certificate_type']);
    expectValidationError(await ask(eligible, { email: 'not-an-email', username: 'x', meta: 'y' }), [
      'email',
    ]);
    expectError(
      await post(null, `${base}/request`, { certificate_type: 2, course_id: bi.id }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await get(eligible, `${base}/request/999999`), 404, 'NOT_FOUND');
    // A code of the older system that is not theirs is the same 404 as an unknown one.
    expectError(await ask(eligible, { certificate_code: 'BI2020-999999' }), 404, 'NG_CERTIFICATE_CODE');
  });

  it('two requests at once make one; rejection with a reason, mailed and audited; then a new request', async () => {
    const m = await candidate({});
    const [a, b] = await Promise.all([ask(m), ask(m)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.request_id).toBe(b.json().data.request_id);
    const id = a.json().data.request_id as number;
    expect(
      await db().select().from(certificateRequests).where(eq(certificateRequests.userId, m.id)),
    ).toHaveLength(1);

    expectError(
      await post(office, `/api/v1/office/instructor-requests/${id}/approve`),
      409,
      'NOT_AWAITING_APPROVAL',
    );
    expectValidationError(
      await post(office, `/api/v1/office/instructor-requests/${id}/reject`, { reason: '   ' }),
      ['reason'],
    );
    expect((await requestRow(id))?.status).toBe(0);
    const reason = '推薦書が確認できませんでした。';
    const rejected = ok(
      await post(office, `/api/v1/office/instructor-requests/${id}/reject`, { reason }),
      c.officeReject.data,
    );
    expect(rejected).toMatchObject({ status: 4, reject_reason: reason });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'instructor_request.reject'), eq(auditEvents.entityId, id)));
    expect(audit[0]?.data).toMatchObject({ reason, previous_status: 0 });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, m.email));
    expect(mails.find((x) => x.subject.includes('結果について'))?.textBody).toContain(reason);
    const seen = ok(await get(m, `${base}/request/${id}`), c.detail.data);
    expect(seen).toMatchObject({ status: 4, reject_reason: reason });
    expectError(
      await post(m, `${base}/request/${id}/pledge`, { variant: 'doctorAcuteQualified', agreed: true }),
      409,
      'REQUEST_NOT_OPEN',
    );

    // English mail for an English reader.
    const en = await candidate({});
    await db().update(users).set({ language: 'en' }).where(eq(users.id, en.id));
    const enId = await pledged(en);
    await post(office, `/api/v1/office/instructor-requests/${enId}/reject`, { reason: 'No recommendation.' });
    const enMails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, en.email));
    expect(enMails.map((x) => x.subject)).toContain(
      '【母体救命 MELS】About your basic instructor certification request',
    );

    const again = ok(await ask(m), c.request.data);
    expect(again.request_id).not.toBe(id);
    expect(again.result).toBe('CIA_SYSTEM_CHECK_SUCCESS');
  });

  it('a course without a certification fee is free: the free order moves the request on', async () => {
    const m = await candidate({ courseId: freeBi.id });
    const e = ok(await get(m, `${base}/eligibility?course_id=${freeBi.id}`), c.eligibility.data);
    expect(e).toMatchObject({ fee: 0, free: true });
    const id = await pledged(m, freeBi.id);
    expectError(await ask(m, form(m), freeBi.id), 409, 'NG_NOT_PAYMENT');
    const free = await post(m, '/api/v1/courses/order-course/create', {
      object_type: 5,
      object_id: freeBi.id,
      request_id: id,
    });
    expect(free.statusCode, free.body).toBeLessThan(300);
    expect((await requestRow(id))?.status).toBe(2);
    expect(ok(await ask(m, {}, freeBi.id), c.request.data).result).toBe('CIA_2.2_SYSTEM_CHECK_COMPLETE');
  });

  it('a BI course of the older system, proven by its code and the address of the time, carries the whole request', async () => {
    const m = await candidate({ courseDay: null });
    await db()
      .insert(legacyCertificates)
      .values({
        courseId: bi.id,
        certificateCode: `BI2025-${String(m.id).padStart(6, '0')}`,
        holderName: '試験 花子',
        email: `old.${m.id}@example.jp`,
        participatedDate: '2025-09-01',
      });
    const code = { certificate_code: `bi2025-${String(m.id).padStart(6, '0')}` };
    // Under the account's address the record is not found (the same 404 as an unknown code).
    expectError(await ask(m, code), 404, 'NG_CERTIFICATE_CODE');
    const created = ok(await ask(m, { ...code, email: `old.${m.id}@example.jp` }), c.request.data);
    expect(created).toMatchObject({ result: 'CIA_SYSTEM_CHECK_SUCCESS', status: 0 });
    expect((await requestRow(created.request_id))?.certificateCode).toBe(code.certificate_code.toUpperCase());
    const signed = await post(m, `${base}/request/${created.request_id}/pledge`, {
      variant: 'doctorAcuteQualified',
      agreed: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // The application form is sent without the code: the request keeps the one it was made with.
    expectError(await ask(m, form(m)), 409, 'NG_NOT_PAYMENT');
    const review = ok(
      await get(office, `/api/v1/office/instructor-requests/${created.request_id}`),
      c.officeDetail.data,
    );
    expect(review.records).toMatchObject({ kind: 'eligible', course_completed_on: '2025-09-01' });
  });

  it('the recommendation letter template is a Word file named 推薦書, for members', async () => {
    const m = await makeUser(ctx);
    const file = await get(m, '/api/v1/documents/recommendation-letter/template/download');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(c.template.file);
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('推薦書.docx')}`,
    );
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(file.rawPayload.includes(Buffer.from('word/document.xml'))).toBe(true);
    expectError(
      await get(null, '/api/v1/documents/recommendation-letter/template/download'),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe.each(drivers())('BI certification request: the demo accounts (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => ctx?.close());

  const login = async (email: string) => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password: 'Demo1234' },
    });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { data: { token: string } }).data.token;
  };

  it('bi-candidate may ask (fee to pay); bi-nurse is told what is missing', async () => {
    const [bi] = await ctx.deps.db.select().from(courses).where(eq(courses.certificatePrefix, 'BI'));
    const url = `/api/v1/certificates/basic_instructor_course/eligibility?course_id=${bi!.id}`;
    const candidate = await call(ctx.app, await login('bi-candidate@mels.example.jp'), 'GET', url);
    expect(candidate.json()).toMatchObject({
      data: { kind: 'eligible', variant: 'doctorAcuteQualified', free: false, fee: 11000 },
    });
    expect(candidate.json().data.counted_sessions).toHaveLength(3);
    const nurse = await call(ctx.app, await login('bi-nurse@mels.example.jp'), 'GET', url);
    expect(nurse.json()).toMatchObject({
      data: { kind: 'unmet', variant: 'midwifeNurse', missing: ['year', 'sessions'], missing_sessions: 2 },
    });
  });
});
