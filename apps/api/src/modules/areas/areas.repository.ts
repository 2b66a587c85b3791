import { asc, count } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { areas } from '../../db/schema.ts';

export async function listAreas(db: Executor, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: areas.id, name: areas.name })
      .from(areas)
      .orderBy(asc(areas.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(areas),
  ]);
  return { rows, total: total?.n ?? 0 };
}
