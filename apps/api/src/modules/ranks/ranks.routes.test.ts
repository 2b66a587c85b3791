import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RANK_LEVEL, RANK_UP_STATUS, STEP_STATUS, type StepStatus } from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import {
  auditEvents,
  enrollments,
  mailOutbox,
  performanceCertificates,
  rankUpRequests,
  users,
} from '../../db/schema.ts';
import { ZIP_UTF8_FLAG } from '../../lib/zip.ts';
import { makeSession, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';
import { call } from '../payments/payments.fixtures.ts';
import { grantRank } from './index.ts';

/** Issue 15: the instructor tab's ranks, rank-up requests and their review, the performance certificate. */
describe.each(drivers())('instructor tab: ranks, rank-up, performance certificate (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());

  const db = () => ctx.deps.db;
  const grant = (userId: number, level: 1 | 2 | 3 | 4, day: string) =>
    grantRank(db(), { userId, level, at: new Date(`${day}T01:00:00Z`) });
  /** A session on the day with the member enrolled as the user type at the status. */
  async function enrolled(
    member: Member,
    input: { day: string; userTypeId?: number; status: StepStatus; name?: string },
  ) {
    const userTypeId = input.userTypeId ?? 1;
    const session = await makeSession(ctx, {
      eventDate: input.day,
      userTypeIds: [...new Set([userTypeId, 4])],
    });
    await db()
      .insert(enrollments)
      .values({ trainingId: session.id, userId: member.id, userTypeId, status: input.status });
    return session.id;
  }
  const taught = (member: Member, days: string[]) =>
    Promise.all(days.map((day) => enrolled(member, { day, status: STEP_STATUS.completed })));
  const outbox = (to: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));

  describe('GET /courses/user-my-courses', () => {
    it('lists the levels with the held ones and the current one', async () => {
      const member = await makeUser(ctx);
      const none = await call(ctx.app, member.token, 'GET', '/api/v1/courses/user-my-courses?show_all=1');
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().data.level).toBeNull();
      expect(none.json().data.levels.map((l: { short_name: string }) => l.short_name)).toEqual([
        'BI',
        'I',
        'D',
        'SD',
      ]);
      expect(none.json().data.levels.some((l: { held: boolean }) => l.held)).toBe(false);

      await grant(member.id, 1, '2024-04-01');
      await grant(member.id, 2, '2025-06-01');
      const all = (
        await call(ctx.app, member.token, 'GET', '/api/v1/courses/user-my-courses?show_all=1')
      ).json();
      expect(all.data.level).toBe(2);
      expect(
        all.data.levels.map((l: { rank: number; held: boolean; current: boolean }) => [
          l.rank,
          l.held,
          l.current,
        ]),
      ).toEqual([
        [1, true, false],
        [2, true, true],
        [3, false, false],
        [4, false, false],
      ]);
      const held = (await call(ctx.app, member.token, 'GET', '/api/v1/courses/user-my-courses')).json();
      expect(held.data.levels.map((l: { short_name: string }) => l.short_name)).toEqual(['BI', 'I']);

      expect((await call(ctx.app, null, 'GET', '/api/v1/courses/user-my-courses')).statusCode).toBe(401);
      const bad = await call(ctx.app, member.token, 'GET', '/api/v1/courses/user-my-courses?show_all=yes');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('rank-up requests', () => {
    it('refuses without a rank, with unmet requirements (HTML saying what is missing) and at the top', async () => {
      const member = await makeUser(ctx);
      const noRank = await call(ctx.app, member.token, 'POST', '/api/v1/users/ranks/upgrade/requests');
      expect(noRank.statusCode, noRank.body).toBe(403);
      expect(noRank.json().meta.code).toBe('NO_RANK');
      expect(noRank.json().errors.html[0]).toContain('<p>ランクアップ申請は');

      // Instructor since 2025-06-01 (TEST_NOW 2026-11-22): time enough for director? No (2 years); 2 sessions of 5.
      await grant(member.id, 2, '2025-06-01');
      await taught(member, ['2025-05-20', '2025-09-10', '2026-03-15']);
      const unmet = await call(ctx.app, member.token, 'POST', '/api/v1/users/ranks/upgrade/requests');
      expect(unmet.statusCode, unmet.body).toBe(422);
      expect(unmet.json().meta.code).toBe('RANK_UP_UNMET');
      const html: string = unmet.json().errors.html[0];
      expect(html).toContain('ディレクターへのランクアップには');
      expect(html).toContain('2027/06/01以降に申請できます');
      expect(html).toContain('あと3回のインストラクター参加が必要です（現在2回）');
      expect(html).toContain('2025/09/10, 2026/03/15');
      expect(html).not.toContain('<script');
      expect(
        await db().select().from(rankUpRequests).where(eq(rankUpRequests.userId, member.id)),
      ).toHaveLength(0);

      const top = await makeUser(ctx);
      await grant(top.id, 4, '2020-01-01');
      const refused = await call(ctx.app, top.token, 'POST', '/api/v1/users/ranks/upgrade/requests');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().meta.code).toBe('RANK_UP_TOP_LEVEL');
      const overview = (await call(ctx.app, top.token, 'GET', '/api/v1/users/ranks/upgrade/requests')).json();
      expect(overview.data.next).toBeNull();
      expect(overview.data.requirements).toHaveLength(3);
    });

    it('from the request through the session choice to the office approval (rank granted, mailed, audited)', async () => {
      const member = await makeUser(ctx);
      const other = await makeUser(ctx);
      await grant(member.id, 1, '2025-10-01');
      await taught(member, ['2025-11-01', '2026-02-01', '2026-08-01']);
      const future = await enrolled(member, { day: '2026-12-20', status: STEP_STATUS.applying });
      const won = await enrolled(member, { day: '2027-01-10', status: STEP_STATUS.attending });
      const asAssistant = await enrolled(member, {
        day: '2026-12-24',
        userTypeId: 2,
        status: STEP_STATUS.applying,
      });
      const lost = await enrolled(member, { day: '2027-01-20', status: STEP_STATUS.lost });
      const notMine = await enrolled(other, { day: '2026-12-21', status: STEP_STATUS.applying });

      const before = (
        await call(ctx.app, member.token, 'GET', '/api/v1/users/ranks/upgrade/requests')
      ).json();
      expect(before.data).toMatchObject({
        requests: [],
        next: { rank: { short_name: 'I', level: 2 }, years_at_current: 1, sessions_taught: 3 },
      });

      const created = await call(ctx.app, member.token, 'POST', '/api/v1/users/ranks/upgrade/requests');
      expect(created.statusCode, created.body).toBe(201);
      const request = created.json().data;
      expect(request).toMatchObject({
        status: RANK_UP_STATUS.choosingSession,
        from_rank: { short_name: 'BI' },
        to_rank: { short_name: 'I', level: 2 },
        training: null,
      });
      const again = await call(ctx.app, member.token, 'POST', '/api/v1/users/ranks/upgrade/requests');
      expect(again.statusCode).toBe(409);
      expect(again.json().meta.code).toBe('RANK_UP_OPEN');
      expect(again.json().errors.html[0]).toContain('すでに受け付けています');

      const candidates = await call(
        ctx.app,
        member.token,
        'GET',
        '/api/v1/users/enrollments/trainings/raffle/participant?user_type=1',
      );
      expect(candidates.statusCode, candidates.body).toBe(200);
      expect(candidates.json().data.map((c: { id: number }) => c.id)).toEqual([future, won]);
      const asAssistantList = (
        await call(
          ctx.app,
          member.token,
          'GET',
          '/api/v1/users/enrollments/trainings/raffle/participant?user_type=2',
        )
      ).json();
      expect(asAssistantList.data.map((c: { id: number }) => c.id)).toEqual([asAssistant]);

      const check = (token: string, trainingId: number, id = request.id) =>
        call(
          ctx.app,
          token,
          'GET',
          `/api/v1/users/ranks/upgrade/requests/${id}/check?training_id=${trainingId}&request_id=${id}`,
        );
      // Another member's request is as unknown; sessions that are not candidates are refused with HTML.
      expect((await check(other.token, future)).statusCode).toBe(404);
      expect((await check(member.token, future, 999999)).statusCode).toBe(404);
      for (const trainingId of [lost, notMine, asAssistant]) {
        const refused = await check(member.token, trainingId);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().meta.code).toBe('RANK_UP_NOT_CANDIDATE');
        expect(refused.json().errors.html[0]).toContain('<p>');
      }
      expect((await check(member.token, future)).statusCode).toBe(200);
      const chosen = await check(member.token, won);
      // The first choice stands: another session afterwards is refused, the same one answers unchanged.
      expect(chosen.statusCode).toBe(409);
      const same = await check(member.token, future);
      expect(same.statusCode).toBe(200);
      expect(same.json().data).toMatchObject({
        status: RANK_UP_STATUS.sessionChosen,
        training: { id: future },
      });

      // The office: members and visitors cannot review.
      const approveUrl = `/api/v1/office/rank-up-requests/${request.id}/approve`;
      expect((await call(ctx.app, member.token, 'POST', approveUrl)).statusCode).toBe(403);
      expect((await call(ctx.app, member.token, 'GET', '/api/v1/office/rank-up-requests')).statusCode).toBe(
        403,
      );
      expect((await call(ctx.app, null, 'POST', approveUrl)).statusCode).toBe(401);
      const list = await call(ctx.app, office.token, 'GET', '/api/v1/office/rank-up-requests');
      expect(list.statusCode, list.body).toBe(200);
      const item = list.json().data.find((r: { id: number }) => r.id === request.id);
      expect(item).toMatchObject({ status: 1, sessions_taught: 3, user: { id: member.id } });

      const documents = async () =>
        (await call(ctx.app, member.token, 'GET', '/api/v1/instructor_documents?limit=100')).json().pagination
          .total as number;
      const documentsBefore = await documents();
      const approved = await call(ctx.app, office.token, 'POST', approveUrl);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ status: RANK_UP_STATUS.approved });
      const rank = (await call(ctx.app, member.token, 'GET', '/api/v1/users/current-rank')).json();
      expect(rank.data.level).toBe(RANK_LEVEL.instructor);
      // The instructor documents of the new level open at once.
      expect(await documents()).toBeGreaterThan(documentsBefore);
      const twice = await call(ctx.app, office.token, 'POST', approveUrl);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().meta.code).toBe('RANK_UP_DECIDED');
      expect(
        (await call(ctx.app, office.token, 'POST', '/api/v1/office/rank-up-requests/999999/approve'))
          .statusCode,
      ).toBe(404);

      const audit = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'rank_up.approve'), eq(auditEvents.entityId, request.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]?.actorUserId).toBe(office.id);
      const mails = await outbox(member.email);
      expect(mails.at(-1)?.subject).toContain('ランクアップ承認のお知らせ（インストラクター）');
      expect(mails.at(-1)?.textBody).toContain('インストラクターに認定されました');
      expect(mails.filter((m) => m.subject.includes('ランクアップ承認'))).toHaveLength(1);

      // A new request may follow once the first is decided (the open-request index is partial).
      const overview = (
        await call(ctx.app, member.token, 'GET', '/api/v1/users/ranks/upgrade/requests')
      ).json();
      expect(overview.data.requests[0]).toMatchObject({
        id: request.id,
        status: 2,
        training: { id: future },
      });
    });

    it('the office rejects with a reason (required), mailed in the member’s language; a session-less request cannot be approved', async () => {
      const member = await makeUser(ctx);
      await db().update(users).set({ language: 'en' }).where(eq(users.id, member.id));
      await grant(member.id, 1, '2024-01-01');
      await taught(member, ['2024-05-01', '2024-06-01', '2024-07-01']);
      const created = await call(ctx.app, member.token, 'POST', '/api/v1/users/ranks/upgrade/requests');
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id;
      const approveEarly = await call(
        ctx.app,
        office.token,
        'POST',
        `/api/v1/office/rank-up-requests/${id}/approve`,
      );
      expect(approveEarly.statusCode).toBe(409);

      const url = `/api/v1/office/rank-up-requests/${id}/reject`;
      expect((await call(ctx.app, member.token, 'POST', url, { reason: 'x' })).statusCode).toBe(403);
      const blank = await call(ctx.app, office.token, 'POST', url, { reason: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toContain('承認しない理由を入力してください');
      const reason = '評価講習会の日程を確認できませんでした。';
      const rejected = await call(ctx.app, office.token, 'POST', url, { reason });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data).toMatchObject({ status: RANK_UP_STATUS.rejected, reason });
      expect((await call(ctx.app, office.token, 'POST', url, { reason })).statusCode).toBe(409);
      const mails = await outbox(member.email);
      expect(mails.at(-1)?.subject).toContain('Your rank-up request was not approved');
      expect(mails.at(-1)?.textBody).toContain(`Reason: ${reason}`);
      const audit = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'rank_up.reject'), eq(auditEvents.entityId, id)));
      expect(audit[0]?.data).toMatchObject({ reason });
      // Rejected: a new request can be made.
      expect(
        (await call(ctx.app, member.token, 'POST', '/api/v1/users/ranks/upgrade/requests')).statusCode,
      ).toBe(201);
    });
  });

  describe('the teaching history (type=1, get_director=1)', () => {
    it('reads the history of user types 1-3 with the directors of each session', async () => {
      const member = await makeUser(ctx);
      const director = await makeUser(ctx);
      const plain = await makeUser(ctx);
      await grant(director.id, 3, '2022-01-01');
      await grant(plain.id, 2, '2022-01-01');
      const session = await enrolled(member, {
        day: '2026-10-01',
        userTypeId: 2,
        status: STEP_STATUS.completed,
      });
      await db()
        .insert(enrollments)
        .values([
          { trainingId: session, userId: director.id, userTypeId: 1, status: STEP_STATUS.completed },
          { trainingId: session, userId: plain.id, userTypeId: 1, status: STEP_STATUS.completed },
        ]);
      await enrolled(member, { day: '2026-09-01', userTypeId: 4, status: STEP_STATUS.completed });
      const query = 'user_type[]=1&user_type[]=2&user_type[]=3&type=1&get_director=1&kind=pending';
      const response = await call(ctx.app, member.token, 'GET', `/api/v1/users/activity/trainings?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().data;
      expect(rows.map((r: { id: number }) => r.id)).toEqual([session]);
      expect(rows[0].user_directors).toEqual([{ name: '試験 ' + (await nameOf(director.id)) }]);
      const without = await call(ctx.app, member.token, 'GET', '/api/v1/users/activity/trainings?type=1');
      expect(without.json().data[0].user_directors).toBeUndefined();
      const bad = await call(ctx.app, member.token, 'GET', '/api/v1/users/activity/trainings?type=2');
      expect(bad.statusCode).toBe(400);
    });
    const nameOf = async (id: number) =>
      (await db().select({ f: users.firstName }).from(users).where(eq(users.id, id)))[0]?.f ?? '';
  });

  describe('the performance certificate', () => {
    it('lists, refuses none chosen and other members’ sessions, zips one Japanese PDF per session', async () => {
      const member = await makeUser(ctx);
      const other = await makeUser(ctx);
      const empty = await call(ctx.app, member.token, 'GET', '/api/v1/certificates/performance/trainings');
      expect(empty.json().data).toEqual([]);
      const a = await enrolled(member, { day: '2026-06-14', status: STEP_STATUS.completed });
      const b = await enrolled(member, {
        day: '2026-09-20',
        userTypeId: 2,
        status: STEP_STATUS.surveyNotTaken,
      });
      const notYet = await enrolled(member, {
        day: '2026-10-20',
        userTypeId: 3,
        status: STEP_STATUS.attending,
      });
      await enrolled(member, { day: '2027-02-01', status: STEP_STATUS.applying });
      const theirs = await enrolled(other, { day: '2026-06-20', status: STEP_STATUS.completed });

      const list = await call(ctx.app, member.token, 'GET', '/api/v1/certificates/performance/trainings');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((t: { id: number; status: string }) => [t.id, t.status])).toEqual([
        [notYet, '0'],
        [b, '1'],
        [a, '1'],
      ]);

      const url = '/api/v1/certificates/performance/download';
      const none = await call(ctx.app, member.token, 'POST', url, { training_ids: {} });
      expect(none.statusCode).toBe(400);
      expect(none.body).toContain('講習会を選択してください。');
      expect((await call(ctx.app, member.token, 'POST', url, {})).statusCode).toBe(400);
      expect(
        (await call(ctx.app, member.token, 'POST', url, { training_ids: { [a]: [4] } })).statusCode,
      ).toBe(400);
      for (const ids of [{ [theirs]: [1] }, { [a]: [1], [theirs]: [1] }, { [notYet]: [3] }, { [a]: [2] }]) {
        const refused = await call(ctx.app, member.token, 'POST', url, { training_ids: ids });
        expect(refused.statusCode, JSON.stringify(ids)).toBe(404);
      }
      expect((await call(ctx.app, null, 'POST', url, { training_ids: { [a]: [1] } })).statusCode).toBe(401);
      expect(
        await db()
          .select()
          .from(performanceCertificates)
          .where(eq(performanceCertificates.userId, member.id)),
      ).toHaveLength(0);

      const ok = await call(ctx.app, member.token, 'POST', url, { training_ids: { [a]: [1], [b]: [2] } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.headers['content-type']).toBe('application/zip');
      expect(String(ok.headers['content-disposition'])).toContain("filename*=UTF-8''");
      expect(decodeURIComponent(String(ok.headers['content-disposition']))).toContain(
        '実績証明書_20261122.zip',
      );
      const zipBytes = ok.rawPayload;
      expect(zipBytes.readUInt32LE(0)).toBe(0x04034b50);
      expect(zipBytes.readUInt16LE(6) & ZIP_UTF8_FLAG).toBe(ZIP_UTF8_FLAG);

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-'));
      try {
        fs.writeFileSync(path.join(dir, 'a.zip'), zipBytes);
        execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir });
        const files = fs.readdirSync(path.join(dir, 'out')).sort();
        expect(files).toHaveLength(2);
        expect(files.every((f) => f.startsWith('実績証明書_2026') && f.endsWith('.pdf'))).toBe(true);
        const [first] = await db().select().from(users).where(eq(users.id, member.id));
        const texts = files.map((f) =>
          execFileSync('pdftotext', [path.join(dir, 'out', f), '-'], { encoding: 'utf8' }),
        );
        for (const t of texts) {
          expect(t).toContain(`${first?.lastName} ${first?.firstName}`);
          expect(t).toContain('一般社団法人 日本母体救命システム普及協議会');
          expect(t).toContain('照合番号');
          expect(t).toContain('試験会場');
        }
        expect(texts.join('\n')).toContain('インストラクター');
        expect(texts.join('\n')).toContain('アシスタント');
        expect(texts.join('\n')).toContain('09:00〜17:00（8時間）');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }

      // The codes are kept: a second download prints the same ones; the public check finds them.
      const codes = await db()
        .select()
        .from(performanceCertificates)
        .where(eq(performanceCertificates.userId, member.id));
      expect(codes).toHaveLength(2);
      await call(ctx.app, member.token, 'POST', url, { training_ids: { [a]: [1] } });
      expect(
        await db()
          .select()
          .from(performanceCertificates)
          .where(eq(performanceCertificates.userId, member.id)),
      ).toHaveLength(2);
      const verify = await call(
        ctx.app,
        null,
        'GET',
        `/api/v1/certificates/performance/verify/${codes[0]?.verificationCode}`,
      );
      expect(verify.statusCode, verify.body).toBe(200);
      expect(Object.keys(verify.json().data).sort()).toEqual(
        ['course_name', 'event_date', 'holder_name', 'issued_on', 'role', 'training_name'].sort(),
      );
      expect(
        (await call(ctx.app, null, 'GET', '/api/v1/certificates/performance/verify/nope')).statusCode,
      ).toBe(404);
    });
  });
});
