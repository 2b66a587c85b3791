import { STEP_STATUS } from '@mels/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { enrollments, jobs, mailOutbox, products } from '../../db/schema.ts';
import { SUBJECT_PREFIX } from '../../lib/mail-templates/layout.ts';
import { holderNames, issueCertificate } from '../certificates/index.ts';
import { applyFor, makeSession, makeUser } from '../enrollments/enrollments.fixtures.ts';
import {
  call,
  CARDS,
  confirmCard,
  createIntent,
  newMember,
  type Member,
} from '../payments/payments.fixtures.ts';
import { mailDedupeKey } from './notifications.queue.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Issue 13 §5: every mail of one whole journey, read from the outbox. One member (Japanese) applies,
 * pays by card, is told of the ticket and reminded the day before, gets the certificate, enters a
 * lottery, pays a second session by bank transfer (instructions, reminder, cancellation at the
 * deadline) and orders from the shop (confirmed, shipped). A second member (English) has a paid
 * place cancelled and refunded; an assistant is told of the approval.
 */
describe.each(drivers())('mails of a whole journey (%s)', (driver) => {
  let ctx: TestContext;
  let office: { token: string };

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());

  const outbox = async (to: string) =>
    ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
  const subjects = async (to: string) => (await outbox(to)).map((m) => m.subject);
  const mailOf = async (to: string, subject: string) => {
    const found = (await outbox(to)).filter((m) => m.subject === `${SUBJECT_PREFIX}${subject}`);
    expect(found, `one mail '${subject}' to ${to}`).toHaveLength(1);
    const mail = found[0]!;
    // one layout: a plain-text part with the footer, and the same words as HTML
    expect(mail.textBody).toContain(ctx.deps.config.officeEmail);
    expect(mail.htmlBody).toContain('<!doctype html>');
    return mail.textBody;
  };

  async function payCard(member: Member, trainingId: number) {
    const body = { object_type: 2, object_id: trainingId };
    const intent = await createIntent(ctx.app, member.token, body);
    expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
    const order = await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
      ...body,
      payment_intent_id: intent.paymentIntentId,
    });
    expect(order.statusCode, order.body).toBe(200);
    return (order.json() as { data: { id: number } }).data.id;
  }

  const enrolmentOf = async (trainingId: number, userId: number) => {
    const rows = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.trainingId, trainingId));
    const row = rows.find((r) => r.userId === userId);
    if (!row) throw new Error('no enrolment');
    return row;
  };

  it('sends each mail once, in the member’s language, with what the member needs', async () => {
    const member = await newMember(ctx.app);
    const start = ctx.clock.now();

    // 1. Apply to a first-come session with a fee, and pay by card.
    const session = await makeSession(ctx, { price: 8000, paymentMethods: [1], eventDate: '2026-12-20' });
    expect((await applyFor(ctx.app, session.id, member.token)).statusCode).toBe(201);
    const feeOrder = await payCard(member, session.id);
    const enrolment = await enrolmentOf(session.id, member.id);
    expect(enrolment.status).toBe(STEP_STATUS.attending);

    // 2. A lottery session (applications close on 25 November).
    const lottery = await makeSession(ctx, {
      selection: 'lottery',
      applyEnd: '2026-11-25T00:00:00Z',
      eventDate: '2026-12-27',
    });
    expect((await applyFor(ctx.app, lottery.id, member.token)).statusCode).toBe(201);

    // 3. A session paid by bank transfer.
    const transferSession = await makeSession(ctx, {
      price: 5000,
      paymentMethods: [2],
      eventDate: '2027-01-10',
    });
    expect((await applyFor(ctx.app, transferSession.id, member.token)).statusCode).toBe(201);
    const offline = await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
      object_type: 2,
      object_id: transferSession.id,
      payment_method_id: 2,
    });
    expect(offline.statusCode, offline.body).toBe(200);
    const transferOrder = (offline.json() as { data: { id: number } }).data.id;

    // 4. A shop order with a chosen colour, paid by card, then shipped by the office.
    const [product] = await ctx.deps.db
      .insert(products)
      .values({ name: '試験テキスト', price: 1500, description: 'テキスト' })
      .returning();
    const tKey = (
      (
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
          object_type: 4,
          meta: {
            products: [
              {
                id: product!.id,
                quantity: 2,
                attributes: [{ id: 1, attribute: 'カラー', value: 'ネイビー' }],
              },
            ],
          },
          postal_code: '1000001',
          address: '東京都千代田区千代田1-1',
          customer_name: '配送 太郎',
          phone: '090-1234-5678',
        })
      ).json() as { data: { t_key: string } }
    ).data.t_key;
    const shopIntent = await createIntent(ctx.app, member.token, { object_type: 4, t_key: tKey });
    expect((await confirmCard(ctx.app, shopIntent.clientSecret, CARDS.success)).statusCode).toBe(200);
    const shop = await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
      object_type: 4,
      payment_intent_id: shopIntent.paymentIntentId,
      t_key: tKey,
    });
    expect(shop.statusCode, shop.body).toBe(200);
    const shopOrder = (shop.json() as { data: { id: number } }).data.id;

    // Nothing but the registration is sent before the jobs run (the mails are sent after the commit).
    expect(await subjects(member.email)).toEqual([`${SUBJECT_PREFIX}会員登録完了のお知らせ`]);
    await ctx.deps.jobs.runOnce();
    const shipped = await call(ctx.app, office.token, 'POST', `/api/v1/office/orders/${shopOrder}/ship`);
    expect(shipped.statusCode, shipped.body).toBe(200);

    // 5. The certificate of the first session.
    await ctx.deps.db.transaction((tx) =>
      issueCertificate(
        tx,
        {
          enrollmentId: enrolment.id,
          userId: member.id,
          trainingId: session.id,
          courseId: session.courseId,
          prefix: 'T',
          period: 5,
          ...holderNames({ lastName: '山田', firstName: '花子', lastNameAlpha: '', firstNameAlpha: '' }),
        },
        ctx.clock.now(),
      ),
    );
    await ctx.deps.jobs.runOnce();

    // 6. Time passes: the lottery is drawn, the transfer reminder comes two days before its deadline,
    // the unpaid transfer is cancelled at the deadline, and the day before the session, its reminder.
    ctx.clock.set(new Date(start.getTime() + 5 * DAY + 1000));
    const drawn = await call(
      ctx.app,
      office.token,
      'POST',
      `/api/v1/office/trainings/${lottery.id}/lottery`,
      {
        user_type: 4,
        seed: 'mails',
      },
    );
    expect(drawn.statusCode, drawn.body).toBe(200);
    await ctx.deps.jobs.runOnce();
    ctx.clock.set(new Date(start.getTime() + 7 * DAY + 1000));
    await ctx.deps.jobs.runOnce();
    ctx.clock.set('2026-12-19T01:00:00Z');
    await ctx.deps.jobs.runOnce();
    // A second run sends nothing again (each mail has its dedupe key and its job is done).
    await ctx.deps.jobs.runOnce();

    const all = await subjects(member.email);
    expect(all.every((s) => s.startsWith(SUBJECT_PREFIX))).toBe(true);
    expect(all).toHaveLength(14);

    const applied = (await outbox(member.email)).filter((m) =>
      m.subject.endsWith('講習会のお申し込みを受け付けました'),
    );
    expect(applied).toHaveLength(3);
    const lotteryApplied = applied.find((m) => m.textBody.includes('本講習会は抽選です'));
    expect(lotteryApplied?.textBody).toContain('申込締切（2026/11/25 09:00）後に抽選を行い');
    expect(applied[0]?.textBody).toContain('開催日時：2026/12/20（日） 09:00〜17:00');
    expect(applied[0]?.textBody).toContain('会場：試験会場 東京都千代田区');

    const number = (id: number) => String(id).padStart(10, '0');
    const paid = await mailOf(member.email, `お支払い完了のお知らせ（注文番号 ${number(feeOrder)}）`);
    expect(paid).toContain('金額：8,000円');
    expect(paid).toMatch(/内容：受講料（試験講習会\d+）/);
    expect(paid).toContain(`${ctx.deps.config.publicUrl}/order-history`);

    const ticket = await mailOf(member.email, '受講票を発行しました');
    expect(ticket).toContain(`${ctx.deps.config.publicUrl}/session/${session.id}/4/ticket`);

    const reminder = await mailOf(member.email, '明日は講習会の開催日です');
    expect(reminder).toContain('会場：試験会場 東京都千代田区');
    expect(reminder).toContain('09:00〜17:00');

    const certificate = await mailOf(member.email, '修了証を発行しました');
    expect(certificate).toMatch(/修了証番号：T-\d{6}/);
    expect(certificate).toContain(`${ctx.deps.config.publicUrl}/session/${session.id}/4/certificate`);

    expect(all).toContain(`${SUBJECT_PREFIX}講習会の抽選結果のお知らせ（当選）`);

    const transfer = await mailOf(member.email, `お振込みのご案内（注文番号 ${number(transferOrder)}）`);
    expect(transfer).toContain('お振込み金額：5,000円');
    expect(transfer).toMatch(/内容：受講料（試験講習会\d+）/);
    expect(transfer).toContain('お振込み期限：2026/11/29 12:00');
    expect(transfer).toContain(`銀行名：${ctx.deps.config.bankAccount.bank}`);
    expect(transfer).toContain(`口座名義：${ctx.deps.config.bankAccount.holder}`);
    const transferReminder = await mailOf(
      member.email,
      `お振込み期限のお知らせ（注文番号 ${number(transferOrder)}）`,
    );
    expect(transferReminder).toContain('お振込み期限：2026/11/29 12:00');
    await mailOf(member.email, 'お振込み期限を過ぎたため、お申込みを取り消しました');

    const confirmed = await mailOf(member.email, `ご注文確認（注文番号 ${number(shopOrder)}）`);
    expect(confirmed).toContain('・試験テキスト × 2（カラー: ネイビー）');
    expect(confirmed).toContain('〒100-0001\n東京都千代田区千代田1-1\n配送 太郎 様');
    expect(confirmed).toContain('お支払い金額：3,000円');
    const sent = await mailOf(member.email, 'ご注文の商品を発送しました');
    expect(sent).toContain('・試験テキスト × 2（カラー: ネイビー）');

    // the reminder was scheduled once, for 10:00 in Japan the day before
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, mailDedupeKey('dayBeforeReminder', enrolment.id)));
    expect(job).toMatchObject({ status: 'done', runAt: new Date('2026-12-19T01:00:00Z') });
  });

  it('speaks English to a member who chose it: a paid place cancelled, with the refund', async () => {
    ctx.clock.set('2026-11-22T03:00:00Z');
    const member = await newMember(ctx.app);
    const language = await call(ctx.app, member.token, 'POST', '/api/v1/users/update', { language: 'en' });
    expect(language.statusCode, language.body).toBe(200);
    expect((language.json() as { data: { language: string } }).data.language).toBe('en');

    const session = await makeSession(ctx, { price: 8000, paymentMethods: [1] });
    expect((await applyFor(ctx.app, session.id, member.token)).statusCode).toBe(201);
    await payCard(member, session.id);
    await ctx.deps.jobs.runOnce();
    const requested = await call(
      ctx.app,
      member.token,
      'POST',
      `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`,
      { user_type: 4, reason: 'work' },
    );
    expect(requested.statusCode, requested.body).toBe(201);
    const list = (await call(ctx.app, office.token, 'GET', '/api/v1/office/cancel-requests')).json() as {
      data: Array<{ id: number; training: { id: number } }>;
    };
    const request = list.data.find((c) => c.training.id === session.id);
    const approved = await call(
      ctx.app,
      office.token,
      'POST',
      `/api/v1/office/cancel-requests/${request?.id}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await ctx.deps.jobs.runOnce();

    expect(await subjects(member.email)).toEqual(
      expect.arrayContaining([
        `${SUBJECT_PREFIX}Application received`,
        expect.stringMatching(/^【母体救命 MELS】Payment received \(order \d{10}\)$/),
        `${SUBJECT_PREFIX}Your admission ticket is ready`,
        `${SUBJECT_PREFIX}Your cancellation is approved`,
      ]),
    );
    const cancelled = await mailOf(member.email, 'Your cancellation is approved');
    expect(cancelled).toContain('The fee you paid (¥8,000) has been refunded to your card.');
    expect(cancelled).toContain('one to two billing cycles');
    expect(cancelled).toContain(`Contact: ${ctx.deps.config.officeEmail}`);
    const html = (await outbox(member.email)).find((m) =>
      m.subject.endsWith('Your cancellation is approved'),
    );
    expect(html?.htmlBody).toContain('<html lang="en">');
  });

  it('tells an assistant that the application waits for approval, then that it is approved', async () => {
    ctx.clock.set('2026-11-22T03:00:00Z');
    const assistant = await newMember(ctx.app);
    const session = await makeSession(ctx, { userTypeIds: [2] });
    expect((await applyFor(ctx.app, session.id, assistant.token, 2)).statusCode).toBe(201);
    await ctx.deps.jobs.runOnce();
    const waiting = await mailOf(assistant.email, '講習会のお申し込みを受け付けました');
    expect(waiting).toContain('承認されるとメールでお知らせします');

    const enrolment = await enrolmentOf(session.id, assistant.id);
    const approved = await call(
      ctx.app,
      office.token,
      'POST',
      `/api/v1/office/enrollments/${enrolment.id}/approve-assistant`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await ctx.deps.jobs.runOnce();
    const mail = await mailOf(assistant.email, 'アシスタント申請承認のお知らせ');
    expect(mail).toContain(`${ctx.deps.config.publicUrl}/session/${session.id}/2`);
  });
});
