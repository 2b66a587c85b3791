type NewsRow = {
  id: number;
  title: string;
  publicDate: Date;
  updatedAt: Date;
  pinned: boolean;
  category: string | null;
};

/** A news item of the list (spec 000 §1: title, dates and its category's title; pinned: shown first). */
export const presentNews = (row: NewsRow) => ({
  id: row.id,
  title: row.title,
  public_date: row.publicDate.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  category_news: row.category === null ? null : { title: row.category },
  pinned: row.pinned,
});

/** A news item's page: the list's fields and its content. */
export const presentNewsDetail = (row: NewsRow & { content: string }) => ({
  ...presentNews(row),
  content: row.content,
});
