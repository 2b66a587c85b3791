import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { faqs } from '../../db/schema.ts';

export async function listFaqs(db: Executor, page: number, limit: number) {
  const where = eq(faqs.active, true);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: faqs.id,
        title: faqs.title,
        content: faqs.content,
        active: sql<0 | 1>`(${faqs.active})::int`,
      })
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.sortOrder), asc(faqs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(faqs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
