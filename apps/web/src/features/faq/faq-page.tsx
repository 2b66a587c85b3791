// A page visitors land on: its Mantine styles beyond the first visit's (mantine-styles.ts) come with its
// code, not the whole stylesheet (issue 20, decision 047).
import '@mantine/core/styles/Accordion.layer.css';
import { Accordion, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { InfiniteLoader } from '../../components/infinite-loader.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { faqsInfiniteQuery } from './api/get-faqs.ts';

export function FaqPage() {
  const { t } = useI18n();
  const query = useInfiniteQuery(faqsInfiniteQuery());
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <PageHeading title={t.pages.faq} lead={t.pages.faqLead} />
      {query.isPending ? (
        <ListSkeleton count={7} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t.empty.nothingToDisplay}</EmptyState>
      ) : (
        <>
          <Accordion variant="separated" radius="md" chevronPosition="right">
            {items.map((item) => (
              <Accordion.Item key={item.id} value={String(item.id)} bg="white">
                <Accordion.Control>
                  <Text fw={700} component="span">
                    <Text component="span" c="rose.8" fw={800} mr={8} aria-hidden>
                      Q.
                    </Text>
                    <span data-user-content>{item.title}</span>
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <RichText html={item.content} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
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
