import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contracts, lessonProgressResponseSchema } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { TEST_NOW } from '../../../test/databases.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import {
  auditEvents,
  certificateRequests,
  certificates,
  courses,
  lessons,
  quizQuestionMetas,
  quizQuestions,
  quizzes,
} from '../../db/schema.ts';
import { extendCertificate } from '../certificates/index.ts';
import { makeCourse, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';
import { call } from '../payments/payments.fixtures.ts';

/**
 * Issue 17, the renewal course (decision 034): the videos with the pre-videos' watch proof (3 → 8 once all
 * are seen), the course-renewal test judged on the server (answered again until correct; all correct →
 * 4 and the renewed certificate, once), the renewed certificate's PDF and its /verify state, and every
 * refusal: another member's request (404), before payment, the test before the videos, the certificate
 * before completion, an extended or non-BI certificate. The clock is TEST_NOW (2026-11-22 in Japan).
 */
describe.each(drivers())('certificate renewal course (%s)', (driver) => {
  let ctx: TestContext;
  let bi: { id: number };
  let basic: { id: number };
  let renewal: { id: number };
  let videos: { id: number; duration: number }[] = [];
  let questions: { id: number; right: string[]; wrong: string[] }[] = [];
  let serial = 0;

  const c = contracts.renewals;
  const bic = '/api/v1/certificates/basic_instructor_course';
  const db = () => ctx.deps.db;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    bi = await makeCourse(ctx, { certificatePrefix: 'BI' });
    basic = await makeCourse(ctx, { certificatePrefix: 'B' });
    renewal = await makeCourse(ctx, { certificatePrefix: 'R', coursePrice: 5500, isRenewal: true });
    await db()
      .update(courses)
      .set({ certificationPeriod: 5, sortOrder: -2000 })
      .where(eq(courses.id, renewal.id));
    videos = await db()
      .insert(lessons)
      .values([
        {
          courseId: renewal.id,
          kind: 'renewal',
          title: '更新動画1',
          duration: 12,
          link: '/v1.mp4',
          sortOrder: 1,
        },
        {
          courseId: renewal.id,
          kind: 'renewal',
          title: '更新動画2',
          duration: 8,
          link: '/v2.mp4',
          sortOrder: 2,
        },
        // A session pre-video of the same course is not a renewal video.
        { courseId: renewal.id, kind: 'pre', title: '事前動画', duration: 30, link: '/p.mp4', sortOrder: 3 },
      ])
      .returning({ id: lessons.id, duration: lessons.duration })
      .then((rows) => rows.slice(0, 2));
    const [quiz] = await db()
      .insert(quizzes)
      .values({ courseId: renewal.id, kind: 'renewal', title: '更新テスト' })
      .returning({ id: quizzes.id });
    questions = [];
    for (const [i, type] of [1, 0, 1].entries()) {
      const [q] = await db()
        .insert(quizQuestions)
        .values({ quizId: quiz!.id, title: `設問${i + 1}`, inputType: type, sortOrder: i })
        .returning({ id: quizQuestions.id });
      await db()
        .insert(quizQuestionMetas)
        .values([
          { questionId: q!.id, value: 'a', label: 'A', isCorrect: true, sortOrder: 1 },
          { questionId: q!.id, value: 'b', label: 'B', isCorrect: type === 0, sortOrder: 2 },
          { questionId: q!.id, value: 'c', label: 'C', isCorrect: false, sortOrder: 3 },
        ]);
      questions.push({ id: q!.id, right: type === 0 ? ['a', 'b'] : ['a'], wrong: ['c'] });
    }
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  /** A member's 5-year BI certificate ending 2027-03-21 and its renewal at the given status. */
  async function renewalAt(status: number, options: { courseId?: number } = {}) {
    serial += 1;
    const m = await makeUser(ctx, { occupation: 1 });
    const [cert] = await db()
      .insert(certificates)
      .values({
        userId: m.id,
        courseId: options.courseId ?? bi.id,
        certificateType: 2,
        certificateNumber: `RNC-${driver}-${serial}`,
        verificationCode: `renewal-course-code-${driver}-${serial}-xxxxxxxx`,
        holderName: '更新 花子',
        holderNameAlpha: 'Hanako KOSHIN',
        startDate: '2022-03-22',
        endDate: '2027-03-21',
      })
      .returning();
    const [request] = await db()
      .insert(certificateRequests)
      .values({
        userId: m.id,
        courseId: renewal.id,
        certificateType: 3,
        status,
        username: '更新 花子',
        email: m.email,
        sourceCertificateId: cert!.id,
      })
      .returning({ id: certificateRequests.id });
    return { m, cert: cert!, requestId: request!.id };
  }

  const get = (m: Member | null, path: string) => call(ctx.app, m?.token ?? null, 'GET', `${bic}${path}`);
  const post = (m: Member | null, path: string, body: unknown) =>
    call(ctx.app, m?.token ?? null, 'POST', `${bic}${path}`, body);
  const videosOf = async (m: Member, id: number) =>
    expectBody(await get(m, `/request/${id}/pre-videos`), 200, z.object({ data: c.preVideos.data })).data;
  const testOf = async (m: Member, id: number) =>
    expectBody(await get(m, `/request/${id}/post-tests`), 200, z.object({ data: c.postTests.data })).data;
  const answer = (m: Member, requestId: number, questionId: number, values: string[]) =>
    post(m, '/post-tests/answer', { request_id: requestId, lesson_id: questionId, answer: values });
  const view = (m: Member, requestId: number, lessonId: number) =>
    post(m, '/pre-videos/view', { request_id: requestId, lesson_id: lessonId });
  const status = async (id: number) =>
    (await db().select().from(certificateRequests).where(eq(certificateRequests.id, id)))[0]!;

  /** Plays a video honestly: a start report, then one every 4 seconds of (clock) time; then marks it seen. */
  async function watch(m: Member, requestId: number, lesson: { id: number; duration: number }) {
    const report = (ranges: [number, number][], position: number) =>
      post(m, '/pre-videos/progress', { request_id: requestId, lesson_id: lesson.id, ranges, position });
    expect((await report([], 0)).statusCode).toBe(200);
    let at = 0;
    while (at < lesson.duration) {
      const step = Math.min(4, lesson.duration - at);
      ctx.clock.advance(step * 1000);
      const r = expectBody(
        await report([[at, at + step]], at + step),
        200,
        lessonProgressResponseSchema,
      ).data;
      at += step;
      expect(r.watched_seconds).toBeGreaterThanOrEqual(at);
    }
    return view(m, requestId, lesson.id);
  }

  it('videos: seen only when really played; all seen → 3 → 8 once; refusals before payment and for another member', async () => {
    const { m, requestId } = await renewalAt(3);
    const list = await videosOf(m, requestId);
    expect(list.lessons.map((l) => [l.title, l.is_seen])).toEqual([
      ['更新動画1', false],
      ['更新動画2', false],
    ]);
    expect(list).toMatchObject({ is_completed: false, step_status: 3 });

    // One report claiming the whole video at once is credited only the slack: not seen.
    const first = videos[0]!;
    await post(m, '/pre-videos/progress', {
      request_id: requestId,
      lesson_id: first.id,
      ranges: [],
      position: 0,
    });
    ctx.clock.advance(1000);
    await post(m, '/pre-videos/progress', {
      request_id: requestId,
      lesson_id: first.id,
      ranges: [[0, first.duration]],
      position: first.duration,
    });
    expectError(await view(m, requestId, first.id), 409, 'NOT_WATCHED');
    // The test waits for the videos.
    expectError(await get(m, `/request/${requestId}/post-tests`), 409, 'STEP_OUT_OF_ORDER');
    expectError(await answer(m, requestId, questions[0]!.id, ['a']), 409, 'STEP_OUT_OF_ORDER');

    expect((await watch(m, requestId, first)).statusCode).toBe(200);
    expect((await status(requestId)).status).toBe(3);
    const last = await watch(m, requestId, videos[1]!);
    expect(last.json().data).toEqual({
      lesson_id: videos[1]!.id,
      is_seen: true,
      is_completed: true,
      step_status: 8,
    });
    expect((await status(requestId)).status).toBe(8);
    // Marking again changes nothing (idempotent).
    expect((await view(m, requestId, first.id)).json().data.step_status).toBe(8);
    expect((await status(requestId)).status).toBe(8);
    const after = await videosOf(m, requestId);
    expect(after.lessons.every((l) => l.is_seen)).toBe(true);
    expect(after).toMatchObject({ is_completed: true, step_status: 8 });

    // Another member: every call answers 404, nothing written.
    const other = await makeUser(ctx, { occupation: 1 });
    expectNotFound(await get(other, `/request/${requestId}/pre-videos`));
    expectNotFound(
      await post(other, '/pre-videos/progress', {
        request_id: requestId,
        lesson_id: first.id,
        ranges: [],
        position: 0,
      }),
    );
    expectNotFound(await view(other, requestId, first.id));
    expectNotFound(await get(other, `/request/${requestId}/post-tests`));
    expectNotFound(await answer(other, requestId, questions[0]!.id, ['a']));
    expectNotFound(await get(other, `/request/${requestId}/certificate/download`));
    // A session pre-video of the course is not one of these.
    const [pre] = await db()
      .select()
      .from(lessons)
      .where(and(eq(lessons.courseId, renewal.id), eq(lessons.kind, 'pre')));
    expectNotFound(await view(m, requestId, pre!.id));

    // Before payment (0, and 1 awaiting payment): refused.
    for (const unpaid of [0, 1]) {
      const r = await renewalAt(unpaid);
      expectError(await get(r.m, `/request/${r.requestId}/pre-videos`), 409, 'RENEWAL_NOT_PAID');
      expectError(
        await post(r.m, '/pre-videos/progress', {
          request_id: r.requestId,
          lesson_id: first.id,
          ranges: [],
          position: 0,
        }),
        409,
        'RENEWAL_NOT_PAID',
      );
      expectError(await view(r.m, r.requestId, first.id), 409, 'RENEWAL_NOT_PAID');
      expectError(await get(r.m, `/request/${r.requestId}/post-tests`), 409, 'RENEWAL_NOT_PAID');
      expectError(await answer(r.m, r.requestId, questions[0]!.id, ['a']), 409, 'RENEWAL_NOT_PAID');
      expectError(
        await get(r.m, `/request/${r.requestId}/certificate/download`),
        409,
        'RENEWAL_NOT_COMPLETE',
      );
    }
  });

  it('test: correctness hidden until answered, a wrong answer answered again until correct, all correct → 4 with the renewed certificate', async () => {
    const { m, cert, requestId } = await renewalAt(8);
    const test = await testOf(m, requestId);
    expect(test).toMatchObject({
      kind: 'renewal',
      answered_count: 0,
      correct_count: 0,
      is_completed: false,
      step_status: 8,
    });
    expect(JSON.stringify(test)).not.toContain('is_correct');
    expectError(await get(m, `/request/${requestId}/certificate/download`), 409, 'RENEWAL_NOT_COMPLETE');

    const [q1, q2, q3] = questions as [(typeof questions)[0], (typeof questions)[0], (typeof questions)[0]];
    const wrong = expectBody(
      await answer(m, requestId, q1.id, q1.wrong),
      200,
      z.object({ data: c.answer.data }),
    ).data;
    expect(wrong.question.is_answer_correct).toBe(false);
    expect(wrong.question.quiz_question_metas.find((x) => x.value === 'a')?.is_correct).toBe(true);
    expect(wrong).toMatchObject({ answered_count: 1, correct_count: 0, is_completed: false, step_status: 8 });
    expect((await answer(m, requestId, q1.id, q1.right)).json().data.question.is_answer_correct).toBe(true);
    // A correct answer stays.
    expectError(await answer(m, requestId, q1.id, q1.wrong), 409, 'ALREADY_CORRECT');
    // Bad answers: none chosen, two on a single-choice question, an unknown choice, no question.
    expectValidationError(await answer(m, requestId, q2.id, []), ['answer']);
    expectValidationError(await answer(m, requestId, q3.id, ['a', 'c']), ['answer']);
    expect((await answer(m, requestId, q3.id, ['zz'])).statusCode).toBe(400);
    expectValidationError(await post(m, '/post-tests/answer', { request_id: requestId, answer: ['a'] }), [
      'question_id',
    ]);
    expectValidationError(await post(m, '/post-tests/answer', { lesson_id: q1.id, answer: ['a'] }), [
      'request_id',
    ]);
    expectNotFound(await answer(m, requestId, 2147483000, ['a']));
    expect((await status(requestId)).status).toBe(8);

    await answer(m, requestId, q2.id, q2.right);
    const done = (await answer(m, requestId, q3.id, q3.right)).json().data;
    expect(done).toMatchObject({ answered_count: 3, correct_count: 3, is_completed: true, step_status: 4 });
    const row = await status(requestId);
    expect(row.status).toBe(4);
    const renewed = (
      await db().select().from(certificates).where(eq(certificates.extendedFromId, cert.id))
    )[0]!;
    expect(row.certificateId).toBe(renewed.id);
    expect(renewed).toMatchObject({
      userId: m.id,
      courseId: bi.id,
      certificateType: 3,
      startDate: '2027-03-22',
      endDate: '2032-03-21',
      holderName: '更新 花子',
      isExtended: false,
    });
    expect(renewed.certificateNumber).toMatch(/^BI-\d{6}$/);
    expect(renewed.certificateNumber).not.toBe(cert.certificateNumber);
    const old = (await db().select().from(certificates).where(eq(certificates.id, cert.id)))[0]!;
    expect(old.isExtended).toBe(true);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'certificate.extend'), eq(auditEvents.entityId, renewed.id)));
    expect(audits.map((a) => a.actorUserId)).toEqual([m.id]);
    expectError(await answer(m, requestId, q1.id, q1.right), 409, 'POST_TEST_PASSED');
    expect((await testOf(m, requestId)).is_completed).toBe(true);

    // The renewal's own read shows it complete with the certificate; /verify: old renewed, new valid.
    const detail = (await get(m, `/renewal/${requestId}`)).json().data;
    expect(detail).toMatchObject({
      status: 4,
      steps: { certificate: true },
      source_certificate: { verify_path: `/verify/${old.verificationCode}` },
      certificate: {
        id: renewed.id,
        certificate_number: renewed.certificateNumber,
        start_date: '2027-03-22',
        end_date: '2032-03-21',
        verify_path: `/verify/${renewed.verificationCode}`,
      },
    });
    expect(detail.certificate.link).toMatch(/^\/api\/v1\/certificates\/\d+\/view\?/);
    const verify = async (code: string) =>
      (await call(ctx.app, null, 'GET', `/api/v1/certificates/verify/${code}`)).json().data;
    expect(await verify(old.verificationCode)).toMatchObject({
      status: 'renewed',
      valid_until: '2027-03-21',
    });
    expect(await verify(renewed.verificationCode)).toMatchObject({
      status: 'valid',
      certificate_number: renewed.certificateNumber,
      issued_on: '2027-03-22',
      valid_until: '2032-03-21',
    });

    // The PDF at the spec's path shows the new end date.
    const pdf = await get(m, `/request/${requestId}/certificate/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(renewed.certificateNumber);
    const dir = mkdtempSync(join(tmpdir(), 'renewal-pdf-'));
    writeFileSync(join(dir, 'c.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'c.pdf'), '-']).toString();
    expect(text).toContain('2032');
    expect(text).toContain(renewed.certificateNumber);
  });

  it('two last answers at once issue one certificate; extendCertificate answers the existing one and refuses a non-BI certificate', async () => {
    const { m, cert, requestId } = await renewalAt(8);
    const [q1, q2, q3] = questions as [(typeof questions)[0], (typeof questions)[0], (typeof questions)[0]];
    await answer(m, requestId, q1.id, q1.right);
    const results = await Promise.all([
      answer(m, requestId, q2.id, q2.right),
      answer(m, requestId, q3.id, q3.right),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const issued = await db().select().from(certificates).where(eq(certificates.extendedFromId, cert.id));
    expect(issued).toHaveLength(1);
    expect((await status(requestId)).status).toBe(4);

    // Again by hand: the same certificate, nothing new.
    const again = await db().transaction((tx) =>
      extendCertificate(tx, { certificateId: cert.id, actorId: null, reason: 'test', now: ctx.clock.now() }),
    );
    expect(again).toMatchObject({ created: false, certificate: { id: issued[0]!.id } });

    // A non-BI certificate, and one missing: refused; the old one is left as it was.
    const other = await renewalAt(8, { courseId: basic.id });
    await expect(
      db().transaction((tx) => extendCertificate(tx, { certificateId: other.cert.id, now: ctx.clock.now() })),
    ).rejects.toMatchObject({ code: 'RENEWAL_NOT_BASIC_INSTRUCTOR' });
    await expect(
      db().transaction((tx) => extendCertificate(tx, { certificateId: 2147483000, now: ctx.clock.now() })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await db().select().from(certificates).where(eq(certificates.id, other.cert.id)))[0]!.isExtended,
    ).toBe(false);

    // By hand with a reason: the office's audit row keeps it.
    const manual = await renewalAt(0);
    const office = await makeUser(ctx, { occupation: 1 });
    const made = await db().transaction((tx) =>
      extendCertificate(tx, {
        certificateId: manual.cert.id,
        actorId: office.id,
        reason: '事務局判断',
        now: ctx.clock.now(),
      }),
    );
    expect(made).toMatchObject({
      created: true,
      certificate: { startDate: '2027-03-22', endDate: '2032-03-21', certificateType: 3 },
    });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'certificate.extend'), eq(auditEvents.entityId, made.certificate.id)),
      );
    expect(audit).toMatchObject({ actorUserId: office.id, data: { reason: '事務局判断', request_id: null } });
  });

  it('the database refuses a second renewed certificate and a complete renewal without one', async () => {
    const { cert, requestId } = await renewalAt(8);
    const row = (n: number) => ({
      userId: cert.userId,
      courseId: bi.id,
      certificateType: 3,
      certificateNumber: `RNX-${driver}-${serial}-${n}`,
      verificationCode: `renewal-dup-code-${driver}-${serial}-${n}-xxxxxxx`,
      holderName: 'x',
      startDate: '2027-03-22',
      extendedFromId: cert.id,
    });
    await db().insert(certificates).values(row(1));
    await expect(db().insert(certificates).values(row(2))).rejects.toThrow();
    await expect(
      db()
        .insert(certificates)
        .values({ ...row(3), extendedFromId: null }),
    ).rejects.toThrow();
    await expect(
      db().update(certificateRequests).set({ status: 4 }).where(eq(certificateRequests.id, requestId)),
    ).rejects.toThrow();
  });

  it('no login 401; bad ids 400', async () => {
    const { m, requestId } = await renewalAt(3);
    expectError(await get(null, `/request/${requestId}/pre-videos`), 401, 'UNAUTHORIZED');
    expectError(
      await post(null, '/pre-videos/view', { request_id: requestId, lesson_id: 1 }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await answer({ ...m, token: 'bad' }, requestId, 1, ['a']), 401, 'UNAUTHORIZED');
    expectValidationError(await get(m, '/request/0/pre-videos'), ['id']);
    expectValidationError(await post(m, '/pre-videos/view', { request_id: requestId }), ['lesson_id']);
  });
});
