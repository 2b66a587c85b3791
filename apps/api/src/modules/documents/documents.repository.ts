import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, documents } from '../../db/schema.ts';

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
      courseActive: courses.isActive,
    })
    .from(documents)
    .leftJoin(courses, eq(courses.id, documents.courseId))
    .where(eq(documents.id, id));
  return row;
}
