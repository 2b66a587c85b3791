import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, count, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalEligibility, sessionCreateSchema, sessionIssues } from '@mels/domain';
import { sessionForm } from '../../modules/catalogue/catalogue.service.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { verifyPassword } from '../../lib/password.ts';
import { openDb, type DbHandle } from '../client.ts';
import {
  areas,
  certificates,
  courses,
  enrollments,
  enrollmentSteps,
  faqs,
  flows,
  news,
  productImages,
  seminarInfoContents,
  trainings,
  trainingUserTypes,
  users,
  videoPreviews,
} from '../schema.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoData, seedScale } from './index.ts';

const NOW = new Date('2026-11-22T01:00:00Z');
const SEED = 424242;
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

const SESSION_FIELDS = [
  'course_id',
  'name',
  'area',
  'event_date',
  'event_start_time',
  'event_end_time',
  'start_time_morning',
  'end_time_morning',
  'start_time_afternoon',
  'end_time_afternoon',
  'sponsor_by',
  'venue',
  'venue_name',
  'target',
  'note',
  'register_date_note',
  'apply_date_note',
  'status',
] as const;
const RECRUITMENT_FIELDS = [
  'type_id',
  'description',
  'capacity',
  'price',
  'selection',
  'apply_start_date',
  'apply_end_date',
  'register_start_date',
  'register_end_date',
] as const;
const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

async function freshDb(): Promise<DbHandle> {
  const handle = await openDb({});
  await handle.migrate();
  return handle;
}

/** A digest of what a session looks like, across every seeded session and recruitment. */
async function trainingDigest(handle: DbHandle): Promise<string> {
  const rows = await handle.db
    .select({
      id: trainings.id,
      name: trainings.name,
      courseId: trainings.courseId,
      areaId: trainings.areaId,
      eventDate: trainings.eventDate,
      start: trainings.eventStartTime,
      end: trainings.eventEndTime,
      sponsorBy: trainings.sponsorBy,
      venue: trainings.venue,
      venueName: trainings.venueName,
      isActive: trainings.isActive,
      createdAt: trainings.createdAt,
    })
    .from(trainings)
    .orderBy(asc(trainings.id));
  const recruits = await handle.db
    .select({
      trainingId: trainingUserTypes.trainingId,
      userTypeId: trainingUserTypes.userTypeId,
      capacity: trainingUserTypes.capacity,
      price: trainingUserTypes.price,
      selection: trainingUserTypes.selection,
      applyStartDate: trainingUserTypes.applyStartDate,
      applyEndDate: trainingUserTypes.applyEndDate,
    })
    .from(trainingUserTypes)
    .orderBy(asc(trainingUserTypes.trainingId), asc(trainingUserTypes.userTypeId));
  return createHash('sha256')
    .update(JSON.stringify([rows, recruits]))
    .digest('hex');
}

