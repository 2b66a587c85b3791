import {
  dataEnvelope,
  listEnvelope,
  memberDetailSchema,
  memberMailSentSchema,
  memberProfileSchema,
  memberSummarySchema,
  routes,
} from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { auditEvents, authTokens, certificates, mailOutbox, orders, users } from '../../db/schema.ts';
import {
  applyFor,
  makeCourse,
  makeSession,
  makeUser,
  type Member,
} from '../enrollments/enrollments.fixtures.ts';
import { registerMember, registrationIp, type Registered } from '../users/users.fixtures.ts';

/**
 * Issue 18, decision 042: the office's members. Search by name (kanji or kana, any width or script),
 * email, phone, occupation and prefecture; a member's page; reset link, registration mail, deactivate
 * and reactivate, corrections with a reason; the personal-data export and the erasure. Office only,
 * every write audited.
 */
describe.each(drivers())('office members (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let other: Member;
  let sequence = 0;

  beforeAll(async () => {
    ctx = await createTestContext(driver, { env: { RATE_LIMIT_REGISTER: '1000' } });
    office = await makeUser(ctx, { role: 'office' });
    other = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());

  type Method = 'GET' | 'POST' | 'PATCH';
  const send = (method: Method, url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const asOffice = (method: Method, url: string, payload?: object) =>
    send(method, url, office.token, payload);
  const auditsOf = (memberId: number) =>
    ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, memberId)))
      .orderBy(asc(auditEvents.id));
  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
      remoteAddress: registrationIp(),
    });
  const me = (token: string) => send('GET', '/users/me', token);

  /** A member registered through the API (a real password), with a name of their own. */
  const registered = async (overrides: Record<string, unknown> = {}): Promise<Registered> => {
    sequence += 1;
    return registerMember(ctx.app, {
      last_name: '鈴木',
      first_name: `葵${sequence}`,
      last_name_kana: 'スズキ',
      first_name_kana: 'アオイ',
      phone: `045-555-${String(1000 + sequence)}`,
      ...overrides,
    });
  };
  const reason = { reason: '本人から電話で依頼' };

  it('is for the office only: a visitor 401, a member 403 (every route), an unknown or non-member id 404', async () => {
    const target = await registered();
    for (const route of Object.values(routes.officeMembers)) {
      const path = route.path.replace(':id', String(target.user.id));
      const body =
        route.method === 'GET'
          ? undefined
          : route.method === 'PATCH'
            ? { ...reason, last_name: '佐藤' }
            : reason;
      expect((await send(route.method, path, undefined, body)).statusCode, route.path).toBe(401);
      expectError(await send(route.method, path, other.token, body), 403, 'FORBIDDEN');
      expectError(await send(route.method, path, target.token, body), 403, 'FORBIDDEN');
      if (!route.path.includes(':id')) continue;
      expectNotFound(await send(route.method, route.path.replace(':id', '999999'), office.token, body));
      // The office's own accounts are not members.
      expectNotFound(
        await send(route.method, route.path.replace(':id', String(office.id)), office.token, body),
      );
    }
    // Nothing was changed by the refused calls.
    expect((await me(target.token)).statusCode).toBe(200);
  });

  it('finds members by kanji or kana in any script and width, in part, and by email, phone, occupation, prefecture', async () => {
    const target = await registered({
      last_name: '栗林',
      first_name: '美月',
      last_name_kana: 'クリバヤシ',
      first_name_kana: 'ミツキ',
      phone: '0467-22-9876',
      occupation: '3',
      area: '14',
      work_area: '14',
      last_name_alpha: 'KURIBAYASHI',
      first_name_alpha: 'MITSUKI',
    });
    const ids = async (query: string) => {
      const res = await asOffice('GET', `/office/members?${query}`);
      return expectBody(res, 200, listEnvelope(memberSummarySchema)).data.map((m) => m.id);
    };
    const q = (name: string) => `name=${encodeURIComponent(name)}`;
    for (const name of ['栗林', '林 美', 'くりばやし', 'クリバヤシ ミツキ', 'ｸﾘﾊﾞﾔｼ', 'ばやしみつ', 'kuri'])
      expect(await ids(q(name)), name).toContain(target.user.id);
    expect(await ids(q('栗林 花子'))).not.toContain(target.user.id);
    expect(await ids(`email=${encodeURIComponent(target.email.slice(0, 12).toUpperCase())}`)).toContain(
      target.user.id,
    );
    expect(await ids(`phone=${encodeURIComponent('０４６７２２９８')}`)).toContain(target.user.id);
    expect(await ids(`${q('栗林')}&occupation=3&prefecture=14`)).toContain(target.user.id);
    expect(await ids(`${q('栗林')}&occupation=2`)).not.toContain(target.user.id);
    expect(await ids(`${q('栗林')}&prefecture=13`)).not.toContain(target.user.id);
    expect(await ids(`${q('栗林')}&status=deactivated`)).not.toContain(target.user.id);
    // Wildcards are matched as typed; office accounts are not listed.
    expect(await ids(q('%'))).toEqual([]);
    expect(await ids('limit=100')).not.toContain(office.id);
    const paged = expectBody(
      await asOffice('GET', '/office/members?limit=1&page=2'),
      200,
      listEnvelope(memberSummarySchema),
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.pagination.page).toBe(2);
    expectValidationError(await asOffice('GET', '/office/members?occupation=9'), ['occupation']);
    expectValidationError(await asOffice('GET', '/office/members?status=gone'), ['status']);
  });

  it("shows a member's page: profile, enrolments with their trail, orders, certificates; no secret", async () => {
    const target = await registered();
    const session = await makeSession(ctx, {});
    expect((await applyFor(ctx.app, session.id, target.token)).statusCode).toBe(201);
    const course = await makeCourse(ctx, {});
    await ctx.deps.db.insert(certificates).values({
      userId: target.user.id,
      courseId: course.id,
      certificateType: 1,
      certificateNumber: `MEM-${target.user.id}`,
      verificationCode: `member-page-${target.user.id}-${process.pid}`,
      holderName: '鈴木 葵',
      startDate: '2026-10-01',
    });
    const res = await asOffice('GET', `/office/members/${target.user.id}`);
    const page = expectBody(res, 200, dataEnvelope(memberDetailSchema)).data;
    expect(page.profile).toMatchObject({ email: target.email, last_name: '鈴木', status: 'active' });
    expect(page.enrollments).toHaveLength(1);
    expect(page.enrollments[0]!.training_id).toBe(session.id);
    expect(page.enrollments[0]!.steps.length).toBeGreaterThan(0);
    expect(page.certificates.map((c) => c.certificate_number)).toEqual([`MEM-${target.user.id}`]);
    expect(page.payment_in_progress).toBe(false);
    expect(res.body).not.toMatch(/scrypt|password|token/i);
  });

  it('mails a reset link that works, and the registration notice again; both audited', async () => {
    const target = await registered();
    const res = await asOffice('POST', `/office/members/${target.user.id}/password-reset`);
    expect(expectBody(res, 200, dataEnvelope(memberMailSentSchema)).data.to).toBe(target.email);
    const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target.email));
    const reset = mails.find((m) => m.template === 'password-reset');
    const token = /\/forgot-password\/([A-Za-z0-9_-]+)/.exec(reset?.textBody ?? '')?.[1];
    expect(token).toBeDefined();
    const done = await send('POST', '/users/reset-password', undefined, {
      token,
      password: 'Hinata2024x',
      re_password: 'Hinata2024x',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await login(target.email, 'Hinata2024x')).statusCode).toBe(200);

    const again = await asOffice('POST', `/office/members/${target.user.id}/registration-mail`);
    expect(again.statusCode, again.body).toBe(200);
    const notices = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, target.email), eq(mailOutbox.template, 'registration')));
    expect(notices).toHaveLength(2);
    const actions = (await auditsOf(target.user.id)).map((a) => [a.action, a.actorUserId, a.ip]);
    expect(actions).toEqual([
      ['member.password_reset', office.id, '127.0.0.1'],
      ['member.registration_mail', office.id, '127.0.0.1'],
    ]);
  });

  it('deactivates (no login, tokens end, history stays) and reactivates, each once', async () => {
    const target = await registered();
    expect((await me(target.token)).statusCode).toBe(200);
    expectValidationError(await asOffice('POST', `/office/members/${target.user.id}/deactivate`, {}), [
      'reason',
    ]);
    const off = await asOffice('POST', `/office/members/${target.user.id}/deactivate`, reason);
    const profile = expectBody(off, 200, dataEnvelope(memberProfileSchema)).data;
    expect(profile.status).toBe('deactivated');
    expect(profile.deactivated_at).not.toBeNull();
    expect((await me(target.token)).statusCode).toBe(401);
    expectError(await login(target.email, target.password), 400, 'INVALID_CREDENTIALS');
    expectError(
      await asOffice('POST', `/office/members/${target.user.id}/deactivate`, reason),
      409,
      'MEMBER_DEACTIVATED',
    );
    expectError(
      await asOffice('POST', `/office/members/${target.user.id}/password-reset`),
      409,
      'MEMBER_DEACTIVATED',
    );
    expectError(
      await asOffice('POST', `/office/members/${target.user.id}/registration-mail`),
      409,
      'MEMBER_DEACTIVATED',
    );
    const found = await asOffice(
      'GET',
      `/office/members?status=deactivated&email=${encodeURIComponent(target.email)}`,
    );
    expect(expectBody(found, 200, listEnvelope(memberSummarySchema)).data.map((m) => m.id)).toEqual([
      target.user.id,
    ]);

    const on = await asOffice('POST', `/office/members/${target.user.id}/reactivate`, reason);
    expect(expectBody(on, 200, dataEnvelope(memberProfileSchema)).data.status).toBe('active');
    expectError(
      await asOffice('POST', `/office/members/${target.user.id}/reactivate`, reason),
      409,
      'MEMBER_ACTIVE',
    );
    expect((await login(target.email, target.password)).statusCode).toBe(200);
    // The old token stays ended.
    expect((await me(target.token)).statusCode).toBe(401);
    const audits = await auditsOf(target.user.id);
    expect(audits.map((a) => a.action)).toEqual(['member.deactivate', 'member.reactivate']);
    expect(audits[0]!.data).toMatchObject({ reason: reason.reason, before: { status: 'active' } });
  });

  it('corrects profile fields with a reason: before and after in the audit; bad input refused, nothing written', async () => {
    const target = await registered();
    const url = `/office/members/${target.user.id}`;
    expectValidationError(await asOffice('PATCH', url, { last_name: '佐藤' }), ['reason']);
    expectValidationError(await asOffice('PATCH', url, reason), ['reason']);
    expectValidationError(await asOffice('PATCH', url, { ...reason, last_name_kana: 'sato' }), [
      'last_name_kana',
    ]);
    expectError(await asOffice('PATCH', url, { ...reason, password: 'x' }), 400, 'VALIDATION_ERROR');
    expectValidationError(await asOffice('PATCH', url, { ...reason, occupation: 1 }), ['medical_department']);
    expectError(await asOffice('PATCH', url, { ...reason, email: other.email }), 409, 'EMAIL_TAKEN');
    expect(await auditsOf(target.user.id)).toEqual([]);

    const res = await asOffice('PATCH', url, {
      ...reason,
      last_name: '佐藤',
      last_name_kana: 'さとう',
      phone: '045-555-0000',
    });
    const profile = expectBody(res, 200, dataEnvelope(memberProfileSchema)).data;
    expect(profile).toMatchObject({ last_name: '佐藤', last_name_kana: 'サトウ', phone: '045-555-0000' });
    const [audit] = await auditsOf(target.user.id);
    expect(audit!.action).toBe('member.correct');
    expect(audit!.data).toMatchObject({
      reason: reason.reason,
      before: { lastName: '鈴木', lastNameKana: 'スズキ' },
      after: { lastName: '佐藤', lastNameKana: 'サトウ', phone: '045-555-0000' },
    });
  });

  it('exports the personal data as JSON and CSV without password hash or token, audited', async () => {
    const target = await registered();
    const json = await asOffice('GET', `/office/members/${target.user.id}/export.json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="member-\d+-\d{8}\.json"/);
    const data = json.json();
    expect(data.profile).toMatchObject({ id: target.user.id, email: target.email, last_name: '鈴木' });
    const [hash] = await ctx.deps.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.id, target.user.id));
    const tokenHashes = await ctx.deps.db
      .select({ h: authTokens.tokenHash })
      .from(authTokens)
      .where(eq(authTokens.userId, target.user.id));
    const csv = await asOffice('GET', `/office/members/${target.user.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.startsWith('\uFEFF区分,番号,項目,値')).toBe(true);
    expect(csv.body).toContain(`プロフィール,,メールアドレス,${target.email}`);
    for (const body of [json.body, csv.body]) {
      expect(body).not.toContain(hash!.h);
      expect(body).not.toContain(target.token);
      for (const t of tokenHashes) expect(body).not.toContain(t.h);
      expect(body).not.toMatch(/password|scrypt/i);
    }
    expect((await auditsOf(target.user.id)).map((a) => a.data)).toEqual([
      { format: 'json' },
      { format: 'csv' },
    ]);
  });

  it('erases: refused while a payment is in progress; then anonymised, no login, orders and certificates kept, /verify still works', async () => {
    const target = await registered({ last_name: '消去', first_name: '太郎', last_name_kana: 'ショウキョ' });
    const course = await makeCourse(ctx, {});
    const code = `erase-member-${target.user.id}-${process.pid}`;
    await ctx.deps.db.insert(certificates).values({
      userId: target.user.id,
      courseId: course.id,
      certificateType: 1,
      certificateNumber: `ERA-${target.user.id}`,
      verificationCode: code,
      holderName: '消去 太郎',
      startDate: '2026-10-01',
    });
    const [pending] = await ctx.deps.db
      .insert(orders)
      .values({ userId: target.user.id, objectType: 4, amount: 1000, status: 0 })
      .returning({ id: orders.id });
    const url = `/office/members/${target.user.id}/erase`;
    expectValidationError(await asOffice('POST', url, {}), ['reason']);
    expectError(await asOffice('POST', url, reason), 409, 'MEMBER_PAYMENT_IN_PROGRESS');
    expect((await me(target.token)).statusCode).toBe(200);
    await ctx.deps.db.update(orders).set({ status: 3 }).where(eq(orders.id, pending!.id));

    const res = await asOffice('POST', url, reason);
    const profile = expectBody(res, 200, dataEnvelope(memberProfileSchema)).data;
    expect(profile).toMatchObject({
      status: 'erased',
      email: `erased-${target.user.id}@erased.invalid`,
      last_name: '削除済み',
      phone: '',
      address: '',
      birthday: '1900-01-01',
    });
    expect((await me(target.token)).statusCode).toBe(401);
    expectError(await login(target.email, target.password), 400, 'INVALID_CREDENTIALS');
    expectError(await asOffice('POST', url, reason), 409, 'MEMBER_ERASED');
    expectError(
      await asOffice('POST', `/office/members/${target.user.id}/reactivate`, reason),
      409,
      'MEMBER_ERASED',
    );
    expectError(
      await asOffice('PATCH', `/office/members/${target.user.id}`, { ...reason, last_name: '戻す' }),
      409,
      'MEMBER_ERASED',
    );
    // Kept: the order and the certificate, still verifiable.
    const page = expectBody(
      await asOffice('GET', `/office/members/${target.user.id}`),
      200,
      dataEnvelope(memberDetailSchema),
    ).data;
    expect(page.orders.map((o) => o.id)).toEqual([pending!.id]);
    expect(page.certificates.map((c) => c.certificate_number)).toEqual([`ERA-${target.user.id}`]);
    expect((await send('GET', `/certificates/verify/${code}`)).statusCode).toBe(200);
    // Gone: the old name from the search, the mails' bodies.
    const found = await asOffice('GET', `/office/members?name=${encodeURIComponent('しょうきょ')}`);
    expect(expectBody(found, 200, listEnvelope(memberSummarySchema)).data).toEqual([]);
    expect(await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target.email))).toEqual(
      [],
    );
    const audits = await auditsOf(target.user.id);
    expect(audits.map((a) => a.action)).toEqual(['member.erase']);
  });
});
