import { ja, userResponseSchema, formsJa } from '@mels/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { users } from '../../db/schema.ts';
import { AVATAR_MAX_BYTES, sniffImageType } from '../../lib/avatar.ts';
import {
  authHeader,
  createUsersContext,
  multipartBody,
  registerMember,
  type FilePart,
} from './users.fixtures.ts';

/** A photo as a phone takes it: JPEG, EXIF orientation 6 (turned), a camera make and a GPS position. */
async function phonePhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#cc3333' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'GPS Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 40/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 45/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

async function smallPng(): Promise<Buffer> {
  return sharp({
    create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 80, b: 255, alpha: 0.5 } },
  })
    .png()
    .withExifMerge({ IFD0: { Artist: 'Hanako' } })
    .toBuffer();
}

const avatarPart = (data: Buffer, filename = 'avatar.png', contentType = 'image/png'): FilePart => ({
  name: 'avatar',
  filename,
  contentType,
  data,
});

describe.each(drivers())('users avatar (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createUsersContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const upload = (token: string, fields: Record<string, string | string[]>, files: FilePart[] = []) => {
    const { payload, headers } = multipartBody(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/update',
      payload,
      headers: { ...headers, ...authHeader(token) },
    });
  };

  const storedAvatar = async (userId: number) =>
    (await ctx.deps.db.select({ path: users.avatarPath }).from(users).where(eq(users.id, userId)))[0]?.path ??
    null;

  it('takes profile fields and a PNG as multipart/form-data and serves the picture as JPEG', async () => {
    const member = await registerMember(ctx.app);
    const response = await upload(
      member.token,
      { district: '港区芝公園', phone: '03-1111-2222', simulation_qualification: ['ICLS', 'JATEC'] },
      [avatarPart(await smallPng())],
    );
    const { data } = expectBody(response, 200, userResponseSchema);
    expect(data).toMatchObject({
      district: '港区芝公園',
      phone: '03-1111-2222',
      simulation_qualification: 'ICLS,JATEC',
    });
    expect(data.avatar).toMatch(/^\/api\/v1\/avatars\/[A-Za-z0-9_-]{43}\.jpg$/);

    const picture = await get(ctx.app, data.avatar ?? '');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(sniffImageType(picture.rawPayload)).toBe('jpeg');
  });

  it('strips EXIF and GPS, turns the photo upright first, and caps it at 600×800', async () => {
    const member = await registerMember(ctx.app);
    const photo = await phonePhotoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif, 'the test photo carries EXIF').toBeDefined();
    expect(before.exif?.includes(Buffer.from([0x25, 0x88])), 'the test photo carries a GPS IFD').toBe(true);
    expect(before.orientation).toBe(6);

    const response = await upload(member.token, {}, [avatarPart(photo, 'IMG_0001.JPG', 'image/jpeg')]);
    const { data } = expectBody(response, 200, userResponseSchema);
    const served = (await get(ctx.app, data.avatar ?? '')).rawPayload;
    const after = await sharp(served).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.includes(Buffer.from('TestCam'))).toBe(false);
    // 1200×900 turned by orientation 6 is 900×1200, then fitted into 600×800.
    expect([after.width, after.height]).toEqual([600, 800]);
  });

  it('accepts a GIF', async () => {
    const member = await registerMember(ctx.app);
    const gif = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#00aa00' } })
      .gif()
      .toBuffer();
    const response = await upload(member.token, {}, [avatarPart(gif, 'a.gif', 'image/gif')]);
    expect(expectBody(response, 200, userResponseSchema).data.avatar).not.toBeNull();
  });

  it('replaces the picture under a new name and deletes the old file', async () => {
    const member = await registerMember(ctx.app);
    const first = expectBody(
      await upload(member.token, {}, [avatarPart(await smallPng())]),
      200,
      userResponseSchema,
    ).data;
    const firstKey = await storedAvatar(member.user.id);
    expect(firstKey).toMatch(/^avatars\//);
    const second = expectBody(
      await upload(member.token, {}, [avatarPart(await smallPng())]),
      200,
      userResponseSchema,
    ).data;
    expect(second.avatar).not.toBe(first.avatar);
    expect(await ctx.deps.storage.exists(firstKey ?? '')).toBe(false);
    expectNotFound(await get(ctx.app, first.avatar ?? ''));
    expect((await get(ctx.app, second.avatar ?? '')).statusCode).toBe(200);
    // The header reads it from the profile.
    const me = expectBody(
      await get(ctx.app, '/api/v1/users/me', { headers: authHeader(member.token) }),
      200,
      userResponseSchema,
    );
    expect(me.data.avatar).toBe(second.avatar);
  });

  it('refuses a PDF renamed .png: the bytes decide, not the name or the type sent', async () => {
    const member = await registerMember(ctx.app);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
    const response = await upload(member.token, { district: '港区' }, [
      avatarPart(pdf, 'photo.png', 'image/png'),
    ]);
    const body = expectError(response, 400, 'VALIDATION_ERROR');
    expect(body.meta.message).toBe(formsJa.users.avatarType);
    expect(body.errors).toEqual({ avatar: [formsJa.users.avatarType] });
    expect(await storedAvatar(member.user.id)).toBeNull();
    // Nothing half-written: the district did not change either.
    const me = expectBody(
      await get(ctx.app, '/api/v1/users/me', { headers: authHeader(member.token) }),
      200,
      userResponseSchema,
    );
    expect(me.data.district).toBe(member.user.district);
  });

  it('refuses a PNG header on garbage, and a WebP', async () => {
    const member = await registerMember(ctx.app);
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    expectError(await upload(member.token, {}, [avatarPart(fake)]), 400, 'VALIDATION_ERROR');
    const webp = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expectError(
      await upload(member.token, {}, [avatarPart(webp, 'a.jpg', 'image/jpeg')]),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses a file over 5 MB (5 × 1,048,576 bytes) with the spec’s message', async () => {
    const member = await registerMember(ctx.app);
    const png = await smallPng();
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    expect(big.length).toBe(5 * 1048576 + 1);
    const response = await upload(member.token, { district: '港区' }, [avatarPart(big)]);
    const body = expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(body.meta.message).toBe('ファイルサイズは5MB以下にしてください。');
    expect(body.errors).toEqual({ avatar: ['ファイルサイズは5MB以下にしてください。'] });
    expect(await storedAvatar(member.user.id)).toBeNull();
  });

  it('accepts a picture of exactly 5 MB', async () => {
    const member = await registerMember(ctx.app);
    const png = await smallPng();
    // Bytes after a PNG's IEND chunk are ignored by decoders.
    const exact = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const response = await upload(member.token, {}, [avatarPart(exact)]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('validates the multipart fields with the same rules', async () => {
    const member = await registerMember(ctx.app);
    const errors = expectValidationError(
      await upload(member.token, { last_name_alpha: 'yamada', postal_code: '12345678' }, [
        avatarPart(await smallPng()),
      ]),
      ['last_name_alpha', 'postal_code'],
    );
    expect(errors.last_name_alpha).toEqual([ja.validation.capitalLetters]);
    expect(await storedAvatar(member.user.id)).toBeNull();
  });

  it('treats an empty file input as no picture', async () => {
    const member = await registerMember(ctx.app);
    const response = await upload(member.token, { district: '港区' }, [
      avatarPart(Buffer.alloc(0), '', 'application/octet-stream'),
    ]);
    const { data } = expectBody(response, 200, userResponseSchema);
    expect(data).toMatchObject({ district: '港区', avatar: null });
  });

  it('needs a token', async () => {
    const { payload, headers } = multipartBody({ district: '港区' });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/update', payload, headers });
    expectError(response, 401, 'UNAUTHORIZED');
  });

  it.each(['nope.jpg', `${'a'.repeat(43)}.png`, `${'a'.repeat(43)}.jpg`, '..%2F..%2Fetc%2Fpasswd', '%2e%2e'])(
    'answers 404 for /avatars/%s',
    async (file) => {
      expectNotFound(await get(ctx.app, `/api/v1/avatars/${file}`));
    },
  );
});
