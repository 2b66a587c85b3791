import {
  contentErrors,
  contentFields,
  japanInstant,
  message,
  paginate,
  ref,
  reorderPositions,
  type AboutCreate,
  type AboutPatch,
  type FaqCreate,
  type FaqPatch,
  type FlowCreate,
  type FlowPatch,
  type InstructorDocumentCreate,
  type InstructorDocumentPatch,
  type NewsCreate,
  type NewsPatch,
  type OfficeNewsQuery,
  type SeminarInfoUpdate,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { ContentImageError, normalizeContentImage, storeContentImage } from '../../lib/content-image.ts';
import { ApiError, fieldError, notFound } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import type { Deps } from '../../plugins/deps.ts';
import {
  presentDocument,
  presentDocumentSummary,
  presentOfficeNews,
  presentOfficeNewsSummary,
} from './office-pages.presenter.ts';
import * as repo from './office-pages.repository.ts';

/**
 * The office writes the public pages (issue 18, decision 039). Every write sanitises its HTML with the
 * allow-list, runs in one transaction with the row locked, and leaves an audit row with before and after.
 * The public pages read the same tables, so a change is public at once (a news item from its date).
 */

type Db = Pick<Deps, 'db'>;
type Actor = { actorId: number; now: Date };

/** Drops the keys whose value is undefined (a PATCH changes only the fields given). */
function given<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const clean = (html: string | undefined) => (html === undefined ? undefined : sanitizeHtml(html));

/** HTML that sanitises to nothing (only a script, say) is no content: the field is required. */
function cleanRequired(html: string): string {
  const out = sanitizeHtml(html);
  if (out.replace(/<[^>]*>/g, '').trim() === '' && !/<img\s/i.test(out))
    throw fieldError('content', message('validation.required', ref(contentFields.content)));
  return out;
}

function audit(
  tx: Executor,
  input: Actor & { action: string; entity: string; id: number | null; data: object },
) {
  return repo.writePagesAudit(tx, {
    actorUserId: input.actorId,
    action: input.action,
    entity: input.entity,
    entityId: input.id,
    data: input.data as Record<string, unknown>,
    now: input.now,
  });
}

// ───────────────────────────── news ─────────────────────────────

async function checkNewsCategory(db: Executor, id: number | null | undefined) {
  if (typeof id === 'number' && !(await repo.newsCategoryExists(db, id)))
    throw fieldError('category_id', message(contentErrors.unknownCategory, ref(contentFields.category)));
}

export async function officeNewsList(deps: Db, query: OfficeNewsQuery, now: Date) {
  const { rows, total } = await repo.listOfficeNews(deps.db, query, now);
  return {
    data: rows.map((r) => presentOfficeNewsSummary(r, now)),
    pagination: paginate(query.page, query.limit, total),
  };
}

export async function officeNewsItem(deps: Db, id: number, now: Date) {
  const row = await repo.findOfficeNews(deps.db, id);
  if (!row) throw notFound();
  return presentOfficeNews(row, now);
}

const newsAuditView = (row: repo.NewsRow) => ({
  title: row.title,
  content: row.content,
  category_id: row.categoryId,
  public_date: row.publicDate.toISOString(),
  is_published: row.isPublished,
  pinned: row.pinned,
  user_type_id: row.userTypeId,
});

export async function createNews(deps: Db, input: Actor & { body: NewsCreate }) {
  const b = input.body;
  return deps.db.transaction(async (tx) => {
    await checkNewsCategory(tx, b.category_id);
    const id = await repo.insertNews(tx, {
      title: b.title,
      content: cleanRequired(b.content),
      categoryId: b.category_id,
      publicDate: japanInstant(b.public_date),
      isPublished: b.is_published,
      pinned: b.pinned,
      userTypeId: b.user_type_id,
      now: input.now,
    });
    const after = await repo.findOfficeNews(tx, id);
    await audit(tx, {
      ...input,
      action: 'news.create',
      entity: 'news',
      id,
      data: { after: newsAuditView(after!) },
    });
    return { id };
  });
}

export async function changeNews(deps: Db, input: Actor & { id: number; body: NewsPatch }) {
  const b = input.body;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findOfficeNews(tx, input.id, true);
    if (!before) throw notFound();
    await checkNewsCategory(tx, b.category_id);
    await repo.updateNews(tx, input.id, {
      ...given({
        title: b.title,
        content: b.content === undefined ? undefined : cleanRequired(b.content),
        categoryId: b.category_id,
        publicDate: b.public_date === undefined ? undefined : japanInstant(b.public_date),
        isPublished: b.is_published,
        pinned: b.pinned,
        userTypeId: b.user_type_id,
      }),
      now: input.now,
    });
    const after = await repo.findOfficeNews(tx, input.id);
    await audit(tx, {
      ...input,
      action: 'news.update',
      entity: 'news',
      id: input.id,
      data: { before: newsAuditView(before), after: newsAuditView(after!) },
    });
  });
  return officeNewsItem(deps, input.id, input.now);
}

