import { localHoldingRegisterResponseSchema } from '@mels/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectValidationError } from '../../../test/http.ts';
import { localHoldings, mailOutbox, rateLimitHits } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/password.ts';

const URL = '/api/v1/administrators/local_holdings/register';

const valid = {
  organization: ' 〇〇県母体救命研究会 ',
  secretariat_name: ' 佐藤 一郎 ',
  secretariat_address: ' 〇〇県〇〇市本町1-2-3 ',
  secretariat_phone: ' 03-1234-5678 ',
  secretariat_email: ' Secretariat@Example.org ',
  secretariat_password: 'Holding1234',
};

describe.each(drivers())('POST /api/v1/administrators/local_holdings/register (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const register = async (payload: unknown) => {
    await ctx.deps.db.delete(rateLimitHits);
    return ctx.app.inject({ method: 'POST', url: URL, payload: payload as object });
  };

  it('stores the organisation awaiting approval with the password hashed, and mails the secretariat and the office', async () => {
    const body = expectBody(await register(valid), 201, localHoldingRegisterResponseSchema);
    expect(body.data.status).toBe(0);
    const [row] = await ctx.deps.db.select().from(localHoldings).where(eq(localHoldings.id, body.data.id));
    expect(row).toMatchObject({
      organization: '〇〇県母体救命研究会',
      secretariatName: '佐藤 一郎',
      secretariatAddress: '〇〇県〇〇市本町1-2-3',
      secretariatPhone: '03-1234-5678',
      secretariatEmail: 'Secretariat@Example.org',
      status: 0,
    });
    expect(row?.passwordHash).not.toContain('Holding1234');
    expect(await verifyPassword('Holding1234', row?.passwordHash ?? '')).toBe(true);

    const [toSecretariat] = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'Secretariat@Example.org'))
      .orderBy(desc(mailOutbox.id));
    expect(toSecretariat?.subject).toContain('地域開催団体の登録申請を受け付けました');
    expect(toSecretariat?.textBody).toContain('佐藤 一郎 様');
    expect(toSecretariat?.textBody).toContain('審査');
    expect(toSecretariat?.textBody).toContain('日本母体救命システム普及協議会 事務局');
    const [toOffice] = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, ctx.deps.config.officeEmail))
      .orderBy(desc(mailOutbox.id));
    expect(toOffice?.subject).toContain('〇〇県母体救命研究会');
    expect(toOffice?.textBody).toContain(`申請番号：${body.data.id}`);
    for (const mail of [toSecretariat, toOffice]) expect(mail?.textBody).not.toContain('Holding1234');
  });

  it('refuses an email already registered, in any case, as a field error', async () => {
    const before = (await ctx.deps.db.select().from(localHoldings)).length;
    const errors = expectValidationError(
      await register({ ...valid, organization: '別の団体', secretariat_email: 'secretariat@example.ORG' }),
      ['secretariat_email'],
    );
    expect(errors.secretariat_email).toEqual(['このメールアドレスは既に登録されています。']);
    expect((await ctx.deps.db.select().from(localHoldings)).length).toBe(before);
  });

  it.each([
    [{ organization: '  ' }, 'organization', '団体名は必須です'],
    [{ secretariat_name: undefined }, 'secretariat_name', '事務局担当者名は必須です'],
    [{ secretariat_address: '' }, 'secretariat_address', '事務局所在地は必須です'],
    [{ secretariat_phone: '' }, 'secretariat_phone', '事務局電話番号は必須です'],
    [
      { secretariat_phone: 'でんわ' },
      'secretariat_phone',
      '電話番号は半角数字とハイフンで入力してください（例：03-1234-5678）',
    ],
    [{ secretariat_email: ' ' }, 'secretariat_email', '事務局メールアドレスは必須です'],
    [
      { secretariat_email: 'office@@example.org' },
      'secretariat_email',
      'メールアドレスの形式は正しくありません。',
    ],
    [{ secretariat_password: '' }, 'secretariat_password', 'パスワードは必須です'],
    [{ secretariat_password: 'abc' }, 'secretariat_password', '4文字以上にする必要があります'],
    [{ secretariat_password: 'a'.repeat(151) }, 'secretariat_password', '150以下の英数字を入力してください'],
    [
      { secretariat_password: 'pass word!' },
      'secretariat_password',
      '半角英数字で入力してください（記号は使用できません）',
    ],
  ])('refuses %j with a field error', async (change, field, message) => {
    const errors = expectValidationError(
      await register({ ...valid, secretariat_email: `new-${field}@example.org`, ...change }),
      [field],
    );
    expect(errors[field]).toEqual([message]);
  });

  it('reports every missing field at once', async () => {
    expectValidationError(await register({}), [
      'organization',
      'secretariat_name',
      'secretariat_address',
      'secretariat_phone',
      'secretariat_email',
      'secretariat_password',
    ]);
  });
});
