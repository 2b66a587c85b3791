/**
 * Certificate expiries (issue 17, decision 038): the reminder mails with the clock moved (each once, in the
 * member's language, none after renewal), my-page's renewal fields, the office's list, CSV, count and
 * renewal view, and their refusals.
 */
import {
  activityCertificatesResponseSchema,
  dataEnvelope,
  listEnvelope,
  manualExtendSchema,
  officeDashboardSchema,
  officeExpirySchema,
  officeRenewalSchema,
} from '@mels/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import {
  auditEvents,
  certificateReminders,
  certificateRequests,
  certificates,
  courses,
  jobs,
  lessons,
  lessonViews,
  mailOutbox,
  orders,
  quizAnswers,
  quizQuestions,
  quizzes,
  users,
} from '../../db/schema.ts';
import { SUBJECT_PREFIX } from '../../lib/mail-templates/layout.ts';
import { call, newMember, officeToken, type Member } from '../payments/payments.fixtures.ts';
import { scheduleReminderSweep, sweepReminders } from './expiries.reminders.ts';

/** 12:00 in Japan on a day. */
const noon = (day: string) => `${day}T03:00:00Z`;

describe.each(drivers())('certificate expiries and reminders (%s)', (driver) => {
  let ctx: TestContext;
  let office: string;
  let bi: number;
  let other: number;
  let ja: Member;
  let en: Member;
  let stranger: Member;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await officeToken(ctx.app);
    const [c] = await ctx.deps.db
      .insert(courses)
      .values({ name: '期限テストBIコース', price: 0, certificatePrefix: 'BI', certificationPeriod: 5 })
      .returning();
    const [o] = await ctx.deps.db
      .insert(courses)
      .values({ name: '期限テスト修了コース', price: 0, certificatePrefix: 'XT' })
      .returning();
    bi = c!.id;
    other = o!.id;
    ja = await newMember(ctx.app);
    en = await newMember(ctx.app);
    stranger = await newMember(ctx.app);
    await ctx.deps.db.update(users).set({ language: 'en' }).where(eq(users.id, en.id));
  });
  afterAll(async () => ctx?.close());

  async function certificate(member: Member, endDate: string, courseId = bi) {
    seq += 1;
    const [row] = await ctx.deps.db
      .insert(certificates)
      .values({
        userId: member.id,
        courseId,
        certificateType: 2,
        certificateNumber: `EXP-${driver}-${seq}`,
        verificationCode: `exp-${driver}-${seq}-${Math.random().toString(36).slice(2)}`,
        holderName: '期限 太郎',
        startDate: '2022-05-23',
        endDate,
      })
      .returning();
    return row!;
  }

  const mails = async (to: string) =>
    (
      await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, `${SUBJECT_PREFIX}%`)))
        .orderBy(asc(mailOutbox.id))
    ).filter((m) => /認定|certification/i.test(m.subject));

  /** The day's sweep, as the daily job runs it at 09:00 in Japan, with the clock at noon that day. */
  async function sweep(day: string) {
    ctx.clock.set(noon(day));
    await scheduleReminderSweep(ctx.deps.db, day);
    await ctx.deps.jobs.runOnce();
  }

  /** The sweep itself (the day's job may have run already in an earlier test), then its mails. */
  async function sweepNow(day: string) {
    ctx.clock.set(noon(day));
    await sweepReminders(ctx.deps.db, ctx.clock.now());
    await ctx.deps.jobs.runOnce();
  }

  it('sends 6 months, 1 month, 1 day before and at expiry, each once, in Japanese, with the renewal link', async () => {
    const cert = await certificate(ja, '2027-05-22');
    try {
      await sweep('2026-11-22');
      // The daily job scheduled the next day's sweep, once.
      const next = await ctx.deps.db
        .select({ runAt: jobs.runAt, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.dedupeKey, 'renewal-reminders:2026-11-23'));
      expect(next).toEqual([{ runAt: new Date('2026-11-23T00:00:00Z'), status: 'pending' }]);
      await sweepNow('2026-11-22'); // the same day again: nothing new
      await sweep('2026-12-15'); // still the 6-month zone: already sent
      let sent = await mails(ja.email);
      expect(sent.map((m) => m.subject)).toEqual([`${SUBJECT_PREFIX}認定の有効期限まで6か月となりました`]);
      expect(sent[0]!.textBody).toContain(`認定番号：${cert.certificateNumber}`);
      expect(sent[0]!.textBody).toContain('2027年5月22日');
      expect(sent[0]!.textBody).toContain(
        `/certificate/${bi}/extend-certificate/basic-instructor/extend/${cert.id}`,
      );

      await sweep('2027-04-22');
      await sweep('2027-04-30');
      await sweep('2027-05-21');
      await sweep('2027-05-22');
      await sweep('2027-05-23');
      await sweep('2027-06-30');
      sent = await mails(ja.email);
      expect(sent.map((m) => m.subject.replace(SUBJECT_PREFIX, ''))).toEqual([
        '認定の有効期限まで6か月となりました',
        '認定の有効期限まで1か月となりました',
        '認定の有効期限は明日までです',
        '認定の有効期限が切れました',
      ]);
      const rows = await ctx.deps.db
        .select({ reminder: certificateReminders.reminder })
        .from(certificateReminders)
        .where(eq(certificateReminders.certificateId, cert.id));
      expect(rows.map((r) => r.reminder).sort()).toEqual(['expired', 'oneDay', 'oneMonth', 'sixMonths']);
      // The database refuses a second row of a reminder (the dedupe is not a read before the write).
      await expect(
        ctx.deps.db.insert(certificateReminders).values({ certificateId: cert.id, reminder: 'oneMonth' }),
      ).rejects.toThrow();
    } finally {
      ctx.clock.set(TEST_NOW);
      await ctx.deps.db.delete(certificates).where(eq(certificates.id, cert.id));
    }
  });

  it('in English for an English reader; none after a renewal (extended, or its request complete)', async () => {
    const extendedLater = await certificate(en, '2027-05-22');
    const completedLater = await certificate(en, '2027-05-22');
    const notBi = await certificate(en, '2027-05-22', other);
    try {
      await sweepNow('2026-11-22');
      let sent = await mails(en.email);
      expect(sent.map((m) => m.subject)).toEqual([
        `${SUBJECT_PREFIX}Your certification expires in 6 months`,
        `${SUBJECT_PREFIX}Your certification expires in 6 months`,
      ]);
      expect(sent[0]!.textBody).toContain('22 May 2027');
      // English but for the course's name (data).
      expect(sent[0]!.textBody.replace('期限テストBIコース', '')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

      await ctx.deps.db
        .update(certificates)
        .set({ isExtended: true })
        .where(eq(certificates.id, extendedLater.id));
      // A complete renewal carries the certificate it issued (C's check constraint).
      const renewed = await certificate(en, '2032-05-22');
      await ctx.deps.db.insert(certificateRequests).values({
        userId: en.id,
        courseId: bi,
        certificateType: 3,
        status: 4,
        username: 'x',
        email: en.email,
        sourceCertificateId: completedLater.id,
        certificateId: renewed.id,
      });
      await sweepNow('2027-04-22');
      await sweepNow('2027-05-23');
      sent = await mails(en.email);
      expect(sent).toHaveLength(2);
    } finally {
      ctx.clock.set(TEST_NOW);
      await ctx.deps.db
        .delete(certificateRequests)
        .where(eq(certificateRequests.sourceCertificateId, completedLater.id));
      for (const c of [extendedLater, completedLater, notBi])
        await ctx.deps.db.delete(certificates).where(eq(certificates.id, c.id));
      await ctx.deps.db.delete(certificates).where(eq(certificates.userId, en.id));
    }
  });

  it('a reminder recorded but renewed before its mail went out sends nothing', async () => {
    const cert = await certificate(ja, '2027-05-22');
    try {
      ctx.clock.set(noon('2027-04-22'));
      const recorded = await sweepReminders(ctx.deps.db, ctx.clock.now());
      expect(recorded).toContainEqual({ certificateId: cert.id, reminder: 'oneMonth' });
      await ctx.deps.db.update(certificates).set({ isExtended: true }).where(eq(certificates.id, cert.id));
      const before = (await mails(ja.email)).length;
      await ctx.deps.jobs.runOnce();
      expect(await mails(ja.email)).toHaveLength(before);
    } finally {
      ctx.clock.set(TEST_NOW);
      await ctx.deps.db.delete(certificates).where(eq(certificates.id, cert.id));
    }
  });

  describe('my-page and the office', () => {
    let soon: typeof certificates.$inferSelect;
    let extended: typeof certificates.$inferSelect;
    let early: typeof certificates.$inferSelect;
    let lapsed: typeof certificates.$inferSelect;
    let renewalId: number;

    beforeAll(async () => {
      ctx.clock.set(TEST_NOW); // 2026-11-22 in Japan
      soon = await certificate(ja, '2027-03-21'); // 119 days left
      extended = await certificate(ja, '2027-01-10');
      await ctx.deps.db
        .update(certificates)
        .set({ isExtended: true })
        .where(eq(certificates.id, extended.id));
      early = await certificate(ja, '2028-01-10'); // outside the window
      lapsed = await certificate(en, '2026-10-01'); // expired, within the grace
      // The seed's renewal course: two videos and a three-question test.
      const [renewalCourse] = await ctx.deps.db
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.isRenewal, true))
        .orderBy(asc(courses.sortOrder), asc(courses.id))
        .limit(1);
      const [request] = await ctx.deps.db
        .insert(certificateRequests)
        .values({
          userId: en.id,
          courseId: renewalCourse!.id,
          certificateType: 3,
          status: 3,
          username: 'x',
          email: en.email,
          sourceCertificateId: lapsed.id,
        })
        .returning();
      renewalId = request!.id;
      // One video seen (and one only started), one question answered right at the second attempt.
      const videos = await ctx.deps.db
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.courseId, renewalCourse!.id), eq(lessons.kind, 'renewal')))
        .orderBy(asc(lessons.sortOrder), asc(lessons.id));
      await ctx.deps.db.insert(lessonViews).values([
        {
          userId: en.id,
          lessonId: videos[0]!.id,
          requestId: renewalId,
          watchedSeconds: 8,
          seenAt: new Date(TEST_NOW),
        },
        { userId: en.id, lessonId: videos[1]!.id, requestId: renewalId, watchedSeconds: 3 },
      ]);
      const [question] = await ctx.deps.db
        .select({ id: quizQuestions.id })
        .from(quizQuestions)
        .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
        .where(and(eq(quizzes.courseId, renewalCourse!.id), eq(quizzes.kind, 'renewal')))
        .limit(1);
      await ctx.deps.db.insert(quizAnswers).values({
        questionId: question!.id,
        userId: en.id,
        requestId: renewalId,
        answer: ['a'],
        isCorrect: true,
        attempts: 2,
      });
      await ctx.deps.db.insert(orders).values({
        userId: en.id,
        type: 1,
        objectType: 7,
        objectId: bi,
        requestId: renewalId,
        amount: 5500,
        status: 3,
        paidAt: new Date(TEST_NOW),
      });
    });

    it('GET /certificates/user: the renewal link in the window, already renewed when extended', async () => {
      const mine = expectBody(
        await call(ctx.app, ja.token, 'GET', '/api/v1/certificates/user'),
        200,
        activityCertificatesResponseSchema,
      ).data;
      const by = (id: number) => mine.find((c) => c.id === id)!;
      expect(by(soon.id)).toMatchObject({
        renewal: 'available',
        renewal_path: `/certificate/${bi}/extend-certificate/basic-instructor/extend/${soon.id}`,
        expiring_soon: true,
        certificate_expired: false,
        is_extend_success: false,
      });
      expect(by(extended.id)).toMatchObject({
        renewal: 'renewed',
        renewal_path: null,
        is_extend_success: true,
      });
      expect(by(early.id)).toMatchObject({ renewal: 'none', renewal_path: null, expiring_soon: false });
      // Another member sees none of them.
      const theirs = expectBody(
        await call(ctx.app, stranger.token, 'GET', '/api/v1/certificates/user'),
        200,
        activityCertificatesResponseSchema,
      ).data;
      expect(theirs.map((c) => c.id)).not.toContain(soon.id);
      const lapsedView = expectBody(
        await call(ctx.app, en.token, 'GET', '/api/v1/certificates/user'),
        200,
        activityCertificatesResponseSchema,
      ).data.find((c) => c.id === lapsed.id);
      expect(lapsedView).toMatchObject({ certificate_expired: true, renewal: 'available' });
    });

    it('the office list: filters, days left, renewal status; the dashboard counts them', async () => {
      const list = async (query: string) =>
        expectBody(
          await call(ctx.app, office, 'GET', `/api/v1/office/certificate-expiries?limit=100&${query}`),
          200,
          listEnvelope(officeExpirySchema),
        );
      const expiring = await list('state=expiring');
      const ids = expiring.data.map((r) => r.certificate_id);
      expect(ids).toContain(soon.id);
      expect(ids).toContain(extended.id);
      expect(ids).not.toContain(early.id);
      expect(ids).not.toContain(lapsed.id);
      expect(expiring.data.find((r) => r.certificate_id === soon.id)).toMatchObject({
        certificate_number: soon.certificateNumber,
        member: { id: ja.id, email: ja.email },
        end_date: '2027-03-21',
        days_left: 119,
        renewal: 'notStarted',
        request_id: null,
      });
      const expired = await list('state=expired');
      expect(expired.data.find((r) => r.certificate_id === lapsed.id)).toMatchObject({
        days_left: -52,
        renewal: 'inProgress',
        request_id: renewalId,
      });
      const renewed = (await list('state=all&renewal=renewed')).data.map((r) => r.certificate_id);
      expect(renewed).toContain(extended.id);
      expect(renewed).not.toContain(soon.id);
      const started = (await list('state=all&renewal=started')).data.map((r) => r.certificate_id);
      expect(started).toContain(lapsed.id);
      const byNumber = await list(`state=all&q=${encodeURIComponent(soon.certificateNumber)}`);
      expect(byNumber.data.map((r) => r.certificate_id)).toEqual([soon.id]);
      const byEmail = await list(`state=all&q=${encodeURIComponent(en.email)}`);
      expect(byEmail.data.map((r) => r.certificate_id)).toEqual([lapsed.id]);

      const dashboard = async () =>
        expectBody(
          await call(ctx.app, office, 'GET', '/api/v1/office/dashboard'),
          200,
          dataEnvelope(officeDashboardSchema),
        ).data.certificates_expiring;
      const n = await dashboard();
      expect(n).toBeGreaterThanOrEqual(1);
      const more = await certificate(stranger, '2027-02-01');
      try {
        expect(await dashboard()).toBe(n + 1);
      } finally {
        await ctx.deps.db.delete(certificates).where(eq(certificates.id, more.id));
      }
      expectError(
        await call(ctx.app, office, 'GET', '/api/v1/office/certificate-expiries?state=soon'),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('the CSV: the same filter, UTF-8 with BOM, Japanese headers', async () => {
      const response = await call(
        ctx.app,
        office,
        'GET',
        `/api/v1/office/certificate-expiries.csv?state=all&q=${encodeURIComponent(ja.email)}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(
        /attachment; filename="certificate-expiries-\d{8}\.csv"/,
      );
      const lines = response.body.split('\r\n');
      expect(lines[0]).toMatch(/^\uFEFF認定番号,会員ID,氏名,メールアドレス/);
      const soonLine = lines.find((l) => l.startsWith(soon.certificateNumber));
      expect(soonLine).toContain(',2027/03/21,119,未着手,,');
      expect(lines.some((l) => l.startsWith(extended.certificateNumber) && l.includes('更新済み'))).toBe(
        true,
      );
    });

    it('the renewal view: status, videos, test, payment; 404 for none', async () => {
      const view = expectBody(
        await call(ctx.app, office, 'GET', `/api/v1/office/renewals/${renewalId}`),
        200,
        dataEnvelope(officeRenewalSchema),
      ).data;
      expect(view).toMatchObject({
        id: renewalId,
        status: 3,
        progress: 'inProgress',
        member: { id: en.id },
        source_certificate: { id: lapsed.id, extended: false, revoked: false },
        certificate: null,
        videos: { total: 2, seen: 1 },
        test: { questions: 3, correct: 1, attempts: 2 },
        payments: [{ status: 3, amount: 5500 }],
      });
      expectError(await call(ctx.app, office, 'GET', '/api/v1/office/renewals/99999999'), 404, 'NOT_FOUND');
      expectError(await call(ctx.app, office, 'GET', '/api/v1/office/renewals/abc'), 400, 'VALIDATION_ERROR');
    });

    it('the office extends by hand with a reason: the renewed certificate, audited; refusals', async () => {
      const extend = (id: number | string, body: unknown, token = office) =>
        call(ctx.app, token, 'POST', `/api/v1/office/certificates/${id}/extend`, body);
      expectError(await extend(soon.id, { reason: '' }), 400, 'VALIDATION_ERROR');
      expectError(await extend(soon.id, {}), 400, 'VALIDATION_ERROR');
      expect((await extend(soon.id, { reason: '手続き代行' }, ja.token)).statusCode).toBe(403);
      expect((await extend(soon.id, { reason: '手続き代行' }, null as unknown as string)).statusCode).toBe(
        401,
      );
      const done = expectBody(
        await extend(soon.id, { reason: '郵送で更新書類を受領' }),
        200,
        dataEnvelope(manualExtendSchema),
      ).data;
      expect(done).toMatchObject({
        start_date: '2027-03-22',
        end_date: '2032-03-21',
        extended_from_id: soon.id,
      });
      expect(done.certificate_number).toMatch(/^BI-\d{6}$/);
      const [old] = await ctx.deps.db.select().from(certificates).where(eq(certificates.id, soon.id));
      expect(old?.isExtended).toBe(true);
      const [audit] = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'certificate.extend'), eq(auditEvents.entityId, done.id)));
      expect(audit).toMatchObject({ entity: 'certificate' });
      expect(audit?.actorUserId).not.toBeNull();
      expect(audit?.data).toMatchObject({
        reason: '郵送で更新書類を受領',
        extended_from: soon.certificateNumber,
      });
      // The member's my-page: the old one renewed, the new one listed.
      const mine = expectBody(
        await call(ctx.app, ja.token, 'GET', '/api/v1/certificates/user'),
        200,
        activityCertificatesResponseSchema,
      ).data;
      expect(mine.find((c) => c.id === soon.id)).toMatchObject({
        renewal: 'renewed',
        is_extend_success: true,
      });
      expect(mine.find((c) => c.id === done.id)).toMatchObject({ end_date: '2032-03-21', renewal: 'none' });

      expectError(await extend(soon.id, { reason: 'もう一度' }), 409, 'ALREADY_EXTENDED');
      const notBi = await certificate(ja, '2027-03-21', other);
      expectError(await extend(notBi.id, { reason: '対象外' }), 422, 'RENEWAL_NOT_BASIC_INSTRUCTOR');
      const revoked = await certificate(ja, '2027-03-21');
      const revoke = await call(ctx.app, office, 'POST', `/api/v1/office/certificates/${revoked.id}/revoke`, {
        reason: '重複発行',
      });
      expect(revoke.statusCode).toBe(200);
      expectError(await extend(revoked.id, { reason: '失効後' }), 409, 'CERTIFICATE_REVOKED');
      expectError(await extend(99999999, { reason: 'なし' }), 404, 'NOT_FOUND');
      // Neither refused one changed.
      const after = await ctx.deps.db.select().from(certificates).where(eq(certificates.id, notBi.id));
      expect(after[0]?.isExtended).toBe(false);
    });

    it('refuses a visitor (401) and a member (403) on every office route', async () => {
      for (const url of [
        '/api/v1/office/certificate-expiries',
        '/api/v1/office/certificate-expiries.csv',
        `/api/v1/office/renewals/${renewalId}`,
      ]) {
        expect((await call(ctx.app, null, 'GET', url)).statusCode).toBe(401);
        expect((await call(ctx.app, en.token, 'GET', url)).statusCode).toBe(403);
      }
    });
  });
});
