import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import { contactSendSchema, contactSubjectText, localHoldingRegisterSchema } from './contact.ts';

function errors(schema: typeof contactSendSchema | typeof localHoldingRegisterSchema, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to be rejected`).toBe(false);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.')] ??= []).push(jaText(issue.message));
  return out;
}

const contact = {
  client_name: '  山田 花子 ',
  location_work: ' 東京母子医療センター ',
  client_email: ' hanako@example.jp ',
  subject: 'certification',
  content: '認定の更新について教えてください。\nよろしくお願いします。 ',
};

describe('contactSendSchema', () => {
  it('trims every value', () => {
    expect(contactSendSchema.parse(contact)).toEqual({
      client_name: '山田 花子',
      location_work: '東京母子医療センター',
      client_email: 'hanako@example.jp',
      subject: 'certification',
      content: '認定の更新について教えてください。\nよろしくお願いします。',
    });
  });

  it('needs a description of at most 50 characters when the subject is other', () => {
    expect(errors(contactSendSchema, { ...contact, subject: 'other' })).toEqual({
      description: ['件名（その他）は必須です'],
    });
    expect(errors(contactSendSchema, { ...contact, subject: 'other', description: '   ' })).toEqual({
      description: ['件名（その他）は必須です'],
    });
    expect(errors(contactSendSchema, { ...contact, subject: 'other', description: 'あ'.repeat(51) })).toEqual(
      {
        description: ['50文字以内で入力してください'],
      },
    );
    expect(
      contactSendSchema.parse({ ...contact, subject: 'other', description: ` ${'あ'.repeat(50)} ` })
        .description,
    ).toBe('あ'.repeat(50));
  });

  it('reports every missing field at once, including the description', () => {
    expect(errors(contactSendSchema, { subject: 'other' })).toEqual({
      client_name: ['お名前は必須です'],
      location_work: ['勤務先は必須です'],
      client_email: ['メールアドレスは必須です'],
      content: ['お問い合わせ内容は必須です'],
      description: ['件名（その他）は必須です'],
    });
  });

  it.each(['hanako', 'hanako@', 'hanako@example', 'han ako@example.jp', '@example.jp'])(
    'refuses the address %j with the spec message',
    (email) => {
      expect(errors(contactSendSchema, { ...contact, client_email: email })).toEqual({
        client_email: ['メールアドレスの形式は正しくありません。'],
      });
    },
  );

  it("reads the subject text the spec's browser composes back into the keyed form", () => {
    expect(contactSendSchema.parse({ ...contact, subject: '認定について' })).toMatchObject({
      subject: 'certification',
    });
    expect(contactSendSchema.parse({ ...contact, subject: 'その他（領収書の再発行）' })).toMatchObject({
      subject: 'other',
      description: '領収書の再発行',
    });
    expect(errors(contactSendSchema, { ...contact, subject: 'その他' })).toEqual({
      description: ['件名（その他）は必須です'],
    });
    expect(errors(contactSendSchema, { ...contact, subject: 'その他(半角)' })).toEqual({
      subject: ['件名を選択してください'],
    });
  });

  it('refuses an unknown subject', () => {
    expect(errors(contactSendSchema, { ...contact, subject: 'complaint' })).toEqual({
      subject: ['件名を選択してください'],
    });
  });
});

describe('contactSubjectText', () => {
  it('is the Japanese subject, with the description in full-width brackets', () => {
    expect(contactSubjectText('seminarApplication')).toBe('講習会の申込について');
    expect(contactSubjectText('certification', '')).toBe('認定について');
    expect(contactSubjectText('other', '領収書の再発行')).toBe('その他（領収書の再発行）');
  });
});

const holding = {
  organization: ' 〇〇県母体救命研究会 ',
  secretariat_name: ' 佐藤 一郎',
  secretariat_address: '〇〇県〇〇市1-2-3 ',
  secretariat_phone: ' 03-1234-5678 ',
  secretariat_email: ' office@example.org ',
  secretariat_password: 'Abcd1234',
};

describe('localHoldingRegisterSchema', () => {
  it('trims the fields and keeps the password as typed', () => {
    expect(localHoldingRegisterSchema.parse(holding)).toEqual({
      organization: '〇〇県母体救命研究会',
      secretariat_name: '佐藤 一郎',
      secretariat_address: '〇〇県〇〇市1-2-3',
      secretariat_phone: '03-1234-5678',
      secretariat_email: 'office@example.org',
      secretariat_password: 'Abcd1234',
    });
  });

  it('requires every field', () => {
    expect(Object.keys(errors(localHoldingRegisterSchema, {})).sort()).toEqual(
      [
        'organization',
        'secretariat_address',
        'secretariat_email',
        'secretariat_name',
        'secretariat_password',
        'secretariat_phone',
      ].sort(),
    );
    expect(errors(localHoldingRegisterSchema, { ...holding, organization: '   ' })).toEqual({
      organization: ['団体名は必須です'],
    });
  });

  it.each([
    ['abc', '4文字以上にする必要があります'],
    ['a'.repeat(151), '150以下の英数字を入力してください'],
    ['abcd!', '半角英数字で入力してください（記号は使用できません）'],
    ['ａｂｃｄ', '半角英数字で入力してください（記号は使用できません）'],
  ])('refuses the password %j', (password, message) => {
    expect(errors(localHoldingRegisterSchema, { ...holding, secretariat_password: password })).toEqual({
      secretariat_password: [message],
    });
  });

  it('pattern-checks the email and the phone', () => {
    expect(
      errors(localHoldingRegisterSchema, { ...holding, secretariat_email: 'office.example.org' }),
    ).toEqual({
      secretariat_email: ['メールアドレスの形式は正しくありません。'],
    });
    expect(errors(localHoldingRegisterSchema, { ...holding, secretariat_phone: '03(1234)5678' })).toEqual({
      secretariat_phone: ['電話番号は半角数字とハイフンで入力してください（例：03-1234-5678）'],
    });
  });
});