describe('demo data seeder', () => {
  let handle: DbHandle;
  let seedMs = 0;

  beforeAll(async () => {
    handle = await freshDb();
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    const started = Date.now();
    await seedDemoData(handle.db, { now: NOW, randomSeed: SEED });
    seedMs = Date.now() - started;
  });

  afterAll(async () => {
    await handle.close();
  });

  it('fills the database', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    console.info(`seedDemoData took ${seedMs} ms`);
  });

  it('has the 47 prefectures in JIS order', async () => {
    const rows = await handle.db.select().from(areas).orderBy(asc(areas.id));
    expect(rows).toHaveLength(47);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(rows[0]).toMatchObject({ name: '北海道', nameEn: 'Hokkaido', region: '北海道' });
    expect(rows[12]).toMatchObject({ name: '東京都', nameEn: 'Tokyo', region: '関東' });
    expect(rows[46]).toMatchObject({ name: '沖縄県', nameEn: 'Okinawa', region: '九州・沖縄' });
  });

  it('holds sessions in every prefecture, for every course, over the past and next twelve months', async () => {
    const rows = await handle.db.select().from(trainings);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r.areaId)).size).toBe(47);
    const courseRows = await handle.db.select({ id: courses.id }).from(courses);
    expect(new Set(rows.map((r) => r.courseId))).toEqual(new Set(courseRows.map((c) => c.id)));
    const today = '2026-11-22';
    const past = rows.filter((r) => r.eventDate < today);
    expect(past.length).toBeGreaterThan(50);
    expect(rows.length - past.length).toBeGreaterThan(50);
    // The BI demo candidate finished the BI course about 14 months ago (issue 15), the renewal accounts taught
    // during their certificates' years (issue 17): those sessions are older.
    const biDemo = new Set(
      (
        await handle.db
          .select({ id: enrollments.trainingId })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.userId))
          .where(
            inArray(users.email, [
              'bi-candidate@mels.example.jp',
              'renewal@mels.example.jp',
              'renewal-short@mels.example.jp',
            ]),
          )
      ).map((r) => r.id),
    );
    expect(
      rows
        .filter((r) => !biDemo.has(r.id))
        .every((r) => r.eventDate >= '2025-11-22' && r.eventDate <= '2027-11-22'),
    ).toBe(true);
    expect(rows.some((r) => !r.isActive && r.cancelledReason)).toBe(true);
    // Tokyo holds more sessions than Tottori.
    const inArea = (id: number) => rows.filter((r) => r.areaId === id).length;
    expect(inArea(13)).toBeGreaterThan(inArea(31) * 3);
  });

  it('creates its sessions the way the office does: each one reads back as a valid office form (issue 16)', async () => {
    const rows = await handle.db
      .select({
        id: trainings.id,
        createdAt: trainings.createdAt,
        cancelledAt: trainings.cancelledAt,
        isActive: trainings.isActive,
      })
      .from(trainings);
    for (const row of rows) {
      const form = await sessionForm(handle.db, row.id);
      const input = sessionCreateSchema.parse({
        ...pick(form, SESSION_FIELDS),
        payment_method_ids: form.payment_method_ids,
        users_types: form.users_types.map((r) => pick(r, RECRUITMENT_FIELDS)),
      });
      // The rules of a new session hold at the instant it was created (publishing included).
      const issues = sessionIssues(input, {
        existing: [],
        published: true,
        publishing: true,
        now: row.createdAt,
      });
      expect({ id: row.id, issues }).toEqual({ id: row.id, issues: [] });
      // A cancelled session was cancelled through the office's function (it records when).
      expect(row.isActive || row.cancelledAt !== null).toBe(true);
    }
    const hosted =
      (await handle.db.select({ n: count() }).from(trainings).where(isNotNull(trainings.localHoldingId)))[0]
        ?.n ?? 0;
    expect(hosted).toBeGreaterThan(0);
  });

  it('opens application windows around now: upcoming, open and closed; past sessions closed', async () => {
    const rows = await handle.db
      .select({
        eventDate: trainings.eventDate,
        start: trainingUserTypes.applyStartDate,
        end: trainingUserTypes.applyEndDate,
      })
      .from(trainingUserTypes)
      .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
      .where(eq(trainingUserTypes.userTypeId, 4));
    const upcoming = rows.filter((r) => r.start > NOW).length;
    const open = rows.filter((r) => r.start <= NOW && r.end >= NOW).length;
    const closed = rows.filter((r) => r.end < NOW).length;
    expect(upcoming).toBeGreaterThan(10);
    expect(open).toBeGreaterThan(10);
    expect(closed).toBeGreaterThan(50);
    expect(rows.filter((r) => r.eventDate < '2026-11-22').every((r) => r.end < NOW)).toBe(true);
  });

  it('publishes news, FAQs and the flow of attending', async () => {
    const [newsCount] = await handle.db.select({ n: count() }).from(news);
    expect(newsCount?.n).toBeGreaterThanOrEqual(32);
    const scheduled = await handle.db.select({ id: news.id }).from(news).where(gt(news.publicDate, NOW));
    expect(scheduled.length).toBeGreaterThanOrEqual(2);
    const [faqCount] = await handle.db.select({ n: count() }).from(faqs);
    expect(faqCount?.n).toBeGreaterThanOrEqual(25);
    const flowRows = await handle.db.select().from(flows).where(eq(flows.type, 6));
    expect(flowRows.length).toBeGreaterThanOrEqual(6);
  });

  it('creates one demo account per role, each signing in with its password', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.role)).toEqual([
      'attendee',
      'assistant',
      'instructor',
      'office',
      'bi-candidate',
      'bi-nurse',
      'renewal',
      'renewal-short',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      expect(account.password).toMatch(/^[A-Za-z0-9]{4,150}$/);
      const [user] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user?.role).toBe(account.role === 'office' ? 'office' : 'member');
      expect(await verifyPassword(account.password, user?.passwordHash ?? '')).toBe(true);
    }
    // The demo instructor's teaching history (issue 15): six sessions taught, one assisted, one applied to.
    const demo = await handle.db
      .select({ status: enrollments.status, userTypeId: enrollments.userTypeId, email: users.email })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId));
    expect(new Set(demo.map((e) => e.email))).toEqual(
      new Set([
        'instructor@mels.example.jp',
        'bi-candidate@mels.example.jp',
        'bi-nurse@mels.example.jp',
        'renewal@mels.example.jp',
        'renewal-short@mels.example.jp',
      ]),
    );
    const of = (email: string, userTypeId: number, status = 12) =>
      demo.filter((e) => e.email === email && e.userTypeId === userTypeId && e.status === status).length;
    const instructor = 'instructor@mels.example.jp';
    expect([of(instructor, 1), of(instructor, 2), of(instructor, 1, 4)]).toEqual([6, 1, 1]);
    // The BI request's two accounts (issue 15): the BI course and 3 (candidate) or 1 (nurse) assistant sessions.
    expect([of('bi-candidate@mels.example.jp', 4), of('bi-candidate@mels.example.jp', 2)]).toEqual([1, 3]);
    expect([of('bi-nurse@mels.example.jp', 4), of('bi-nurse@mels.example.jp', 2)]).toEqual([1, 1]);
    // The renewal's two accounts (issue 17): three and one sessions taught as instructor, finished.
    expect([of('renewal@mels.example.jp', 1), of('renewal-short@mels.example.jp', 1)]).toEqual([3, 1]);
  });

  it('gives the renewal accounts a BI certificate: renewal@ eligible (5 years, 3 activities), renewal-short@ unmet (3 years, 1)', async () => {
    const check = async (email: string) => {
      const [user] = await handle.db.select().from(users).where(eq(users.email, email));
      const [cert] = await handle.db
        .select({
          startDate: certificates.startDate,
          endDate: certificates.endDate,
          isExtended: certificates.isExtended,
          prefix: courses.certificatePrefix,
        })
        .from(certificates)
        .innerJoin(courses, eq(courses.id, certificates.courseId))
        .where(eq(certificates.userId, user!.id));
      const taught = await handle.db
        .select({ day: trainings.eventDate, status: enrollments.status })
        .from(enrollments)
        .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
        .where(eq(enrollments.userId, user!.id));
      return renewalEligibility({
        userId: user!.id,
        certificate: { ...cert!, holderUserId: user!.id, revoked: false, extended: cert!.isExtended },
        activityDays: taught.filter((t) => t.status === 12).map((t) => t.day),
        today: tokyoDate(NOW),
      });
    };
    expect(await check('renewal@mels.example.jp')).toMatchObject({ kind: 'eligible', years: 5, required: 3 });
    expect(await check('renewal-short@mels.example.jp')).toMatchObject({
      kind: 'unmet',
      years: 3,
      required: 2,
      missing: 1,
    });
  });

  it('refers only to media files that exist and stay small', async () => {
    const links = [
      ...(await handle.db.select({ l: courses.thumbnail }).from(courses)).map((r) => r.l),
      ...(await handle.db.select({ l: videoPreviews.thumbnail }).from(videoPreviews)).map((r) => r.l),
      ...(await handle.db.select({ l: productImages.link }).from(productImages)).map((r) => r.l),
      ...(await handle.db.select({ l: seminarInfoContents.image }).from(seminarInfoContents)).map((r) => r.l),
    ].filter((l): l is string => typeof l === 'string');
    expect(links.length).toBeGreaterThan(20);
    for (const link of new Set(links)) {
      expect(link.startsWith('/media/'), link).toBe(true);
      const file = path.join(publicDir, link);
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.statSync(file).size, file).toBeLessThan(3072);
    }
  });

  it('gives the same sessions for the same now and seed', async () => {
    const other = await freshDb();
    try {
      await seedDemoData(other.db, { now: NOW, randomSeed: SEED });
      expect(await trainingDigest(other)).toBe(await trainingDigest(handle));
    } finally {
      await other.close();
    }
  });

  it('adds scale data: 1,000 members and 200 sessions per unit, with enrolments', async () => {
    const before = await handle.db.select({ n: count() }).from(users);
    const sessionsBefore = await handle.db.select({ n: count() }).from(trainings);
    const started = Date.now();
    // The demo accounts' own histories (issue 15) have their steps already.
    const [stepsBefore] = await handle.db.select({ n: count() }).from(enrollmentSteps);
    const counts = await seedScale(handle.db, 1);
    console.info(`seedScale(1) took ${Date.now() - started} ms`, counts);
    const after = await handle.db.select({ n: count() }).from(users);
    const sessionsAfter = await handle.db.select({ n: count() }).from(trainings);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1000);
    expect((sessionsAfter[0]?.n ?? 0) - (sessionsBefore[0]?.n ?? 0)).toBe(200);
    expect(counts.users).toBe(1000);
    expect(counts.trainings).toBe(200);
    expect(counts.enrollments).toBeGreaterThan(400);
    const [steps] = await handle.db.select({ n: count() }).from(enrollmentSteps);
    expect((steps?.n ?? 0) - (stepsBefore?.n ?? 0)).toBe(counts.enrollments);
    const overfull = await handle.db
      .select({ id: trainingUserTypes.id })
      .from(trainingUserTypes)
      .where(gt(trainingUserTypes.participant, trainingUserTypes.capacity));
    expect(overfull).toHaveLength(0);
    // A second run never reuses an email.
    const again = await seedScale(handle.db, 1);
    expect(again.users).toBe(1000);
  });
});
