import { newsState } from '@mels/domain';
import type { NewsRow } from './office-pages.repository.ts';

export function presentOfficeNews(row: NewsRow, now: Date) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category_id: row.categoryId,
    category: row.category,
    public_date: row.publicDate.toISOString(),
    is_published: row.isPublished,
    pinned: row.pinned,
    user_type_id: row.userTypeId,
    state: newsState(row, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentOfficeNewsSummary(row: NewsRow, now: Date) {
  const { content: _content, ...summary } = presentOfficeNews(row, now);
  return summary;
}

export function presentDocument(row: {
  id: number;
  title: string;
  content: string;
  categoryId: number | null;
  category: string | null;
  minLevel: number;
  createdAt: Date;
}) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category_id: row.categoryId,
    category: row.category,
    min_level: row.minLevel,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentDocumentSummary(row: Parameters<typeof presentDocument>[0]) {
  const { content: _content, ...summary } = presentDocument(row);
  return summary;
}
