import { execFileSync } from 'node:child_process';
import {
  certificatePreviewResponseSchema,
  certificateRevokeResponseSchema,
  certificateVerifyResponseSchema,
  ja,
} from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import { certificateCounters, certificates, courses } from '../../db/schema.ts';
import { call, enrolAt, makeLearningSession, makeUser, type Member } from '../learning/learning.fixtures.ts';
import { loadConfig } from '../../config.ts';
import { certificateNumber, newVerificationCode, publicOrigin, validUntil } from './certificates.service.ts';

/** The sessions of these tests take place today (TEST_NOW in Japan): a certificate is never dated before its session. */
const TODAY = '2026-11-22';

const m = ja.learning.api;
const url = (id: number, path: string) => `/api/v1/trainings/${id}/enrollments/${path}`;

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

describe('certificate numbers and codes', () => {
  it('pads the sequence after the prefix', () => {
    expect(certificateNumber('B', 12)).toBe('B-000012');
    expect(certificateNumber('BI', 1234567)).toBe('BI-1234567');
  });
  it('ends the validity the day before the anniversary', () => {
    expect(validUntil('2026-11-22', 5)).toBe('2031-11-21');
    expect(validUntil('2028-03-01', 3)).toBe('2031-02-28');
  });
  it('prints PUBLIC_URL when set, else the origin the request came to', () => {
    const request = { protocol: 'https', host: 'portal.example.jp:8443' };
    expect(publicOrigin(loadConfig({ PORT: '3100' }), request)).toBe('https://portal.example.jp:8443');
    expect(publicOrigin(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://mels.example.jp/' }), request)).toBe(
      'https://mels.example.jp',
    );
    expect(publicOrigin(loadConfig({ PORT: '3100' }))).toBe('http://localhost:3100');
  });
  it('makes url-safe codes of 144 random bits', () => {
    const codes = new Set(Array.from({ length: 200 }, newVerificationCode));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe.each(drivers())('certificates on %s', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const preview = (id: number, user: Member | undefined) =>
    call(ctx.app, 'POST', url(id, 'certificates/preview'), user?.token, {});
  const download = (id: number, user: Member, body: Record<string, unknown> = {}) =>
    call(ctx.app, 'POST', url(id, 'certificates/download'), user.token, body);
  const verify = (code: string) => call(ctx.app, 'GET', `/api/v1/certificates/verify/${code}`);

  it('is refused before completion, and for someone with no enrolment (404)', async () => {
    const session = await makeLearningSession(ctx, { eventDate: TODAY });
    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 11);
    const early = expectError(await preview(session.id, user), 409, 'NG_CERTIFICATE_NOT_CREATED');
    expect(early.meta.message).toBe(m.certificateNotReady);
    expectError(await download(session.id, user), 409, 'NG_CERTIFICATE_NOT_CREATED');
    expectError(await preview(session.id, undefined), 401, 'UNAUTHORIZED');
    const stranger = await makeUser(ctx);
    expectError(await preview(session.id, stranger), 404, 'NOT_FOUND');
  });

  it('issues once on first use, shows it in a signed frame link and downloads the PDF', async () => {
    const session = await makeLearningSession(ctx, { eventDate: TODAY });
    const user = await makeUser(ctx);
    const enrollmentId = await enrolAt(ctx, session.id, user.id, 12);
    const first = expectBody(await preview(session.id, user), 200, certificatePreviewResponseSchema).data;
    expect(first.name).toMatch(/^T-\d{6}$/);
    expect(first.start_date).toBe('2026-11-22');
    expect(first.end_date).toBeNull(); // the test course has no certification period
    expect(first.verify_url).toMatch(/\/verify\/[A-Za-z0-9_-]{24}$/);
    const second = expectBody(await preview(session.id, user), 200, certificatePreviewResponseSchema).data;
    expect(second.id).toBe(first.id);
    const rows = await ctx.deps.db
      .select()
      .from(certificates)
      .where(eq(certificates.enrollmentId, enrollmentId));
    expect(rows).toHaveLength(1);

    // The frame link: no login, signed, short-lived.
    const link = first.link.replace(/#.*$/, '');
    expect(first.link).toContain('#toolbar=0');
    const shown = await ctx.app.inject({ method: 'GET', url: link });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="certificate_T-\d{6}\.pdf"$/);
    expect(shown.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: link.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAA'),
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: link.replace(`/certificates/${first.id}/`, `/certificates/${first.id + 1}/`),
      }),
      404,
      'NOT_FOUND',
    );
    ctx.clock.advance(16 * 60 * 1000);
    expectError(await ctx.app.inject({ method: 'GET', url: link }), 410, 'LINK_EXPIRED');

    const file = await download(session.id, user, { id: first.id });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="certificate_${first.name}.pdf"`);
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(200 * 1024);
    const text = pdfText(pdf);
    expect(text).toContain('試験 花子');
    expect(text).toContain('HANAKO SHIKEN');
    expect(text).toContain('試験コース');
    expect(text).toContain(first.name);
    expect(text).toContain('修 了 証');
    // The number has the name the pages give it.
    expect(text).toMatch(/修了証番号\s+\S+/);
    expect(text).toContain(first.verify_url);
  });

  it('never gives another user’s certificate (404)', async () => {
    const session = await makeLearningSession(ctx, { eventDate: TODAY });
    const [owner, other] = [await makeUser(ctx), await makeUser(ctx)];
    await enrolAt(ctx, session.id, owner.id, 12);
    await enrolAt(ctx, session.id, other.id, 12);
    const mine = expectBody(await preview(session.id, owner), 200, certificatePreviewResponseSchema).data;
    const theirs = expectError(await download(session.id, other, { id: mine.id }), 404, 'NOT_FOUND');
    expect(theirs.meta.message).toBe(m.certificateNotFound);
    const own = expectBody(await preview(session.id, other), 200, certificatePreviewResponseSchema).data;
    expect(own.id).not.toBe(mine.id);
    expect(own.name).not.toBe(mine.name);
  });

  it('a course without a certificate prefix answers 400 (cannot issue now)', async () => {
    const session = await makeLearningSession(ctx, { eventDate: TODAY });
    await ctx.deps.db
      .update(courses)
      .set({ certificatePrefix: null })
      .where(eq(courses.id, session.courseId));
    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 12);
    const refused = expectError(await download(session.id, user), 400, 'NG_CERTIFICATE_NOT_CREATED');
    expect(refused.meta.message).toBe(m.certificateCannotIssue);
  });

  it('numbers from the prefix counter without gaps or repeats under concurrency', async () => {
    const session = await makeLearningSession(ctx, { certificatePrefix: 'C', eventDate: TODAY });
    const users = await Promise.all(Array.from({ length: 6 }, () => makeUser(ctx)));
    for (const u of users) await enrolAt(ctx, session.id, u.id, 12);
    const results = await Promise.all(users.map((u) => preview(session.id, u)));
    const names = results.map((r) => expectBody(r, 200, certificatePreviewResponseSchema).data.name).sort();
    expect(names).toEqual(['C-000001', 'C-000002', 'C-000003', 'C-000004', 'C-000005', 'C-000006']);
    const [counter] = await ctx.deps.db
      .select()
      .from(certificateCounters)
      .where(eq(certificateCounters.prefix, 'C'));
    expect(counter?.lastNumber).toBe(6);
  });

  it('documents every learning, survey and certificate call in the OpenAPI document', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/openapi.json')).json() as { paths: Record<string, object> };
    const e = '/api/v1/trainings/{id}/enrollments';
    for (const path of [
      `${e}/pre-videos`,
      `${e}/pre-videos/progress`,
      `${e}/pre-videos/view`,
      `${e}/pre-tests`,
      `${e}/post-tests`,
      `${e}/pre-test/answer`,
      `${e}/post-test/answer`,
      `${e}/surveys/list`,
      `${e}/surveys`,
      `${e}/certificates/preview`,
      `${e}/certificates/download`,
      '/api/v1/certificates/{id}/view',
      '/api/v1/certificates/verify/{code}',
      '/api/v1/office/certificates/{id}/revoke',
      '/api/v1/office/trainings/{id}/surveys',
      '/api/v1/office/trainings/{id}/surveys.csv',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });

  it('verifies publicly: valid, expired, revoked, unknown; revoking is office-only', async () => {
    const session = await makeLearningSession(ctx, { eventDate: TODAY });
    await ctx.deps.db.update(courses).set({ certificationPeriod: 5 }).where(eq(courses.id, session.courseId));
    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 12);
    const cert = expectBody(await preview(session.id, user), 200, certificatePreviewResponseSchema).data;
    expect(cert.end_date).toBe('2031-11-21');
    const code = cert.verify_url.split('/').at(-1) ?? '';

    const valid = expectBody(await verify(code), 200, certificateVerifyResponseSchema).data;
    expect(valid).toEqual({
      status: 'valid',
      holder_name: expect.stringMatching(/^試験 花子\d+$/),
      holder_name_alpha: 'HANAKO SHIKEN',
      course_name: expect.stringMatching(/^試験コース/),
      certificate_number: cert.name,
      issued_on: '2026-11-22',
      valid_until: '2031-11-21',
      revoked_at: null,
    });
    // Nothing else personal.
    const body = (await verify(code)).body;
    expect(body).not.toContain(user.email);
    expect(body).not.toContain('1990');

    ctx.clock.set('2031-11-21T14:00:00Z'); // 23:00 in Tokyo, the last day
    expect(expectBody(await verify(code), 200, certificateVerifyResponseSchema).data.status).toBe('valid');
    ctx.clock.set('2031-11-21T15:00:00Z'); // midnight in Tokyo
    expect(expectBody(await verify(code), 200, certificateVerifyResponseSchema).data.status).toBe('expired');
    ctx.clock.set(TEST_NOW);

    const revokeUrl = `/api/v1/office/certificates/${cert.id}/revoke`;
    expectError(await call(ctx.app, 'POST', revokeUrl, user.token, { reason: '誤発行' }), 403, 'FORBIDDEN');
    const revoked = expectBody(
      await call(ctx.app, 'POST', revokeUrl, office.token, { reason: '受講記録の誤り' }),
      200,
      certificateRevokeResponseSchema,
    ).data;
    expect(revoked.id).toBe(cert.id);
    // The reason is required (issue 17: revoked by hand with a reason), blank or missing alike.
    expectError(await call(ctx.app, 'POST', revokeUrl, office.token, {}), 400, 'VALIDATION_ERROR');
    expectError(
      await call(ctx.app, 'POST', revokeUrl, office.token, { reason: '  ' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(ctx.app, 'POST', revokeUrl, office.token, { reason: '二度目' }),
      409,
      'ALREADY_REVOKED',
    );
    const after = expectBody(await verify(code), 200, certificateVerifyResponseSchema).data;
    expect(after.status).toBe('revoked');
    expect(after.revoked_at).toBe(revoked.revoked_at);
    // A revoked certificate is not printed again.
    expect(expectError(await download(session.id, user), 400, 'CERTIFICATE_REVOKED').meta.message).toBe(
      m.certificateCannotIssue,
    );
    expectError(
      await call(ctx.app, 'POST', '/api/v1/office/certificates/99999999/revoke', office.token, {
        reason: '誤発行',
      }),
      404,
      'NOT_FOUND',
    );

    const unknown = expectError(await verify(newVerificationCode()), 404, 'NOT_FOUND');
    expect(unknown.meta.message).toBe(m.verifyNotFound);
    expectError(await verify('short'), 404, 'NOT_FOUND');
  });
});
