import {
  aboutTypeSchema,
  contentImageSchema,
  contentOptionsSchema,
  createdIdSchema,
  dataEnvelope,
  faqSchema,
  flowSchema,
  listEnvelope,
  newsDetailSchema,
  newsSummarySchema,
  officeAboutSchema,
  officeFaqSchema,
  officeFlowSchema,
  officeInstructorDocumentSchema,
  officeNewsSchema,
  officeNewsSummarySchema,
  routes,
  seminarInfoSchema,
} from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { auditEvents, ranks, userRanks } from '../../db/schema.ts';
import { makeUser, type Member } from '../enrollments/enrollments.fixtures.ts';
import { multipartBody } from '../users/users.fixtures.ts';

const DAY = 86_400_000;
const AREAS = [
  'officeNews',
  'officeFaqs',
  'officeAbouts',
  'officeFlows',
  'officeInstructorDocuments',
  'officePages',
] as const;

/** Japan time 'YYYY-MM-DD HH:MM' of an instant. */
const japan = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

/**
 * Issue 18, content (decision 039): the office writes news, FAQ, the about tabs, the flow page, the
 * seminar information and the instructor documents; HTML is sanitised; the public pages follow at once,
 * a future public date is honoured; every write leaves an audit row with before and after.
 */
describe.each(drivers())('office pages (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());
  afterEach(() => ctx.clock.set(TEST_NOW));

  type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  const send = (method: Method, url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const asOffice = (method: Method, url: string, payload?: object) =>
    send(method, url, office.token, payload);
  const auditOf = (entity: string, id: number | null) =>
    ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), id === null ? undefined : eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id));
  const publicNewsIds = async () =>
    expectBody(await send('GET', '/news?limit=999'), 200, listEnvelope(newsSummarySchema)).data.map(
      (n) => n.id,
    );

  describe('who may call', () => {
    const calls = AREAS.flatMap((area) =>
      Object.entries(routes[area]).map(([name, r]) => ({
        key: `${area}.${name}`,
        method: r.method as Method,
        url: r.path.replace(':id', '1'),
      })),
    );
    calls.push({ key: 'seminar_info', method: 'PUT', url: '/seminar_info' });

    it.each(calls)('$key: a visitor gets 401, a member 403', async ({ method, url }) => {
      expectError(await send(method, url, undefined, method === 'GET' ? undefined : {}), 401, 'UNAUTHORIZED');
      expectError(await send(method, url, member.token, method === 'GET' ? undefined : {}), 403, 'FORBIDDEN');
    });
  });

  describe('news', () => {
    const body = (over: Record<string, unknown> = {}) => ({
      title: '年末年始の事務局休業のお知らせ',
      content: '<p>事務局は<strong>12月28日</strong>から休業します。</p><script>alert(1)</script>',
      public_date: japan(new Date(ctx.clock.now().getTime() - DAY)),
      ...over,
    });

    it('creates an item, sanitised, public at once, audited', async () => {
      const created = expectBody(
        await asOffice('POST', '/office/news', body()),
        201,
        dataEnvelope(createdIdSchema),
      );
      const id = created.data.id;
      const item = expectBody(
        await asOffice('GET', `/office/news/${id}`),
        200,
        dataEnvelope(officeNewsSchema),
      ).data;
      expect(item.content).toBe('<p>事務局は<strong>12月28日</strong>から休業します。</p>');
      expect(item).toMatchObject({ state: 'public', is_published: true, pinned: false, category_id: null });
      const page = expectBody(await send('GET', `/news/${id}`), 200, dataEnvelope(newsDetailSchema)).data;
      expect(page.content).toBe(item.content);
      expect(await publicNewsIds()).toContain(id);
      const [row] = await auditOf('news', id);
      expect(row).toMatchObject({ action: 'news.create', actorUserId: office.id });
      expect((row!.data as { after: { title: string } }).after.title).toBe('年末年始の事務局休業のお知らせ');
    });

    it('keeps a future item off the public pages until its date (the clock moved)', async () => {
      const at = new Date(ctx.clock.now().getTime() + 3 * DAY);
      const { id } = expectBody(
        await asOffice('POST', '/office/news', body({ title: '来月の講習会', public_date: japan(at) })),
        201,
        dataEnvelope(createdIdSchema),
      ).data;
      const listed = expectBody(
        await asOffice('GET', '/office/news?state=scheduled&limit=999'),
        200,
        listEnvelope(officeNewsSummarySchema),
      );
      expect(listed.data.map((n) => n.id)).toContain(id);
      expect(await publicNewsIds()).not.toContain(id);
      expectNotFound(await send('GET', `/news/${id}`));
      ctx.clock.set(new Date(at.getTime() - 60_000));
      expect(await publicNewsIds()).not.toContain(id);
      ctx.clock.set(new Date(at.getTime() + 1000));
      expect(await publicNewsIds()).toContain(id);
      expectBody(await send('GET', `/news/${id}`), 200, dataEnvelope(newsDetailSchema));
      const now = expectBody(
        await asOffice('GET', `/office/news/${id}`),
        200,
        dataEnvelope(officeNewsSchema),
      );
      expect(now.data.state).toBe('public');
    });

    it('edits, unpublishes, pins and deletes, each audited with before and after', async () => {
      const { id } = expectBody(
        await asOffice('POST', '/office/news', body()),
        201,
        dataEnvelope(createdIdSchema),
      ).data;
      const changed = expectBody(
        await asOffice('PATCH', `/office/news/${id}`, { title: '休業のお知らせ（更新）', pinned: true }),
        200,
        dataEnvelope(officeNewsSchema),
      ).data;
      expect(changed).toMatchObject({ title: '休業のお知らせ（更新）', pinned: true, state: 'public' });
      expect((await publicNewsIds())[0]).toBe(id);
      const unpublished = expectBody(
        await asOffice('PATCH', `/office/news/${id}`, { is_published: false }),
        200,
        dataEnvelope(officeNewsSchema),
      ).data;
      expect(unpublished.state).toBe('draft');
      expect(await publicNewsIds()).not.toContain(id);
      expectNotFound(await send('GET', `/news/${id}`));
      expectBody(
        await asOffice('DELETE', `/office/news/${id}`),
        200,
        z.object({ data: z.object({ deleted: z.literal(true) }) }),
      );
      expectNotFound(await asOffice('GET', `/office/news/${id}`));
      expectNotFound(await asOffice('DELETE', `/office/news/${id}`));
      const rows = await auditOf('news', id);
      expect(rows.map((r) => r.action)).toEqual(['news.create', 'news.update', 'news.update', 'news.delete']);
      const update = rows[1]!.data as {
        before: { title: string; pinned: boolean };
        after: { title: string; pinned: boolean };
      };
      expect(update.before).toMatchObject({ title: '年末年始の事務局休業のお知らせ', pinned: false });
      expect(update.after).toMatchObject({ title: '休業のお知らせ（更新）', pinned: true });
      expect(rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
    });

    it('refuses bad input with the field named, and writes nothing', async () => {
      const before = (await ctx.deps.db.select().from(auditEvents)).length;
      let errors = expectValidationError(
        await asOffice('POST', '/office/news', body({ title: ' ', public_date: '2026-13-01 10:00' })),
        ['title', 'public_date'],
      );
      expect(errors.title).toEqual(['タイトルは必須です']);
      errors = expectValidationError(await asOffice('POST', '/office/news', body({ category_id: 999999 })), [
        'category_id',
      ]);
      expect(errors.category_id).toEqual(['カテゴリーが見つかりません']);
      errors = expectValidationError(
        await asOffice('POST', '/office/news', body({ content: '<script>alert(1)</script>' })),
        ['content'],
      );
      expect(errors.content).toEqual(['本文は必須です']);
      expectValidationError(await asOffice('POST', '/office/news', body({ extra: 1 })), ['body']);
      expectValidationError(await asOffice('GET', '/office/news?state=soon'), ['state']);
      expectNotFound(await asOffice('PATCH', '/office/news/999999', { title: 'x' }));
      expect((await ctx.deps.db.select().from(auditEvents)).length).toBe(before);
    });
  });

  describe('FAQ', () => {
    it('creates, edits, hides and reorders; the public list follows', async () => {
      const a = expectBody(
        await asOffice('POST', '/office/faqs', {
          title: '受講料の支払い方法は？',
          content: '<p>カード・銀行振込です。</p>',
        }),
        201,
        dataEnvelope(createdIdSchema),
      ).data.id;
      const b = expectBody(
        await asOffice('POST', '/office/faqs', {
          title: '駐車場はありますか？',
          content: '<p>会場によります。</p>',
        }),
        201,
        dataEnvelope(createdIdSchema),
      ).data.id;
      const all = expectBody(
        await asOffice('GET', '/office/faqs?limit=999'),
        200,
        listEnvelope(officeFaqSchema),
      ).data;
      expect(all.slice(-2).map((f) => f.id)).toEqual([a, b]);
      const edited = expectBody(
        await asOffice('PATCH', `/office/faqs/${a}`, { content: '<p>カード・銀行振込・現地払いです。</p>' }),
        200,
        dataEnvelope(officeFaqSchema),
      ).data;
      expect(edited.content).toBe('<p>カード・銀行振込・現地払いです。</p>');

      const order = [b, ...all.map((f) => f.id).filter((id) => id !== b)];
      const reordered = expectBody(
        await asOffice('POST', '/office/faqs/reorder', { ids: order }),
        200,
        z.object({ data: z.array(officeFaqSchema) }),
      ).data;
      expect(reordered.map((f) => f.id)).toEqual(order);
      expect(reordered.map((f) => f.order)).toEqual(order.map((_, i) => i + 1));
      const pub = () =>
        send('GET', '/faqs?limit=999').then((r) => expectBody(r, 200, listEnvelope(faqSchema)).data);
      expect((await pub()).map((f) => f.id)[0]).toBe(b);
      expect((await pub()).find((f) => f.id === a)?.content).toBe('<p>カード・銀行振込・現地払いです。</p>');

      expectBody(
        await asOffice('PATCH', `/office/faqs/${b}`, { active: false }),
        200,
        dataEnvelope(officeFaqSchema),
      );
      expect((await pub()).map((f) => f.id)).not.toContain(b);

      const actions = (await auditOf('faq', null)).map((r) => r.action);
      expect(actions).toEqual(['faq.create', 'faq.create', 'faq.update', 'faq.reorder', 'faq.update']);
    });

    it('refuses an order that is not every item once', async () => {
      const ids = expectBody(
        await asOffice('GET', '/office/faqs?limit=999'),
        200,
        listEnvelope(officeFaqSchema),
      ).data.map((f) => f.id);
      for (const wrong of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 999999]]) {
        const errors = expectValidationError(await asOffice('POST', '/office/faqs/reorder', { ids: wrong }), [
          'ids',
        ]);
        expect(errors.ids).toEqual(['一覧が更新されています。画面を読み込み直してから並べ替えてください']);
      }
    });
  });

  describe('about tabs and the flow page', () => {
    it('adds a tab, moves it first, edits it: /about follows', async () => {
      const id = expectBody(
        await asOffice('POST', '/office/abouts', {
          name: '受講者の声',
          content: '<h2>声</h2><p>役立ちました。</p>',
        }),
        201,
        dataEnvelope(createdIdSchema),
      ).data.id;
      const tabs = expectBody(
        await asOffice('GET', '/office/abouts'),
        200,
        listEnvelope(officeAboutSchema),
      ).data;
      expect(tabs.at(-1)?.id).toBe(id);
      const order = [id, ...tabs.map((t) => t.id).filter((t) => t !== id)];
      expectBody(
        await asOffice('POST', '/office/abouts/reorder', { ids: order }),
        200,
        z.object({ data: z.array(officeAboutSchema) }),
      );
      const types = expectBody(await send('GET', '/abouts/types'), 200, listEnvelope(aboutTypeSchema)).data;
      expect(types.map((t) => t.id)).toEqual(order);
      expectBody(
        await asOffice('PATCH', `/office/abouts/${id}`, { name: '受講された方の声' }),
        200,
        dataEnvelope(officeAboutSchema),
      );
      const about = await send('GET', `/abouts/${id}`);
      expect(about.json().data).toMatchObject({
        name: '受講された方の声',
        step: 1,
        content: '<h2>声</h2><p>役立ちました。</p>',
      });
      expect((await auditOf('about', id)).map((r) => r.action)).toEqual(['about.create', 'about.update']);
      expect((await auditOf('about', null)).map((r) => r.action)).toContain('about.reorder');
    });

    it('adds a flow item at the end of /flow, then deletes it', async () => {
      const id = expectBody(
        await asOffice('POST', '/office/flows', {
          title: '修了証の受け取り',
          content: '<p>マイページから。</p>',
        }),
        201,
        dataEnvelope(createdIdSchema),
      ).data.id;
      const flows = () =>
        send('GET', '/abouts/flows?type=6').then((r) => expectBody(r, 200, listEnvelope(flowSchema)).data);
      expect((await flows()).at(-1)).toEqual({
        id,
        title: '修了証の受け取り',
        content: '<p>マイページから。</p>',
      });
      const item = expectBody(
        await asOffice('GET', `/office/flows/${id}`),
        200,
        dataEnvelope(officeFlowSchema),
      ).data;
      expect(item.order).toBe((await flows()).length);
      expectBody(
        await asOffice('DELETE', `/office/flows/${id}`),
        200,
        z.object({ data: z.object({ id: z.literal(id) }) }),
      );
      expect((await flows()).map((f) => f.id)).not.toContain(id);
      expect((await auditOf('flow', id)).map((r) => r.action)).toEqual(['flow.create', 'flow.delete']);
    });
  });

  describe('seminar info (PUT /seminar_info)', () => {
    const contents = [
      { title: '1. お申し込み', content: '<p>フォームから</p>', image: '/media/seminar/1.svg' },
      { title: '2. 打ち合わせ', content: '<p>事務局と</p><img src="https://x.example/t.gif">', image: null },
      { title: '3. 開催', content: '<p>当日</p>', image: '/media/seminar/3.svg' },
    ];

    it('updates the page and its three contents; the public page follows; audited', async () => {
      const res = await asOffice('PUT', '/seminar_info', {
        title: '講習会を開催される方へ（改訂）',
        description: '説明文',
        contents,
      });
      const page = expectBody(res, 200, dataEnvelope(seminarInfoSchema)).data;
      expect(page.title).toBe('講習会を開催される方へ（改訂）');
      expect(page.contents.map((c) => [c.title, c.content, c.image])).toEqual([
        ['1. お申し込み', '<p>フォームから</p>', '/media/seminar/1.svg'],
        ['2. 打ち合わせ', '<p>事務局と</p><img>', null],
        ['3. 開催', '<p>当日</p>', '/media/seminar/3.svg'],
      ]);
      const pub = expectBody(await send('GET', '/seminar_info'), 200, dataEnvelope(seminarInfoSchema)).data;
      expect(pub).toEqual(page);
      const [row] = await auditOf('seminar_info', 1);
      const data = row!.data as { before: { title: string }; after: { title: string } };
      expect(data.before.title).toBe('講習会を開催される方へ');
      expect(data.after.title).toBe('講習会を開催される方へ（改訂）');
    });

    it('refuses two contents, or an image from elsewhere', async () => {
      let errors = expectValidationError(
        await asOffice('PUT', '/seminar_info', {
          title: 't',
          description: 'd',
          contents: contents.slice(0, 2),
        }),
        ['contents'],
      );
      expect(errors.contents).toEqual(['紹介の項目は3つ入力してください']);
      errors = expectValidationError(
        await asOffice('PUT', '/seminar_info', {
          title: 't',
          description: 'd',
          contents: [contents[0], { ...contents[1], image: 'javascript:alert(1)' }, contents[2]],
        }),
        ['contents'],
      );
      expect(errors.contents).toEqual(['画像の値が正しくありません']);
    });
  });

  describe('instructor documents', () => {
    it('creates a document for a rank level; readers below it cannot open it', async () => {
      const rankRows = await ctx.deps.db.select().from(ranks).orderBy(asc(ranks.level));
      const [low, high] = [rankRows[0]!, rankRows[1]!];
      const reader = await makeUser(ctx);
      await ctx.deps.db.insert(userRanks).values({ userId: reader.id, rankId: low.id });
      const options = expectBody(
        await asOffice('GET', '/office/pages/options'),
        200,
        dataEnvelope(contentOptionsSchema),
      ).data;
      expect(options.ranks.map((r) => r.level)).toEqual(rankRows.map((r) => r.level));
      const id = expectBody(
        await asOffice('POST', '/office/instructor-documents', {
          title: '指導要領 2027',
          content: '<p>上位ランク向け</p>',
          min_level: high.level,
          category_id: options.instructor_document_categories[0]?.id ?? null,
        }),
        201,
        dataEnvelope(createdIdSchema),
      ).data.id;
      expectNotFound(await send('GET', `/instructor_documents/${id}`, reader.token));
      const lowered = expectBody(
        await asOffice('PATCH', `/office/instructor-documents/${id}`, { min_level: low.level }),
        200,
        dataEnvelope(officeInstructorDocumentSchema),
      ).data;
      expect(lowered.min_level).toBe(low.level);
      const read = await send('GET', `/instructor_documents/${id}`, reader.token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data.content).toBe('<p>上位ランク向け</p>');
      expect((await auditOf('instructor_document', id)).map((r) => r.action)).toEqual([
        'instructor_document.create',
        'instructor_document.update',
      ]);
      const errors = expectValidationError(
        await asOffice('PATCH', `/office/instructor-documents/${id}`, { min_level: 99 }),
        ['min_level'],
      );
      expect(errors.min_level).toEqual(['このレベルのランクはありません']);
    });
  });

  describe('preview and images', () => {
    it('previews the HTML exactly as it will be stored', async () => {
      const html =
        '<p onclick="x">a<a href="javascript:alert(1)">b</a></p><img src="/media/x.svg" onerror="y">';
      const res = await asOffice('POST', '/office/pages/preview', { html });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.html).toBe('<p>a<a>b</a></p><img src="/media/x.svg">');
    });

    const upload = (data: Buffer, token = office.token, filename = 'photo.png') => {
      const { payload, headers } = multipartBody({}, [
        { name: 'file', filename, contentType: 'image/png', data },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/office/pages/images',
        payload,
        headers: { ...headers, authorization: `Token ${token}` },
      });
    };

    it('stores a picture by its bytes, re-encoded, served publicly; audited', async () => {
      const png = await sharp({
        create: { width: 2400, height: 1200, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } },
      })
        .png()
        .toBuffer();
      const res = await upload(png);
      const image = expectBody(res, 201, dataEnvelope(contentImageSchema)).data;
      expect(image.url).toMatch(/^\/api\/v1\/content-images\/[A-Za-z0-9_-]{43}\.png$/);
      expect([image.width, image.height]).toEqual([1600, 800]);
      const served = await ctx.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
      const [row] = (await auditOf('content_image', null)).slice(-1);
      expect(row).toMatchObject({ action: 'content_image.upload', actorUserId: office.id });
      // The stored name may be used in a news item and survives the sanitiser.
      const id = expectBody(
        await asOffice('POST', '/office/news', {
          title: '会場の写真',
          content: `<p><img src="${image.url}" alt="会場"></p>`,
          public_date: japan(ctx.clock.now()),
        }),
        201,
        dataEnvelope(createdIdSchema),
      ).data.id;
      const pub = expectBody(await send('GET', `/news/${id}`), 200, dataEnvelope(newsDetailSchema)).data;
      expect(pub.content).toBe(`<p><img src="${image.url}" alt="会場"></p>`);
    });

    it('refuses what is not a picture, a picture over 5 MB, no file, and a member', async () => {
      let errors = expectValidationError(
        await upload(Buffer.from('<svg onload="alert(1)"/>'), office.token, 'x.png'),
        ['file'],
      );
      expect(errors.file).toEqual(['画像はJPEG・PNG・GIF形式のファイルを選んでください']);
      const big = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(5 * 1048576),
      ]);
      expectError(await upload(big), 413, 'PAYLOAD_TOO_LARGE');
      const { payload, headers } = multipartBody({ note: 'x' });
      errors = expectValidationError(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/office/pages/images',
          payload,
          headers: { ...headers, authorization: `Token ${office.token}` },
        }),
        ['file'],
      );
      expect(errors.file).toEqual(['画像ファイルを選んでください']);
      expectError(await upload(Buffer.from([0xff, 0xd8, 0xff]), member.token), 403, 'FORBIDDEN');
      expectNotFound(await ctx.app.inject({ method: 'GET', url: '/api/v1/content-images/../../etc.png' }));
      expectNotFound(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/content-images/${'a'.repeat(43)}.png` }),
      );
    });
  });
});
