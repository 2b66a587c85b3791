import {
  authResponseSchema,
  certificateClaimCheckResponseSchema,
  certificateClaimResponseSchema,
  certificateLinkResponseSchema,
  claimCoursesResponseSchema,
  orderResponseSchema,
  formsJa,
} from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError } from '../../../test/http.ts';
import { certificates, courses, legacyCertificates, orders } from '../../db/schema.ts';
import {
  call,
  CARDS,
  confirmCard,
  createIntent,
  newMember,
  type Member,
} from '../payments/payments.fixtures.ts';
import { CLAIM_IP_RATE_LIMIT, CLAIM_RATE_LIMIT } from './certificate-claims.service.ts';
import { validUntil } from './certificates.service.ts';

type Course = { id: number; name: string };

describe.each(drivers())('certificate claims (データ移行) on %s', (driver) => {
  let ctx: TestContext;
  let basic: Course; // prefix B, 3,300 yen, valid 5 years
  let bi: Course; // prefix BI, 5,000 yen: a BI claim is free all the same
  let other: Course; // prefix I: not claimable
  let codes = 0;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const make = async (values: typeof courses.$inferInsert): Promise<Course> => {
      const [row] = await ctx.deps.db.insert(courses).values(values).returning();
      if (!row) throw new Error('course not made');
      return { id: row.id, name: row.name };
    };
    basic = await make({
      name: '移行テストコース',
      price: 3300,
      certificatePrefix: 'B',
      certificationPeriod: 5,
      sortOrder: 900,
    });
    bi = await make({ name: '移行BIテストコース', price: 5000, certificatePrefix: 'BI', sortOrder: 901 });
    other = await make({ name: '移行Iテストコース', price: 5500, certificatePrefix: 'I' });
  });
  afterAll(async () => ctx?.close());

  const db = () => ctx.deps.db;
  /** Each member calls from an address of their own unless one is given (the per-IP limit is shared). */
  const addressOf = (member: Member | null) =>
    member ? `10.${(member.id >> 16) & 255}.${(member.id >> 8) & 255}.${member.id & 255}` : '10.255.255.255';
  const post = (member: Member | null, url: string, body: Record<string, unknown>, ip = addressOf(member)) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/certificates${url}`,
      headers: member ? { authorization: `Token ${member.token}` } : {},
      payload: body,
      remoteAddress: ip,
    });
  const check = (member: Member, body: Record<string, unknown>) => post(member, '/claims/check', body);
  const claim = (member: Member, body: Record<string, unknown>) => post(member, '/claims', body);
  const legacyRow = async (id: number) =>
    (await db().select().from(legacyCertificates).where(eq(legacyCertificates.id, id)))[0];

  /** A certificate of the older system with fresh codes (attendance code and/or certificate number). */
  async function legacy(
    courseId: number,
    email: string,
    options: { claimedByUserId?: number; withAttendance?: boolean; withCertificate?: boolean } = {},
  ) {
    codes += 1;
    const n = `${driver.toUpperCase()}-${String(codes).padStart(6, '0')}`;
    const attendanceCode = options.withAttendance === false ? null : `A2019-${n}`;
    const certificateCode = options.withCertificate ? `B2019-${n}` : null;
    const [row] = await db()
      .insert(legacyCertificates)
      .values({
        courseId,
        attendanceCode,
        certificateCode,
        holderName: '山田 花子',
        email,
        participatedDate: '2019-07-14',
        claimedByUserId: options.claimedByUserId ?? null,
      })
      .returning();
    if (!row) throw new Error('legacy certificate not made');
    return { id: row.id, attendanceCode: attendanceCode ?? '', certificateCode: certificateCode ?? '' };
  }

  async function payByCard(member: Member, courseId: number, attendanceCode: string) {
    const body = { object_type: 3, object_id: courseId, attendance_code: attendanceCode };
    const intent = await createIntent(ctx.app, member.token, body);
    expect(intent.amount).toBe(3300);
    const confirmed = await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const response = await call(
      ctx.app,
      member.token,
      'POST',
      '/api/v1/payments/stripe/create-payment-order',
      {
        ...body,
        payment_intent_id: intent.paymentIntentId,
      },
    );
    return expectBody(response, 200, orderResponseSchema).data;
  }

  it('answers 401 without a token', async () => {
    expectError(await call(ctx.app, null, 'GET', '/api/v1/certificates/claim-courses'), 401, 'UNAUTHORIZED');
    for (const url of ['/claims/check', '/claims', '/download', '/basic_course/preview'])
      expectError(await post(null, url, {}), 401, 'UNAUTHORIZED');
  });

  it('lists the active B and BI courses in sort order, not the renewal or other courses', async () => {
    const member = await newMember(ctx.app);
    const list = expectBody(
      await call(ctx.app, member.token, 'GET', '/api/v1/certificates/claim-courses'),
      200,
      claimCoursesResponseSchema,
    ).data;
    expect(list.every((c) => c.certificate_prefix === 'B' || c.certificate_prefix === 'BI')).toBe(true);
    const ids = list.map((c) => c.id);
    expect(ids).toContain(basic.id);
    expect(ids).toContain(bi.id);
    expect(ids).not.toContain(other.id);
    expect(ids.indexOf(basic.id)).toBeLessThan(ids.indexOf(bi.id));
    expect(list.find((c) => c.id === basic.id)).toEqual({
      id: basic.id,
      name: basic.name,
      certificate_prefix: 'B',
    });
    // the seeded basic course is one of them
    expect(list.some((c) => c.name === 'ベーシックコース' && c.certificate_prefix === 'B')).toBe(true);
  });

  describe('check', () => {
    it("finds the demo attendee's seeded code, typed in lower case and full width", async () => {
      const login = await call(ctx.app, null, 'POST', '/api/v1/users/login', {
        email: 'attendee@mels.example.jp',
        password: 'Demo1234',
      });
      const auth = authResponseSchema.parse(login.json()).data;
      const attendee: Member = { id: auth.user.id, token: auth.token, email: 'attendee@mels.example.jp' };
      const [row] = await db()
        .select()
        .from(legacyCertificates)
        .where(eq(legacyCertificates.email, 'attendee@mels.example.jp'));
      if (!row?.attendanceCode) throw new Error('seeded legacy certificate missing');
      const typed = ` ${row.attendanceCode.toLowerCase()} `.replace(/[0-9a-z-]/g, (ch) =>
        String.fromCharCode(ch.charCodeAt(0) + 0xfee0),
      );
      const found = expectBody(
        await check(attendee, { course_id: row.courseId, attendance_code: typed }),
        200,
        certificateClaimCheckResponseSchema,
      ).data;
      expect(found).toMatchObject({
        holder_name: '佐藤 美咲',
        participated_date: row.participatedDate,
        amount: 3300,
        free: false,
        paid: false,
        claimed: false,
        certificate_id: null,
      });
      expect(found.course).toMatchObject({ id: row.courseId, certificate_prefix: 'B' });
      expect(found.participated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('says a BI claim is free (and so paid)', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(bi.id, member.email);
      const found = expectBody(
        await check(member, { course_id: bi.id, attendance_code: cert.attendanceCode }),
        200,
        certificateClaimCheckResponseSchema,
      ).data;
      expect(found).toMatchObject({
        amount: 0,
        free: true,
        paid: true,
        claimed: false,
        certificate_id: null,
      });
      expect(found.course).toEqual({ id: bi.id, name: bi.name, certificate_prefix: 'BI' });
    });

    it('answers the same 404 for an unknown code, a code of another course and one claimed by someone else', async () => {
      const member = await newMember(ctx.app);
      const someone = await newMember(ctx.app);
      const ofBi = await legacy(bi.id, member.email);
      const taken = await legacy(basic.id, member.email, { claimedByUserId: someone.id });
      const bodies = [
        { course_id: basic.id, attendance_code: 'A1999-NOPE-000000' },
        { course_id: basic.id, attendance_code: ofBi.attendanceCode },
        { course_id: basic.id, attendance_code: taken.attendanceCode },
        { course_id: other.id, attendance_code: ofBi.attendanceCode },
      ];
      for (const body of bodies) {
        const error = expectError(await check(member, body), 404, 'NG_CERTIFICATE_CODE');
        expect(error.meta.message).toBe(formsJa.claims.notFound);
        expect(error.errors).toEqual({});
      }
      expectError(
        await claim(member, { course_id: basic.id, attendance_code: taken.attendanceCode }),
        404,
        'NG_CERTIFICATE_CODE',
      );
    });

    it('answers a record of another address exactly as an unknown code until that address is given', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(basic.id, 'Old.Address@Example.jp');
      const unknown = { course_id: basic.id, attendance_code: `${cert.attendanceCode}9` };
      const body = { course_id: basic.id, attendance_code: cert.attendanceCode };
      const answers = [
        await check(member, unknown),
        await check(member, { ...unknown, email: 'wrong@example.jp' }),
        await check(member, body),
        await check(member, { ...body, email: 'wrong@example.jp' }),
        await claim(member, body),
        await claim(member, { ...body, email: 'wrong@example.jp' }),
      ];
      for (const answer of answers) {
        const error = expectError(answer, 404, 'NG_CERTIFICATE_CODE');
        expect(error.meta.message).toBe(formsJa.claims.notFound);
        expect(error.errors).toEqual({});
        expect(error).not.toHaveProperty('data');
      }
      // The whole answer, not only its code, is the same for an existing and an unknown code.
      const strip = (raw: string) => raw.replaceAll(cert.attendanceCode, 'CODE').replaceAll(`CODE9`, 'CODE');
      expect(strip(answers[2]?.body ?? '')).toBe(strip(answers[0]?.body ?? ''));
      expect(strip(answers[3]?.body ?? '')).toBe(strip(answers[1]?.body ?? ''));
      const headers = (r: (typeof answers)[number] | undefined) =>
        Object.keys(r?.headers ?? {})
          .filter((h) => !['date', 'content-length', 'x-request-id'].includes(h))
          .sort();
      expect(headers(answers[2])).toEqual(headers(answers[0]));
      const ok = expectBody(
        await check(member, { ...body, email: ' old.address@example.JP ' }),
        200,
        certificateClaimCheckResponseSchema,
      ).data;
      expect(ok.holder_name).toBe('山田 花子');
    });

    it('treats a record with no address of the time as not found (nothing to prove it by)', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(basic.id, '');
      for (const email of [undefined, 'someone@example.jp']) {
        const error = expectError(
          await check(member, { course_id: basic.id, attendance_code: cert.attendanceCode, email }),
          404,
          'NG_CERTIFICATE_CODE',
        );
        expect(error.meta.message).toBe(formsJa.claims.notFound);
      }
    });

    it('validates the body (400 with field errors)', async () => {
      const member = await newMember(ctx.app);
      const none = expectValidationError(await check(member, {}), ['course_id', 'attendance_code']);
      expect(none.course_id).toEqual([formsJa.claims.courseRequired]);
      expect(none.attendance_code).toEqual([formsJa.claims.attendanceCodeRequired]);
      const cert = expectValidationError(
        await check(member, { course_id: basic.id, certificate_code: '  ' }),
        ['certificate_code'],
      );
      expect(cert.certificate_code).toEqual([formsJa.claims.certificateCodeRequired]);
      expectValidationError(
        await check(member, { course_id: basic.id, attendance_code: 'A1', certificate_code: 'B1' }),
        ['certificate_code'],
      );
      expectValidationError(await check(member, { course_id: '', attendance_code: 'A1' }), ['course_id']);
      expectValidationError(
        await claim(member, { course_id: basic.id, attendance_code: 'A1', email: 'nope' }),
        ['email'],
      );
    });

    it('limits wrong guesses per user (429); right answers do not count', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(basic.id, member.email);
      const wrong = { course_id: basic.id, attendance_code: 'A1999-WRONG-1' };
      for (let i = 0; i < CLAIM_RATE_LIMIT.limit - 1; i += 1)
        expectError(await check(member, wrong), 404, 'NG_CERTIFICATE_CODE');
      expectBody(
        await check(member, { course_id: basic.id, attendance_code: cert.attendanceCode }),
        200,
        certificateClaimCheckResponseSchema,
      );
      expectError(await claim(member, wrong), 404, 'NG_CERTIFICATE_CODE');
      const limited = await check(member, wrong);
      const body = expectError(limited, 429, 'RATE_LIMITED');
      expect(body.meta.message).toBe(formsJa.claims.rateLimited);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expectError(
        await check(member, { course_id: basic.id, attendance_code: cert.attendanceCode }),
        429,
        'RATE_LIMITED',
      );
      // another user is not affected
      const someone = await newMember(ctx.app);
      expectError(
        await check(someone, { ...wrong, attendance_code: 'A1999-OTHER-1' }),
        404,
        'NG_CERTIFICATE_CODE',
      );
    });

    it('limits guesses of the address of one code whoever makes them (429 per code)', async () => {
      const cert = await legacy(basic.id, 'owner.then@example.jp');
      const body = { course_id: basic.id, attendance_code: cert.attendanceCode };
      let n = 0;
      // Several accounts, each from its own address, guess the address of the time of one code.
      while (n < CLAIM_RATE_LIMIT.limit) {
        const guesser = await newMember(ctx.app);
        for (let i = 0; i < 3 && n < CLAIM_RATE_LIMIT.limit; i += 1, n += 1)
          expectError(
            await check(guesser, { ...body, email: `guess${n}@example.jp` }),
            404,
            'NG_CERTIFICATE_CODE',
          );
      }
      const late = await newMember(ctx.app);
      const limited = await check(late, { ...body, email: 'owner.then@example.jp' });
      expect(expectError(limited, 429, 'RATE_LIMITED').meta.message).toBe(formsJa.claims.rateLimited);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The same account may still try another code.
      const mine = await legacy(basic.id, late.email);
      expectBody(
        await check(late, { course_id: basic.id, attendance_code: mine.attendanceCode }),
        200,
        certificateClaimCheckResponseSchema,
      );
    });

    it('limits wrong guesses from one IP address across accounts (429 per IP)', async () => {
      const ip = '192.0.2.77';
      let n = 0;
      while (n < CLAIM_IP_RATE_LIMIT.limit) {
        const member = await newMember(ctx.app);
        for (let i = 0; i < CLAIM_RATE_LIMIT.limit - 1 && n < CLAIM_IP_RATE_LIMIT.limit; i += 1, n += 1)
          expectError(
            await post(
              member,
              '/claims/check',
              { course_id: basic.id, attendance_code: `A1999-IP-${n}` },
              ip,
            ),
            404,
            'NG_CERTIFICATE_CODE',
          );
      }
      const fresh = await newMember(ctx.app);
      const cert = await legacy(basic.id, fresh.email);
      const body = { course_id: basic.id, attendance_code: cert.attendanceCode };
      expectError(await post(fresh, '/claims/check', body, ip), 429, 'RATE_LIMITED');
      // From elsewhere the same account and code are answered.
      expectBody(await post(fresh, '/claims/check', body), 200, certificateClaimCheckResponseSchema);
    });
  });

  describe('claim', () => {
    it('needs the fee paid (402), then issues the certificate once', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(basic.id, member.email);
      const body = { course_id: basic.id, attendance_code: cert.attendanceCode };
      const unpaid = expectError(await claim(member, body), 402, 'NG_NOT_PAYMENT');
      expect(unpaid.meta.message).toBe(formsJa.claims.notPaid);

      await payByCard(member, basic.id, cert.attendanceCode);
      const paid = expectBody(await check(member, body), 200, certificateClaimCheckResponseSchema).data;
      expect(paid).toMatchObject({ paid: true, claimed: true, certificate_id: null, amount: 3300 });

      const issued = expectBody(await claim(member, body), 200, certificateClaimResponseSchema).data;
      expect(issued.certificate_number).toMatch(/^B-\d{6}$/);
      expect(issued.name).toBe(`certificate_${issued.certificate_number}.pdf`);
      expect(issued.link).toMatch(
        new RegExp(`^/api/v1/certificates/${issued.certificate_id}/view\\?expires=`),
      );
      const [row] = await db().select().from(certificates).where(eq(certificates.id, issued.certificate_id));
      expect(row).toMatchObject({
        userId: member.id,
        courseId: basic.id,
        certificateType: 0,
        holderName: '山田 花子',
        holderNameAlpha: 'HANAKO YAMADA',
        startDate: '2019-07-14',
        endDate: validUntil('2019-07-14', 5),
        enrollmentId: null,
      });
      expect(await legacyRow(cert.id)).toMatchObject({
        claimedByUserId: member.id,
        certificateId: issued.certificate_id,
      });

      const again = expectBody(await claim(member, body), 200, certificateClaimResponseSchema).data;
      expect(again.certificate_id).toBe(issued.certificate_id);
      expect(again.certificate_number).toBe(issued.certificate_number);
      expect(await db().select().from(certificates).where(eq(certificates.userId, member.id))).toHaveLength(
        1,
      );
      const after = expectBody(await check(member, body), 200, certificateClaimCheckResponseSchema).data;
      expect(after.certificate_id).toBe(issued.certificate_id);

      // the frame link shows the PDF
      const frame = await ctx.app.inject({ method: 'GET', url: issued.link.split('#')[0] ?? '' });
      expect(frame.statusCode).toBe(200);
      expect(frame.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('answers 409 while a payment is being processed', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(basic.id, member.email);
      await db().insert(orders).values({
        userId: member.id,
        type: 1,
        objectType: 3,
        objectId: basic.id,
        legacyCertificateId: cert.id,
        amount: 3300,
        status: 0,
        paymentMethodId: 1,
      });
      const pending = expectError(
        await claim(member, { course_id: basic.id, attendance_code: cert.attendanceCode }),
        409,
        'NG_PENDING_PAYMENT',
      );
      expect(pending.meta.message).toBe(formsJa.payment.processing);
    });

    it('a free (BI) claim records its free order and issues the certificate', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(bi.id, member.email);
      const body = { course_id: bi.id, attendance_code: cert.attendanceCode };
      const issued = expectBody(await claim(member, body), 200, certificateClaimResponseSchema).data;
      expect(issued.certificate_number).toMatch(/^BI-\d{6}$/);
      const mine = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.userId, member.id), eq(orders.objectType, 3)));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 3, amount: 0, objectId: bi.id, legacyCertificateId: cert.id });
      const [row] = await db().select().from(certificates).where(eq(certificates.id, issued.certificate_id));
      expect(row).toMatchObject({ certificateType: 0, endDate: null, startDate: '2019-07-14' });
      const again = expectBody(await claim(member, body), 200, certificateClaimResponseSchema).data;
      expect(again.certificate_id).toBe(issued.certificate_id);
      expect(
        await db()
          .select()
          .from(orders)
          .where(and(eq(orders.userId, member.id), eq(orders.objectType, 3))),
      ).toHaveLength(1);
    });

    it('claims by certificate number (certificate_type 1) with the address of the time', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(bi.id, 'then@example.jp', { withAttendance: false, withCertificate: true });
      const body = {
        course_id: bi.id,
        certificate_code: cert.certificateCode.toLowerCase(),
        email: 'then@example.jp',
      };
      const found = expectBody(await check(member, body), 200, certificateClaimCheckResponseSchema).data;
      expect(found.free).toBe(true);
      const issued = expectBody(await claim(member, body), 200, certificateClaimResponseSchema).data;
      const [row] = await db().select().from(certificates).where(eq(certificates.id, issued.certificate_id));
      expect(row?.certificateType).toBe(1);
      expect((await legacyRow(cert.id))?.certificateId).toBe(issued.certificate_id);
      // the attendance code field does not find a certificate number
      expectError(
        await check(member, {
          course_id: bi.id,
          attendance_code: cert.certificateCode,
          email: 'then@example.jp',
        }),
        404,
        'NG_CERTIFICATE_CODE',
      );
    });
  });

  describe('download and preview', () => {
    it("serve the user's own certificate; another user's is not found", async () => {
      const member = await newMember(ctx.app);
      const someone = await newMember(ctx.app);
      const cert = await legacy(bi.id, member.email);
      const issued = expectBody(
        await claim(member, { course_id: bi.id, attendance_code: cert.attendanceCode }),
        200,
        certificateClaimResponseSchema,
      ).data;

      const pdf = await post(member, '/download', { id: issued.certificate_id });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${issued.name}"`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(1000);

      const preview = expectBody(
        await post(member, '/basic_course/preview', { id: issued.certificate_id }),
        200,
        certificateLinkResponseSchema,
      ).data;
      expect(preview).toMatchObject({ id: issued.certificate_id, name: issued.name });
      expect(preview.link).toMatch(new RegExp(`^/api/v1/certificates/${issued.certificate_id}/view\\?`));

      expectError(await post(someone, '/download', { id: issued.certificate_id }), 404, 'NOT_FOUND');
      expectError(
        await post(someone, '/basic_course/preview', { id: issued.certificate_id }),
        404,
        'NOT_FOUND',
      );
      expectError(await post(member, '/download', { id: 2147483000 }), 404, 'NOT_FOUND');
      expectValidationError(await post(member, '/download', {}), ['id']);
    });
  });
});
