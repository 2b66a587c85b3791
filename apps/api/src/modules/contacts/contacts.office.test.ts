import {
  contactDetailSchema,
  contactEntrySchema,
  contactSummarySchema,
  listEnvelope,
  dataEnvelope,
  outboxMailSchema,
  outboxMailSummarySchema,
  outboxResendSchema,
} from '@mels/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError } from '../../../test/http.ts';
import { auditEvents, jobs, mailOutbox, rateLimitHits } from '../../db/schema.ts';
import { makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';

/**
 * Issue 18, decision 032: the office's inboxes. Contact messages get a status, an assignee, internal
 * notes and replies mailed to the sender in the message's language; the outbox is listed, a mail is read
 * with its link tokens masked, and a failed mail is sent again once per failure. Every write is audited.
 */
describe.each(drivers())('office inbox (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let colleague: Member;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    colleague = await makeUser(ctx, { role: 'office' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());

  type Method = 'GET' | 'POST' | 'PATCH';
  const send = (method: Method, url: string, token?: string, payload?: object, headers = {}) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const asOffice = (method: Method, url: string, payload?: object) =>
    send(method, url, office.token, payload);
  const auditOf = (entity: string, id: number) =>
    ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id));
  const mailsTo = (address: string) =>
    ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address))
      .orderBy(desc(mailOutbox.id));

  let sequence = 0;
  /** A message through the public form, from the Japanese or the English interface. */
  const contact = async (language: 'ja' | 'en' = 'ja', content = '講習会の申込について質問です。') => {
    await ctx.deps.db.delete(rateLimitHits);
    sequence += 1;
    const email = `sender.${sequence}.${process.pid}@example.jp`;
    const res = await send(
      'POST',
      '/contacts/send',
      undefined,
      {
        client_name: `送信 太郎${sequence}`,
        location_work: 'みなと周産期医療センター',
        client_email: email,
        subject: 'seminarApplication',
        content,
      },
      { 'accept-language': language === 'en' ? 'en-GB,en;q=0.9' : 'ja' },
    );
    expect(res.statusCode, res.body).toBe(201);
    return { id: (res.json() as { data: { id: number } }).data.id, email };
  };

  it('refuses a visitor (401) and a member (403) on every call', async () => {
    const { id } = await contact();
    const [mail] = await mailsTo(ctx.deps.config.officeEmail);
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/office/contacts'],
      ['GET', '/office/contacts/staff'],
      ['GET', `/office/contacts/${id}`],
      ['PATCH', `/office/contacts/${id}`, { status: 'closed' }],
      ['POST', `/office/contacts/${id}/notes`, { body: 'メモ' }],
      ['POST', `/office/contacts/${id}/replies`, { body: '回答' }],
      ['GET', '/office/outbox'],
      ['GET', `/office/outbox/${mail!.id}`],
      ['POST', `/office/outbox/${mail!.id}/resend`],
    ];
    const auditsBefore = (await ctx.deps.db.select().from(auditEvents)).length;
    for (const [method, url, body] of calls) {
      expectError(await send(method, url, undefined, body), 401, 'UNAUTHORIZED');
      expectError(await send(method, url, member.token, body), 403, 'FORBIDDEN');
    }
    expect((await ctx.deps.db.select().from(auditEvents)).length).toBe(auditsBefore);
    const detail = expectBody(
      await asOffice('GET', `/office/contacts/${id}`),
      200,
      dataEnvelope(contactDetailSchema),
    );
    expect(detail.data).toMatchObject({ status: 'new', assignee: null, entries: [] });
  });

  it('keeps the interface language of the message and lists with status, assignee and text filters', async () => {
    const ja = await contact('ja', '領収書の宛名について');
    const en = await contact('en', 'Question about the English course');
    const list = (query: string) =>
      expectBody(
        send('GET', `/office/contacts?${query}`, office.token) as never,
        200,
        listEnvelope(contactSummarySchema),
      );
    const all = expectBody(
      await asOffice('GET', '/office/contacts?limit=100'),
      200,
      listEnvelope(contactSummarySchema),
    );
    expect(all.data.find((c) => c.id === ja.id)?.language).toBe('ja');
    expect(all.data.find((c) => c.id === en.id)?.language).toBe('en');
    expect(all.data[0]!.id).toBeGreaterThan(all.data[all.data.length - 1]!.id);
    void list;

    const byText = expectBody(
      await asOffice('GET', `/office/contacts?q=${encodeURIComponent('English course')}`),
      200,
      listEnvelope(contactSummarySchema),
    );
    expect(byText.data.map((c) => c.id)).toEqual([en.id]);
    // LIKE's wildcards are matched as typed.
    const wildcard = expectBody(
      await asOffice('GET', '/office/contacts?q=%25'),
      200,
      listEnvelope(contactSummarySchema),
    );
    expect(wildcard.data).toEqual([]);

    expectBody(
      await asOffice('PATCH', `/office/contacts/${ja.id}`, {
        status: 'in_progress',
        assignee_id: colleague.id,
      }),
      200,
      dataEnvelope(contactDetailSchema),
    );
    const mine = expectBody(
      await asOffice('GET', `/office/contacts?assignee=${colleague.id}&status=in_progress`),
      200,
      listEnvelope(contactSummarySchema),
    );
    expect(mine.data.map((c) => c.id)).toEqual([ja.id]);
    expect(mine.data[0]!.assignee?.id).toBe(colleague.id);
    const unassigned = expectBody(
      await asOffice('GET', '/office/contacts?assignee=none&limit=100'),
      200,
      listEnvelope(contactSummarySchema),
    );
    expect(unassigned.data.map((c) => c.id)).toContain(en.id);
    expect(unassigned.data.map((c) => c.id)).not.toContain(ja.id);

    expectValidationError(await asOffice('GET', '/office/contacts?status=open'), ['status']);
    expectValidationError(await asOffice('GET', '/office/contacts?assignee=x'), ['assignee']);

    const staff = expectBody(
      await asOffice('GET', '/office/contacts/staff'),
      200,
      dataEnvelope(z.array(z.object({ id: z.number(), name: z.string() }))),
    );
    expect(staff.data.map((s) => s.id)).toEqual(expect.arrayContaining([office.id, colleague.id]));
    expect(staff.data.map((s) => s.id)).not.toContain(member.id);
  });

  it('changes status and assignee with an audit row of before and after; refuses a member as assignee', async () => {
    const { id } = await contact();
    const res = expectBody(
      await asOffice('PATCH', `/office/contacts/${id}`, { assignee_id: office.id }),
      200,
      dataEnvelope(contactDetailSchema),
    );
    expect(res.data).toMatchObject({ status: 'new', assignee: { id: office.id } });
    const closed = expectBody(
      await asOffice('PATCH', `/office/contacts/${id}`, { status: 'closed', assignee_id: null }),
      200,
      dataEnvelope(contactDetailSchema),
    );
    expect(closed.data).toMatchObject({ status: 'closed', assignee: null });
    const audits = await auditOf('contact', id);
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ['contact.update', office.id],
      ['contact.update', office.id],
    ]);
    expect(audits[1]!.data).toEqual({
      before: { status: 'new', assignee_id: office.id },
      after: { status: 'closed', assignee_id: null },
    });

    const refused = expectValidationError(
      await asOffice('PATCH', `/office/contacts/${id}`, { assignee_id: member.id }),
      ['assignee_id'],
    );
    expect(refused.assignee_id).toEqual(['担当者には事務局の利用者を選択してください']);
    expectValidationError(await asOffice('PATCH', `/office/contacts/${id}`, { assignee_id: 999999 }), [
      'assignee_id',
    ]);
    expectValidationError(await asOffice('PATCH', `/office/contacts/${id}`, { status: 'done' }), ['status']);
    expectValidationError(await asOffice('PATCH', `/office/contacts/${id}`, {}), ['status']);
    expect((await auditOf('contact', id)).length).toBe(2);
    expectError(await asOffice('PATCH', '/office/contacts/999999', { status: 'closed' }), 404, 'NOT_FOUND');
    expectError(await asOffice('GET', '/office/contacts/999999'), 404, 'NOT_FOUND');
  });

  it('keeps an internal note in the thread without mailing the sender', async () => {
    const { id, email } = await contact();
    const before = (await mailsTo(email)).length;
    const note = expectBody(
      await asOffice('POST', `/office/contacts/${id}/notes`, { body: '  電話でも確認済み  ' }),
      201,
      dataEnvelope(contactEntrySchema),
    );
    expect(note.data).toMatchObject({ kind: 'note', body: '電話でも確認済み', author: { id: office.id } });
    expect((await mailsTo(email)).length).toBe(before);
    const detail = expectBody(
      await asOffice('GET', `/office/contacts/${id}`),
      200,
      dataEnvelope(contactDetailSchema),
    );
    expect(detail.data.entries.map((e) => e.id)).toEqual([note.data.id]);
    expect(detail.data.status).toBe('new');
    expect((await auditOf('contact', id)).map((a) => a.action)).toEqual(['contact.note']);
    expectValidationError(await asOffice('POST', `/office/contacts/${id}/notes`, { body: ' ' }), ['body']);
    expectError(await asOffice('POST', '/office/contacts/999999/notes', { body: 'x' }), 404, 'NOT_FOUND');
  });

  it("mails a reply to the sender in the message's language, keeps it in the thread and marks it answered", async () => {
    const ja = await contact('ja');
    const reply = expectBody(
      await asOffice('POST', `/office/contacts/${ja.id}/replies`, {
        body: '申込期限は開催日の2週間前です。',
      }),
      201,
      dataEnvelope(contactEntrySchema),
    );
    expect(reply.data).toMatchObject({ kind: 'reply', author: { id: office.id } });
    const [mail] = await mailsTo(ja.email);
    expect(mail).toMatchObject({ template: 'contact-reply', status: 'kept' });
    expect(mail!.subject).toContain(`お問い合わせへのご回答（受付番号：${ja.id}）`);
    expect(mail!.textBody).toContain('申込期限は開催日の2週間前です。');
    expect(mail!.textBody).toContain('講習会の申込について');
    const detail = expectBody(
      await asOffice('GET', `/office/contacts/${ja.id}`),
      200,
      dataEnvelope(contactDetailSchema),
    );
    expect(detail.data).toMatchObject({ status: 'answered', replies: 1 });
    expect(detail.data.entries.map((e) => e.kind)).toEqual(['reply']);
    const [audit] = await auditOf('contact', ja.id);
    expect(audit).toMatchObject({ action: 'contact.reply', actorUserId: office.id });

    const en = await contact('en', 'Is there an English course?');
    expectBody(
      await asOffice('POST', `/office/contacts/${en.id}/replies`, { body: 'Yes, in March.' }),
      201,
      dataEnvelope(contactEntrySchema),
    );
    const [english] = await mailsTo(en.email);
    expect(english!.subject).toContain(`Re: your message (No. ${en.id})`);
    expect(english!.textBody).toContain('Yes, in March.');
    expect(english!.textBody).toContain('This is our answer to your message.');
    expect(english!.textBody).not.toContain('ご回答');

    expectValidationError(await asOffice('POST', `/office/contacts/${ja.id}/replies`, { body: '' }), [
      'body',
    ]);
    expectValidationError(
      await asOffice('POST', `/office/contacts/${ja.id}/replies`, { body: 'a'.repeat(10001) }),
      ['body'],
    );
    expectError(await asOffice('POST', '/office/contacts/999999/replies', { body: 'x' }), 404, 'NOT_FOUND');
  });

  it('lists the outbox with filters and shows a reset mail with its token masked', async () => {
    // A real reset mail: the form queues a job, the job writes the token and mails the link.
    const address = member.email;
    expect((await send('POST', '/users/forgot-password', undefined, { email: address })).statusCode).toBe(
      200,
    );
    while ((await ctx.deps.jobs.runOnce()) > 0);
    const [row] = await mailsTo(address);
    const token = /\/forgot-password\/([A-Za-z0-9_-]+)/.exec(row!.textBody)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);

    const list = expectBody(
      await asOffice('GET', `/office/outbox?template=password-reset&q=${encodeURIComponent(address)}`),
      200,
      listEnvelope(outboxMailSummarySchema),
    );
    expect(list.data).toEqual([
      expect.objectContaining({ id: row!.id, to: address, template: 'password-reset', status: 'kept' }),
    ]);
    const failedOnly = expectBody(
      await asOffice('GET', `/office/outbox?status=failed&q=${encodeURIComponent(address)}`),
      200,
      listEnvelope(outboxMailSummarySchema),
    );
    expect(failedOnly.data).toEqual([]);
    expectValidationError(await asOffice('GET', '/office/outbox?status=lost'), ['status']);

    const res = await asOffice('GET', `/office/outbox/${row!.id}`);
    const detail = expectBody(res, 200, dataEnvelope(outboxMailSchema));
    expect(res.body).not.toContain(token);
    expect(detail.data.text_body).toContain('/forgot-password/[masked]');
    expect(detail.data.text_body).toContain('パスワード再設定');
    expectError(await asOffice('GET', '/office/outbox/999999'), 404, 'NOT_FOUND');
  });

  it('sends a failed mail again once per failure, through the job queue, audited; refuses any other', async () => {
    const address = `failed.${process.pid}@example.jp`;
    const [failed] = await ctx.deps.db
      .insert(mailOutbox)
      .values({
        toAddress: address,
        subject: '受講票のご案内',
        textBody: '本文',
        status: 'failed',
        error: 'connect ECONNREFUSED',
        template: 'ticketReady',
      })
      .returning();
    const resend = () => asOffice('POST', `/office/outbox/${failed!.id}/resend`);
    const first = expectBody(await resend(), 200, dataEnvelope(outboxResendSchema));
    expect(first.data).toEqual({ id: failed!.id, status: 'queued' });
    // A second click before the job ran finds nothing failed: one job, one audit row.
    expectError(await resend(), 409, 'MAIL_NOT_FAILED');
    const queued = await ctx.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `outbox.resend:${failed!.id}:1`));
    expect(queued).toHaveLength(1);
    expect((await auditOf('mail', failed!.id)).map((a) => [a.action, a.actorUserId])).toEqual([
      ['mail.resend', office.id],
    ]);

    while ((await ctx.deps.jobs.runOnce()) > 0);
    const [after] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    // No SMTP in the tests: the mail is kept in the outbox, its error cleared.
    expect(after).toMatchObject({ status: 'kept', error: null, resends: 1 });
    expectError(await resend(), 409, 'MAIL_NOT_FAILED');

    // It failed again: a second resend is a new job.
    await ctx.deps.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, failed!.id));
    expectBody(await resend(), 200, dataEnvelope(outboxResendSchema));
    expect(
      await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `outbox.resend:${failed!.id}:2`)),
    ).toHaveLength(1);
    expect(await auditOf('mail', failed!.id)).toHaveLength(2);
    expectError(await asOffice('POST', '/office/outbox/999999/resend'), 404, 'NOT_FOUND');
  });
});
