import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { auditEvents, lessonViews } from '../../db/schema.ts';
import { postgresStorage } from '../../lib/storage-postgres.ts';
import { makeCourse, makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';

/**
 * Issue 16, decision 035: the office manages a course's lessons (pre-videos and renewal videos: upload
 * streamed to storage, type by magic bytes, duration from the file, or an https link; thumbnails;
 * order; a watched lesson hidden, not deleted) and its documents (PDF/Office, 20 MB). Every write is
 * audited; uploaded videos are served with Range requests.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const WEBM = readFileSync(path.resolve(here, '../../../../web/public/media/lessons/lesson-1.webm'));

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
/** A minimal MP4: ftyp, a media box, and the moov (with mvhd: 12.3 s) at the end, as cameras write it. */
function mp4(seconds = 12.3): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const mdat = box('mdat', randomBytes(300_000));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(0, 0); // version 0, flags
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16); // duration
  const moov = box('moov', box('mvhd', mvhd));
  return Buffer.concat([ftyp, mdat, moov]);
}
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), randomBytes(2000)]);
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]);

type Part = { name: string; filename: string; contentType: string; data: Buffer };
function multipart(fields: Record<string, string>, files: Part[] = []) {
  const boundary = `----mels${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const f of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const video = (data: Buffer, filename = 'lesson.webm', contentType = 'video/webm'): Part => ({
  name: 'video',
  filename,
  contentType,
  data,
});

type Lesson = {
  id: number;
  title: string;
  duration: number;
  order: number;
  link: string;
  source: string;
  video_type: string | null;
  thumbnail: string | null;
  views: number;
  archived: boolean;
};

describe.each(drivers())('office course content (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let member: Member;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    member = await makeUser(ctx);
    courseId = (await makeCourse(ctx)).id;
    otherCourseId = (await makeCourse(ctx)).id;
  });
  afterAll(async () => ctx?.close());

  const auth = (token?: string) => (token ? { authorization: `Token ${token}` } : {});
  const json = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: auth(token),
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const upload = (
    method: 'POST' | 'PATCH',
    url: string,
    form: ReturnType<typeof multipart>,
    token: string | null = office.token,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...auth(token ?? undefined), ...form.headers },
      payload: form.payload,
    });
  const addLesson = async (fields: Record<string, string>, files: Part[] = [], course = courseId) => {
    const res = await upload('POST', `/office/courses/${course}/lessons`, multipart(fields, files));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Lesson }).data;
  };
  const lessons = async (kind = 'pre') => {
    const res = await json('GET', `/office/courses/${courseId}/lessons?kind=${kind}`, office.token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { lessons: Lesson[]; video_max_bytes: number } }).data;
  };
  const auditOf = (action: string) =>
    ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(asc(auditEvents.id));

  it('refuses a visitor (401) and a member (403) on every office call', async () => {
    const form = () => multipart({ title: 'x', link: 'https://example.jp/v.mp4', duration: '10' });
    const calls = [
      () => json('GET', `/office/courses/${courseId}/lessons`),
      () => json('DELETE', `/office/courses/${courseId}/lessons/1`),
      () => json('POST', `/office/courses/${courseId}/lessons/order`, undefined, { ids: [1] }),
      () => json('GET', `/office/courses/${courseId}/documents`),
      () => json('PATCH', `/office/courses/${courseId}/documents/1`, undefined, { name: 'a' }),
      () => json('DELETE', `/office/courses/${courseId}/documents/1`),
      () => json('POST', `/office/courses/${courseId}/documents/order`, undefined, { ids: [1] }),
    ];
    for (const call of calls) expectError(await call(), 401, 'UNAUTHORIZED');
    expectError(
      await upload('POST', `/office/courses/${courseId}/lessons`, form(), null),
      401,
      'UNAUTHORIZED',
    );
    const asMember = [
      () => json('GET', `/office/courses/${courseId}/lessons`, member.token),
      () => json('DELETE', `/office/courses/${courseId}/lessons/1`, member.token),
      () => json('POST', `/office/courses/${courseId}/lessons/order`, member.token, { ids: [1] }),
      () => json('GET', `/office/courses/${courseId}/documents`, member.token),
      () => json('DELETE', `/office/courses/${courseId}/documents/1`, member.token),
      () => upload('POST', `/office/courses/${courseId}/lessons`, form(), member.token),
      () =>
        upload(
          'POST',
          `/office/courses/${courseId}/documents`,
          multipart({}, [{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: PDF }]),
          member.token,
        ),
    ];
    for (const call of asMember) expectError(await call(), 403, 'FORBIDDEN');
    expect((await lessons()).lessons).toEqual([]);
  });

  it('uploads a WebM and an MP4 (durations read from the files), a link lesson and a thumbnail; audited', async () => {
    const thumb = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const webm = await addLesson({ title: '初期対応', tutor: '山本 恵子' }, [
      video(WEBM),
      { name: 'thumbnail', filename: 't.png', contentType: 'image/png', data: thumb },
    ]);
    expect(webm).toMatchObject({
      title: '初期対応',
      duration: 8,
      source: 'upload',
      video_type: 'video/webm',
      order: 1,
    });
    expect(webm.link).toBe(`/api/v1/lessons/${webm.id}/video`);
    expect(webm.thumbnail).toBe(`/api/v1/lessons/${webm.id}/thumbnail`);
    // The declared type and the name say nothing: an MP4 sent as 'video/webm' is an MP4.
    const mp4Lesson = await addLesson({ title: '出血への対応' }, [video(mp4(), 'x.webm', 'video/webm')]);
    expect(mp4Lesson).toMatchObject({ duration: 13, video_type: 'video/mp4', order: 2 });
    const linked = await addLesson({
      title: '外部の動画',
      link: 'https://videos.example.jp/a.mp4',
      duration: '95',
    });
    expect(linked).toMatchObject({
      source: 'link',
      link: 'https://videos.example.jp/a.mp4',
      duration: 95,
      order: 3,
    });

    const thumbRes = await ctx.app.inject({ method: 'GET', url: webm.thumbnail! });
    expect(thumbRes.statusCode).toBe(200);
    expect(thumbRes.headers['content-type']).toBe('image/jpeg');
    expect(thumbRes.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const created = await auditOf('lesson.create');
    expect(created.at(-1)).toMatchObject({ actorUserId: office.id, entity: 'lesson', entityId: linked.id });
    expect(created.at(-1)?.data).toMatchObject({
      course_id: courseId,
      after: { title: '外部の動画', duration: 95 },
    });

    // The member's pre-video list reads the same rows (the link plays as it is).
    expect((await lessons()).lessons.map((l) => l.title)).toEqual(['初期対応', '出血への対応', '外部の動画']);
  });

  for (const storageDriver of ['local', 'postgres'] as const) {
    it(`serves an uploaded video with ranges: 200, 206, 416 (${storageDriver} storage)`, async () => {
      const saved = ctx.app.deps.storage;
      if (storageDriver === 'postgres') ctx.app.deps.storage = postgresStorage(ctx.deps.db);
      try {
        const data = mp4(4);
        const l = await addLesson({ title: `範囲 ${storageDriver}` }, [video(data, 'a.mp4', 'video/mp4')]);
        const whole = await ctx.app.inject({ method: 'GET', url: l.link });
        expect(whole.statusCode).toBe(200);
        expect(whole.headers['accept-ranges']).toBe('bytes');
        expect(whole.headers['content-type']).toBe('video/mp4');
        expect(whole.rawPayload.equals(data)).toBe(true);
        const part = await ctx.app.inject({
          method: 'GET',
          url: l.link,
          headers: { range: 'bytes=100-299' },
        });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 100-299/${data.length}`);
        expect(part.rawPayload.equals(data.subarray(100, 300))).toBe(true);
        const past = await ctx.app.inject({
          method: 'GET',
          url: l.link,
          headers: { range: `bytes=${data.length}-` },
        });
        expect(past.statusCode).toBe(416);
        expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
        const del = await json('DELETE', `/office/courses/${courseId}/lessons/${l.id}`, office.token);
        expect(del.json()).toEqual({ data: { id: l.id, result: 'deleted' } });
        expectNotFound(await ctx.app.inject({ method: 'GET', url: l.link }));
      } finally {
        ctx.app.deps.storage = saved;
      }
    });
  }

  it('refuses a wrong type (magic bytes), a too large file, both or neither of file and link, and bad fields', async () => {
    const url = `/office/courses/${courseId}/lessons`;
    const before = (await lessons()).lessons.length;
    // A text file named .mp4 with a video type.
    const fake = await upload(
      'POST',
      url,
      multipart({ title: '偽物' }, [video(Buffer.from('not a video at all, really'), 'a.mp4', 'video/mp4')]),
    );
    expect(expectError(fake, 415, 'UNSUPPORTED_MEDIA_TYPE').errors).toHaveProperty('video');
    // A PNG as the video.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expectError(
      await upload('POST', url, multipart({ title: '画像' }, [video(png)])),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    // A thumbnail that is no image.
    const badThumb = await upload(
      'POST',
      url,
      multipart({ title: 'サムネイル' }, [
        video(WEBM),
        { name: 'thumbnail', filename: 't.jpg', contentType: 'image/jpeg', data: PDF },
      ]),
    );
    expect(expectError(badThumb, 415, 'UNSUPPORTED_MEDIA_TYPE').errors).toHaveProperty('thumbnail');
    // Larger than the configured limit (lowered for the test): 413, nothing kept.
    const config = ctx.app.deps.config;
    const limit = config.lessonVideoMaxBytes;
    config.lessonVideoMaxBytes = 100_000;
    try {
      const big = await upload(
        'POST',
        url,
        multipart({ title: '大きい' }, [video(mp4(), 'big.mp4', 'video/mp4')]),
      );
      expect(expectError(big, 413, 'PAYLOAD_TOO_LARGE').errors.video?.[0]).toMatch(/MB/);
    } finally {
      config.lessonVideoMaxBytes = limit;
    }
    expectValidationError(await upload('POST', url, multipart({ title: 'なし' })), ['video']);
    expectValidationError(
      await upload(
        'POST',
        url,
        multipart({ title: '両方', link: 'https://e.jp/v.mp4', duration: '3' }, [video(WEBM)]),
      ),
      ['link', 'video'],
    );
    expectValidationError(
      await upload('POST', url, multipart({ title: 'http', link: 'http://e.jp/v.mp4', duration: '3' })),
      ['link'],
    );
    // A link has no file to read the duration from.
    expectValidationError(
      await upload('POST', url, multipart({ title: '長さ', link: 'https://e.jp/v.mp4' })),
      ['duration'],
    );
    expectValidationError(
      await upload('POST', url, multipart({ title: '', link: 'https://e.jp/v.mp4', duration: '3' })),
      ['title'],
    );
    expectValidationError(
      await upload(
        'POST',
        url,
        multipart({ title: 'k', kind: 'other', link: 'https://e.jp/v.mp4', duration: '3' }),
      ),
      ['kind'],
    );
    expect((await lessons()).lessons.length).toBe(before);
    // Not a course: 404.
    expectNotFound(
      await upload(
        'POST',
        '/office/courses/999999/lessons',
        multipart({ title: 'x', link: 'https://e.jp/v.mp4', duration: '3' }),
      ),
    );
  });

  it('updates fields and replaces the video; another course’s lesson id is 404', async () => {
    const l = await addLesson({ title: '差し替え前', link: 'https://e.jp/old.mp4', duration: '30' });
    const res = await upload(
      'PATCH',
      `/office/courses/${courseId}/lessons/${l.id}`,
      multipart({ title: '差し替え後', tutor: '佐々木 隆' }, [video(WEBM)]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Lesson }).data).toMatchObject({
      title: '差し替え後',
      source: 'upload',
      duration: 8,
      link: `/api/v1/lessons/${l.id}/video`,
    });
    const [entry] = (await auditOf('lesson.update')).slice(-1);
    expect(entry?.data).toMatchObject({
      before: { title: '差し替え前', duration: 30, source: 'link' },
      after: { title: '差し替え後', duration: 8, source: 'upload' },
    });
    for (const call of [
      () => upload('PATCH', `/office/courses/${otherCourseId}/lessons/${l.id}`, multipart({ title: 'x' })),
      () => json('DELETE', `/office/courses/${otherCourseId}/lessons/${l.id}`, office.token),
    ])
      expectNotFound(await call());
    expect((await lessons()).lessons.find((x) => x.id === l.id)?.title).toBe('差し替え後');
  });

  it('reorders (every shown lesson once) and keeps renewal videos apart; audited', async () => {
    const shown = (await lessons()).lessons.filter((l) => !l.archived);
    const reversed = shown.map((l) => l.id).reverse();
    const res = await json('POST', `/office/courses/${courseId}/lessons/order`, office.token, {
      ids: reversed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lessons()).lessons.map((l) => l.id)).toEqual(reversed);
    expect((await auditOf('lesson.reorder')).at(-1)?.data).toMatchObject({ after: { order: reversed } });
    expectValidationError(
      await json('POST', `/office/courses/${courseId}/lessons/order`, office.token, {
        ids: reversed.slice(1),
      }),
      ['ids'],
    );
    expectValidationError(
      await json('POST', `/office/courses/${courseId}/lessons/order`, office.token, {
        ids: [...reversed.slice(1), 999999],
      }),
      ['ids'],
    );
    const renewal = await addLesson({
      kind: 'renewal',
      title: '更新講習 第1回',
      link: 'https://e.jp/r.mp4',
      duration: '60',
    });
    expect(renewal.order).toBe(1);
    expect((await lessons('renewal')).lessons.map((l) => l.id)).toEqual([renewal.id]);
    expect((await lessons()).lessons.map((l) => l.id)).toEqual(reversed);
  });

  it('hides a lesson members have watched (views kept) and deletes one nobody watched', async () => {
    const watched = await addLesson({ title: '視聴済み', link: 'https://e.jp/w.mp4', duration: '10' });
    await ctx.deps.db
      .insert(lessonViews)
      .values({ userId: member.id, lessonId: watched.id, watchedSeconds: 5 });
    const res = await json('DELETE', `/office/courses/${courseId}/lessons/${watched.id}`, office.token);
    expect(res.json()).toEqual({ data: { id: watched.id, result: 'archived' } });
    const listed = (await lessons()).lessons.find((l) => l.id === watched.id);
    expect(listed).toMatchObject({ archived: true, views: 1 });
    const views = await ctx.deps.db.select().from(lessonViews).where(eq(lessonViews.lessonId, watched.id));
    expect(views).toHaveLength(1);
    expect((await auditOf('lesson.archive')).at(-1)).toMatchObject({ entityId: watched.id });
    // Hidden lessons stay out of the order.
    const shown = (await lessons()).lessons.filter((l) => !l.archived).map((l) => l.id);
    expect(
      (await json('POST', `/office/courses/${courseId}/lessons/order`, office.token, { ids: shown }))
        .statusCode,
    ).toBe(200);

    const unwatched = await addLesson({ title: '未視聴', link: 'https://e.jp/u.mp4', duration: '10' });
    const gone = await json('DELETE', `/office/courses/${courseId}/lessons/${unwatched.id}`, office.token);
    expect(gone.json()).toEqual({ data: { id: unwatched.id, result: 'deleted' } });
    expect((await lessons()).lessons.some((l) => l.id === unwatched.id)).toBe(false);
    expect((await auditOf('lesson.delete')).at(-1)?.data).toMatchObject({ before: { title: '未視聴' } });
  });

  it('uploads, lists, renames, reorders and deletes documents; the public course page follows', async () => {
    const url = `/office/courses/${courseId}/documents`;
    const pdf = await upload(
      'POST',
      url,
      multipart({ name: '受講の手引き' }, [
        { name: 'file', filename: 'guide.pdf', contentType: 'application/pdf', data: PDF },
      ]),
    );
    expect(pdf.statusCode, pdf.body).toBe(201);
    const docx = await upload(
      'POST',
      url,
      multipart({}, [
        { name: 'file', filename: '申込書.docx', contentType: 'application/octet-stream', data: DOCX },
      ]),
    );
    expect(docx.statusCode, docx.body).toBe(201);
    const pdfDoc = (pdf.json() as { data: { id: number; name: string; link: string; mime_type: string } })
      .data;
    const docxDoc = (docx.json() as { data: { id: number; name: string } }).data;
    expect(pdfDoc).toMatchObject({ name: '受講の手引き', mime_type: 'application/pdf', order: 1 });
    expect(docxDoc.name).toBe('申込書.docx');
    const download = await ctx.app.inject({ method: 'GET', url: pdfDoc.link });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // A PDF named .docx, an EXE named .pdf, a type not accepted, no file, too large.
    const refused: Array<[Part, number]> = [
      [{ name: 'file', filename: 'a.docx', contentType: 'application/pdf', data: PDF }, 415],
      [
        {
          name: 'file',
          filename: 'a.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('MZ\x90\0binary'),
        },
        415,
      ],
      [{ name: 'file', filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('hello') }, 415],
      [
        {
          name: 'file',
          filename: 'big.pdf',
          contentType: 'application/pdf',
          data: Buffer.concat([PDF, Buffer.alloc(20 * 1048576)]),
        },
        413,
      ],
    ];
    for (const [file, status] of refused) {
      const res = await upload('POST', url, multipart({}, [file]));
      expect(res.statusCode, `${file.filename}: ${res.body}`).toBe(status);
      expect((res.json() as { errors: object }).errors).toHaveProperty('file');
    }
    expectValidationError(await upload('POST', url, multipart({ name: 'x' })), ['file']);

    const renamed = await json('PATCH', `${url}/${docxDoc.id}`, office.token, { name: '申込書（様式1）' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expectValidationError(await json('PATCH', `${url}/${docxDoc.id}`, office.token, { name: ' ' }), ['name']);
    expectNotFound(
      await json('PATCH', `/office/courses/${otherCourseId}/documents/${docxDoc.id}`, office.token, {
        name: 'x',
      }),
    );
    const order = await json('POST', `${url}/order`, office.token, { ids: [docxDoc.id, pdfDoc.id] });
    expect(order.statusCode, order.body).toBe(200);
    expectValidationError(await json('POST', `${url}/order`, office.token, { ids: [docxDoc.id] }), ['ids']);

    const course = await json('GET', `/courses/${courseId}`);
    expect(course.statusCode, course.body).toBe(200);
    const pub = (course.json() as { data: { documents: Array<{ id: number; name: string }> } }).data
      .documents;
    expect(pub.map((d) => d.name)).toEqual(['申込書（様式1）', '受講の手引き']);

    expectNotFound(
      await json('DELETE', `/office/courses/${otherCourseId}/documents/${pdfDoc.id}`, office.token),
    );
    const del = await json('DELETE', `${url}/${pdfDoc.id}`, office.token);
    expect(del.json()).toEqual({ data: { id: pdfDoc.id, deleted: true } });
    expectNotFound(await ctx.app.inject({ method: 'GET', url: pdfDoc.link }));
    const actions = (
      await ctx.deps.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'document'), eq(auditEvents.actorUserId, office.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['document.create', 'document.update', 'document.delete']),
    );
  });
});
