import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aboutSections, flows } from '../../db/schema.ts';

export function listAboutTypes(db: Executor) {
  return db
    .select({ id: aboutSections.id, name: aboutSections.name, step: aboutSections.step })
    .from(aboutSections)
    .orderBy(asc(aboutSections.step), asc(aboutSections.id));
}

export async function findAbout(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: aboutSections.id,
      name: aboutSections.name,
      step: aboutSections.step,
      content: aboutSections.content,
    })
    .from(aboutSections)
    .where(eq(aboutSections.id, id));
  return row;
}

export function listFlows(db: Executor, type: number) {
  return db
    .select({ id: flows.id, title: flows.title, content: flows.content })
    .from(flows)
    .where(eq(flows.type, type))
    .orderBy(asc(flows.sortOrder), asc(flows.id));
}
