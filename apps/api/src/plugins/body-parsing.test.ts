import { ja } from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/context.ts';
import { expectError, expectValidationError } from '../../test/http.ts';
import { multipart } from '../../test/openapi-walker.ts';
import { authTokens, contacts, users } from '../db/schema.ts';
import { generateToken, hashToken } from '../lib/tokens.ts';
import { controlCharacterFields } from './body-parsing.ts';

const contact = {
  client_name: '山田 花子',
  location_work: 'みなと周産期医療センター',
  client_email: 'hanako.yamada@example.jp',
  subject: 'seminarApplication',
  content: '講習会について質問です。',
};
const control = ja.validation.controlCharactersAny;

describe('controlCharacterFields', () => {
  it('names the top-level field of a string with a control character, however deep', () => {
    const body = { a: 'ok', b: { c: ['x', 'y\u0000'] }, d: 'tab\there', e: 'esc\u001b' };
    expect(controlCharacterFields(body, { multiline: true, whole: 'body' }).sort()).toEqual(['b', 'e']);
    expect(controlCharacterFields(body, { multiline: false, whole: 'body' }).sort()).toEqual(['b', 'd', 'e']);
  });

  it('names the whole part for a bare string, an array or a key with a control character', () => {
    expect(controlCharacterFields('\u0000', { multiline: true, whole: 'body' })).toEqual(['body']);
    expect(controlCharacterFields(['\u0000'], { multiline: true, whole: 'body' })).toEqual(['body']);
    expect(controlCharacterFields({ 'a\u0000': 1 }, { multiline: true, whole: 'body' })).toEqual(['body']);
    expect(controlCharacterFields({ a: 1, b: null, c: true }, { multiline: true, whole: 'body' })).toEqual(
      [],
    );
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(controlCharacterFields({ x: deep }, { multiline: true, whole: 'body' })).toEqual(['x']);
  });
});

// Each case answered 500 before body parsing and the control-character guard were one place (issue 12).
describe.each(drivers())('malformed bodies and control characters (%s)', (driver) => {
  let ctx: TestContext;
  let member: string;
  let office: string;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const tokenOf = async (email: string) => {
      const [user] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const token = generateToken();
      await ctx.deps.db.insert(authTokens).values({
        userId: user!.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(ctx.clock.now().getTime() + 3600_000),
      });
      return token;
    };
    member = await tokenOf('attendee@mels.example.jp');
    office = await tokenOf('office@mels.example.jp');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: string | Buffer, contentType: string, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Token ${token}` } : {}) },
    });

  it('a NUL in a text field is a 400 naming the field, and nothing is stored', async () => {
    const before = await ctx.deps.db.select({ id: contacts.id }).from(contacts);
    const response = await post(
      '/api/v1/contacts/send',
      JSON.stringify({ ...contact, client_name: '山田\u0000花子' }),
      'application/json',
    );
    expect(expectValidationError(response, ['client_name']).client_name).toEqual([control]);
    expect(await ctx.deps.db.select({ id: contacts.id }).from(contacts)).toHaveLength(before.length);
  });

  it('multi-line text keeps its line breaks and tabs', async () => {
    const response = await post(
      '/api/v1/contacts/send',
      JSON.stringify({ ...contact, content: '1行目\r\n2行目\tタブ' }),
      'application/json',
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('a NUL in a path parameter or a query value is a 400 naming it', async () => {
    const path = await post('/api/v1/payments/sandbox/intents/a%00b/authenticate', '{}', 'application/json');
    expect(expectValidationError(path, ['id']).id).toEqual([control]);
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/office/trainings?keyword=%E5%8F%97%00',
      headers: { authorization: `Token ${office}` },
    });
    expect(expectValidationError(query, ['keyword']).keyword).toEqual([control]);
  });

  it('a JSON body of null is a 400 on the body', async () => {
    const response = await post('/api/v1/users', 'null', 'application/json');
    expect(expectValidationError(response, ['body']).body).toEqual([ja.errors.malformedBody]);
  });

  it('a multipart form to a JSON route is a 415', async () => {
    const { boundary, payload } = multipart({ email: 'a@example.jp' });
    const response = await post('/api/v1/users', payload, `multipart/form-data; boundary=${boundary}`);
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const noBoundary = await post('/api/v1/contacts/send', 'x', 'multipart/form-data');
    expectError(noBoundary, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a multipart form without a boundary, or cut short, is a 400 on a multipart route', async () => {
    const missing = await post('/api/v1/users/update', 'x', 'multipart/form-data', member);
    expect(expectValidationError(missing, ['body']).body).toEqual([ja.errors.malformedBody]);
    const cut = await post(
      '/api/v1/users/update',
      '--zz\r\nContent-Dispo',
      'multipart/form-data; boundary=zz',
      member,
    );
    expect(expectValidationError(cut, ['body']).body).toEqual([ja.errors.malformedBody]);
  });

  it('a NUL in a multipart profile field is a 400 naming the field', async () => {
    const { boundary, payload } = multipart({ last_name: '山\u0000田' });
    const response = await post(
      '/api/v1/users/update',
      payload,
      `multipart/form-data; boundary=${boundary}`,
      member,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(expectValidationError(response, ['last_name']).last_name?.[0]).toMatch(/制御文字/);
  });

  it('a URL Fastify cannot decode, or a too long parameter, answers the envelope', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/v1/courses/%ZZ' }), 400, 'BAD_REQUEST');
    const long = await ctx.app.inject({ method: 'GET', url: `/api/v1/courses/${'9'.repeat(5000)}` });
    expect(long.statusCode).toBe(414);
    expectError(long, 414, 'BAD_REQUEST');
  });

  it('other content types stay a 415', async () => {
    expectError(await post('/api/v1/contacts/send', 'hello', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
