import {
  authResponseSchema,
  profileUpdateResponseSchema,
  errorBodySchema,
  ja,
  messageResponseSchema,
  userResponseSchema,
  formsJa,
} from '@mels/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { authTokens, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  authHeader,
  createUsersContext,
  outboxFor,
  PASSWORD,
  postJson,
  registerMember,
  registrationBody,
  uniqueEmail,
} from './users.fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(drivers())('users (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createUsersContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const userCount = async () => (await ctx.deps.db.select({ n: count() }).from(users))[0]?.n ?? 0;
  const me = (token: string) => get(ctx.app, '/api/v1/users/me', { headers: authHeader(token) });

  describe('POST /api/v1/users (registration)', () => {
    it('creates the account, logs it in and answers {data:{token,user}}', async () => {
      const body = registrationBody();
      const response = await postJson(ctx.app, '/api/v1/users', body);
      const { data } = expectBody(response, 201, authResponseSchema);
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.user).toMatchObject({
        email: body.email,
        last_name: '山田',
        first_name: '花子',
        fullname: '山田 花子',
        fullname_kana: 'ヤマダ ハナコ',
        occupation: 2,
        medical_department: null,
        simulation_qualification: 'ICLS,ACLS',
        work_area: 13,
        area: 13,
        postal_code: '1000001',
        phone: '03-1234-5678',
        gender: 1,
        birthday: '19900131',
        avatar: null,
        role: 'member',
      });
      expect(data.user).not.toHaveProperty('password');
      expect(data.user).not.toHaveProperty('password_hash');

      const profile = expectBody(await me(data.token), 200, userResponseSchema);
      expect(profile.data).toEqual(data.user);
    });

    it('stores a scrypt hash and only the SHA-256 of the token, and records the consent', async () => {
      const { token, user } = await registerMember(ctx.app);
      const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.passwordHash).toMatch(/^scrypt\$4096\$8\$1\$/);
      expect(row?.passwordHash).not.toContain(PASSWORD);
      expect(row?.privacyAgreedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
      expect(row?.birthday).toBe('1990-01-31');
      const tokens = await ctx.deps.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.tokenHash).toBe(hashToken(token));
      expect(tokens[0]?.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + 30 * DAY_MS);
    });

    it('normalises what a Japanese IME types (full-width, hiragana, spaces)', async () => {
      const email = uniqueEmail('ime');
      const fullWidthEmail = email.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
      const { user } = await registerMember(ctx.app, {
        email: fullWidthEmail,
        last_name: '　山田　',
        last_name_kana: 'やまだ',
        first_name_kana: 'ﾊﾅｺ',
        last_name_alpha: 'ＹＡＭＡＤＡ',
        phone: '０９０ー１２３４ー５６７８',
        postal_code: '１００－０００１',
        birthday: '1990/01/31',
        simulation_qualification: ['JATEC', 'ICLS'],
      });
      expect(user).toMatchObject({
        email,
        last_name: '山田',
        last_name_kana: 'ヤマダ',
        first_name_kana: 'ハナコ',
        last_name_alpha: 'YAMADA',
        phone: '090-1234-5678',
        postal_code: '1000001',
        birthday: '19900131',
        simulation_qualification: 'ICLS,JATEC',
      });
    });

    it('keeps a doctor’s department', async () => {
      const { user } = await registerMember(ctx.app, { occupation: '1', medical_department: '3' });
      expect(user.occupation).toBe(1);
      expect(user.medical_department).toBe(3);
    });

    it('sends the registration notice', async () => {
      const { email } = await registerMember(ctx.app);
      const mails = await outboxFor(ctx, email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('【母体救命 MELS】会員登録完了のお知らせ');
      expect(mail?.textBody).toContain('山田 花子 様');
      expect(mail?.textBody).toContain(`メールアドレス：${email}`);
      expect(mail?.textBody).toContain(`${ctx.deps.config.publicUrl}/login`);
      expect(mail?.textBody).toContain('一般社団法人 日本母体救命システム普及協議会 事務局');
      expect(mail?.textBody).not.toContain(PASSWORD);
      expect(mail?.htmlBody).toContain('<a href="');
      expect(mail?.status).toBe('kept');
    });

    it('refuses a registered address (any case) on the email field; nothing is created, no mail', async () => {
      const { email } = await registerMember(ctx.app);
      const before = await userCount();
      const response = await postJson(
        ctx.app,
        '/api/v1/users',
        registrationBody({ email: email.toUpperCase() }),
      );
      const errors = expectValidationError(response, ['email']);
      expect(errors.email).toEqual([formsJa.users.emailTaken]);
      expect(await userCount()).toBe(before);
      expect(await outboxFor(ctx, email.toUpperCase())).toHaveLength(0);
    });

    it('registers two different addresses at the same moment, and only one of two identical ones', async () => {
      const email = uniqueEmail('race');
      const [a, b] = await Promise.all([
        postJson(ctx.app, '/api/v1/users', registrationBody({ email })),
        postJson(ctx.app, '/api/v1/users', registrationBody({ email })),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
      const rows = await ctx.deps.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['email', 'not-an-email', ja.validation.emailFormat],
      ['email', '', 'メールアドレスは必須です'],
      ['password', 'abc', ja.validation.passwordMin],
      ['password', 'abc!def', ja.validation.passwordAlnum],
      ['last_name', '', '姓は必須です'],
      ['first_name', ' ', '名は必須です'],
      ['last_name_kana', '山田', ja.validation.kana],
      ['first_name_kana', '', 'メイは必須です'],
      ['last_name_alpha', 'Yamada', ja.validation.capitalLetters],
      ['first_name_alpha', 'hanako', ja.validation.capitalLetters],
      ['occupation', '9', '職種の値が正しくありません'],
      ['simulation_qualification', 'none,ICLS', ja.validation.qualificationNoneExclusive],
      ['simulation_qualification', '', 'インストラクター資格は必須です'],
      ['location_work', '', '勤務先は必須です'],
      ['work_area', '48', '勤務先都道府県の値が正しくありません'],
      ['postal_code', '12345678', ja.validation.postalCodeMax],
      ['area', '', '都道府県は必須です'],
      ['district', '', '市区町村は必須です'],
      ['address', '', '番地・建物名は必須です'],
      ['phone', '0312345678', ja.validation.phoneDigits],
      ['gender', '2', '性別の値が正しくありません'],
      ['birthday', '19391231', ja.validation.birthdayRange],
      ['birthday', '20261123', ja.validation.birthdayRange],
      ['birthday', '1990131', formsJa.users.birthdayFormat],
      ['privacy', false, ja.validation.privacyConsent],
    ])('refuses %s=%j with its message; nothing is created', async (field, value, message) => {
      const before = await userCount();
      const overrides = field === 'password' ? { password: value, re_password: value } : { [field]: value };
      const response = await postJson(ctx.app, '/api/v1/users', registrationBody(overrides));
      const errors = expectValidationError(response, [field]);
      expect(errors[field]).toEqual([message]);
      expect(await userCount()).toBe(before);
    });

    it('accepts a birthday of today (in Japan, by the server’s clock)', async () => {
      const { user } = await registerMember(ctx.app, { birthday: '20261122' });
      expect(user.birthday).toBe('20261122');
    });

    it('puts a password mismatch on re_password and a doctor’s missing department on medical_department', async () => {
      const response = await postJson(
        ctx.app,
        '/api/v1/users',
        registrationBody({ re_password: 'Other123', occupation: '1', medical_department: '' }),
      );
      const errors = expectValidationError(response, ['re_password', 'medical_department']);
      expect(errors.re_password).toEqual([ja.validation.passwordMismatch]);
      expect(errors.medical_department).toEqual(['診療科は必須です']);
    });

    it('names every missing field of an empty body', async () => {
      const errors = expectValidationError(await postJson(ctx.app, '/api/v1/users', {}), [
        'email',
        'password',
        're_password',
        'last_name',
        'first_name',
        'last_name_kana',
        'first_name_kana',
        'last_name_alpha',
        'first_name_alpha',
        'occupation',
        'simulation_qualification',
        'location_work',
        'work_area',
        'postal_code',
        'area',
        'district',
        'address',
        'phone',
        'gender',
        'birthday',
        'privacy',
      ]);
      expect(errors.email).toEqual(['メールアドレスは必須です']);
    });
  });

  describe('POST /api/v1/users/login', () => {
    it('logs in with email and password and answers {data:{token,user}}', async () => {
      const member = await registerMember(ctx.app);
      const response = await postJson(ctx.app, '/api/v1/users/login', {
        email: member.email,
        password: PASSWORD,
      });
      const { data } = expectBody(response, 200, authResponseSchema);
      expect(data.token).not.toBe(member.token);
      expect(data.user).toEqual(member.user);
      expectBody(await me(data.token), 200, userResponseSchema);
    });

    it('compares the address case-insensitively and reads full-width input', async () => {
      const member = await registerMember(ctx.app);
      const typed = member.email.toUpperCase().replace('@', '＠');
      const response = await postJson(ctx.app, '/api/v1/users/login', { email: typed, password: PASSWORD });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('answers a wrong password and an unknown address identically, with no hint which', async () => {
      const member = await registerMember(ctx.app);
      const wrong = await postJson(
        ctx.app,
        '/api/v1/users/login',
        { email: member.email, password: 'Wrong123' },
        { remoteAddress: '10.0.0.1' },
      );
      const unknown = await postJson(
        ctx.app,
        '/api/v1/users/login',
        { email: uniqueEmail('nobody'), password: PASSWORD },
        { remoteAddress: '10.0.0.2' },
      );
      const body = expectError(wrong, 400, 'INVALID_CREDENTIALS');
      expect(body).toEqual({
        meta: { message: 'メールアドレスまたはパスワードが正しくありません。', code: 'INVALID_CREDENTIALS' },
        errors: {},
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(body);
    });

    it('refuses a deactivated account like a wrong password', async () => {
      const member = await registerMember(ctx.app);
      await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, member.user.id));
      const response = await postJson(
        ctx.app,
        '/api/v1/users/login',
        { email: member.email, password: PASSWORD },
        { remoteAddress: '10.0.0.3' },
      );
      expect(expectError(response, 400, 'INVALID_CREDENTIALS').meta.message).toBe(
        formsJa.users.invalidCredentials,
      );
      expect((await me(member.token)).statusCode).toBe(401);
    });

    it('validates the fields first', async () => {
      const errors = expectValidationError(await postJson(ctx.app, '/api/v1/users/login', { email: 'x' }), [
        'email',
        'password',
      ]);
      expect(errors).toEqual({ email: [ja.validation.emailFormat], password: ['パスワードは必須です'] });
    });
  });

  describe('POST /api/v1/users/logout', () => {
    it('revokes the token of the request and no other', async () => {
      const member = await registerMember(ctx.app);
      const second = authResponseSchema.parse(
        (await postJson(ctx.app, '/api/v1/users/login', { email: member.email, password: PASSWORD })).json(),
      ).data.token;
      const response = await postJson(
        ctx.app,
        '/api/v1/users/logout',
        {},
        { headers: authHeader(member.token) },
      );
      expect(expectBody(response, 200, messageResponseSchema).data.message).toBe(formsJa.users.loggedOut);
      expectError(await me(member.token), 401, 'UNAUTHORIZED');
      expectBody(await me(second), 200, userResponseSchema);
      const [row] = await ctx.deps.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(member.token)));
      expect(row?.revokedAt).not.toBeNull();
      expectError(
        await postJson(ctx.app, '/api/v1/users/logout', {}, { headers: authHeader(member.token) }),
        401,
        'UNAUTHORIZED',
      );
    });

    it('needs a token', async () => {
      expectError(await postJson(ctx.app, '/api/v1/users/logout', {}), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/users/me and /api/v1/users/{id}', () => {
    let alice: Awaited<ReturnType<typeof registerMember>>;
    let bob: Awaited<ReturnType<typeof registerMember>>;
    beforeAll(async () => {
      alice = await registerMember(ctx.app, { last_name: '有栖', last_name_kana: 'アリス' });
      bob = await registerMember(ctx.app, { last_name: '坊', last_name_kana: 'ボウ' });
    });

    it('shows the own profile by id, with names, phone and birthday', async () => {
      const response = await get(ctx.app, `/api/v1/users/${alice.user.id}`, {
        headers: authHeader(alice.token),
      });
      const { data } = expectBody(response, 200, userResponseSchema);
      expect(data).toEqual(alice.user);
      expect(data).toMatchObject({ last_name: '有栖', phone: '03-1234-5678', birthday: '19900131' });
    });

    it('answers another user’s id with 404 and none of their data', async () => {
      const response = await get(ctx.app, `/api/v1/users/${bob.user.id}`, {
        headers: authHeader(alice.token),
      });
      const body = expectNotFound(response);
      expect(body).not.toHaveProperty('data');
      expect(response.body).not.toContain('坊');
      expect(response.body).not.toContain(bob.email);
      // …the same answer as for an id nobody has.
      const missing = await get(ctx.app, '/api/v1/users/2147483647', { headers: authHeader(alice.token) });
      expect(missing.json()).toEqual(response.json());
    });

    it('needs a token (401), and a valid one', async () => {
      expectError(await get(ctx.app, `/api/v1/users/${alice.user.id}`), 401, 'UNAUTHORIZED');
      expectError(await get(ctx.app, '/api/v1/users/me'), 401, 'UNAUTHORIZED');
      expectError(await me('x'.repeat(43)), 401, 'UNAUTHORIZED');
      expectError(
        await get(ctx.app, '/api/v1/users/me', { headers: { authorization: `Bearer ${alice.token}` } }),
        401,
        'UNAUTHORIZED',
      );
    });

    it('refuses a malformed id', async () => {
      const errors = expectValidationError(
        await get(ctx.app, '/api/v1/users/abc', { headers: authHeader(alice.token) }),
        ['id'],
      );
      expect(errors.id).toEqual(['IDは数値で指定してください']);
    });

    it('stops accepting a token after 30 days, however often it is used', async () => {
      const member = await registerMember(ctx.app);
      try {
        for (let day = 0; day < 3; day += 1) {
          ctx.clock.advance(10 * DAY_MS - (day === 2 ? 1000 : 0));
          expectBody(await me(member.token), 200, userResponseSchema);
        }
        ctx.clock.advance(2000);
        expectError(await me(member.token), 401, 'UNAUTHORIZED');
      } finally {
        ctx.clock.set(TEST_NOW);
      }
    });
  });

  describe('POST /api/v1/users/update (JSON)', () => {
    it('edits the given fields with the registration rules and normalisation', async () => {
      const member = await registerMember(ctx.app);
      const response = await postJson(
        ctx.app,
        '/api/v1/users/update',
        {
          district: ' 港区芝公園 ',
          phone: '０３ー９８７６ー５４３２',
          first_name_kana: 'はなこ',
          area: '13',
        },
        { headers: authHeader(member.token) },
      );
      const { data } = expectBody(response, 200, profileUpdateResponseSchema);
      const { pending_email: pending, ...profile } = data;
      expect(pending).toBeNull();
      expect(profile).toEqual({
        ...member.user,
        district: '港区芝公園',
        phone: '03-9876-5432',
        first_name_kana: 'ハナコ',
        fullname_kana: 'ヤマダ ハナコ',
      });
      expect(expectBody(await me(member.token), 200, userResponseSchema).data).toEqual(profile);
    });

    it('edits the whole profile as the form sends it', async () => {
      const member = await registerMember(ctx.app);
      const {
        password: _p,
        re_password: _r,
        privacy: _c,
        ...profile
      } = registrationBody({
        email: uniqueEmail('moved'),
        last_name: '佐藤',
        occupation: '1',
        medical_department: '6',
        simulation_qualification: 'none',
        area: '1',
        work_area: '1',
        postal_code: '0600000',
        district: '札幌市中央区',
        gender: '0',
        birthday: '19851224',
      });
      const response = await postJson(
        ctx.app,
        '/api/v1/users/update',
        { ...profile, current_password: PASSWORD },
        { headers: authHeader(member.token) },
      );
      const { data } = expectBody(response, 200, profileUpdateResponseSchema);
      // The new address waits for its confirmation; everything else is saved.
      expect(data).toMatchObject({
        email: member.email,
        pending_email: profile.email,
        last_name: '佐藤',
        fullname: '佐藤 花子',
        occupation: 1,
        medical_department: 6,
        simulation_qualification: 'none',
        area: 1,
        work_area: 1,
        district: '札幌市中央区',
        gender: 0,
        birthday: '19851224',
      });
      await confirmFromMail(String(profile.email));
      const login = await postJson(ctx.app, '/api/v1/users/login', {
        email: profile.email,
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(200);
    });

    /** Opens the link of the confirmation mail sent to the new address; answers the token. */
    async function confirmFromMail(newEmail: string): Promise<string> {
      const mails = await outboxFor(ctx, newEmail);
      const link = new RegExp(`${ctx.deps.config.publicUrl}/email-change/([A-Za-z0-9_-]+)`).exec(
        mails.at(-1)?.textBody ?? '',
      );
      expect(link, 'the mail carries the confirmation link').not.toBeNull();
      const token = link?.[1] ?? '';
      const done = await postJson(ctx.app, '/api/v1/users/email-change/confirm', { token });
      expect(done.statusCode, done.body).toBe(200);
      expect((done.json() as { data: { message: string } }).data.message).toBe(formsJa.users.emailChangeDone);
      return token;
    }

    it('changes the login address only when the link mailed to the new address is opened', async () => {
      const member = await registerMember(ctx.app);
      const next = uniqueEmail('next');
      const response = await postJson(
        ctx.app,
        '/api/v1/users/update',
        { email: next, current_password: PASSWORD },
        { headers: authHeader(member.token) },
      );
      expect(expectBody(response, 200, profileUpdateResponseSchema).data).toMatchObject({
        email: member.email,
        pending_email: next,
      });
      // The old address still logs in and is told; the new one gets the link.
      const notice = (await outboxFor(ctx, member.email)).at(-1);
      expect(notice?.subject).toContain('メールアドレス変更のお申し込みについて');
      expect(notice?.textBody).toContain(next);
      expect(
        (await postJson(ctx.app, '/api/v1/users/login', { email: next, password: PASSWORD })).statusCode,
      ).toBe(400);
      // Another account cannot use the link's address meanwhile … but it is still free, so it works.
      const token = await confirmFromMail(next);
      expect(expectBody(await me(member.token), 200, userResponseSchema).data.email).toBe(next);
      // Single use.
      expectError(
        await postJson(ctx.app, '/api/v1/users/email-change/confirm', { token }),
        400,
        'EMAIL_CHANGE_TOKEN_USED',
      );
      expectError(
        await postJson(ctx.app, '/api/v1/users/email-change/confirm', { token: 'x'.repeat(43) }),
        400,
        'EMAIL_CHANGE_TOKEN_INVALID',
      );
      expectValidationError(await postJson(ctx.app, '/api/v1/users/email-change/confirm', {}), ['token']);
    });

    it('a link expires after 24 hours, a newer request replaces the older link, a taken address is refused', async () => {
      const member = await registerMember(ctx.app);
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      const change = (email: string) =>
        postJson(
          ctx.app,
          '/api/v1/users/update',
          { email, current_password: PASSWORD },
          { headers: authHeader(member.token) },
        );
      expect((await change(first)).statusCode).toBe(200);
      const firstLink = /\/email-change\/([A-Za-z0-9_-]+)/.exec(
        (await outboxFor(ctx, first)).at(-1)?.textBody ?? '',
      )?.[1];
      expect((await change(second)).statusCode).toBe(200);
      expectError(
        await postJson(ctx.app, '/api/v1/users/email-change/confirm', { token: firstLink }),
        400,
        'EMAIL_CHANGE_TOKEN_USED',
      );
      // Someone registers the address before the link is opened: 409, nothing changes.
      const secondLink = /\/email-change\/([A-Za-z0-9_-]+)/.exec(
        (await outboxFor(ctx, second)).at(-1)?.textBody ?? '',
      )?.[1];
      await registerMember(ctx.app, { email: second });
      expectError(
        await postJson(ctx.app, '/api/v1/users/email-change/confirm', { token: secondLink }),
        409,
        'EMAIL_TAKEN',
      );
      expect(expectBody(await me(member.token), 200, userResponseSchema).data.email).toBe(member.email);
      // Expiry.
      const third = uniqueEmail('third');
      expect((await change(third)).statusCode).toBe(200);
      const thirdLink = /\/email-change\/([A-Za-z0-9_-]+)/.exec(
        (await outboxFor(ctx, third)).at(-1)?.textBody ?? '',
      )?.[1];
      ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
      try {
        expectError(
          await postJson(ctx.app, '/api/v1/users/email-change/confirm', { token: thirdLink }),
          400,
          'EMAIL_CHANGE_TOKEN_EXPIRED',
        );
      } finally {
        ctx.clock.set(TEST_NOW);
      }
    });

    it('drops the department when the occupation changes from doctor', async () => {
      const member = await registerMember(ctx.app, { occupation: '1', medical_department: '2' });
      const response = await postJson(
        ctx.app,
        '/api/v1/users/update',
        { occupation: '3' },
        { headers: authHeader(member.token) },
      );
      expect(expectBody(response, 200, userResponseSchema).data).toMatchObject({
        occupation: 3,
        medical_department: null,
      });
    });

    it('asks a new doctor for the department', async () => {
      const member = await registerMember(ctx.app);
      const errors = expectValidationError(
        await postJson(
          ctx.app,
          '/api/v1/users/update',
          { occupation: '1' },
          { headers: authHeader(member.token) },
        ),
        ['medical_department'],
      );
      expect(errors.medical_department).toEqual(['診療科は必須です']);
    });

    it('refuses invalid values and changes nothing', async () => {
      const member = await registerMember(ctx.app);
      const errors = expectValidationError(
        await postJson(
          ctx.app,
          '/api/v1/users/update',
          { district: '港区', last_name_alpha: 'sato', birthday: '19000101', phone: '' },
          { headers: authHeader(member.token) },
        ),
        ['last_name_alpha', 'birthday', 'phone'],
      );
      expect(errors.last_name_alpha).toEqual([ja.validation.capitalLetters]);
      expect(expectBody(await me(member.token), 200, userResponseSchema).data).toEqual(member.user);
    });

    it('refuses an address another account has', async () => {
      const member = await registerMember(ctx.app);
      const other = await registerMember(ctx.app);
      const errors = expectValidationError(
        await postJson(
          ctx.app,
          '/api/v1/users/update',
          { email: other.email.toUpperCase() },
          { headers: authHeader(member.token) },
        ),
        ['email'],
      );
      expect(errors.email).toEqual([formsJa.users.emailTaken]);
      // Its own address, in another case, is fine.
      const own = await postJson(
        ctx.app,
        '/api/v1/users/update',
        { email: member.email.toUpperCase() },
        { headers: authHeader(member.token) },
      );
      expect(own.statusCode, own.body).toBe(200);
    });

    it('changes the password and ends the other logins, keeping this one', async () => {
      const member = await registerMember(ctx.app);
      const other = authResponseSchema.parse(
        (await postJson(ctx.app, '/api/v1/users/login', { email: member.email, password: PASSWORD })).json(),
      ).data.token;
      const mismatch = await postJson(
        ctx.app,
        '/api/v1/users/update',
        { password: 'Kirin2031', re_password: 'Kirin2032', current_password: PASSWORD },
        { headers: authHeader(member.token) },
      );
      expect(expectValidationError(mismatch, ['re_password']).re_password).toEqual([
        ja.validation.passwordMismatch,
      ]);

      const response = await postJson(
        ctx.app,
        '/api/v1/users/update',
        { password: 'Kirin2031', re_password: 'Kirin2031', current_password: PASSWORD },
        { headers: authHeader(member.token) },
      );
      expect(response.statusCode, response.body).toBe(200);
      expectBody(await me(member.token), 200, userResponseSchema);
      expectError(await me(other), 401, 'UNAUTHORIZED');
      const oldLogin = await postJson(
        ctx.app,
        '/api/v1/users/login',
        { email: member.email, password: PASSWORD },
        { remoteAddress: '10.0.1.1' },
      );
      expect(oldLogin.statusCode).toBe(400);
      const newLogin = await postJson(ctx.app, '/api/v1/users/login', {
        email: member.email,
        password: 'Kirin2031',
      });
      expect(newLogin.statusCode).toBe(200);
    });

    it('needs a token', async () => {
      const response = await postJson(ctx.app, '/api/v1/users/update', { district: '港区' });
      expect(errorBodySchema.parse(response.json()).meta.code).toBe('UNAUTHORIZED');
      expect(response.statusCode).toBe(401);
    });
  });
});
