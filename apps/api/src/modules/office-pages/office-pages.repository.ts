import { FLOW_TYPE_ATTENDING, type NewsState, type OfficeNewsQuery } from '@mels/domain';
import { and, asc, count, desc, eq, gt, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  aboutSections,
  auditEvents,
  faqs,
  flows,
  instructorDocumentCategories,
  instructorDocuments,
  news,
  newsCategories,
  ranks,
  seminarInfo,
  seminarInfoContents,
} from '../../db/schema.ts';

/** The office's writes to the public pages (decision 039): the only queries of this module. */

// ───────────────────────────── news ─────────────────────────────

const newsColumns = {
  id: news.id,
  title: news.title,
  content: news.content,
  categoryId: news.categoryId,
  category: newsCategories.title,
  publicDate: news.publicDate,
  isPublished: news.isPublished,
  pinned: news.pinned,
  userTypeId: news.userTypeId,
  updatedAt: news.updatedAt,
};
export type NewsRow = {
  id: number;
  title: string;
  content: string;
  categoryId: number | null;
  category: string | null;
  publicDate: Date;
  isPublished: boolean;
  pinned: boolean;
  userTypeId: number | null;
  updatedAt: Date;
};

function newsStateWhere(state: NewsState | undefined, now: Date): SQL | undefined {
  if (state === 'draft') return eq(news.isPublished, false);
  if (state === 'scheduled') return and(eq(news.isPublished, true), gt(news.publicDate, now));
  if (state === 'public') return and(eq(news.isPublished, true), lte(news.publicDate, now));
  return undefined;
}

