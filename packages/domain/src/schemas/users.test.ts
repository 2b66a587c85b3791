import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';
import { formsJa } from '../i18n/forms-ja.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import type { z } from 'zod';
import { ja } from '../i18n/index.ts';
import {
  addressQuerySchema,
  birthdayFromIso,
  birthdayToIso,
  createUserSchemas,
  forgotPasswordRequestSchema,
  isValidEmail,
  loginRequestSchema,
  passwordProblems,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  splitQualifications,
  tokyoToday,
} from './users.ts';

const v = ja.validation;
const TODAY = '2026-11-22';
const { registerRequestSchema, profileUpdateRequestSchema, registerFormSchema, profileFormSchema } =
  createUserSchemas({
    today: () => TODAY,
  });

/** Field → messages of a failed parse (the test fails if the parse succeeds). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to be rejected`).toBe(false);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    (errors[field] ??= []).push(jaText(issue.message));
  }
  return errors;
}

const valid = {
  email: 'hanako@example.jp',
  password: 'abcd1234',
  re_password: 'abcd1234',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  last_name_alpha: 'YAMADA',
  first_name_alpha: 'HANAKO',
  occupation: '2',
  medical_department: '',
  simulation_qualification: 'none',
  location_work: '東京母子医療センター',
  work_area: '13',
  postal_code: '1000001',
  area: '13',
  district: '千代田区千代田',
  address: '1-1',
  phone: '03-1234-5678',
  gender: '1',
  birthday: '19900131',
  privacy: true,
};

describe('registerRequestSchema', () => {
  it('accepts a complete registration and types it', () => {
    const out = registerRequestSchema.parse(valid);
    expect(out).toMatchObject({
      email: 'hanako@example.jp',
      occupation: 2,
      medical_department: null,
      simulation_qualification: ['none'],
      work_area: 13,
      area: 13,
      gender: 1,
      birthday: '19900131',
      privacy: true,
      phone: '03-1234-5678',
    });
  });

  it('normalises what a Japanese IME types', () => {
    const out = registerRequestSchema.parse({
      ...valid,
      email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ',
      last_name: '　山田 ',
      last_name_kana: 'やまだ',
      first_name_kana: 'ﾊﾅｺ',
      last_name_alpha: 'ＹＡＭＡＤＡ',
      postal_code: '１００－０００１',
      phone: '０３ー１２３４ー５６７８',
      occupation: '２',
      birthday: '1990/01/31',
    });
    expect(out).toMatchObject({
      email: 'hanako@example.jp',
      last_name: '山田',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'ハナコ',
      last_name_alpha: 'YAMADA',
      postal_code: '1000001',
      phone: '03-1234-5678',
      occupation: 2,
      birthday: '19900131',
    });
  });

  it('does not trim or change the password', () => {
    const errors = errorsOf(registerRequestSchema, { ...valid, password: ' abcd ', re_password: ' abcd ' });
    expect(errors.password).toEqual([v.passwordAlnum]);
  });

  it('names every missing field with 「{0}は必須です」 and asks for consent', () => {
    const errors = errorsOf(registerRequestSchema, {});
    expect(errors).toEqual({
      email: ['メールアドレスは必須です'],
      password: ['パスワードは必須です'],
      re_password: ['パスワード（確認）は必須です'],
      last_name: ['姓は必須です'],
      first_name: ['名は必須です'],
      last_name_kana: ['セイは必須です'],
      first_name_kana: ['メイは必須です'],
      last_name_alpha: ['姓（ローマ字）は必須です'],
      first_name_alpha: ['名（ローマ字）は必須です'],
      occupation: ['職種は必須です'],
      simulation_qualification: ['インストラクター資格は必須です'],
      location_work: ['勤務先は必須です'],
      work_area: ['勤務先都道府県は必須です'],
      postal_code: ['郵便番号は必須です'],
      area: ['都道府県は必須です'],
      district: ['市区町村は必須です'],
      address: ['番地・建物名は必須です'],
      phone: ['電話番号は必須です'],
      gender: ['性別は必須です'],
      birthday: ['生年月日は必須です'],
      privacy: [v.privacyConsent],
    });
  });

  it.each(Object.keys(valid).filter((k) => !['medical_department', 'privacy'].includes(k)))(
    'treats blank %s as missing',
    (field) => {
      const errors = errorsOf(registerRequestSchema, { ...valid, [field]: ' \u3000 ' });
      expect(Object.keys(errors)).toContain(field);
    },
  );

  describe('alpha names', () => {
    it.each(['Yamada', 'yamada', 'YAMADA1', 'YAMA DA', 'ヤマダ', 'YAMADA-'])(
      'refuses %j: capital letters only',
      (name) => {
        expect(errorsOf(registerRequestSchema, { ...valid, last_name_alpha: name }).last_name_alpha).toEqual([
          v.capitalLetters,
        ]);
        expect(
          errorsOf(registerRequestSchema, { ...valid, first_name_alpha: name }).first_name_alpha,
        ).toEqual([v.capitalLetters]);
      },
    );
  });

  describe('kana names', () => {
    it.each(['山田', 'Yamada', 'ヤマダ1'])('refuses %j: katakana only', (name) => {
      expect(errorsOf(registerRequestSchema, { ...valid, last_name_kana: name }).last_name_kana).toEqual([
        v.kana,
      ]);
    });
  });

  describe('email', () => {
    it.each(['hanako', 'hanako@', '@example.jp', 'hanako@example', 'hana ko@ex ample', 'はなこ@example.jp'])(
      'refuses %j with the format message',
      (email) => {
        expect(errorsOf(registerRequestSchema, { ...valid, email }).email).toEqual([v.emailFormat]);
      },
    );
    it.each(['taro..yamada.@docomo.ne.jp', 'a+b@sub.example.co.jp', 'A_B-c@example.jp'])(
      'accepts %j (Japanese carriers allow such dots)',
      (email) => {
        expect(isValidEmail(email)).toBe(true);
        expect(registerRequestSchema.safeParse({ ...valid, email }).success).toBe(true);
      },
    );
    it('refuses more than 254 characters', () => {
      const email = `${'a'.repeat(250)}@ex.jp`;
      expect(errorsOf(registerRequestSchema, { ...valid, email }).email).toEqual([
        'メールアドレスは254文字以下で入力してください',
      ]);
    });
  });

  describe('password', () => {
    it.each([
      ['abc', [v.passwordMin]],
      ['a'.repeat(151), [v.passwordMax]],
      ['abcd!', [v.passwordAlnum]],
      ['ａｂｃｄ', [v.passwordAlnum]],
      ['ab!', [v.passwordMin, v.passwordAlnum]],
    ])('refuses %j', (password, messages) => {
      expect(errorsOf(registerRequestSchema, { ...valid, password, re_password: password }).password).toEqual(
        messages,
      );
    });
    it.each(['abcd', 'ABCD1234', 'a'.repeat(150)])('accepts %j', (password) => {
      expect(registerRequestSchema.safeParse({ ...valid, password, re_password: password }).success).toBe(
        true,
      );
    });
    it('puts a mismatch on re_password', () => {
      expect(errorsOf(registerRequestSchema, { ...valid, re_password: 'abcd12345' })).toEqual({
        re_password: [v.passwordMismatch],
      });
    });
    it('passwordProblems lists every broken rule', () => {
      expect(passwordProblems('abcd')).toEqual([]);
      expect(passwordProblems('a$').map(jaText)).toEqual([v.passwordMin, v.passwordAlnum]);
    });
  });

  describe('postal code', () => {
    it.each([
      ['12345678', v.postalCodeMax],
      ['100-00011', v.postalCodeMax],
      ['10a0001', v.postalCodeDigits],
    ])('refuses %j', (postal_code, message) => {
      expect(errorsOf(registerRequestSchema, { ...valid, postal_code }).postal_code).toEqual([message]);
    });
    it('allows up to 7 digits', () => {
      expect(registerRequestSchema.parse({ ...valid, postal_code: '100' }).postal_code).toBe('100');
    });
  });

  describe('birthday', () => {
    it.each(['1940-01-01', '19400101', '20261122', '2000/02/29'])('accepts %j', (birthday) => {
      expect(registerRequestSchema.safeParse({ ...valid, birthday }).success).toBe(true);
    });
    it.each([
      ['19391231', v.birthdayRange],
      ['20261123', v.birthdayRange],
      ['18991231', formsJa.users.birthdayFormat],
      ['21000101', formsJa.users.birthdayFormat],
      ['1990131', formsJa.users.birthdayFormat],
      ['199001311', formsJa.users.birthdayFormat],
      ['19900230', formsJa.users.birthdayFormat],
      ['19901301', formsJa.users.birthdayFormat],
      ['abcdefgh', formsJa.users.birthdayFormat],
    ])('refuses %j', (birthday, message) => {
      expect(errorsOf(registerRequestSchema, { ...valid, birthday }).birthday).toEqual([message]);
    });
    it('takes "today" from the clock it is given', () => {
      const earlier = createUserSchemas({ today: () => '2000-01-01' }).registerRequestSchema;
      expect(errorsOf(earlier, { ...valid, birthday: '20000102' }).birthday).toEqual([v.birthdayRange]);
    });
  });

  describe('choices', () => {
    it.each([
      ['gender', '2'],
      ['gender', '-1'],
      ['occupation', '0'],
      ['occupation', '8'],
      ['occupation', 'doctor'],
      ['area', '0'],
      ['area', '48'],
      ['work_area', '48'],
      ['work_area', '1.5'],
    ])('refuses %s=%j', (field, value) => {
      expect(errorsOf(registerRequestSchema, { ...valid, [field]: value })[field]).toEqual([
        `${({ gender: '性別', occupation: '職種', area: '都道府県', work_area: '勤務先都道府県' } as Record<string, string>)[field]}の値が正しくありません`,
      ]);
    });
    it('accepts numbers as well as strings', () => {
      expect(
        registerRequestSchema.parse({ ...valid, gender: 0, occupation: 7, area: 1, work_area: 47 }),
      ).toMatchObject({
        gender: 0,
        occupation: 7,
        area: 1,
        work_area: 47,
      });
    });
  });

  describe('medical department', () => {
    it('is required for a doctor', () => {
      expect(errorsOf(registerRequestSchema, { ...valid, occupation: '1', medical_department: '' })).toEqual({
        medical_department: ['診療科は必須です'],
      });
      expect(
        errorsOf(registerRequestSchema, { ...valid, occupation: 1, medical_department: undefined }),
      ).toEqual({
        medical_department: ['診療科は必須です'],
      });
    });
    it.each(['0', '8', 'x'])('must be 1–7 (%j)', (medical_department) => {
      expect(
        errorsOf(registerRequestSchema, { ...valid, occupation: '1', medical_department }).medical_department,
      ).toEqual(['診療科の値が正しくありません']);
    });
    it('is kept for a doctor and dropped for others', () => {
      expect(
        registerRequestSchema.parse({ ...valid, occupation: '1', medical_department: '3' })
          .medical_department,
      ).toBe(3);
      expect(
        registerRequestSchema.parse({ ...valid, occupation: '3', medical_department: '3' })
          .medical_department,
      ).toBe(null);
    });
  });

  describe('instructor qualifications', () => {
    it.each([
      ['ICLS,ACLS', ['ICLS', 'ACLS']],
      ['JATEC,ICLS', ['ICLS', 'JATEC']],
      [
        ['ACLS', 'ICLS', 'ICLS'],
        ['ICLS', 'ACLS'],
      ],
      ['icls, acls', ['ICLS', 'ACLS']],
      ['none', ['none']],
    ])('reads %j', (input, output) => {
      expect(
        registerRequestSchema.parse({ ...valid, simulation_qualification: input }).simulation_qualification,
      ).toEqual(output);
    });
    it.each([
      ['none,ICLS', v.qualificationNoneExclusive],
      [['none', 'JATEC'], v.qualificationNoneExclusive],
      ['BLS', 'インストラクター資格の値が正しくありません'],
      ['', 'インストラクター資格は必須です'],
      [[], 'インストラクター資格は必須です'],
    ])('refuses %j', (input, message) => {
      expect(
        errorsOf(registerRequestSchema, { ...valid, simulation_qualification: input })
          .simulation_qualification,
      ).toEqual([message]);
    });
    it('splitQualifications reads the stored form', () => {
      expect(splitQualifications('ICLS,ACLS')).toEqual(['ICLS', 'ACLS']);
      expect(splitQualifications('')).toEqual([]);
    });
  });

  describe('phone', () => {
    it.each([
      ['0312345678', v.phoneDigits],
      ['03-1234', v.phoneDigits],
      ['03-12a4-5678', v.phoneDigits],
      ['03-1234-5678-9', v.phoneDigits],
      ['03-123-456', formsJa.users.phoneLength],
      ['090-1234-56789', formsJa.users.phoneLength],
    ])('refuses %j', (phone, message) => {
      expect(errorsOf(registerRequestSchema, { ...valid, phone }).phone).toEqual([message]);
    });
    it.each(['090-1234-5678', '0120-123-456', '03-1234-5678', '0467-12-3456'])('accepts %j', (phone) => {
      expect(registerRequestSchema.safeParse({ ...valid, phone }).success).toBe(true);
    });
  });

  describe('privacy consent', () => {
    it.each([false, 'false', '0', 0, '', undefined, null])('refuses %j', (privacy) => {
      expect(errorsOf(registerRequestSchema, { ...valid, privacy }).privacy).toEqual([v.privacyConsent]);
    });
    it.each([true, 'true', '1', 1, 'on'])('accepts %j', (privacy) => {
      expect(registerRequestSchema.safeParse({ ...valid, privacy }).success).toBe(true);
    });
  });

  it('caps free texts', () => {
    expect(errorsOf(registerRequestSchema, { ...valid, last_name: 'あ'.repeat(51) }).last_name).toEqual([
      '姓は50文字以下で入力してください',
    ]);
    expect(errorsOf(registerRequestSchema, { ...valid, address: 'あ'.repeat(201) }).address).toEqual([
      '番地・建物名は200文字以下で入力してください',
    ]);
  });
});

describe('registerFormSchema (the browser form)', () => {
  const { phone: _phone, simulation_qualification: _q, ...rest } = valid;
  const form = {
    ...rest,
    phone_1: '03',
    phone_2: '1234',
    phone_3: '5678',
    simulation_qualification: ['ICLS', 'ACLS'],
  };

  it('outputs the request body the API accepts', () => {
    const body = registerFormSchema.parse(form);
    expect(body).toMatchObject({
      phone: '03-1234-5678',
      simulation_qualification: 'ICLS,ACLS',
      birthday: '19900131',
    });
    expect(registerRequestSchema.safeParse(body).success).toBe(true);
  });

  it('checks each phone part and the whole length', () => {
    expect(errorsOf(registerFormSchema, { ...form, phone_2: '' })).toEqual({
      phone_2: ['電話番号は必須です'],
    });
    expect(errorsOf(registerFormSchema, { ...form, phone_1: '0a' })).toEqual({ phone_1: [v.phoneDigits] });
    expect(errorsOf(registerFormSchema, { ...form, phone_3: '567' })).toEqual({
      phone_3: [formsJa.users.phoneLength],
    });
    expect(
      registerFormSchema.parse({ ...form, phone_1: '０９０', phone_2: '１２３４', phone_3: '５６７８' })
        .phone,
    ).toBe('090-1234-5678');
  });

  it('shows every error at once, cross-field ones included', () => {
    const errors = errorsOf(registerFormSchema, {
      ...form,
      email: 'x',
      re_password: 'zzzz',
      occupation: '1',
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'medical_department', 're_password']);
  });
});

describe('profileUpdateRequestSchema', () => {
  it('accepts a partial edit and leaves absent fields out', () => {
    expect(profileUpdateRequestSchema.parse({ district: ' 港区 ' })).toEqual({
      district: '港区',
      password: undefined,
    });
  });
  it('applies the registration rules to what is given', () => {
    expect(errorsOf(profileUpdateRequestSchema, { last_name_alpha: 'abc', phone: '' })).toEqual({
      last_name_alpha: [v.capitalLetters],
      phone: ['電話番号は必須です'],
    });
  });
  it('changes the password only when one is given, with its confirmation', () => {
    expect(profileUpdateRequestSchema.parse({ password: '', re_password: '' }).password).toBeUndefined();
    expect(profileUpdateRequestSchema.parse({ password: 'newpass1', re_password: 'newpass1' }).password).toBe(
      'newpass1',
    );
    expect(errorsOf(profileUpdateRequestSchema, { password: 'newpass1' })).toEqual({
      re_password: ['パスワード（確認）は必須です'],
    });
    expect(errorsOf(profileUpdateRequestSchema, { password: 'newpass1', re_password: 'newpass2' })).toEqual({
      re_password: [v.passwordMismatch],
    });
    expect(errorsOf(profileUpdateRequestSchema, { password: 'a!', re_password: 'a!' })).toEqual({
      password: [v.passwordMin, v.passwordAlnum],
    });
  });
  it('drops the department when the occupation is not doctor', () => {
    expect(
      profileUpdateRequestSchema.parse({ occupation: '3', medical_department: '2' }).medical_department,
    ).toBeNull();
    expect(errorsOf(profileUpdateRequestSchema, { occupation: '1', medical_department: '' })).toEqual({
      medical_department: ['診療科は必須です'],
    });
  });
  it('has no privacy consent', () => {
    expect(profileUpdateRequestSchema.parse({ privacy: false })).not.toHaveProperty('privacy');
  });
});

describe('profileFormSchema', () => {
  const {
    phone: _phone,
    simulation_qualification: _q,
    password: _p,
    re_password: _r,
    privacy: _c,
    ...rest
  } = valid;
  const form = {
    ...rest,
    phone_1: '03',
    phone_2: '1234',
    phone_3: '5678',
    simulation_qualification: ['none'],
  };
  it('needs no password and no consent', () => {
    const body = profileFormSchema.parse({ ...form, password: '', re_password: '' });
    expect(body).not.toHaveProperty('password');
    expect(body.simulation_qualification).toBe('none');
    expect(profileUpdateRequestSchema.safeParse(body).success).toBe(true);
  });
  it('checks a new password', () => {
    expect(errorsOf(profileFormSchema, { ...form, password: 'abcd', re_password: 'abce' })).toEqual({
      re_password: [v.passwordMismatch],
    });
  });
});

describe('login, forgot and reset', () => {
  it('login needs both fields; no length rule on the password', () => {
    expect(errorsOf(loginRequestSchema, {})).toEqual({
      email: ['メールアドレスは必須です'],
      password: ['パスワードは必須です'],
    });
    expect(loginRequestSchema.parse({ email: 'ＡＢ＠ｅｘ．ｊｐ', password: 'a' })).toEqual({
      email: 'AB@ex.jp',
      password: 'a',
    });
  });
  it('the reminder needs a valid email', () => {
    expect(errorsOf(forgotPasswordRequestSchema, { email: '' })).toEqual({
      email: ['メールアドレスは必須です'],
    });
    expect(errorsOf(forgotPasswordRequestSchema, { email: 'abc' })).toEqual({ email: [v.emailFormat] });
  });
  it('the reset form checks the password rules and the confirmation', () => {
    expect(errorsOf(resetPasswordFormSchema, { password: 'abc', re_password: 'abc' })).toEqual({
      password: [v.passwordMin],
    });
    expect(errorsOf(resetPasswordFormSchema, { password: 'a'.repeat(151), re_password: 'x' })).toEqual({
      password: [v.passwordMax],
      re_password: [v.passwordMismatch],
    });
    expect(errorsOf(resetPasswordFormSchema, { password: 'abcd', re_password: '' })).toEqual({
      re_password: ['パスワード（確認）は必須です'],
    });
  });
  it('the reset call needs a token of the server’s shape', () => {
    const good = { password: 'abcd', re_password: 'abcd', token: 'A'.repeat(43) };
    expect(resetPasswordRequestSchema.safeParse(good).success).toBe(true);
    expect(errorsOf(resetPasswordRequestSchema, { ...good, token: 'short' })).toEqual({
      token: [formsJa.users.resetTokenInvalid],
    });
    expect(errorsOf(resetPasswordRequestSchema, { ...good, token: undefined })).toEqual({
      token: [formsJa.users.resetTokenInvalid],
    });
  });
});

describe('address lookup query', () => {
  it.each([
    ['1000001', '1000001'],
    ['100-0001', '1000001'],
    ['１００－０００１', '1000001'],
  ])('reads %j', (input, output) => {
    expect(addressQuerySchema.parse({ postal_code: input }).postal_code).toBe(output);
  });
  it.each([
    ['', '郵便番号は必須です'],
    ['100000', formsJa.users.postalCodeLookup],
    ['10000011', formsJa.users.postalCodeLookup],
    ['abcdefg', v.postalCodeDigits],
  ])('refuses %j', (input, message) => {
    expect(errorsOf(addressQuerySchema, { postal_code: input })).toEqual({ postal_code: [message] });
  });
});

describe('dates', () => {
  it('converts the birthday between the API and the database', () => {
    expect(birthdayToIso('19900131')).toBe('1990-01-31');
    expect(birthdayFromIso('1990-01-31')).toBe('19900131');
  });
  it('knows the date in Japan', () => {
    expect(tokyoToday(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(tokyoToday(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
  });
});