export async function removeNews(deps: Db, input: Actor & { id: number }) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findOfficeNews(tx, input.id, true);
    if (!before || !(await repo.deleteNews(tx, input.id))) throw notFound();
    await audit(tx, {
      ...input,
      action: 'news.delete',
      entity: 'news',
      id: input.id,
      data: { before: newsAuditView(before) },
    });
  });
  return { id: input.id, deleted: true as const };
}

// ───────────────────────────── ordered lists: FAQ, about tabs, flow items ─────────────────────────────

type Ordered<Row, Create, Patch> = {
  entity: string;
  all: (db: Executor) => Promise<Row[]>;
  find: (db: Executor, id: number, lock?: boolean) => Promise<Row | undefined>;
  insert: (db: Executor, values: Create) => Promise<number>;
  update: (db: Executor, id: number, values: Partial<Create>) => Promise<void>;
  remove: (db: Executor, id: number) => Promise<boolean>;
  lockOrder: (db: Executor) => Promise<number[]>;
  setOrder: (db: Executor, positions: Map<number, number>) => Promise<void>;
  values: (body: Create | Patch) => Partial<Create>;
};

function orderedList<Row extends { id: number }, Create, Patch>(o: Ordered<Row, Create, Patch>) {
  return {
    async list(deps: Db, page: number, limit: number) {
      const rows = await o.all(deps.db);
      return {
        data: rows.slice((page - 1) * limit, page * limit),
        pagination: paginate(page, limit, rows.length),
      };
    },
    async detail(deps: Db, id: number) {
      const row = await o.find(deps.db, id);
      if (!row) throw notFound();
      return row;
    },
    async create(deps: Db, input: Actor & { body: Create }) {
      return deps.db.transaction(async (tx) => {
        const id = await o.insert(tx, o.values(input.body) as Create);
        const after = await o.find(tx, id);
        await audit(tx, { ...input, action: `${o.entity}.create`, entity: o.entity, id, data: { after } });
        return { id };
      });
    },
    async update(deps: Db, input: Actor & { id: number; body: Patch }) {
      return deps.db.transaction(async (tx) => {
        const before = await o.find(tx, input.id, true);
        if (!before) throw notFound();
        await o.update(tx, input.id, o.values(input.body));
        const after = (await o.find(tx, input.id))!;
        await audit(tx, {
          ...input,
          action: `${o.entity}.update`,
          entity: o.entity,
          id: input.id,
          data: { before, after },
        });
        return after;
      });
    },
    async remove(deps: Db, input: Actor & { id: number }) {
      await deps.db.transaction(async (tx) => {
        const before = await o.find(tx, input.id, true);
        if (!before || !(await o.remove(tx, input.id))) throw notFound();
        await audit(tx, {
          ...input,
          action: `${o.entity}.delete`,
          entity: o.entity,
          id: input.id,
          data: { before },
        });
      });
      return { id: input.id, deleted: true as const };
    },
    /** The new order, every id once, under the lock of every row of the list (two tabs cannot interleave). */
    async reorder(deps: Db, input: Actor & { ids: number[] }) {
      return deps.db.transaction(async (tx) => {
        const current = await o.lockOrder(tx);
        const positions = reorderPositions(current, input.ids);
        if (!positions) throw fieldError('ids', contentErrors.reorderMismatch);
        await o.setOrder(tx, positions);
        await audit(tx, {
          ...input,
          action: `${o.entity}.reorder`,
          entity: o.entity,
          id: null,
          data: { before: { ids: current }, after: { ids: input.ids } },
        });
        return o.all(tx);
      });
    },
  };
}

