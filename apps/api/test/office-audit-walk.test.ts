import {
  INSTRUCTOR_REQUEST_STATUS,
  OBJECT_TYPE,
  ORDER_STATUS,
  RANK_UP_STATUS,
  routes,
  type contracts,
  type OrderStatus,
} from '@mels/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  certificateRequests,
  certificates,
  documents,
  enrollments,
  lessons,
  mailOutbox,
  orderItems,
  orders,
  productImages,
  rankUpRequests,
  ranks,
  rateLimitHits,
  trainingUserTypes,
} from '../src/db/schema.ts';
import {
  applyFor,
  makeCourse,
  makeSession,
  makeUser,
} from '../src/modules/enrollments/enrollments.fixtures.ts';
import {
  enrol,
  makeWorld,
  newMember,
  type World as MoneyWorld,
} from '../src/modules/payments/payments.fixtures.ts';
import { createTestContext, drivers, TEST_NOW, type TestContext } from './context.ts';

/**
 * Issue 18, audit log (decision 033): "nothing in the console changes data without writing to it". This
 * walks every office write route of the contract table (auth 'office', method other than GET): each
 * successful call must add an audit row. A new office write route fails the first test until it is
 * walked here or listed below with its reason.
 */

type Call = { params?: Record<string, number | string>; body?: Record<string, unknown> };
type Setup = (w: World) => Promise<Call>;
type World = { ctx: TestContext; office: { id: number; token: string }; send: Send; money?: MoneyWorld };
type Send = (
  method: string,
  url: string,
  token?: string,
  body?: object,
) => Promise<{ statusCode: number; body: string; json: () => any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Routes not walked here, each with why a generic walk cannot call it meaningfully and where its audit
 * row is asserted instead. Keep this short.
 */
const NOT_WALKED: Record<string, string> = {
  'officePages.preview': 'writes nothing: answers the sanitised HTML (office-pages.test.ts)',
  'officePages.uploadImage': 'multipart (a picture); its audit row is asserted in office-pages.test.ts',
  'officeLessons.create': 'multipart (a video upload); its audit row is asserted in content.test.ts',
  'officeLessons.update': 'multipart (a video upload); its audit row is asserted in content.test.ts',
  'officeCourseDocuments.create':
    'multipart (a document upload); its audit row is asserted in content.test.ts',
  'officeShop.addImage': 'multipart (a picture); its audit row is asserted in office-shop.test.ts',
  'officeShop.replaceTemplate': 'multipart (a .docx); its audit row is asserted in office-shop.test.ts',
};

let serial = 0;
const sessionBody = (courseId: number) => ({
  course_id: courseId,
  name: `監査用講習会${(serial += 1)}`,
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
      capacity: 5,
      price: 0,
      selection: 'first_come',
      apply_start_date: '2026-11-01 10:00',
      apply_end_date: '2026-12-20 17:00',
    },
  ],
});

