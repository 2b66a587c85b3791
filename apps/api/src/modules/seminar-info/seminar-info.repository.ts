import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { seminarInfo, seminarInfoContents } from '../../db/schema.ts';

export async function getSeminarInfo(db: Executor) {
  const [[info], contents] = await Promise.all([
    db.select().from(seminarInfo).where(eq(seminarInfo.id, 1)),
    db
      .select({
        id: seminarInfoContents.id,
        title: seminarInfoContents.title,
        content: seminarInfoContents.content,
        image: seminarInfoContents.image,
      })
      .from(seminarInfoContents)
      .orderBy(asc(seminarInfoContents.sortOrder), asc(seminarInfoContents.id)),
  ]);
  return info ? { info, contents } : undefined;
}
