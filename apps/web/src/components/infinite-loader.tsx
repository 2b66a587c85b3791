import { Button, Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useI18n } from '../lib/i18n.tsx';

/**
 * The end of an infinitely scrolling list: the next page loads as this comes into view; keyboard
 * and screen-reader users get a real 'load more' button in the same place.
 */
export function InfiniteLoader({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (!hasNextPage) return null;
  return (
    <Center ref={ref} py="md" aria-live="polite">
      {isFetchingNextPage ? (
        <Loader size="sm" role="status" aria-label={t.app.loading} />
      ) : (
        <Button variant="light" onClick={() => void fetchNextPage()}>
          {t.app.loadMore}
        </Button>
      )}
    </Center>
  );
}
