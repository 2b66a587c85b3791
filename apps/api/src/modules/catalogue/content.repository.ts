/**
 * A course's learning content (decision 035): the only queries of lessons and course documents as the
 * office writes them. A lesson with watch records is never deleted: the DELETE itself requires that no
 * lesson_views row refers to it, so a member starting to watch between the office's read and write
 * turns the deletion into hiding, never into lost records.
 */
import type { LessonKind } from '@mels/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, documents, lessons, lessonViews } from '../../db/schema.ts';

export async function lockCourse(db: Executor, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update');
  return Boolean(row);
}

export async function courseExists(db: Executor, courseId: number): Promise<boolean> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  return Boolean(row);
}

/** Members with a watch record of the lesson (the outer table named in full: a bare column would bind to the subquery's). */
const viewers =
  sql<number>`(select count(distinct v.user_id) from ${lessonViews} v where v.lesson_id = "lessons"."id")`.mapWith(
    Number,
  );

export type LessonRecord = typeof lessons.$inferSelect & { views: number };

export function listLessons(db: Executor, courseId: number, kind: LessonKind): Promise<LessonRecord[]> {
  return db
    .select({ lesson: lessons, views: viewers })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.kind, kind)))
    .orderBy(sql`${lessons.archivedAt} is not null`, asc(lessons.sortOrder), asc(lessons.id))
    .then((rows) => rows.map((r) => ({ ...r.lesson, views: r.views })));
}

/** One lesson of the course (another course's lesson is not found); locked when asked. */
export async function findLesson(
  db: Executor,
  options: { courseId: number; lessonId: number; lock?: boolean },
): Promise<LessonRecord | null> {
  const query = db
    .select({ lesson: lessons, views: viewers })
    .from(lessons)
    .where(and(eq(lessons.id, options.lessonId), eq(lessons.courseId, options.courseId)));
  const [row] = options.lock ? await query.for('update', { of: lessons }) : await query;
  return row ? { ...row.lesson, views: row.views } : null;
}

/** A lesson's stored video or thumbnail, for serving (hidden lessons have none). */
export async function findLessonMedia(db: Executor, lessonId: number) {
  const [row] = await db
    .select({
      videoKey: lessons.videoKey,
      videoType: lessons.videoType,
      thumbnailKey: lessons.thumbnailKey,
      thumbnailType: lessons.thumbnailType,
    })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), isNull(lessons.archivedAt)));
  return row ?? null;
}

export async function nextLessonOrder(db: Executor, courseId: number, kind: LessonKind): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${lessons.sortOrder}), 0)`.mapWith(Number) })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.kind, kind)));
  return (row?.max ?? 0) + 1;
}

export async function insertLesson(db: Executor, values: typeof lessons.$inferInsert): Promise<number> {
  const [row] = await db.insert(lessons).values(values).returning({ id: lessons.id });
  if (!row) throw new Error('lesson not inserted');
  return row.id;
}

export async function updateLessonRow(
  db: Executor,
  id: number,
  values: Partial<typeof lessons.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return;
  await db.update(lessons).set(values).where(eq(lessons.id, id));
}

/** Deletes the lesson only when nobody has a watch record of it (the condition is in the statement). */
export async function deleteUnwatchedLesson(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(lessons)
    .where(
      and(
        eq(lessons.id, id),
        sql`not exists (select 1 from ${lessonViews} v where v.lesson_id = "lessons"."id")`,
      ),
    )
    .returning({ id: lessons.id });
  return rows.length > 0;
}

export async function archiveLesson(db: Executor, id: number, now: Date) {
  await db
    .update(lessons)
    .set({ archivedAt: now })
    .where(and(eq(lessons.id, id), isNull(lessons.archivedAt)));
}

/** Sets sort_order 1…n in the given order (the ids are the course's, checked by the caller). */
export async function setLessonOrder(db: Executor, ids: readonly number[]) {
  for (const [i, id] of ids.entries())
    await db
      .update(lessons)
      .set({ sortOrder: i + 1 })
      .where(eq(lessons.id, id));
}

// ───────────────────────────── documents ─────────────────────────────

const courseDocument = (courseId: number) =>
  and(eq(documents.courseId, courseId), isNull(documents.trainingId));

export type DocumentRecord = typeof documents.$inferSelect;

export function listCourseDocuments(db: Executor, courseId: number): Promise<DocumentRecord[]> {
  return db
    .select()
    .from(documents)
    .where(courseDocument(courseId))
    .orderBy(asc(documents.sortOrder), asc(documents.id));
}

export async function findCourseDocument(
  db: Executor,
  options: { courseId: number; documentId: number; lock?: boolean },
): Promise<DocumentRecord | null> {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, options.documentId), courseDocument(options.courseId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function nextDocumentOrder(db: Executor, courseId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${documents.sortOrder}), 0)`.mapWith(Number) })
    .from(documents)
    .where(courseDocument(courseId));
  return (row?.max ?? 0) + 1;
}

export async function insertDocument(db: Executor, values: typeof documents.$inferInsert): Promise<number> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  if (!row) throw new Error('document not inserted');
  return row.id;
}

export async function renameDocument(db: Executor, id: number, name: string) {
  await db.update(documents).set({ name }).where(eq(documents.id, id));
}

export async function deleteDocument(db: Executor, id: number) {
  await db.delete(documents).where(eq(documents.id, id));
}

export async function setDocumentOrder(db: Executor, ids: readonly number[]) {
  for (const [i, id] of ids.entries())
    await db
      .update(documents)
      .set({ sortOrder: i + 1 })
      .where(eq(documents.id, id));
}

/** The ids among `ids` that are documents of the course. */
export async function courseDocumentIds(db: Executor, courseId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(courseDocument(courseId), inArray(documents.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
