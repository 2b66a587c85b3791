import { Box, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { InfiniteLoader } from '../../components/infinite-loader.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatCount, formatDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { areasQuery } from './api/get-areas.ts';
import { coursesQuery } from './api/get-courses.ts';
import { trainingsInfiniteQuery } from './api/get-trainings.ts';
import { parseSearchParams, toSearchString, type SearchFilters } from './search-params.ts';
import { SessionCard } from './session-card.tsx';
import classes from './search.module.css';

/**
 * The form that changes the conditions, drawn only while their panel is open: on a phone that is when asked,
 * so its code (the inputs, selects and checkboxes) comes then rather than with the results (issue 20). A
 * wide screen opens the panel at once and asks for it with the page.
 */
const loadSearchForm = () => import('./search-form.tsx').then((m) => ({ default: m.SearchForm }));
const SearchForm = lazy(loadSearchForm);
const WIDE = '(min-width: 48em)';
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches) void loadSearchForm();

/** The current conditions in words: 東京都・ベーシックコース・2026/12/01〜2026/12/31・受講者. */
function useConditionSummary(filters: SearchFilters): string[] {
  const { t } = useI18n();
  const areas = useQuery(areasQuery());
  const courses = useQuery(coursesQuery());
  const areaNames = new Map((areas.data ?? []).map((a) => [a.id, a.name]));
  const courseNames = new Map((courses.data ?? []).map((c) => [c.id, c.name]));
  const areaIds = [...new Set([...(filters.area ? [filters.area] : []), ...filters.areas])];
  const courseIds = [...new Set([...(filters.course_id ? [filters.course_id] : []), ...filters.courses])];
  const s = t.publicSite.search;
  const out: string[] = [];
  out.push(
    areaIds.length ? areaIds.map((id) => areaNames.get(id) ?? '…').join(t.app.separator) : s.allPrefectures,
  );
  out.push(
    courseIds.length ? courseIds.map((id) => courseNames.get(id) ?? '…').join(t.app.separator) : s.allCourses,
  );
  if (filters.event_start_date || filters.event_end_date) {
    const from = filters.event_start_date ? formatDate(filters.event_start_date) : '';
    const to = filters.event_end_date ? formatDate(filters.event_end_date) : '';
    out.push(`${from} ${s.dateSeparator} ${to}`.trim());
  } else out.push(s.fromToday);
  out.push(
    filters.recruitment
      .map((id) => (t.userTypes as Record<number, string>)[id] ?? String(id))
      .join(t.app.separator),
  );
  if (filters.open_only) out.push(s.openOnly);
  return out;
}

/** /search-result: the session list of the URL's conditions, with the conditions editable above it. */
export function SearchResultPage() {
  const { t, f } = useI18n();
  const s = t.publicSite.search;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const paramsKey = params.toString();
  const filters = useMemo(() => parseSearchParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const { token } = useAuth();
  const query = useInfiniteQuery(trainingsInfiniteQuery(filters, token));
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.pagination.total ?? 0;
  // Past the cap the server stops counting (decision 045): 「1,000件以上」.
  const capped = query.data?.pages[0]?.pagination.total_capped === true;
  const summary = useConditionSummary(filters);
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const open = panelOpen ?? wide;
  const headingId = useId();
  const panelId = useId();

  return (
    <>
      <PageHeading title={s.resultTitle} />
      <Paper
        component="section"
        aria-labelledby={headingId}
        withBorder
        mb="lg"
        className={classes.filterPanel}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box style={{ minWidth: 0 }}>
            <Title order={2} fz="md" id={headingId}>
              {s.conditions}
            </Title>
            <Text size="sm" c="dimmed" mt={4} data-testid="search-summary" className={classes.summary}>
              {summary.map((part, i) => (
                <span key={i}>
                  {i > 0 ? <span>／</span> : null}
                  {part}
                </span>
              ))}
            </Text>
          </Box>
          <Button
            variant="default"
            size="xs"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setPanelOpen(!open)}
            style={{ flexShrink: 0 }}
          >
            {open ? t.app.close : s.change}
          </Button>
        </Group>
        <Box id={panelId} hidden={!open} mt="md">
          {open ? (
            <Suspense fallback={<Skeleton className={classes.formPlaceholder} radius="sm" />}>
              <SearchForm
                key={paramsKey}
                initial={filters}
                compact
                onSearch={(next) => {
                  void navigate({ search: toSearchString(next) });
                  if (!wide) setPanelOpen(false);
                }}
              />
            </Suspense>
          ) : null}
        </Box>
      </Paper>

      {query.isPending ? (
        <ListSkeleton count={5} height={200} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{s.noResults}</EmptyState>
      ) : (
        <>
          <Text size="sm" mb="sm" aria-live="polite" data-testid="search-total">
            {f(capped ? s.totalCapped : s.total, formatCount(total))}
          </Text>
          <ul className={classes.results}>
            {items.map((item) => (
              <li key={`${item.id}-${item.user_type.id}`}>
                <SessionCard item={item} loggedIn={Boolean(token)} />
              </li>
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