async function newSession(w: World) {
  const course = await makeCourse(w.ctx, {});
  const res = await w.send('POST', '/office/trainings', w.office.token, sessionBody(course.id));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** Lessons (links) of a course, as the office's upload would leave them. */
async function newLessons(w: World, courseId: number, n: number) {
  const rows = await w.ctx.deps.db
    .insert(lessons)
    .values(
      Array.from({ length: n }, (_, i) => ({
        courseId,
        title: `監査用動画${i + 1}`,
        duration: 60,
        link: 'https://videos.example.jp/a.mp4',
        sortOrder: i + 1,
      })),
    )
    .returning({ id: lessons.id });
  return rows.map((r) => r.id);
}

async function newDocuments(w: World, courseId: number, n: number) {
  const rows = await w.ctx.deps.db
    .insert(documents)
    .values(
      Array.from({ length: n }, (_, i) => ({
        courseId,
        name: `監査用資料${i + 1}.pdf`,
        storageKey: `documents/audit-walk-${courseId}-${i}.pdf`,
        mimeType: 'application/pdf',
        size: 10,
        sortOrder: i + 1,
      })),
    )
    .returning({ id: documents.id });
  return rows.map((r) => r.id);
}

async function newCourse(w: World) {
  const res = await w.send('POST', '/office/courses', w.office.token, {
    name: `監査用コース${(serial += 1)}`,
    price: 0,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function assistantApplication(w: World) {
  const member = await newMember(w.ctx.app);
  const session = await makeSession(w.ctx, { userTypeIds: [2, 4] });
  expect((await applyFor(w.ctx.app, session.id, member.token, 2)).statusCode).toBe(201);
  const [row] = await w.ctx.deps.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.trainingId, session.id), eq(enrollments.userId, member.id)));
  return row!.id;
}

async function newContact(w: World) {
  const res = await w.send('POST', '/contacts/send', undefined, {
    client_name: `監査 太郎${(serial += 1)}`,
    location_work: 'みなと周産期医療センター',
    client_email: `audit-walk-${serial}@example.jp`,
    subject: 'seminarApplication',
    content: '申込について教えてください。',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function memberApplied(w: World, options: Parameters<typeof makeSession>[1] = {}) {
  const member = await newMember(w.ctx.app);
  const session = await makeSession(w.ctx, options);
  const applied = await applyFor(w.ctx.app, session.id, member.token);
  expect(applied.statusCode, applied.body).toBe(201);
  return { member, session, enrollmentId: applied.json().data.enrollment_id as number };
}

async function cancelRequest(w: World) {
  const { member, session } = await memberApplied(w, { capacity: 2 });
  const res = await w.send('POST', `/trainings/${session.id}/enrollments/user/request-cancel`, member.token, {
    user_type: 4,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A free session held today (the test clock's day in Tokyo); the member applied, agreed and holds a ticket. */
async function ticketed(w: World) {
  const { member, session, enrollmentId } = await memberApplied(w, {
    eventDate: new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(w.ctx.deps.clock.now()),
  });
  const agreed = await w.send('POST', `/trainings/${session.id}/enrollments/agreement`, member.token, {
    user_type: 4,
    agree: true,
  });
  expect(agreed.statusCode, agreed.body).toBeLessThan(300);
  const ticket = await w.send('GET', `/trainings/${session.id}/enrollments/ticket?user_type=4`, member.token);
  expect(ticket.statusCode, ticket.body).toBe(200);
  return { session, enrollmentId, code: ticket.json().data.attendance_code as string };
}

/** A member's unpaid offline order of a session fee (2: bank transfer, 3: on site). */
async function offlineOrder(w: World, method: 2 | 3) {
  w.money ??= await makeWorld(w.ctx);
  const member = await newMember(w.ctx.app);
  await enrol(w.ctx, w.money, member.id);
  const res = await w.send('POST', '/payments/create-offline-order', member.token, {
    object_type: 2,
    object_id: w.money.training.id,
    payment_method_id: method,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** A local holding registered through the public form, awaiting the office's decision. */
async function newHolding(w: World) {
  serial += 1;
  await w.ctx.deps.db.delete(rateLimitHits);
  const res = await w.send('POST', '/administrators/local_holdings/register', undefined, {
    organization: `監査用開催団体${serial}`,
    secretariat_name: '監査 一郎',
    secretariat_address: '東京都千代田区1-1',
    secretariat_phone: '03-1234-5678',
    secretariat_email: `audit-holding-${serial}@example.jp`,
    secretariat_password: 'Holding1234',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const newsBody = () => ({
  title: `監査用お知らせ${(serial += 1)}`,
  content: '<p>本文</p>',
  public_date: '2026-11-01 10:00',
});

/** Creates a page item through its office route; returns its id. */
async function created(w: World, url: string, body: object) {
  const res = await w.send('POST', url, w.office.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** The ids of an office list, in its order. */
async function listedIds(w: World, url: string) {
  const res = await w.send('GET', url, w.office.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((r) => r.id);
}

/** A member's paid shop order (complete) or one being prepared for shipping, with one line. */
async function shopOrder(w: World, status: OrderStatus) {
  const member = await newMember(w.ctx.app);
  const [order] = await w.ctx.deps.db
    .insert(orders)
    .values({
      userId: member.id,
      objectType: OBJECT_TYPE.shopOrder,
      amount: 3000,
      status,
      paidAt: w.ctx.deps.clock.now(),
      customerName: '監査 花子',
      postalCode: '1000001',
      address: '東京都千代田区千代田1-1',
      phone: '03-1234-5678',
    })
    .returning({ id: orders.id });
  await w.ctx.deps.db
    .insert(orderItems)
    .values({ orderId: order!.id, name: 'MELSテキスト', unitPrice: 3000, quantity: 1 });
  return order!.id;
}

/** A member's rank-up request with its session chosen (awaiting the office's review). */
async function rankUpRequest(w: World) {
  const member = await newMember(w.ctx.app);
  const session = await makeSession(w.ctx, {});
  const [rank] = await w.ctx.deps.db.select({ id: ranks.id }).from(ranks).orderBy(desc(ranks.level)).limit(1);
  const [row] = await w.ctx.deps.db
    .insert(rankUpRequests)
    .values({
      userId: member.id,
      toRankId: rank!.id,
      status: RANK_UP_STATUS.sessionChosen,
      trainingId: session.id,
    })
    .returning({ id: rankUpRequests.id });
  return row!.id;
}

/** A member's BI certification request, pledged and paid: awaiting the office's review. */
async function biRequest(w: World) {
  const member = await newMember(w.ctx.app);
  const course = await makeCourse(w.ctx, { certificatePrefix: 'WB' });
  const [row] = await w.ctx.deps.db
    .insert(certificateRequests)
    .values({
      userId: member.id,
      courseId: course.id,
      certificateType: 2,
      status: INSTRUCTOR_REQUEST_STATUS.processing,
      username: '監査 花子',
      email: member.email,
      pledgeVariant: 'doctor',
    })
    .returning({ id: certificateRequests.id });
  return row!.id;
}

const WALK: Record<string, Setup> = {
  'officeLocalHoldings.approve': async (w) => ({ params: { id: await newHolding(w) } }),
  'officeLocalHoldings.reject': async (w) => ({
    params: { id: await newHolding(w) },
    body: { reason: '活動実績が確認できません。' },
  }),
  'officeLocalHoldings.assignSession': async (w) => {
    const holding = await newHolding(w);
    const approved = await w.send('POST', `/office/local-holdings/${holding}/approve`, w.office.token);
    expect(approved.statusCode, approved.body).toBe(200);
    return { params: { id: await newSession(w) }, body: { local_holding_id: holding } };
  },
  'officeStaff.grant': async (w) => {
    const member = await newMember(w.ctx.app);
    return { body: { email: member.email, office_role: 'staff' } };
  },
  'officeStaff.change': async (w) => ({
    params: { id: (await makeUser(w.ctx, { role: 'office', officeRole: 'staff' })).id },
    body: { office_role: 'admin' },
  }),
  'officeStaff.remove': async (w) => ({
    params: { id: (await makeUser(w.ctx, { role: 'office', officeRole: 'staff' })).id },
  }),
  'officeCourses.create': async () => ({ body: { name: `監査用コース${(serial += 1)}`, price: 0 } }),
  'officeCourses.update': async (w) => ({ params: { id: await newCourse(w) }, body: { price: 1100 } }),
  'officeCourses.remove': async (w) => ({ params: { id: await newCourse(w) } }),
  'officeLessons.remove': async (w) => {
    const id = await newCourse(w);
    const [lessonId] = await newLessons(w, id, 1);
    return { params: { id, lessonId: lessonId ?? 0 } };
  },
  'officeLessons.reorder': async (w) => {
    const id = await newCourse(w);
    return { params: { id }, body: { kind: 'pre', ids: (await newLessons(w, id, 2)).reverse() } };
  },
  'officeCourseDocuments.rename': async (w) => {
    const id = await newCourse(w);
    const [documentId] = await newDocuments(w, id, 1);
    return { params: { id, documentId: documentId ?? 0 }, body: { name: '改名後の資料' } };
  },
  'officeCourseDocuments.remove': async (w) => {
    const id = await newCourse(w);
    const [documentId] = await newDocuments(w, id, 1);
    return { params: { id, documentId: documentId ?? 0 } };
  },
  'officeCourseDocuments.reorder': async (w) => {
    const id = await newCourse(w);
    return { params: { id }, body: { ids: (await newDocuments(w, id, 2)).reverse() } };
  },
  'officeQuizzes.replace': async (w) => ({
    params: { id: await newCourse(w), kind: 'pre' },
    body: {
      title: '事前テスト',
      questions: [
        {
          title: '最初に行う対応はどれですか。',
          input_type: 1,
          quiz_question_metas: [
            { label: '応援を呼ぶ', value: 'a', is_correct: true },
            { label: '様子を見る', value: 'b', is_correct: false },
          ],
        },
      ],
    },
  }),
  'officeSurveys.replace': async (w) => ({
    params: { id: await newCourse(w) },
    body: { name: '受講後アンケート', questions: [{ title: '経験年数@@年', kind: 'text' }] },
  }),
  'officeSessions.create': async (w) => ({ body: sessionBody((await makeCourse(w.ctx, {})).id) }),
  'officeSessions.update': async (w) => ({
    params: { id: await newSession(w) },
    body: { venue_name: '港会館' },
  }),
  'officeSessions.duplicate': async (w) => ({ params: { id: await newSession(w) }, body: {} }),
  'officeSessions.cancel': async (w) => ({
    params: { id: await newSession(w) },
    body: { reason: '講師の都合' },
  }),
  'office.closeApplications': async (w) => ({ params: { id: await newSession(w) }, body: { user_type: 4 } }),
  'office.lottery': async (w) => {
    const session = await makeSession(w.ctx, {
      selection: 'lottery',
      applyStart: '2026-10-01 10:00',
      applyEnd: '2026-11-01 10:00',
    });
    return { params: { id: session.id }, body: { user_type: 4 } };
  },
  'office.approveAssistant': async (w) => ({ params: { id: await assistantApplication(w) } }),
  'office.rejectAssistant': async (w) => ({
    params: { id: await assistantApplication(w) },
    body: { reason: '定員に達しました。' },
  }),
  'officeContacts.update': async (w) => ({
    params: { id: await newContact(w) },
    body: { status: 'in_progress' },
  }),
  'officeContacts.note': async (w) => ({
    params: { id: await newContact(w) },
    body: { body: '折り返し電話済み' },
  }),
  'officeContacts.reply': async (w) => ({
    params: { id: await newContact(w) },
    body: { body: 'ご連絡ありがとうございます。' },
  }),
  'office.confirmPayment': async (w) => ({
    params: { id: (await memberApplied(w, { price: 5000, paymentMethods: [2] })).enrollmentId },
  }),
  'office.approveCancel': async (w) => ({ params: { id: await cancelRequest(w) } }),
  'office.rejectCancel': async (w) => ({ params: { id: await cancelRequest(w) } }),
  'office.checkIn': async (w) => {
    const t = await ticketed(w);
    return { body: { code: t.code, training_id: t.session.id } };
  },
  'office.undoCheckIn': async (w) => {
    const t = await ticketed(w);
    const done = await w.send('POST', '/office/check-in', w.office.token, {
      code: t.code,
      training_id: t.session.id,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { params: { id: t.enrollmentId }, body: { reason: '受付の誤り' } };
  },
  'office.offerNext': async (w) => {
    // Two applicants for one place; the office closes the window and draws; a second place opens.
    const session = await makeSession(w.ctx, { selection: 'lottery', capacity: 1 });
    for (let i = 0; i < 2; i += 1) {
      const member = await newMember(w.ctx.app);
      expect((await applyFor(w.ctx.app, session.id, member.token)).statusCode).toBe(201);
    }
    const office = (url: string) => w.send('POST', url, w.office.token, { user_type: 4 });
    expect((await office(`/office/trainings/${session.id}/close-applications`)).statusCode).toBe(200);
    w.ctx.clock.set(new Date(w.ctx.deps.clock.now().getTime() + 60_000));
    const drawn = await office(`/office/trainings/${session.id}/lottery`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    await w.ctx.deps.db
      .update(trainingUserTypes)
      .set({ capacity: 2 })
      .where(eq(trainingUserTypes.trainingId, session.id));
    return { params: { id: session.id }, body: { user_type: 4 } };
  },
  'orders.confirmTransfer': async (w) => ({ params: { id: await offlineOrder(w, 2) } }),
  'orders.markPaid': async (w) => ({ params: { id: await offlineOrder(w, 3) } }),
  'orders.refund': async (w) => {
    const id = await offlineOrder(w, 3);
    const paid = await w.send('POST', `/office/orders/${id}/mark-paid`, w.office.token);
    expect(paid.statusCode, paid.body).toBe(200);
    return { params: { id } };
  },
  'certificates.revoke': async (w) => {
    // A certificate by code (no session): the row the claim flow writes.
    const course = await makeCourse(w.ctx, {});
    const member = await newMember(w.ctx.app);
    serial += 1;
    const [row] = await w.ctx.deps.db
      .insert(certificates)
      .values({
        userId: member.id,
        courseId: course.id,
        certificateType: 1,
        certificateNumber: `WALK-${serial}-${course.id}`,
        verificationCode: `walk-${serial}-${course.id}-${member.id}`,
        holderName: '監査 花子',
        startDate: '2026-10-01',
      })
      .returning({ id: certificates.id });
    return { params: { id: row!.id }, body: { reason: '誤発行' } };
  },
  'officeExpiries.extend': async (w) => {
    // A basic-instructor certificate ending in 4 months, extended by hand (decision 038).
    const course = await makeCourse(w.ctx, { certificatePrefix: 'BI' });
    const member = await newMember(w.ctx.app);
    serial += 1;
    const [row] = await w.ctx.deps.db
      .insert(certificates)
      .values({
        userId: member.id,
        courseId: course.id,
        certificateType: 2,
        certificateNumber: `WALK-BI-${serial}-${course.id}`,
        verificationCode: `walk-bi-${serial}-${course.id}-${member.id}`,
        holderName: '監査 花子',
        startDate: '2022-03-24',
        endDate: '2027-03-23',
      })
      .returning({ id: certificates.id });
    return { params: { id: row!.id }, body: { reason: '活動記録の確認済み（事務局判断）' } };
  },
  'officeNews.create': async () => ({ body: newsBody() }),
  'officeNews.update': async (w) => ({
    params: { id: await created(w, '/office/news', newsBody()) },
    body: { pinned: true },
  }),
  'officeNews.remove': async (w) => ({ params: { id: await created(w, '/office/news', newsBody()) } }),
  'officeFaqs.create': async () => ({ body: { title: '監査用の質問', content: '<p>答え</p>' } }),
  'officeFaqs.update': async (w) => ({
    params: { id: await created(w, '/office/faqs', { title: '監査用の質問', content: '<p>答え</p>' }) },
    body: { active: false },
  }),
  'officeFaqs.remove': async (w) => ({
    params: { id: await created(w, '/office/faqs', { title: '監査用の質問', content: '<p>答え</p>' }) },
  }),
  'officeFaqs.reorder': async (w) => ({ body: { ids: await listedIds(w, '/office/faqs?limit=999') } }),
  'officeAbouts.create': async () => ({ body: { name: '監査用タブ', content: '<p>本文</p>' } }),
  'officeAbouts.update': async (w) => ({
    params: { id: await created(w, '/office/abouts', { name: '監査用タブ', content: '<p>本文</p>' }) },
    body: { name: '監査用タブ（改）' },
  }),
  'officeAbouts.remove': async (w) => ({
    params: { id: await created(w, '/office/abouts', { name: '監査用タブ', content: '<p>本文</p>' }) },
  }),
  'officeAbouts.reorder': async (w) => ({ body: { ids: await listedIds(w, '/office/abouts?limit=999') } }),
  'officeFlows.create': async () => ({ body: { title: '監査用の手順', content: '<p>本文</p>' } }),
  'officeFlows.update': async (w) => ({
    params: { id: await created(w, '/office/flows', { title: '監査用の手順', content: '<p>本文</p>' }) },
    body: { title: '監査用の手順（改）' },
  }),
  'officeFlows.remove': async (w) => ({
    params: { id: await created(w, '/office/flows', { title: '監査用の手順', content: '<p>本文</p>' }) },
  }),
  'officeFlows.reorder': async (w) => ({ body: { ids: await listedIds(w, '/office/flows?limit=999') } }),
  'officeInstructorDocuments.create': async () => ({ body: { title: '監査用資料', content: '<p>本文</p>' } }),
  'officeInstructorDocuments.update': async (w) => ({
    params: {
      id: await created(w, '/office/instructor-documents', { title: '監査用資料', content: '<p>本文</p>' }),
    },
    body: { title: '監査用資料（改）' },
  }),
  'officeInstructorDocuments.remove': async (w) => ({
    params: {
      id: await created(w, '/office/instructor-documents', { title: '監査用資料', content: '<p>本文</p>' }),
    },
  }),
  'officePages.seminarInfoUpdate': async () => ({
    body: {
      title: '講習会を開催される方へ',
      description: '説明',
      contents: [1, 2, 3].map((i) => ({ title: `項目${i}`, content: '<p>本文</p>', image: null })),
    },
  }),
  'officeMembers.correct': async (w) => ({
    params: { id: (await newMember(w.ctx.app)).id },
    body: { last_name: '訂正', reason: '本人からの申し出' },
  }),
  'officeMembers.passwordReset': async (w) => ({ params: { id: (await newMember(w.ctx.app)).id } }),
  'officeMembers.registrationMail': async (w) => ({ params: { id: (await newMember(w.ctx.app)).id } }),
  'officeMembers.deactivate': async (w) => ({
    params: { id: (await newMember(w.ctx.app)).id },
    body: { reason: '本人からの申し出' },
  }),
  'officeMembers.reactivate': async (w) => {
    const member = await newMember(w.ctx.app);
    const off = await w.send('POST', `/office/members/${member.id}/deactivate`, w.office.token, {
      reason: '本人からの申し出',
    });
    expect(off.statusCode, off.body).toBe(200);
    return { params: { id: member.id }, body: { reason: '本人からの申し出' } };
  },
  'officeMembers.erase': async (w) => ({
    params: { id: (await newMember(w.ctx.app)).id },
    body: { reason: '本人からの削除依頼' },
  }),
  'officeShop.createCategory': async () => ({ body: { name: `監査用カテゴリー${(serial += 1)}` } }),
  'officeShop.updateCategory': async (w) => ({
    params: { id: await created(w, '/office/shop/categories', { name: '監査用カテゴリー' }) },
    body: { name: '監査用カテゴリー（改）' },
  }),
  'officeShop.removeCategory': async (w) => ({
    params: { id: await created(w, '/office/shop/categories', { name: '監査用カテゴリー' }) },
  }),
  'officeShop.orderCategories': async (w) => {
    const res = await w.send('GET', '/office/shop/categories', w.office.token);
    return { body: { ids: (res.json().data as Array<{ id: number }>).map((c) => c.id).reverse() } };
  },
  'officeShop.createProduct': async () => ({ body: { name: '監査用商品', price: 1000 } }),
  'officeShop.updateProduct': async (w) => ({
    params: { id: await created(w, '/office/shop/products', { name: '監査用商品', price: 1000 }) },
    body: { name: '監査用商品', price: 1200, stock: 5 },
  }),
  'officeShop.thumbnail': async (w) => {
    const id = await created(w, '/office/shop/products', { name: '監査用商品', price: 1000 });
    const images = await w.ctx.deps.db
      .insert(productImages)
      .values([
        { productId: id, link: '/media/products/a.svg', isThumb: true },
        { productId: id, link: '/media/products/b.svg', isThumb: false },
      ])
      .returning({ id: productImages.id });
    return { params: { id, imageId: images[1]!.id } };
  },
  'officeShop.removeImage': async (w) => {
    const id = await created(w, '/office/shop/products', { name: '監査用商品', price: 1000 });
    const [image] = await w.ctx.deps.db
      .insert(productImages)
      .values({ productId: id, link: '/media/products/a.svg', isThumb: true })
      .returning({ id: productImages.id });
    return { params: { id, imageId: image!.id } };
  },
  'orders.prepareShipping': async (w) => ({ params: { id: await shopOrder(w, ORDER_STATUS.complete) } }),
  'orders.ship': async (w) => ({ params: { id: await shopOrder(w, ORDER_STATUS.shipping) } }),
  'officeRankUp.approve': async (w) => ({ params: { id: await rankUpRequest(w) } }),
  'officeRankUp.reject': async (w) => ({
    params: { id: await rankUpRequest(w) },
    body: { reason: '実績の確認ができませんでした。' },
  }),
  'instructorRequests.officeApprove': async (w) => ({ params: { id: await biRequest(w) } }),
  'instructorRequests.officeReject': async (w) => ({
    params: { id: await biRequest(w) },
    body: { reason: '推薦書の記載に不備があります。' },
  }),
  'officeOutbox.resend': async (w) => {
    const [mail] = await w.ctx.deps.db
      .insert(mailOutbox)
      .values({ toAddress: 'failed@example.jp', subject: '件名', textBody: '本文', status: 'failed' })
      .returning({ id: mailOutbox.id });
    return { params: { id: mail!.id } };
  },
};

/** Every office write route of the contract table, as 'area.name'. */
const officeWrites = Object.entries(routes).flatMap(([area, endpoints]) =>
  Object.entries(endpoints as Record<string, { method: string; auth: string }>)
    .filter(([, r]) => (r.auth === 'office' || r.auth === 'office-admin') && r.method !== 'GET')
    .map(([name]) => `${area}.${name}`),
);

describe('office write routes: every one is walked or listed with its reason', () => {
  it('has no route left out, and lists no route that does not exist', () => {
    const covered = new Set([...Object.keys(WALK), ...Object.keys(NOT_WALKED)]);
    expect(officeWrites.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !officeWrites.includes(r))).toEqual([]);
    expect(Object.keys(WALK).filter((r) => r in NOT_WALKED)).toEqual([]);
  });
});

describe.each(drivers())('each office write leaves an audit row (%s)', (driver) => {
  const w = {} as World;
  beforeAll(async () => {
    w.ctx = await createTestContext(driver);
    w.office = await makeUser(w.ctx, { role: 'office' });
    w.send = (method, url, token, body) =>
      w.ctx.app.inject({
        method: method as 'GET',
        url: `/api/v1${url}`,
        headers: token ? { authorization: `Token ${token}` } : {},
        ...(body ? { payload: body as Record<string, unknown> } : {}),
      });
  });
  afterAll(async () => w.ctx?.close());
  afterEach(() => w.ctx.clock.set(TEST_NOW));

  const audits = async () => Number((await w.ctx.deps.db.select({ n: count() }).from(auditEvents))[0]!.n);

  it.each(Object.keys(WALK))('%s', async (key) => {
    const [area, name] = key.split('.') as [keyof typeof contracts, string];
    const route = (routes as unknown as Record<string, Record<string, { method: string; path: string }>>)[
      area
    ]![name]!;
    const input = await WALK[key]!(w);
    const path = route.path.replace(/:(\w+)/g, (_, p: string) => String(input.params?.[p]));
    const before = await audits();
    const res = await w.send(route.method, path, w.office.token, input.body);
    expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
    const rows = await w.ctx.deps.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(await audits(), `${key} wrote no audit row`).toBeGreaterThan(before);
    const last = rows.at(-1)!;
    expect(last.actorUserId, key).toBe(w.office.id);
    expect(last.ip, key).toBe('127.0.0.1');
  });
});
