import { Anchor, Group, Text } from '@mantine/core';
import type { InstructorDocumentSummary } from '@mels/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { InfiniteLoader } from '../../components/infinite-loader.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatNewsDate } from '../../lib/format.ts';
import { instructorDocumentsInfiniteQuery } from './api/get-instructor-documents.ts';
import { useInstructorDocsI18n } from './instructor-docs-messages.ts';
import classes from './instructor-documents.module.css';
import { RequireLevel } from './require-level.tsx';

type CategoryGroup = { key: string; title: string; items: InstructorDocumentSummary[] };

/** The loaded documents (newest first) grouped by category, groups in the order they first appear. */
function byCategory(items: InstructorDocumentSummary[], other: string): CategoryGroup[] {
  const groups = new Map<string, CategoryGroup>();
  for (const item of items) {
    const category = item.category_instructor_document;
    const key = category ? String(category.id) : 'none';
    let group = groups.get(key);
    if (!group) {
      group = { key, title: category?.title ?? other, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** /instructor-document: the documents open to the user's level, by category. */
export function InstructorDocumentsPage() {
  return (
    <RequireLevel>
      <DocumentList />
    </RequireLevel>
  );
}

function DocumentList() {
  const { d } = useInstructorDocsI18n();
  const query = useInfiniteQuery(instructorDocumentsInfiniteQuery());
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <PageHeading title={d.title} lead={d.lead} />
      {query.isPending ? (
        <ListSkeleton count={5} height={48} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{d.empty}</EmptyState>
      ) : (
        <>
          <div className={classes.groups}>
            {byCategory(items, d.uncategorized).map((group) => (
              <section key={group.key} aria-labelledby={`instructor-category-${group.key}`}>
                <h2 id={`instructor-category-${group.key}`} className={classes.groupTitle}>
                  {group.title}
                </h2>
                <ul className={classes.list}>
                  {group.items.map((item) => (
                    <li key={item.id} className={classes.item}>
                      <Group gap="md" wrap="nowrap" align="baseline" className={classes.row}>
                        <Text
                          component="time"
                          dateTime={item.created_at}
                          size="sm"
                          c="dimmed"
                          className={classes.date}
                        >
                          {formatNewsDate(item.created_at)}
                        </Text>
                        <Anchor
                          component={Link}
                          to={`/instructor-document/${item.id}`}
                          className={classes.title}
                        >
                          {item.title}
                        </Anchor>
                      </Group>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <InfiniteLoader
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            fetchNextPage={query.fetchNextPage}
          />
        </>
      )}
    </>
  );
}
