import { PLACE_HOLDING_STATUSES } from '@mels/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, documents, enrollments } from '../../db/schema.ts';

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
        inArray(enrollments.status, [...PLACE_HOLDING_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A session document the viewer may see (decision 020): one the office marked public, or, for a
 * member, one of a session in which they hold a place.
 */
export function sessionDocumentVisible(viewerId: number | null): SQL {
  if (viewerId === null) return sql`${documents.isPublic}`;
  return sql`(${documents.isPublic} or exists (select 1 from ${enrollments} where ${enrollments.trainingId} = ${documents.trainingId} and ${enrollments.userId} = ${viewerId} and ${enrollments.status} in (${sql.join(
    PLACE_HOLDING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})))`;
}
