import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, documents, enrollments } from '../../db/schema.ts';
import { WON_STATUSES } from '../trainings/trainings.repository.ts';

export async function findDocument(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: documents.id,
      name: documents.name,
      storageKey: documents.storageKey,
      mimeType: documents.mimeType,
      size: documents.size,
      courseId: documents.courseId,
      trainingId: documents.trainingId,
      isPublic: documents.isPublic,
      courseActive: courses.isActive,
    })
    .from(documents)
    .leftJoin(courses, eq(courses.id, documents.courseId))
    .where(eq(documents.id, id));
  return row;
}

/** Whether the user holds a place in the session (won, paid, attending or completed; in any role). */
export async function holdsPlace(db: Executor, options: { trainingId: number; userId: number }) {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, options.trainingId),
        eq(enrollments.userId, options.userId),
        inArray(enrollments.status, [...WON_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
