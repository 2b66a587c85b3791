import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, documents, videoPreviews } from '../../db/schema.ts';

const active = eq(courses.isActive, true);

export async function listCourses(db: Executor, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(courses)
      .where(active)
      .orderBy(asc(courses.sortOrder), asc(courses.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(courses).where(active),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCourse(db: Executor, id: number) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), active));
  if (!course) return undefined;
  const [previews, docs] = await Promise.all([
    db
      .select()
      .from(videoPreviews)
      .where(eq(videoPreviews.courseId, id))
      .orderBy(asc(videoPreviews.sortOrder), asc(videoPreviews.id)),
    db
      .select({ id: documents.id, name: documents.name })
      .from(documents)
      .where(eq(documents.courseId, id))
      .orderBy(asc(documents.sortOrder), asc(documents.id)),
  ]);
  return { course, previews, docs };
}
