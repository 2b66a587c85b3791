import type { NewsQuery } from '@mels/domain';
import { and, asc, count, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { news, newsCategories } from '../../db/schema.ts';

/** Published, already public, and for everyone or for the asked user type. */
function visible(now: Date, userType: number | undefined) {
  return and(
    eq(news.isPublished, true),
    lte(news.publicDate, now),
    userType === undefined
      ? isNull(news.userTypeId)
      : or(isNull(news.userTypeId), eq(news.userTypeId, userType)),
  );
}

const sortColumns = { updated_at: news.updatedAt, public_date: news.publicDate, id: news.id } as const;

export async function listNews(db: Executor, query: NewsQuery, now: Date) {
  const where = visible(now, query.user_type);
  const order = query.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: news.id,
        title: news.title,
        publicDate: news.publicDate,
        updatedAt: news.updatedAt,
        pinned: news.pinned,
        category: newsCategories.title,
      })
      .from(news)
      .leftJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(where)
      // Pinned items first (decision 039), then the asked order.
      .orderBy(desc(news.pinned), order(sortColumns[query.sort]), order(news.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNews(db: Executor, id: number, now: Date, userType: number | undefined) {
  const [row] = await db
    .select({
      id: news.id,
      title: news.title,
      content: news.content,
      publicDate: news.publicDate,
      updatedAt: news.updatedAt,
      pinned: news.pinned,
      category: newsCategories.title,
    })
    .from(news)
    .leftJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(and(eq(news.id, id), visible(now, userType)));
  return row;
}