/** Every news item (drafts and scheduled ones too), newest public date first, filtered. */
export async function listOfficeNews(db: Executor, query: OfficeNewsQuery, now: Date) {
  const where = and(
    newsStateWhere(query.state, now),
    query.keyword ? ilike(news.title, `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(newsColumns)
      .from(news)
      .leftJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(where)
      .orderBy(desc(news.publicDate), desc(news.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { rows: rows as NewsRow[], total: total?.n ?? 0 };
}

export async function findOfficeNews(db: Executor, id: number, lock = false) {
  const q = db
    .select(newsColumns)
    .from(news)
    .leftJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(eq(news.id, id));
  const [row] = lock ? await q.for('update', { of: news }) : await q;
  return row as NewsRow | undefined;
}

export type NewsValues = {
  title: string;
  content: string;
  categoryId: number | null;
  publicDate: Date;
  isPublished: boolean;
  pinned: boolean;
  userTypeId: number | null;
};

export async function insertNews(db: Executor, values: NewsValues & { now: Date }) {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(news)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: news.id });
  return row!.id;
}

export async function updateNews(db: Executor, id: number, values: Partial<NewsValues> & { now: Date }) {
  const { now, ...rest } = values;
  await db
    .update(news)
    .set({ ...rest, updatedAt: now })
    .where(eq(news.id, id));
}

export async function deleteNews(db: Executor, id: number) {
  const rows = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  return rows.length > 0;
}

export async function newsCategoryExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(eq(newsCategories.id, id));
  return row !== undefined;
}

// ───────────────────────────── FAQ ─────────────────────────────

const faqColumns = {
  id: faqs.id,
  title: faqs.title,
  content: faqs.content,
  active: faqs.active,
  order: faqs.sortOrder,
};

export async function listOfficeFaqs(db: Executor, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(faqColumns)
      .from(faqs)
      .orderBy(asc(faqs.sortOrder), asc(faqs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(faqs),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findFaq(db: Executor, id: number, lock = false) {
  const q = db.select(faqColumns).from(faqs).where(eq(faqs.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertFaq(db: Executor, values: { title: string; content: string; active: boolean }) {
  const [row] = await db
    .insert(faqs)
    .values({ ...values, sortOrder: sql`(select coalesce(max(${faqs.sortOrder}), 0) + 1 from ${faqs})` })
    .returning({ id: faqs.id });
  return row!.id;
}

export async function updateFaq(
  db: Executor,
  id: number,
  values: Partial<{ title: string; content: string; active: boolean }>,
) {
  if (Object.keys(values).length > 0) await db.update(faqs).set(values).where(eq(faqs.id, id));
}

export async function deleteFaq(db: Executor, id: number) {
  return (await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id })).length > 0;
}

/** Every FAQ id in its current order, the rows locked until the transaction ends. */
export async function lockFaqOrder(db: Executor) {
  const rows = await db
    .select({ id: faqs.id })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setFaqOrder(db: Executor, positions: Map<number, number>) {
  for (const [id, position] of positions)
    await db.update(faqs).set({ sortOrder: position }).where(eq(faqs.id, id));
}

export async function allFaqs(db: Executor) {
  return db.select(faqColumns).from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

// ───────────────────────────── about tabs ─────────────────────────────

const aboutColumns = {
  id: aboutSections.id,
  name: aboutSections.name,
  step: aboutSections.step,
  content: aboutSections.content,
};

export function allAbouts(db: Executor) {
  return db.select(aboutColumns).from(aboutSections).orderBy(asc(aboutSections.step), asc(aboutSections.id));
}

export async function findAbout(db: Executor, id: number, lock = false) {
  const q = db.select(aboutColumns).from(aboutSections).where(eq(aboutSections.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertAbout(db: Executor, values: { name: string; content: string }) {
  const [row] = await db
    .insert(aboutSections)
    .values({
      ...values,
      step: sql`(select coalesce(max(${aboutSections.step}), 0) + 1 from ${aboutSections})`,
    })
    .returning({ id: aboutSections.id });
  return row!.id;
}

export async function updateAbout(
  db: Executor,
  id: number,
  values: Partial<{ name: string; content: string }>,
) {
  if (Object.keys(values).length > 0)
    await db.update(aboutSections).set(values).where(eq(aboutSections.id, id));
}

export async function deleteAbout(db: Executor, id: number) {
  return (
    (await db.delete(aboutSections).where(eq(aboutSections.id, id)).returning({ id: aboutSections.id }))
      .length > 0
  );
}

export async function lockAboutOrder(db: Executor) {
  const rows = await db
    .select({ id: aboutSections.id })
    .from(aboutSections)
    .orderBy(asc(aboutSections.step), asc(aboutSections.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setAboutOrder(db: Executor, positions: Map<number, number>) {
  for (const [id, position] of positions)
    await db.update(aboutSections).set({ step: position }).where(eq(aboutSections.id, id));
}

// ───────────────────────────── flow page (type 6) ─────────────────────────────

const flowColumns = { id: flows.id, title: flows.title, content: flows.content, order: flows.sortOrder };
const isFlowPage = eq(flows.type, FLOW_TYPE_ATTENDING);

export function allFlows(db: Executor) {
  return db.select(flowColumns).from(flows).where(isFlowPage).orderBy(asc(flows.sortOrder), asc(flows.id));
}

export async function findFlow(db: Executor, id: number, lock = false) {
  const q = db
    .select(flowColumns)
    .from(flows)
    .where(and(eq(flows.id, id), isFlowPage));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertFlow(db: Executor, values: { title: string; content: string }) {
  const [row] = await db
    .insert(flows)
    .values({
      ...values,
      type: FLOW_TYPE_ATTENDING,
      sortOrder: sql`(select coalesce(max(${flows.sortOrder}), 0) + 1 from ${flows} where ${flows.type} = ${FLOW_TYPE_ATTENDING})`,
    })
    .returning({ id: flows.id });
  return row!.id;
}

export async function updateFlow(
  db: Executor,
  id: number,
  values: Partial<{ title: string; content: string }>,
) {
  if (Object.keys(values).length > 0) await db.update(flows).set(values).where(eq(flows.id, id));
}

export async function deleteFlow(db: Executor, id: number) {
  return (
    (
      await db
        .delete(flows)
        .where(and(eq(flows.id, id), isFlowPage))
        .returning({ id: flows.id })
    ).length > 0
  );
}

export async function lockFlowOrder(db: Executor) {
  const rows = await db
    .select({ id: flows.id })
    .from(flows)
    .where(isFlowPage)
    .orderBy(asc(flows.sortOrder), asc(flows.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setFlowOrder(db: Executor, positions: Map<number, number>) {
  for (const [id, position] of positions)
    await db.update(flows).set({ sortOrder: position }).where(eq(flows.id, id));
}

// ───────────────────────────── seminar info ─────────────────────────────

/** The page's row (locked) and its contents in their order. */
export async function lockSeminarInfo(db: Executor) {
  const [info] = await db.select().from(seminarInfo).where(eq(seminarInfo.id, 1)).for('update');
  const contents = await db
    .select({
      id: seminarInfoContents.id,
      title: seminarInfoContents.title,
      content: seminarInfoContents.content,
      image: seminarInfoContents.image,
    })
    .from(seminarInfoContents)
    .orderBy(asc(seminarInfoContents.sortOrder), asc(seminarInfoContents.id));
  return { info, contents };
}

/** Writes the page (creating its row when there is none) and replaces its contents. */
export async function saveSeminarInfo(
  db: Executor,
  input: {
    title: string;
    description: string;
    contents: { title: string; content: string; image: string | null }[];
    now: Date;
  },
) {
  await db
    .insert(seminarInfo)
    .values({ id: 1, title: input.title, description: input.description, updatedAt: input.now })
    .onConflictDoUpdate({
      target: seminarInfo.id,
      set: { title: input.title, description: input.description, updatedAt: input.now },
    });
  await db.delete(seminarInfoContents);
  await db.insert(seminarInfoContents).values(input.contents.map((c, i) => ({ ...c, sortOrder: i + 1 })));
}

// ───────────────────────────── instructor documents ─────────────────────────────

const docColumns = {
  id: instructorDocuments.id,
  title: instructorDocuments.title,
  content: instructorDocuments.content,
  categoryId: instructorDocuments.categoryId,
  category: instructorDocumentCategories.title,
  minLevel: instructorDocuments.minLevel,
  createdAt: instructorDocuments.createdAt,
};

export async function listOfficeDocuments(db: Executor, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(docColumns)
      .from(instructorDocuments)
      .leftJoin(
        instructorDocumentCategories,
        eq(instructorDocumentCategories.id, instructorDocuments.categoryId),
      )
      .orderBy(desc(instructorDocuments.createdAt), desc(instructorDocuments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(instructorDocuments),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDocument(db: Executor, id: number, lock = false) {
  const q = db
    .select(docColumns)
    .from(instructorDocuments)
    .leftJoin(
      instructorDocumentCategories,
      eq(instructorDocumentCategories.id, instructorDocuments.categoryId),
    )
    .where(eq(instructorDocuments.id, id));
  const [row] = lock ? await q.for('update', { of: instructorDocuments }) : await q;
  return row;
}

type DocValues = { title: string; content: string; categoryId: number | null; minLevel: number };

export async function insertDocument(db: Executor, values: DocValues & { now: Date }) {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(instructorDocuments)
    .values({ ...rest, createdAt: now })
    .returning({ id: instructorDocuments.id });
  return row!.id;
}

export async function updateDocument(db: Executor, id: number, values: Partial<DocValues>) {
  if (Object.keys(values).length > 0)
    await db.update(instructorDocuments).set(values).where(eq(instructorDocuments.id, id));
}

export async function deleteDocument(db: Executor, id: number) {
  return (
    (
      await db
        .delete(instructorDocuments)
        .where(eq(instructorDocuments.id, id))
        .returning({ id: instructorDocuments.id })
    ).length > 0
  );
}

export async function documentCategoryExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: instructorDocumentCategories.id })
    .from(instructorDocumentCategories)
    .where(eq(instructorDocumentCategories.id, id));
  return row !== undefined;
}

export async function rankLevelExists(db: Executor, level: number) {
  const [row] = await db.select({ id: ranks.id }).from(ranks).where(eq(ranks.level, level));
  return row !== undefined;
}

// ───────────────────────────── options, audit ─────────────────────────────

export async function contentOptions(db: Executor) {
  const [newsCats, docCats, rankRows] = await Promise.all([
    db.select().from(newsCategories).orderBy(asc(newsCategories.id)),
    db.select().from(instructorDocumentCategories).orderBy(asc(instructorDocumentCategories.id)),
    db.select({ level: ranks.level, name: ranks.name }).from(ranks).orderBy(asc(ranks.level)),
  ]);
  return { newsCats, docCats, rankRows };
}

/** An office write to a page: who, what, before and after (decision 033; the IP comes from the request). */
export async function writePagesAudit(
  db: Executor,
  input: {
    actorUserId: number;
    action: string;
    entity: string;
    entityId: number | null;
    data: Record<string, unknown>;
    now: Date;
  },
) {
  await db.insert(auditEvents).values({
    actorUserId: input.actorUserId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId,
    data: input.data,
    createdAt: input.now,
  });
}