export const faqPages = orderedList<Awaited<ReturnType<typeof repo.allFaqs>>[number], FaqCreate, FaqPatch>({
  entity: 'faq',
  all: repo.allFaqs,
  find: repo.findFaq,
  insert: (db, v) => repo.insertFaq(db, v),
  update: repo.updateFaq,
  remove: repo.deleteFaq,
  lockOrder: repo.lockFaqOrder,
  setOrder: repo.setFaqOrder,
  values: (b) => given({ title: b.title, content: clean(b.content), active: b.active }) as Partial<FaqCreate>,
});

export const aboutPages = orderedList<
  Awaited<ReturnType<typeof repo.allAbouts>>[number],
  AboutCreate,
  AboutPatch
>({
  entity: 'about',
  all: repo.allAbouts,
  find: repo.findAbout,
  insert: repo.insertAbout,
  update: repo.updateAbout,
  remove: repo.deleteAbout,
  lockOrder: repo.lockAboutOrder,
  setOrder: repo.setAboutOrder,
  values: (b) => given({ name: b.name, content: clean(b.content) }) as Partial<AboutCreate>,
});

export const flowPages = orderedList<
  Awaited<ReturnType<typeof repo.allFlows>>[number],
  FlowCreate,
  FlowPatch
>({
  entity: 'flow',
  all: repo.allFlows,
  find: repo.findFlow,
  insert: repo.insertFlow,
  update: repo.updateFlow,
  remove: repo.deleteFlow,
  lockOrder: repo.lockFlowOrder,
  setOrder: repo.setFlowOrder,
  values: (b) => given({ title: b.title, content: clean(b.content) }) as Partial<FlowCreate>,
});

// ───────────────────────────── seminar info ─────────────────────────────

/** PUT /seminar_info: the page and its three contents, replaced together (audited with before and after). */
export async function updateSeminarInfo(deps: Db, input: Actor & { body: SeminarInfoUpdate }) {
  const b = input.body;
  const contents = b.contents.map((c) => ({
    title: c.title,
    content: cleanRequired(c.content),
    image: c.image,
  }));
  await deps.db.transaction(async (tx) => {
    const before = await repo.lockSeminarInfo(tx);
    await repo.saveSeminarInfo(tx, { title: b.title, description: b.description, contents, now: input.now });
    await audit(tx, {
      ...input,
      action: 'seminar_info.update',
      entity: 'seminar_info',
      id: 1,
      data: {
        before: before.info
          ? { title: before.info.title, description: before.info.description, contents: before.contents }
          : null,
        after: { title: b.title, description: b.description, contents },
      },
    });
  });
}

// ───────────────────────────── instructor documents ─────────────────────────────

async function checkDocument(db: Executor, b: { category_id?: number | null; min_level?: number }) {
  if (typeof b.category_id === 'number' && !(await repo.documentCategoryExists(db, b.category_id)))
    throw fieldError('category_id', message(contentErrors.unknownCategory, ref(contentFields.category)));
  if (b.min_level !== undefined && !(await repo.rankLevelExists(db, b.min_level)))
    throw fieldError('min_level', contentErrors.unknownRank);
}

