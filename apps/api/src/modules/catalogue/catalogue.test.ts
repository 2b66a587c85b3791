import { OBJECT_TYPE, ORDER_STATUS, ORDER_TYPE, PAYMENT_METHOD } from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { auditEvents, enrollments, mailOutbox, orders, trainingUserTypes } from '../../db/schema.ts';
import { SUBJECT_PREFIX } from '../../lib/mail-templates/layout.ts';
import { applyFor, makeCourse, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';

/**
 * Issue 16: the office runs the catalogue. Courses and sessions with their recruitments are created and
 * changed through /office/courses and /office/trainings, refused with Japanese field messages when a
 * rule of decision 031 is broken, audited with before/after, and the public side follows at once.
 */
describe.each(drivers())('office catalogue (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const asOffice = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    send(method, url, office.token, payload);
  const auditOf = (entity: string, id: number) =>
    ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id));

  /** A session body: an attendee recruitment open at TEST_NOW (2026-11-22 12:00 JST), the event in January. */
  const sessionBody = (courseId: number, overrides: Record<string, unknown> = {}) => ({
    course_id: courseId,
    name: '東京講習会（事務局作成）',
    area: 13,
    event_date: '2027-01-10',
    event_start_time: '10:00',
    event_end_time: '16:00',
    sponsor_by: '日本母体救命システム普及協議会',
    venue: '東京都千代田区1-1',
    venue_name: '千代田会館',
    users_types: [
      {
        type_id: 4,
        capacity: 1,
        price: 0,
        selection: 'first_come',
        apply_start_date: '2026-11-01 10:00',
        apply_end_date: '2026-12-20 17:00',
      },
    ],
    ...overrides,
  });

  const createSession = async (courseId: number, overrides: Record<string, unknown> = {}) => {
    const res = await asOffice('POST', '/office/trainings', sessionBody(courseId, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { id: number } }).data.id;
  };
  const publicIds = async (courseId: number) => {
    const res = await send('GET', `/trainings?course_id=${courseId}&limit=50`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: number }[] }).data.map((c) => c.id);
  };

  it('refuses a visitor (401) and a member (403) on every call', async () => {
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/office/courses'],
      ['GET', '/office/sessions'],
      ['POST', '/office/courses', { name: 'x' }],
      ['GET', '/office/courses/1'],
      ['PATCH', '/office/courses/1', { name: 'x' }],
      ['DELETE', '/office/courses/1'],
      ['POST', '/office/trainings', sessionBody(1)],
      ['GET', '/office/trainings/1/form'],
      ['PATCH', '/office/trainings/1', { name: 'x' }],
      ['POST', '/office/trainings/1/duplicate'],
      ['GET', '/office/trainings/1/cancel-preview'],
      ['POST', '/office/trainings/1/cancel', { reason: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, member.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('creates, reads, changes (audited before/after) and deletes a course; a course with sessions is kept', async () => {
    const required = await makeCourse(ctx);
    const created = await asOffice('POST', '/office/courses', {
      name: '新コース（事務局）',
      price: 3300,
      certificate_prefix: 'NC',
      occupations: [1, 2],
      course_conditions: [[{ course_id: required.id, user_type_id: 4 }]],
      video_previews: [{ name: '紹介', link: 'https://example.jp/intro.mp4' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: number } }).data.id;

    const detail = await asOffice('GET', `/office/courses/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      name: '新コース（事務局）',
      price: 3300,
      occupations: [1, 2],
      course_conditions: [[{ course_id: required.id, user_type_id: 4 }]],
      video_previews: [{ name: '紹介', link: 'https://example.jp/intro.mp4' }],
      sessions: 0,
      is_active: true,
    });
    const list = await asOffice('GET', '/office/courses?keyword=新コース&limit=100');
    expect((list.json() as { data: { id: number }[] }).data.map((c) => c.id)).toContain(id);

    const changed = await asOffice('PATCH', `/office/courses/${id}`, { price: 5500, memo: '改訂' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ price: 5500, memo: '改訂', name: '新コース（事務局）' });
    const audits = await auditOf('course', id);
    expect(audits.map((a) => a.action)).toEqual(['course.create', 'course.update']);
    expect(audits[1]?.data).toEqual({
      before: { price: 3300, memo: '' },
      after: { price: 5500, memo: '改訂' },
    });
    expect(audits[1]?.actorUserId).toBe(office.id);

    // An unknown required course is a field error; a bad body is a 400, nothing written.
    const unknown = await asOffice('PATCH', `/office/courses/${id}`, {
      course_conditions: [[{ course_id: 99999999, user_type_id: null }]],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['course_conditions.0.0.course_id']).toEqual([
      '指定されたコースがありません',
    ]);
    expect((await asOffice('POST', '/office/courses', { name: '' })).statusCode).toBe(400);
    expect((await asOffice('POST', '/office/courses', { name: 'x', price: -1 })).statusCode).toBe(400);
    expect((await asOffice('POST', '/office/courses', { name: 'x', surprise: 1 })).statusCode).toBe(400);
    expect((await asOffice('GET', '/office/courses/99999999')).statusCode).toBe(404);

    // With a session it cannot be deleted (archived instead); the required course neither (a condition names it).
    await createSession(id);
    const refused = await asOffice('DELETE', `/office/courses/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().meta).toMatchObject({
      code: 'COURSE_HAS_SESSIONS',
      message: '講習会があるコースは削除できません。非公開にしてください。',
    });
    expect((await asOffice('DELETE', `/office/courses/${required.id}`)).statusCode).toBe(409);
    const archived = await asOffice('PATCH', `/office/courses/${id}`, { is_active: false });
    expect(archived.json().data.is_active).toBe(false);

    const spare = (await asOffice('POST', '/office/courses', { name: '削除するコース' })).json().data
      .id as number;
    const deleted = await asOffice('DELETE', `/office/courses/${spare}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await asOffice('GET', `/office/courses/${spare}`)).statusCode).toBe(404);
    expect((await auditOf('course', spare)).map((a) => a.action)).toEqual(['course.create', 'course.delete']);
  });

  it('a draft is the office’s alone; published, it is public at once', async () => {
    const course = await makeCourse(ctx);
    const id = await createSession(course.id);
    const form = await asOffice('GET', `/office/trainings/${id}/form`);
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toMatchObject({
      status: 'draft',
      is_active: 1,
      course_id: course.id,
      area_name: '東京都',
      users_types: [
        {
          type_id: 4,
          capacity: 1,
          selection: 'first_come',
          apply_start_date: '2026-11-01 10:00',
          apply_end_date: '2026-12-20 17:00',
          participant: 0,
          applicants: 0,
        },
      ],
    });
    expect(await publicIds(course.id)).not.toContain(id);
    expect((await send('GET', `/trainings/${id}`)).statusCode).toBe(404);
    expect((await applyFor(ctx.app, id, member.token)).statusCode).toBe(404);

    const published = await asOffice('PATCH', `/office/trainings/${id}`, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(await publicIds(course.id)).toContain(id);
    const detail = await send('GET', `/trainings/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id, name: '東京講習会（事務局作成）', is_active: 1 });
    expect((await auditOf('training', id)).map((a) => a.action)).toEqual([
      'training.create',
      'training.publish',
    ]);

    // The console's list shows it by state.
    const listed = async (state: string) =>
      (
        (await asOffice('GET', `/office/sessions?course=${course.id}&state=${state}`)).json() as {
          data: { id: number; status: string; recruitments: { capacity: number }[] }[];
        }
      ).data.map((r) => r.id);
    expect(await listed('published')).toEqual([id]);
    expect(await listed('draft')).toEqual([]);
    expect((await asOffice('GET', '/office/sessions?state=other')).statusCode).toBe(400);

    // Back to draft while nobody applied: gone from the public side at once.
    expect((await asOffice('PATCH', `/office/trainings/${id}`, { status: 'draft' })).statusCode).toBe(200);
    expect(await publicIds(course.id)).not.toContain(id);
  });

  it('refuses broken windows with Japanese field messages, and writes nothing', async () => {
    const course = await makeCourse(ctx);
    const bad = await asOffice(
      'POST',
      '/office/trainings',
      sessionBody(course.id, {
        users_types: [
          {
            type_id: 4,
            capacity: 10,
            price: 1000,
            selection: 'lottery',
            apply_start_date: '2026-12-20 10:00',
            apply_end_date: null,
          },
          {
            type_id: 2,
            capacity: 3,
            price: 0,
            selection: 'first_come',
            apply_start_date: '2026-11-01 10:00',
            apply_end_date: '2027-01-10 12:00',
          },
        ],
      }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual({
      'users_types.0.apply_end_date': ['抽選の募集には申込締切日時が必要です'],
      'users_types.1.apply_end_date': ['申込締切日時は講習会の開始より前にしてください'],
      payment_method_ids: ['受講料のある募集には支払い方法を1つ以上選んでください'],
    });
    const reversed = await asOffice(
      'POST',
      '/office/trainings',
      sessionBody(course.id, { event_start_time: '16:00', event_end_time: '10:00' }),
    );
    expect(reversed.json().errors.event_end_time).toEqual(['終了時刻は開始時刻より後にしてください']);
    const past = await asOffice(
      'POST',
      '/office/trainings',
      sessionBody(course.id, { status: 'published', event_date: '2026-11-21', users_types: [] }),
    );
    expect(past.json().errors).toEqual({
      users_types: ['公開するには募集を1つ以上追加してください'],
      event_date: ['開催日時を過ぎた講習会は公開できません'],
    });
    const badTime = await asOffice(
      'POST',
      '/office/trainings',
      sessionBody(course.id, { event_start_time: '25:00' }),
    );
    expect(badTime.statusCode).toBe(400);
    const unknownCourse = await asOffice('POST', '/office/trainings', sessionBody(99999999));
    expect(unknownCourse.json().errors.course_id).toEqual(['指定されたコースがありません']);
    expect(await publicIds(course.id)).toEqual([]);
    const form = await asOffice('GET', `/office/courses/${course.id}`);
    expect(form.json().data.sessions).toBe(0);
  });

  it('raising the capacity of a full first-come recruitment lets the next applicant in; the locks hold', async () => {
    const course = await makeCourse(ctx);
    const id = await createSession(course.id, {
      status: 'published',
      payment_method_ids: [PAYMENT_METHOD.bankTransfer],
      users_types: [
        {
          type_id: 4,
          capacity: 1,
          price: 8000,
          selection: 'first_come',
          apply_start_date: '2026-11-01 10:00',
          apply_end_date: '2026-12-20 17:00',
        },
        {
          type_id: 2,
          capacity: 2,
          price: 0,
          selection: 'first_come',
          apply_start_date: '2026-11-01 10:00',
          apply_end_date: '2026-12-20 17:00',
        },
      ],
    });
    const [first, second] = [await makeUser(ctx), await makeUser(ctx)];
    expect((await applyFor(ctx.app, id, first!.token)).statusCode).toBe(201);
    const full = await applyFor(ctx.app, id, second!.token);
    expect(full.statusCode).toBe(409);
    expect(full.json().meta.code).toBe('FULL');

    const recruitments = (await asOffice('GET', `/office/trainings/${id}/form`)).json().data
      .users_types as Array<Record<string, unknown>>;
    const edit = (changes: Record<string, unknown>, index = 0) =>
      recruitments.map((r, i) => {
        const { type_name: _n, participant: _p, applicants: _a, paid_orders: _o, ...rest } = r;
        return i === index ? { ...rest, ...changes } : rest;
      });

    const lower = await asOffice('PATCH', `/office/trainings/${id}`, { users_types: edit({ capacity: 0 }) });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().meta.code).toBe('CATALOGUE_LOCKED');
    expect(lower.json().errors['users_types.0.capacity']).toEqual([
      '定員は、すでに埋まっている席数より少なくできません',
    ]);
    const lottery = await asOffice('PATCH', `/office/trainings/${id}`, {
      users_types: edit({ selection: 'lottery' }),
    });
    expect(lottery.json().errors['users_types.0.selection']).toEqual([
      '申込者がいる募集は、先着順と抽選を切り替えられません',
    ]);
    const removed = await asOffice('PATCH', `/office/trainings/${id}`, { users_types: edit({}).slice(1) });
    expect(removed.json().errors.users_types).toEqual(['申込者がいる募集は削除できません']);
    const unpublish = await asOffice('PATCH', `/office/trainings/${id}`, { status: 'draft' });
    expect(unpublish.statusCode).toBe(409);

    // Before anyone paid the fee may change; after a paid order it is locked.
    expect(
      (await asOffice('PATCH', `/office/trainings/${id}`, { users_types: edit({ price: 9000 }) })).statusCode,
    ).toBe(200);
    const [enrolment] = await ctx.deps.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, id), eq(enrollments.userId, first!.id)));
    await ctx.deps.db.insert(orders).values({
      userId: first!.id,
      type: ORDER_TYPE.purchase,
      objectType: OBJECT_TYPE.sessionFee,
      objectId: id,
      trainingId: id,
      enrollmentId: enrolment!.id,
      amount: 9000,
      status: ORDER_STATUS.complete,
      paymentMethodId: PAYMENT_METHOD.bankTransfer,
    });
    const price = await asOffice('PATCH', `/office/trainings/${id}`, { users_types: edit({ price: 10000 }) });
    expect(price.json().errors['users_types.0.price']).toEqual([
      'お支払い済みの方がいる募集は、受講料を変更できません',
    ]);

    const raised = await asOffice('PATCH', `/office/trainings/${id}`, {
      users_types: edit({ capacity: 2, price: 9000 }),
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data.users_types[0]).toMatchObject({
      capacity: 2,
      participant: 1,
      applicants: 1,
      paid_orders: 1,
    });
    expect((await applyFor(ctx.app, id, second!.token)).statusCode).toBe(201);
    const [row] = await ctx.deps.db
      .select()
      .from(trainingUserTypes)
      .where(and(eq(trainingUserTypes.trainingId, id), eq(trainingUserTypes.userTypeId, 4)));
    expect(row?.participant).toBe(2);
    const update = (await auditOf('training', id)).filter((a) => a.action === 'training.update');
    expect(update.at(-1)?.data).toMatchObject({
      before: { users_types: [{ capacity: 1, price: 9000 }, { capacity: 2 }] },
      after: { users_types: [{ capacity: 2, price: 9000 }, { capacity: 2 }] },
    });
  });

  it('duplicates a session as a draft with its recruitments and no member', async () => {
    const course = await makeCourse(ctx);
    const id = await createSession(course.id, { status: 'published' });
    expect((await applyFor(ctx.app, id, member.token)).statusCode).toBe(201);
    const copy = await asOffice('POST', `/office/trainings/${id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = (copy.json() as { data: { id: number } }).data.id;
    const form = (await asOffice('GET', `/office/trainings/${copyId}/form`)).json().data;
    expect(form).toMatchObject({
      name: '東京講習会（事務局作成）（コピー）',
      status: 'draft',
      users_types: [{ type_id: 4, capacity: 1, participant: 0, applicants: 0 }],
    });
    expect(await publicIds(course.id)).toEqual([id]);
    expect((await auditOf('training', copyId)).map((a) => a.action)).toEqual(['training.duplicate']);
    expect((await asOffice('POST', '/office/trainings/99999999/duplicate')).statusCode).toBe(404);
  });

  it('cancels once: is_active 0, the member mailed and refunded, the badge 開催中止', async () => {
    const course = await makeCourse(ctx);
    const id = await createSession(course.id, {
      status: 'published',
      payment_method_ids: [PAYMENT_METHOD.bankTransfer],
      users_types: [
        {
          type_id: 4,
          capacity: 5,
          price: 8000,
          selection: 'first_come',
          apply_start_date: '2026-11-01 10:00',
          apply_end_date: '2026-12-20 17:00',
        },
      ],
    });
    const paid = await makeUser(ctx);
    const unpaid = await makeUser(ctx);
    expect((await applyFor(ctx.app, id, paid.token)).statusCode).toBe(201);
    expect((await applyFor(ctx.app, id, unpaid.token)).statusCode).toBe(201);
    const [enrolment] = await ctx.deps.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, id), eq(enrollments.userId, paid.id)));
    const [order] = await ctx.deps.db
      .insert(orders)
      .values({
        userId: paid.id,
        type: ORDER_TYPE.purchase,
        objectType: OBJECT_TYPE.sessionFee,
        objectId: id,
        trainingId: id,
        enrollmentId: enrolment!.id,
        amount: 8000,
        status: ORDER_STATUS.complete,
        paymentMethodId: PAYMENT_METHOD.bankTransfer,
      })
      .returning();

    const preview = await asOffice('GET', `/office/trainings/${id}/cancel-preview`);
    expect(preview.json().data).toEqual({ members: 2, refunds: 1, refund_total: 8000 });

    expect((await asOffice('POST', `/office/trainings/${id}/cancel`, { reason: ' ' })).statusCode).toBe(400);
    const reason = '講師の急病のため';
    const cancelled = await asOffice('POST', `/office/trainings/${id}/cancel`, { reason });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const result = cancelled.json().data;
    expect(result).toMatchObject({ id, is_active: 0, mailed: 2 });
    expect(result.refunds).toHaveLength(1);
    expect(result.refunds[0]).toMatchObject({ order_id: order!.id, message: null });

    // The public side: still listed, inactive; the member's card and history read 開催中止.
    const detail = await send('GET', `/trainings/${id}`, paid.token);
    expect(detail.json().data.is_active).toBe(0);
    const activity = await send('GET', '/users/activity/trainings?kind=history', paid.token);
    const mine = (activity.json() as { data: { id: number; badge: string }[] }).data.find((r) => r.id === id);
    expect(mine?.badge).toBe('sessionCancelled');
    const [refunded] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(refunded?.status).toBe(ORDER_STATUS.refunded);

    for (const who of [paid, unpaid]) {
      const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.email));
      const mail = mails.find((m) => m.subject === `${SUBJECT_PREFIX}講習会の開催中止のお知らせ`);
      expect(mail, who.email).toBeDefined();
      expect(mail?.textBody).toContain(`中止の理由：${reason}`);
      if (who === paid)
        expect(mail?.textBody).toContain('お支払いいただいた受講料（8,000円）は、事務局から返金いたします');
      else expect(mail?.textBody).not.toContain('返金');
    }
    const audit = (await auditOf('training', id)).find((a) => a.action === 'training.cancel');
    expect(audit?.data).toMatchObject({
      before: { is_active: 1 },
      after: { is_active: 0, cancelled_reason: reason },
      members: 2,
    });

    // Once only: a second cancel and any later change are refused; no second mail.
    const again = await asOffice('POST', `/office/trainings/${id}/cancel`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.code).toBe('SESSION_CANCELLED');
    expect((await asOffice('PATCH', `/office/trainings/${id}`, { name: '変更' })).statusCode).toBe(409);
    const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, paid.email));
    expect(mails.filter((m) => m.subject.endsWith('開催中止のお知らせ'))).toHaveLength(1);
    expect((await applyFor(ctx.app, id, (await makeUser(ctx)).token)).statusCode).toBe(409);
  });
});
