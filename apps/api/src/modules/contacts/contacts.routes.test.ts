import { contactSendResponseSchema } from '@mels/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError } from '../../../test/http.ts';
import { contacts, mailOutbox, rateLimitHits } from '../../db/schema.ts';

const valid = {
  client_name: '  山田 花子 ',
  location_work: ' みなと周産期医療センター ',
  client_email: ' hanako.yamada@example.jp ',
  subject: 'seminarApplication',
  content: '講習会の申込について質問です。\n<script>alert(1)</script> & "キャンセル"の期限を教えてください。',
};

describe.each(drivers())('POST /api/v1/contacts/send (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/contacts/send', payload: payload as object });
  const mailsTo = (address: string) =>
    ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address))
      .orderBy(desc(mailOutbox.id));
  const clearLimit = () => ctx.deps.db.delete(rateLimitHits);

  it('stores the trimmed message, mails the office and acknowledges the sender', async () => {
    const body = expectBody(await send(valid), 201, contactSendResponseSchema);
    const [stored] = await ctx.deps.db.select().from(contacts).where(eq(contacts.id, body.data.id));
    expect(stored).toMatchObject({
      clientName: '山田 花子',
      locationWork: 'みなと周産期医療センター',
      clientEmail: 'hanako.yamada@example.jp',
      subject: '講習会の申込について',
      content: valid.content.trim(),
    });

    const [office] = await mailsTo(ctx.deps.config.officeEmail);
    expect(office?.subject).toContain('講習会の申込について');
    expect(office?.textBody).toContain('山田 花子');
    expect(office?.textBody).toContain('hanako.yamada@example.jp');
    expect(office?.textBody).toContain(`受付番号：${body.data.id}`);
    expect(office?.textBody).toContain('日本母体救命システム普及協議会 事務局');

    // The office's copy keeps the message; the HTML part escapes it before line breaks become <br>.
    expect(office?.textBody).toContain(valid.content.trim());
    expect(office?.htmlBody).toContain(
      '講習会の申込について質問です。<br>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;キャンセル&quot;',
    );
    expect(office?.htmlBody).not.toContain('<script>');

    // The sender's address is not verified: the acknowledgement says the message was received, with
    // the subject chosen from the list, and echoes nothing the sender typed (issue 12).
    const [ack] = await mailsTo('hanako.yamada@example.jp');
    expect(ack?.subject).toContain('お問い合わせを受け付けました');
    expect(ack?.textBody).toContain('件名：講習会の申込について');
    expect(ack?.textBody).toContain(`受付番号：${body.data.id}`);
    expect(ack?.textBody).toContain('1週間以内');
    expect(ack?.textBody).toContain('日本母体救命システム普及協議会 事務局');
    for (const part of [ack?.textBody ?? '', ack?.htmlBody ?? '']) {
      expect(part).not.toContain('質問です');
      expect(part).not.toContain('alert(1)');
      expect(part).not.toContain('山田 花子');
      expect(part).not.toContain('みなと周産期医療センター');
    }
  });

  it("turns 'other' with its description into 'その他（…）'", async () => {
    const body = expectBody(
      await send({
        ...valid,
        client_email: 'other@example.jp',
        subject: 'other',
        description: ' 領収書の再発行 ',
      }),
      201,
      contactSendResponseSchema,
    );
    const [stored] = await ctx.deps.db.select().from(contacts).where(eq(contacts.id, body.data.id));
    expect(stored?.subject).toBe('その他（領収書の再発行）');
    // The description is the sender's own text: the acknowledgement names the listed subject only.
    const [ack] = await mailsTo('other@example.jp');
    expect(ack?.textBody).toContain('件名：その他');
    expect(ack?.textBody).not.toContain('領収書の再発行');
    const [office] = await mailsTo(ctx.deps.config.officeEmail);
    expect(office?.textBody).toContain('その他（領収書の再発行）');
  });

  it.each([
    ['講習会の申込について', '講習会の申込について'],
    ['認定について', '認定について'],
    ['その他（領収書の再発行）', 'その他（領収書の再発行）'],
  ])("takes the spec's composed subject %j (spec 001 §7) and stores %j", async (subject, storedSubject) => {
    await clearLimit();
    const body = expectBody(
      await send({ ...valid, client_email: 'spec-form@example.jp', subject }),
      201,
      contactSendResponseSchema,
    );
    const [stored] = await ctx.deps.db.select().from(contacts).where(eq(contacts.id, body.data.id));
    expect(stored?.subject).toBe(storedSubject);
    const [office] = await mailsTo(ctx.deps.config.officeEmail);
    expect(office?.textBody).toContain(storedSubject);
  });

  it.each([
    [{ client_name: ' ' }, 'client_name', 'お名前は必須です'],
    [{ location_work: undefined }, 'location_work', '勤務先は必須です'],
    [{ client_email: '' }, 'client_email', 'メールアドレスは必須です'],
    [{ client_email: 'hanako@example' }, 'client_email', 'メールアドレスの形式は正しくありません。'],
    [{ client_email: 'hanako example.jp' }, 'client_email', 'メールアドレスの形式は正しくありません。'],
    [{ subject: 'complaint' }, 'subject', '件名を選択してください'],
    [{ subject: '料金について' }, 'subject', '件名を選択してください'],
    [{ subject: '認定について（更新）' }, 'subject', '件名を選択してください'],
    [{ subject: 'その他（）' }, 'description', '件名（その他）は必須です'],
    [{ subject: `その他（${'あ'.repeat(51)}）` }, 'subject', '50文字以内で入力してください'],
    [{ subject: 'other' }, 'description', '件名（その他）は必須です'],
    [{ subject: 'other', description: 'あ'.repeat(51) }, 'description', '50文字以内で入力してください'],
    [{ content: '\n \n' }, 'content', 'お問い合わせ内容は必須です'],
  ])('refuses %j with a field error', async (change, field, message) => {
    const before = (await ctx.deps.db.select().from(contacts)).length;
    const errors = expectValidationError(await send({ ...valid, ...change }), [field]);
    expect(errors[field]).toEqual([message]);
    expect((await ctx.deps.db.select().from(contacts)).length).toBe(before);
  });

  it('reports every missing field at once', async () => {
    expectValidationError(await send({ subject: 'other' }), [
      'client_name',
      'location_work',
      'client_email',
      'content',
      'description',
    ]);
  });

  it('limits the messages from one address of origin', async () => {
    await clearLimit();
    for (let i = 0; i < 10; i++)
      expect((await send({ ...valid, client_email: `n${i}@example.jp` })).statusCode).toBe(201);
    const refused = await send(valid);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await clearLimit();
    expect((await send(valid)).statusCode).toBe(201);
  });
});
