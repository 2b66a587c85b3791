import { contentErrors, contracts, K } from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_IMAGE_MAX_BYTES, contentImageKeyOf } from '../../lib/content-image.ts';
import { ApiError, fieldError, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { getSeminarInfoPage } from '../seminar-info/index.ts';
import * as pages from './office-pages.service.ts';

/** Reads the one `file` part of the image upload (at most 5 MB); nothing else is accepted. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && data.length > 0) file = data;
    }
  } catch (error) {
    const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', contentErrors.imageTooLarge, {
        file: [contentErrors.imageTooLarge],
      });
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', contentErrors.imageSingle);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', K.errors.payloadTooLarge);
    throw error;
  }
  if (!file) throw fieldError('file', contentErrors.imageMissing);
  return file;
}

/** The office writes the public pages (issue 18, decision 039). */
export function registerOfficePages(app: FastifyInstance) {
  const d = app.deps;
  /** The office's routes check the caller before the input: a visitor gets 401, a member 403, never a 400. */
  const route: typeof contractRoute = (_app, endpoint, handler) => contractRoute(app, endpoint, handler);
  const actor = (request: FastifyRequest) => ({ actorId: currentUser(request).id, now: d.clock.now() });

  // news
  const n = contracts.officeNews;
  route(app, n.list, async (request) => pages.officeNewsList(d, request.query, d.clock.now()));
  route(app, n.create, async (request) => ({
    data: await pages.createNews(d, { ...actor(request), body: request.body }),
  }));
  route(app, n.detail, async (request) => ({
    data: await pages.officeNewsItem(d, request.params.id, d.clock.now()),
  }));
  route(app, n.update, async (request) => ({
    data: await pages.changeNews(d, { ...actor(request), id: request.params.id, body: request.body }),
  }));
  route(app, n.remove, async (request) => ({
    data: await pages.removeNews(d, { ...actor(request), id: request.params.id }),
  }));

  // FAQ, about tabs, flow items: the same five calls and a reorder each
  const ordered = [
    [contracts.officeFaqs, pages.faqPages],
    [contracts.officeAbouts, pages.aboutPages],
    [contracts.officeFlows, pages.flowPages],
  ] as const;
  for (const [c, service] of ordered) {
    const s = service as typeof pages.faqPages & typeof pages.aboutPages & typeof pages.flowPages;
    route(app, c.list, async (request) => s.list(d, request.query.page, request.query.limit) as never);
    route(app, c.create, async (request) => ({
      data: await s.create(d, { ...actor(request), body: request.body as never }),
    }));
    route(app, c.detail, async (request) => ({ data: (await s.detail(d, request.params.id)) as never }));
    route(app, c.update, async (request) => ({
      data: (await s.update(d, {
        ...actor(request),
        id: request.params.id,
        body: request.body as never,
      })) as never,
    }));
    route(app, c.remove, async (request) => ({
      data: await s.remove(d, { ...actor(request), id: request.params.id }),
    }));
    route(app, c.reorder, async (request) => ({
      data: (await s.reorder(d, { ...actor(request), ids: request.body.ids })) as never,
    }));
  }

  // instructor documents
  const i = contracts.officeInstructorDocuments;
  route(app, i.list, async (request) => pages.officeDocuments(d, request.query.page, request.query.limit));
  route(app, i.create, async (request) => ({
    data: await pages.createDocument(d, { ...actor(request), body: request.body }),
  }));
  route(app, i.detail, async (request) => ({ data: await pages.officeDocument(d, request.params.id) }));
  route(app, i.update, async (request) => ({
    data: await pages.changeDocument(d, { ...actor(request), id: request.params.id, body: request.body }),
  }));
  route(app, i.remove, async (request) => ({
    data: await pages.removeDocument(d, { ...actor(request), id: request.params.id }),
  }));

  // options, preview, images, seminar info
  const p = contracts.officePages;
  route(app, p.options, async () => ({ data: await pages.pagesOptions(d) }));
  route(app, p.preview, async (request) => ({ data: { html: sanitizeHtml(request.body.html) } }));
  route(app, p.uploadImage, async (request) => {
    const file = await readImage(request);
    return { data: await pages.uploadImage(d, { ...actor(request), file }) };
  });
  route(app, p.seminarInfoUpdate, async (request) => {
    await pages.updateSeminarInfo(d, { ...actor(request), body: request.body });
    const page = await getSeminarInfoPage(d);
    if (!page) throw notFound();
    return { data: page };
  });

  contractRoute(app, contracts.contentImages.get, async (request, reply) => {
    const found = contentImageKeyOf(request.params.file);
    if (!found || !(await d.storage.exists(found.key))) throw notFound();
    const data = await d.storage.read(found.key);
    return reply
      .type(found.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
