import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { InfiniteLoader } from '../../components/infinite-loader.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { faqsInfiniteQuery } from './api/get-faqs.ts';
import classes from './faq.module.css';

/** Mantine's accordion chevron (the same path); it turns when the answer opens. */
function Chevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * /faq: the questions, each opening its answer. The browser's own disclosure (<details>) rather than a
 * scripted accordion: each of the list's items costs a few elements to draw, not a dozen components, and
 * closed answers stay in the page for find-in-page (issue 20, decision 054).
 */
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
          <div className={classes.list}>
            {items.map((item) => (
              <details key={item.id} className={classes.item}>
                <summary className={classes.question}>
                  <span className={classes.mark} aria-hidden="true">
                    Q.
                  </span>
                  <span className={classes.title} data-user-content>
                    {item.title}
                  </span>
                  <Chevron />
                </summary>
                <div className={classes.answer}>
                  <RichText html={item.content} />
                </div>
              </details>
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