const docAuditView = (row: {
  title: string;
  content: string;
  categoryId: number | null;
  minLevel: number;
}) => ({
  title: row.title,
  content: row.content,
  category_id: row.categoryId,
  min_level: row.minLevel,
});

export async function officeDocuments(deps: Db, page: number, limit: number) {
  const { rows, total } = await repo.listOfficeDocuments(deps.db, page, limit);
  return { data: rows.map(presentDocumentSummary), pagination: paginate(page, limit, total) };
}

export async function officeDocument(deps: Db, id: number) {
  const row = await repo.findDocument(deps.db, id);
  if (!row) throw notFound();
  return presentDocument(row);
}

export async function createDocument(deps: Db, input: Actor & { body: InstructorDocumentCreate }) {
  const b = input.body;
  return deps.db.transaction(async (tx) => {
    await checkDocument(tx, b);
    const id = await repo.insertDocument(tx, {
      title: b.title,
      content: cleanRequired(b.content),
      categoryId: b.category_id,
      minLevel: b.min_level,
      now: input.now,
    });
    const after = (await repo.findDocument(tx, id))!;
    await audit(tx, {
      ...input,
      action: 'instructor_document.create',
      entity: 'instructor_document',
      id,
      data: { after: docAuditView(after) },
    });
    return { id };
  });
}

export async function changeDocument(deps: Db, input: Actor & { id: number; body: InstructorDocumentPatch }) {
  const b = input.body;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findDocument(tx, input.id, true);
    if (!before) throw notFound();
    await checkDocument(tx, b);
    await repo.updateDocument(
      tx,
      input.id,
      given({
        title: b.title,
        content: b.content === undefined ? undefined : cleanRequired(b.content),
        categoryId: b.category_id,
        minLevel: b.min_level,
      }),
    );
    const after = (await repo.findDocument(tx, input.id))!;
    await audit(tx, {
      ...input,
      action: 'instructor_document.update',
      entity: 'instructor_document',
      id: input.id,
      data: { before: docAuditView(before), after: docAuditView(after) },
    });
  });
  return officeDocument(deps, input.id);
}

export async function removeDocument(deps: Db, input: Actor & { id: number }) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findDocument(tx, input.id, true);
    if (!before || !(await repo.deleteDocument(tx, input.id))) throw notFound();
    await audit(tx, {
      ...input,
      action: 'instructor_document.delete',
      entity: 'instructor_document',
      id: input.id,
      data: { before: docAuditView(before) },
    });
  });
  return { id: input.id, deleted: true as const };
}

// ───────────────────────────── options, images ─────────────────────────────

export async function pagesOptions(deps: Db) {
  const { newsCats, docCats, rankRows } = await repo.contentOptions(deps.db);
  return {
    news_categories: newsCats.map((c) => ({ id: c.id, title: c.title })),
    instructor_document_categories: docCats.map((c) => ({ id: c.id, title: c.title })),
    ranks: rankRows,
  };
}

/** An editor's picture: checked by its bytes, re-encoded, stored under a new name, audited. */
export async function uploadImage(deps: Pick<Deps, 'db' | 'storage'>, input: Actor & { file: Buffer }) {
  let image;
  try {
    image = await normalizeContentImage(input.file);
  } catch (error) {
    if (!(error instanceof ContentImageError)) throw error;
    throw error.problem === 'size'
      ? new ApiError(413, 'PAYLOAD_TOO_LARGE', contentErrors.imageTooLarge, {
          file: [contentErrors.imageTooLarge],
        })
      : fieldError('file', contentErrors.imageType);
  }
  const stored = await storeContentImage(deps.storage, image);
  await audit(deps.db, {
    ...input,
    action: 'content_image.upload',
    entity: 'content_image',
    id: null,
    data: { after: { url: stored.url, width: image.width, height: image.height, bytes: image.data.length } },
  });
  return { url: stored.url, width: image.width, height: image.height };
}
