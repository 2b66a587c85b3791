import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { InfiniteLoader } from '../../components/infinite-loader.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { newsInfiniteQuery } from './api/get-news-list.ts';
import { NewsListItem } from './news-list-item.tsx';
import classes from './news.module.css';

export function NewsListPage() {
  const { t } = useI18n();
  const query = useInfiniteQuery(newsInfiniteQuery());
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <PageHeading title={t.nav.news} />
      {query.isPending ? (
        <ListSkeleton count={10} height={48} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t.empty.noData}</EmptyState>
      ) : (
        <>
          <ul className={classes.list}>
            {items.map((item) => (
              <NewsListItem key={item.id} item={item} />
            ))}
          </ul>
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
