import { STEP_STATUS } from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { auditEvents, enrollments, mailOutbox } from '../../db/schema.ts';
import { SUBJECT_PREFIX } from '../../lib/mail-templates/layout.ts';
import { applyFor, makeSession, makeUser } from '../enrollments/enrollments.fixtures.ts';
import { call, newMember } from '../payments/payments.fixtures.ts';

/**
 * Issue 13 §5: the office can decline an assistant's application (not only approve it). The reason
 * reaches the applicant by mail, the member's label reads 承認されませんでした, the decision is
 * audited, and it is made once: a second decline or a later approval is refused.
 */
describe.each(drivers())('POST /office/enrollments/{id}/reject-assistant (%s)', (driver) => {
  let ctx: TestContext;
  let office: { token: string };

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());

  const url = (id: number, action = 'reject-assistant') => `/api/v1/office/enrollments/${id}/${action}`;
  const outbox = async (to: string) =>
    ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
  const enrolmentOf = async (trainingId: number, userId: number) => {
    const [row] = await ctx.deps.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, trainingId), eq(enrollments.userId, userId)));
    if (!row) throw new Error('no enrolment');
    return row;
  };

  it('declines with the reason: mail, label, audit; once only, and no approval afterwards', async () => {
    const assistant = await newMember(ctx.app);
    const session = await makeSession(ctx, { userTypeIds: [2, 4] });
    expect((await applyFor(ctx.app, session.id, assistant.token, 2)).statusCode).toBe(201);
    const enrolment = await enrolmentOf(session.id, assistant.id);
    await ctx.deps.jobs.runOnce();
    const before = (await outbox(assistant.email)).length;

    // The reason is required: a clear 400, nothing changed.
    const empty = await call(ctx.app, office.token, 'POST', url(enrolment.id), { reason: '  ' });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.body).toContain('承認しない理由を入力してください');
    expect((await enrolmentOf(session.id, assistant.id)).status).toBe(STEP_STATUS.applying);

    const reason = '今回はアシスタントの定員に達しました。';
    const rejected = await call(ctx.app, office.token, 'POST', url(enrolment.id), { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({
      data: { enrollment_id: enrolment.id, status: STEP_STATUS.lost, approved: false },
    });
    const row = await enrolmentOf(session.id, assistant.id);
    expect(row.status).toBe(STEP_STATUS.lost);
    expect(row.assistantApprovedAt).toBeNull();

    const audit = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'assistant.reject'), eq(auditEvents.entityId, enrolment.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toMatchObject({ reason, previous_status: STEP_STATUS.applying });

    await ctx.deps.jobs.runOnce();
    const mails = (await outbox(assistant.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([`${SUBJECT_PREFIX}アシスタント申請結果のお知らせ`]);
    expect(mails[0]?.textBody).toContain('今回のお申し込みは承認されませんでした');
    expect(mails[0]?.textBody).toContain(`理由：${reason}`);
    expect(mails[0]?.textBody).toContain(ctx.deps.config.officeEmail);
    expect(mails[0]?.htmlBody).toContain(reason);

    // The member's label in the my-page history; the office's roster says the same.
    const activity = await call(
      ctx.app,
      assistant.token,
      'GET',
      '/api/v1/users/activity/trainings?kind=history',
    );
    const mine = (
      activity.json() as { data: { id: number; badge: string; status_label: string; status_name: string }[] }
    ).data.find((r) => r.id === session.id);
    expect(mine).toMatchObject({
      badge: 'notApproved',
      status_label: '承認されませんでした',
      status_name: '未承認',
    });
    const roster = await call(ctx.app, office.token, 'GET', `/api/v1/office/trainings/${session.id}/roster`);
    const entry = (
      roster.json() as { data: { enrollments: { enrollment_id: number; status_label: string }[] } }
    ).data.enrollments.find((e) => e.enrollment_id === enrolment.id);
    expect(entry?.status_label).toBe('承認されませんでした');

    // Twice: 409, no second mail, no second audit row.
    const again = await call(ctx.app, office.token, 'POST', url(enrolment.id), { reason: 'もう一度' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ meta: { code: 'ASSISTANT_REJECTED' } });
    // Approval afterwards: refused, the row stays declined.
    const approve = await call(ctx.app, office.token, 'POST', url(enrolment.id, 'approve-assistant'));
    expect(approve.statusCode, approve.body).toBe(409);
    expect((await enrolmentOf(session.id, assistant.id)).assistantApprovedAt).toBeNull();
    await ctx.deps.jobs.runOnce();
    expect((await outbox(assistant.email)).length).toBe(before + 1);
    const audits = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, enrolment.id));
    expect(audits.filter((a) => a.action.startsWith('assistant.'))).toHaveLength(1);
  });

  it('declines in English for an English reader, and refuses an approved assistant or an attendee', async () => {
    const assistant = await newMember(ctx.app);
    const language = await call(ctx.app, assistant.token, 'POST', '/api/v1/users/update', { language: 'en' });
    expect(language.statusCode, language.body).toBe(200);
    const session = await makeSession(ctx, { userTypeIds: [2, 4] });
    expect((await applyFor(ctx.app, session.id, assistant.token, 2)).statusCode).toBe(201);
    const enrolment = await enrolmentOf(session.id, assistant.id);
    const declined = await call(ctx.app, office.token, 'POST', url(enrolment.id), {
      reason: 'Team is full.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await ctx.deps.jobs.runOnce();
    const mail = (await outbox(assistant.email)).find((m) =>
      m.subject.endsWith('Your application as an assistant was not approved'),
    );
    expect(mail?.textBody).toContain('Reason: Team is full.');

    const approvedOne = await newMember(ctx.app);
    expect((await applyFor(ctx.app, session.id, approvedOne.token, 2)).statusCode).toBe(201);
    const approvedRow = await enrolmentOf(session.id, approvedOne.id);
    expect(
      (await call(ctx.app, office.token, 'POST', url(approvedRow.id, 'approve-assistant'))).statusCode,
    ).toBe(200);
    const late = await call(ctx.app, office.token, 'POST', url(approvedRow.id), { reason: '理由' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ meta: { code: 'ALREADY_APPROVED' } });

    const attendee = await newMember(ctx.app);
    expect((await applyFor(ctx.app, session.id, attendee.token, 4)).statusCode).toBe(201);
    const attendeeRow = await enrolmentOf(session.id, attendee.id);
    const notAssistant = await call(ctx.app, office.token, 'POST', url(attendeeRow.id), { reason: '理由' });
    expect(notAssistant.statusCode).toBe(409);
    expect(notAssistant.json()).toMatchObject({ meta: { code: 'NOT_ASSISTANT' } });

    const missing = await call(ctx.app, office.token, 'POST', url(999_999), { reason: '理由' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a member (403), even the applicant, and a visitor (401): nothing changes', async () => {
    const assistant = await newMember(ctx.app);
    const other = await newMember(ctx.app);
    const session = await makeSession(ctx, { userTypeIds: [2] });
    expect((await applyFor(ctx.app, session.id, assistant.token, 2)).statusCode).toBe(201);
    const enrolment = await enrolmentOf(session.id, assistant.id);
    for (const token of [other.token, assistant.token]) {
      const r = await call(ctx.app, token, 'POST', url(enrolment.id), { reason: '理由' });
      expect(r.statusCode, r.body).toBe(403);
    }
    const visitor = await call(ctx.app, null, 'POST', url(enrolment.id), { reason: '理由' });
    expect(visitor.statusCode).toBe(401);
    expect((await enrolmentOf(session.id, assistant.id)).status).toBe(STEP_STATUS.applying);
  });
});
