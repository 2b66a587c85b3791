import {
  activityCertificatesResponseSchema,
  authResponseSchema,
  activityTrainingsResponseSchema,
  ja,
  legacyHistoriesResponseSchema,
  stepOfStatus,
  type StepStatus,
} from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError } from '../../../test/http.ts';
import {
  cancelRequests,
  certificates,
  courses,
  enrollments,
  enrollmentSteps,
  legacyCertificates,
  legacyHistories,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
} from '../../db/schema.ts';
import { call, newMember, type Member } from '../payments/payments.fixtures.ts';
import { PASSWORD } from '../users/users.fixtures.ts';

type Session = { id: number; name: string };

describe.each(drivers())('my-page activities (%s)', (driver) => {
  let ctx: TestContext;
  let owner: Member;
  let other: Member;
  const s: Record<string, Session> = {};
  const courseIds: number[] = [];
  const certIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const db = ctx.deps.db;
    owner = await newMember(ctx.app);
    other = await newMember(ctx.app);
    for (const name of [
      '活動テスト講座一',
      '活動テスト講座二',
      '活動テスト講座三',
      '活動テスト講座四',
      '活動テスト講座五',
    ]) {
      const [c] = await db.insert(courses).values({ name, price: 0, certificatePrefix: 'AT' }).returning();
      courseIds.push(c!.id);
    }
    const [c1, c2, c3, c4, c5] = courseIds as [number, number, number, number, number];
    /** Sessions A–H; today (TEST_NOW) is 2026-11-22 in Japan. */
    const plan: Array<[string, number, string, boolean]> = [
      ['A', c1, '2026-12-10', true],
      ['B', c2, '2026-12-20', true],
      ['C', c2, '2027-01-15', true],
      ['D', c5, '2026-12-05', true],
      ['E', c3, '2026-12-01', false],
      ['F', c4, '2026-10-01', true],
      ['G', c3, '2026-11-01', true],
      ['H', c3, '2026-11-22', true],
      ['I', c4, '2026-12-15', true],
      ['J', c2, '2026-12-25', true],
    ];
    for (const [key, courseId, eventDate, isActive] of plan) {
      const [t] = await db
        .insert(trainings)
        .values({
          courseId,
          areaId: 13,
          name: `活動テスト${key}`,
          eventDate,
          eventStartTime: '10:00',
          eventEndTime: '16:00',
          sponsorBy: '日本母体救命システム普及協議会',
          venue: '東京都千代田区',
          venueName: `会場${key}`,
          isActive,
        })
        .returning();
      s[key] = { id: t!.id, name: t!.name };
    }
    await db.insert(trainingPaymentMethods).values({ trainingId: s.D!.id, paymentMethodId: 2 });
    // B and H recruit by lottery (当選 / 落選 after a draw); the others first come, first served.
    for (const key of ['B', 'H'])
      await db.insert(trainingUserTypes).values({
        trainingId: s[key]!.id,
        userTypeId: 4,
        capacity: 10,
        price: 0,
        selection: 'lottery',
        applyStartDate: new Date('2026-10-01T00:00:00Z'),
        applyEndDate: new Date('2026-11-01T00:00:00Z'),
      });

    const enrol = async (key: string, status: StepStatus, userTypeId = 4, userId = owner.id) => {
      const [e] = await db
        .insert(enrollments)
        .values({ trainingId: s[key]!.id, userId, userTypeId, status })
        .returning();
      await db.insert(enrollmentSteps).values({ enrollmentId: e!.id, step: stepOfStatus(status), status });
      return e!.id;
    };
    const a = await enrol('A', 4);
    await db.insert(cancelRequests).values({ enrollmentId: a, status: 0 });
    await enrol('B', 6);
    await enrol('C', 5);
    await enrol('D', 8);
    await enrol('E', 6);
    const f = await enrol('F', 12);
    await enrol('G', 5);
    await enrol('H', 7);
    await enrol('F', 12, 2); // as an assistant, not approved yet
    await enrol('I', 9); // paid, upcoming: still お申し込み中
    const j = await enrol('J', 7); // a first-come booking the member cancelled (approved)
    await db.insert(cancelRequests).values({ enrollmentId: j, status: 1 });

    const cert = async (key: string, values: Partial<typeof certificates.$inferInsert>) => {
      const [row] = await db
        .insert(certificates)
        .values({
          userId: owner.id,
          courseId: c1,
          certificateNumber: `AT-TEST-${key}`,
          verificationCode: `activity-test-${driver}-${key}`,
          holderName: '試験 花子',
          startDate: '2023-10-01',
          ...values,
        })
        .returning();
      certIds[key] = row!.id;
    };
    await cert('soon', {
      courseId: c4,
      trainingId: s.F!.id,
      enrollmentId: f,
      endDate: '2027-03-31',
      startDate: '2026-10-01',
    });
    await cert('expired', { courseId: c2, endDate: '2026-11-21', startDate: '2021-11-21' });
    await cert('revoked', { endDate: '2030-01-01', revokedAt: new Date('2026-01-01T00:00:00Z') });
    await cert('forever', { courseId: c3, endDate: null, startDate: '2022-05-01' });

    await db.insert(legacyHistories).values([
      {
        userId: owner.id,
        courseName: 'ベーシックコース',
        participatedDate: '2019-04-01',
        userTypeName: '受講者',
      },
      {
        userId: owner.id,
        courseName: 'アドバンスコース',
        participatedDate: '2021-06-01',
        userTypeName: '受講者',
      },
      {
        userId: owner.id,
        courseName: 'ベーシックコース',
        participatedDate: '2020-02-01',
        userTypeName: '見学者',
      },
      {
        userId: owner.id,
        courseName: 'ベーシックコース',
        participatedDate: '2022-09-01',
        userTypeName: 'アシスタント',
      },
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (token: string, query: string) =>
    expectBody(
      await call(ctx.app, token, 'GET', `/api/v1/users/activity/trainings${query}`),
      200,
      activityTrainingsResponseSchema,
    );
  const login = async () => {
    const response = await call(ctx.app, null, 'POST', '/api/v1/users/login', {
      email: owner.email,
      password: PASSWORD,
    });
    return expectBody(response, 200, authResponseSchema).data.token;
  };
  const names = (rows: { name: string }[]) => rows.map((r) => r.name.replace('活動テスト', ''));

  describe('GET /api/v1/users/activity/trainings', () => {
    it('refuses a caller without a token (401) on every activity call', async () => {
      for (const path of ['trainings', 'trainings?kind=pending', 'certificates', 'legacy']) {
        expectError(await call(ctx.app, null, 'GET', `/api/v1/users/activity/${path}`), 401, 'UNAUTHORIZED');
      }
    });

    it('pending: applied and not finished (paid upcoming included), active, today or later; soonest first, 5 a page', async () => {
      const body = await list(owner.token, '?kind=pending');
      // I is paid (9) and upcoming: お申し込み中, not 受講履歴. H (lost today) and J (cancelled) are not.
      expect(names(body.data)).toEqual(['D', 'A', 'I', 'B', 'C']);
      expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 5, total: 5 });
      const paged = await list(owner.token, '?kind=pending&limit=2&page=2');
      expect(names(paged.data)).toEqual(['I', 'B']);
      expect(paged.pagination).toEqual({ page: 2, pages: 3, limit: 2, total: 5 });
    });

    it('history: what is over, finished, cancelled or lost (none of pending), newest event first, 20 a page', async () => {
      const body = await list(owner.token, '');
      expect(names(body.data)).toEqual(['J', 'E', 'H', 'G', 'F', 'F']);
      expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 20, total: 6 });
      const first = body.data[0]!;
      expect(first).toMatchObject({
        id: s.J!.id,
        event_date: '2026-12-25',
        venue_name: '会場J',
        course: { id: courseIds[1], name: '活動テスト講座二' },
        user_type: { id: 4, type: '受講者' },
        is_active: true,
        status: 7,
        step_status: 7,
        cancel_status: 1,
        badge: 'cancelled',
        status_label: 'キャンセル済み',
      });
    });

    it('labels each status with the domain rule (Japanese): a cancelled booking is never 落選', async () => {
      const pending = await list(owner.token, '?kind=pending');
      const history = await list(owner.token, '?sort=name&direction=asc');
      const labels = [...pending.data, ...history.data]
        .map((r) => [r.name.replace('活動テスト', ''), r.user_type.id, r.status_label] as const)
        .sort((x, y) => (x[0] + x[1]).localeCompare(y[0] + y[1]));
      expect(labels).toEqual([
        ['A', 4, 'キャンセル承認待ち'], // 4 with a cancel request awaiting the office
        ['B', 4, '当選'], // 6 after a draw
        ['C', 4, '落選（他の講習会で当選）'],
        ['D', 4, '申込確定'], // first come, 8 with bank transfer only
        ['E', 4, '開催中止'],
        ['F', 2, '承認待ち'],
        ['F', 4, '受講完了'],
        ['G', 4, '抽選待ち'],
        ['H', 4, '落選'], // a lottery lost
        ['I', 4, '受講予定'],
        ['J', 4, 'キャンセル済み'], // first come, cancelled (not 落選)
      ]);
      expect(history.data.find((r) => r.name.endsWith('E'))).toMatchObject({
        is_active: false,
        badge: 'sessionCancelled',
      });
      expect(pending.data.find((r) => r.name.endsWith('C'))?.badge).toBe('wonElsewhere');
      expect(pending.data.find((r) => r.name.endsWith('A'))).toMatchObject({
        cancel_status: 0,
        badge: 'cancelPending',
      });
    });

    it("answers with spec 001 §3's names and §4's participation words (status_name)", async () => {
      const pending = await list(owner.token, '?kind=pending');
      const history = await list(owner.token, '?sort=name&direction=asc');
      const rows = [...pending.data, ...history.data];
      const names = rows
        .map((r) => [r.name.replace('活動テスト', ''), r.user_type.id, r.status_name] as const)
        .sort((x, y) => (x[0] + x[1]).localeCompare(y[0] + y[1]));
      expect(names).toEqual([
        ['A', 4, 'キャンセル承認待ち'],
        ['B', 4, '参加証取得'], // 6: get participation ticket
        ['C', 4, '落選（他の講習会で当選）'],
        ['D', 4, '参加証取得'], // 8 paid otherwise than by card
        ['E', 4, '開催中止'], // held cancelled
        ['F', 2, '未承認'], // final status, an assistant not approved
        ['F', 4, '活動完了'], // final status: activity done
        ['G', 4, '抽選待ち'],
        ['H', 4, '落選'],
        ['I', 4, '講習会受講'], // 9: attended the seminar
        ['J', 4, 'キャンセル済み'],
      ]);
      const d = rows.find((r) => r.name.endsWith('D'));
      expect(d).toMatchObject({
        course_name: '活動テスト講座五',
        user_type_name: d?.user_type.type,
        training_user_cancel: null,
        payments_methods: [{ payment_method_id: 2 }],
        training_assistant_approve_users: [],
        is_win_other_training_same_course: false,
        users_types: [],
        step_status: 8,
      });
      expect(d?.training_user_steps.map((x) => [x.step, x.status])).toEqual([[5, 8]]);
      expect(d?.training_user_steps[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      expect(rows.find((r) => r.name.endsWith('A'))?.training_user_cancel).toEqual({ status: 0 });
      expect(rows.find((r) => r.name.endsWith('C'))?.is_win_other_training_same_course).toBe(true);
      const b = rows.find((r) => r.name.endsWith('B'));
      expect(b?.users_types.map((u) => u.type_id)).toEqual([4]);
      expect(b?.users_types[0]).toMatchObject({
        apply_start_date: '2026-10-01T00:00:00.000Z',
        apply_end_date: '2026-11-01T00:00:00.000Z',
      });
    });

    it('sorts by status and by event date in both directions, and pages', async () => {
      const byStatus = (await list(owner.token, '?sort=status&direction=asc')).data.map((r) => r.status);
      expect(byStatus).toEqual([...byStatus].sort((x, y) => x - y));
      expect(byStatus[0]).toBe(5);
      const byDate = await list(owner.token, '?sort=event_date&direction=asc');
      expect(names(byDate.data)).toEqual(['F', 'F', 'G', 'H', 'E', 'J']);
      const desc = await list(owner.token, '?sort=name&direction=desc&limit=3&page=2');
      expect(names(desc.data)).toEqual(['F', 'F', 'E']);
      expect(desc.pagination).toEqual({ page: 2, pages: 2, limit: 3, total: 6 });
    });

    it('filters by user type (user_type[])', async () => {
      const body = await list(owner.token, '?user_type[]=2');
      expect(body.data.map((r) => [r.name, r.user_type.type])).toEqual([['活動テストF', 'アシスタント']]);
    });

    it("shows another user's token none of the owner's data", async () => {
      expect((await list(other.token, '')).data).toEqual([]);
      expect((await list(other.token, '?kind=pending')).pagination.total).toBe(0);
      const certs = expectBody(
        await call(ctx.app, other.token, 'GET', '/api/v1/users/activity/certificates'),
        200,
        activityCertificatesResponseSchema,
      );
      expect(certs.data).toEqual([]);
      const legacy = expectBody(
        await call(ctx.app, other.token, 'GET', '/api/v1/users/activity/legacy'),
        200,
        legacyHistoriesResponseSchema,
      );
      expect(legacy.data).toEqual([]);
    });

    it('answers 400 with Japanese messages on a bad sort, kind, direction or page', async () => {
      const errors = expectValidationError(
        await call(ctx.app, owner.token, 'GET', '/api/v1/users/activity/trainings?sort=price'),
        ['sort'],
      );
      expect(errors.sort).toEqual([`${ja.fields.sort}の値が正しくありません`]);
      expectValidationError(
        await call(
          ctx.app,
          owner.token,
          'GET',
          '/api/v1/users/activity/trainings?kind=all&direction=up&page=0&user_type[]=9',
        ),
        ['kind', 'direction', 'page', 'user_type'],
      );
    });
  });

  describe('GET /api/v1/users/activity/certificates', () => {
    /** The certificates as seen now (a token made at the clock's time: moving the clock ends older ones). */
    const certs = async (token = owner.token) =>
      expectBody(
        await call(ctx.app, token, 'GET', '/api/v1/users/activity/certificates'),
        200,
        activityCertificatesResponseSchema,
      ).data;

    it('lists the owner certificates, newest first, with expiry flags on the pinned clock', async () => {
      const data = await certs();
      expect(data.map((c) => c.certificate_number)).toEqual([
        'AT-TEST-soon',
        'AT-TEST-revoked',
        'AT-TEST-forever',
        'AT-TEST-expired',
      ]);
      const by = (n: string) => data.find((c) => c.certificate_number === `AT-TEST-${n}`)!;
      expect(by('soon')).toEqual({
        id: certIds.soon,
        certificate_number: 'AT-TEST-soon',
        course: { id: courseIds[3], name: '活動テスト講座四', certificate_prefix: 'AT' },
        training: { id: s.F!.id, name: '活動テストF' },
        start_date: '2026-10-01',
        end_date: '2027-03-31',
        expired: false,
        expiring_soon: true,
        revoked: false,
        download: { training_id: s.F!.id, user_type: 4 },
        certificate_id: certIds.soon,
        certificate_code: 'AT-TEST-soon',
        name: 'AT-TEST-soon',
        username: '試験 花子',
        certificate_expired: false,
        is_extend_success: false,
        renewal: 'none',
        renewal_path: null,
        link: expect.stringMatching(
          new RegExp(`^/api/v1/certificates/${certIds.soon}/view\\?expires=\\d+&signature=`),
        ),
        attendance_code: null,
        object_id: expect.any(Number),
      });
      expect(by('revoked').link).toBeNull();
      expect(by('forever').attendance_code).toBeNull();
      // A certificate claimed from the older system names the 受講コード it was claimed with.
      const [legacy] = await ctx.deps.db
        .insert(legacyCertificates)
        .values({
          courseId: courseIds[2]!,
          attendanceCode: `LEGACY-${driver}-0001`,
          holderName: '試験 花子',
          email: owner.email,
          participatedDate: '2022-05-01',
          claimedByUserId: owner.id,
          certificateId: certIds.forever,
        })
        .returning();
      try {
        const claimed = (await certs()).find((c) => c.id === certIds.forever);
        expect(claimed?.attendance_code).toBe(`LEGACY-${driver}-0001`);
      } finally {
        await ctx.deps.db.delete(legacyCertificates).where(eq(legacyCertificates.id, legacy!.id));
      }
      expect(by('expired').certificate_expired).toBe(true);
      expect(by('expired')).toMatchObject({
        expired: true,
        expiring_soon: false,
        download: null,
        training: null,
      });
      expect(by('revoked')).toMatchObject({
        revoked: true,
        expired: false,
        expiring_soon: false,
        download: null,
      });
      expect(by('forever')).toMatchObject({ end_date: null, expired: false, expiring_soon: false });
    });

    it("GET /certificates/user (spec 001 §7) answers the same list, the caller's own only", async () => {
      const mine = expectBody(
        await call(ctx.app, owner.token, 'GET', '/api/v1/certificates/user'),
        200,
        activityCertificatesResponseSchema,
      ).data;
      expect(mine).toEqual(await certs());
      expect(mine.map((c) => c.certificate_code)).toEqual([
        'AT-TEST-soon',
        'AT-TEST-revoked',
        'AT-TEST-forever',
        'AT-TEST-expired',
      ]);
      // The link opens the PDF.
      const link = mine[0]?.link ?? '';
      const pdf = await ctx.app.inject({ method: 'GET', url: link.replace(/#.*$/, '') });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const theirs = expectBody(
        await call(ctx.app, other.token, 'GET', '/api/v1/certificates/user'),
        200,
        activityCertificatesResponseSchema,
      );
      expect(theirs.data).toEqual([]);
      expectError(await call(ctx.app, null, 'GET', '/api/v1/certificates/user'), 401, 'UNAUTHORIZED');
    });

    it('moves with the clock: past its end date a certificate is expired', async () => {
      try {
        ctx.clock.set('2027-03-31T14:59:00Z'); // 23:59 on 31 March in Japan: the last valid day
        const token = await login();
        expect((await certs(token)).find((c) => c.id === certIds.soon)).toMatchObject({
          expired: false,
          expiring_soon: true,
        });
        ctx.clock.set('2027-03-31T15:00:00Z'); // 1 April in Japan
        expect((await certs(token)).find((c) => c.id === certIds.soon)).toMatchObject({
          expired: true,
          expiring_soon: false,
        });
        ctx.clock.set('2026-09-29T15:00:00Z'); // 30 September 2026: 31 March is more than 6 months away
        const early = await login();
        expect((await certs(early)).find((c) => c.id === certIds.soon)).toMatchObject({
          expired: false,
          expiring_soon: false,
        });
        ctx.clock.set('2026-09-30T15:00:00Z'); // 1 October 2026: 6 months to the day
        expect((await certs(early)).find((c) => c.id === certIds.soon)).toMatchObject({
          expired: false,
          expiring_soon: true,
        });
      } finally {
        ctx.clock.set(TEST_NOW);
      }
    });
  });

  describe('GET /api/v1/users/activity/legacy', () => {
    it('gives the last 3 records of the older system, newest first', async () => {
      const body = expectBody(
        await call(ctx.app, owner.token, 'GET', '/api/v1/users/activity/legacy'),
        200,
        legacyHistoriesResponseSchema,
      );
      expect(body.data).toEqual([
        { participated_date: '2022-09-01', course_name: 'ベーシックコース', user_type_name: 'アシスタント' },
        { participated_date: '2021-06-01', course_name: 'アドバンスコース', user_type_name: '受講者' },
        { participated_date: '2020-02-01', course_name: 'ベーシックコース', user_type_name: '見学者' },
      ]);
    });
  });
});
