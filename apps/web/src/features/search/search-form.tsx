import {
  Box,
  Button,
  Checkbox,
  Collapse,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  UnstyledButton,
} from '@mantine/core';
import { RECRUITABLE_USER_TYPES } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import {
  memo,
  useId,
  useState,
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { DeferredSection } from '../../components/deferred-section.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { areasQuery } from './api/get-areas.ts';
import { DateField } from './date-field.tsx';
import { coursesQuery } from './api/get-courses.ts';
import { EMPTY_FILTERS, withDateRange, type SearchFilters } from './search-params.ts';
import classes from './search.module.css';

type Props = {
  initial: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
  /** The filter bar above the results: fields in one row on wide screens. */
  compact?: boolean;
};

function toggle(list: number[], id: number, on: boolean): number[] {
  return on ? [...new Set([...list, id])] : list.filter((x) => x !== id);
}

function hasAdvanced(f: SearchFilters) {
  return f.areas.length > 0 || f.courses.length > 0 || f.recruitment.length !== 1 || f.recruitment[0] !== 4;
}

function CheckboxGroup({
  legend,
  children,
  cols,
}: {
  legend: string;
  children: ReactNode;
  cols: Record<string, number>;
}) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      <SimpleGrid cols={cols} spacing="xs" verticalSpacing={8}>
        {children}
      </SimpleGrid>
    </fieldset>
  );
}

type SetFilters = Dispatch<SetStateAction<SearchFilters>>;

/**
 * The form's parts that do not show the prefectures or the courses are memoised, and change the filters
 * through the state's setter: when the lists arrive, only the two selects are drawn again (issue 20).
 */
const DateFields = memo(function DateFields({
  start,
  end,
  setFilters,
}: {
  start: string | null;
  end: string | null;
  setFilters: SetFilters;
}) {
  const { t } = useI18n();
  const s = t.publicSite.search;
  return (
    <DeferredSection name="search-dates">
      <DateField
        label={s.startDate}
        value={start}
        onChange={(value) => setFilters((f) => withDateRange(f, value, f.event_end_date))}
        testId="search-start-date"
      />
      <DateField
        label={s.endDate}
        value={end}
        minDate={start ?? undefined}
        onChange={(value) => setFilters((f) => withDateRange(f, f.event_start_date, value))}
        testId="search-end-date"
      />
    </DeferredSection>
  );
});

/** The advanced section's checkboxes (prefectures, courses, recruitment), drawn when first opened. */
function AdvancedConditions({ filters, setFilters }: { filters: SearchFilters; setFilters: SetFilters }) {
  const { t } = useI18n();
  const s = t.publicSite.search;
  const areas = useQuery(areasQuery());
  const courses = useQuery(coursesQuery());
  /** One checkbox of a list condition (prefectures, courses, recruitment). */
  const listCheckbox = (field: 'areas' | 'courses' | 'recruitment', id: number, label: string) => (
    <Checkbox
      key={id}
      size="sm"
      label={label}
      checked={filters[field].includes(id)}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        setFilters((f) => ({ ...f, [field]: toggle(f[field], id, on) }));
      }}
    />
  );
  return (
    <Box pt="sm" className={classes.advanced}>
      <CheckboxGroup legend={s.areas} cols={{ base: 2, xs: 3, sm: 4, md: 6 }}>
        {areas.isPending
          ? Array.from({ length: 12 }, (_, i) => <Skeleton key={i} height={20} />)
          : (areas.data ?? []).map((a) => listCheckbox('areas', a.id, a.name))}
      </CheckboxGroup>
      <CheckboxGroup legend={s.courses} cols={{ base: 1, sm: 2, md: 3 }}>
        {(courses.data ?? []).map((c) => listCheckbox('courses', c.id, c.name))}
      </CheckboxGroup>
      <CheckboxGroup legend={s.recruitment} cols={{ base: 2, sm: 4 }}>
        {RECRUITABLE_USER_TYPES.map((typeId) => listCheckbox('recruitment', typeId, t.userTypes[typeId]))}
      </CheckboxGroup>
    </Box>
  );
}

/** The open-only checkbox, the advanced section and the buttons. */
const MoreConditions = memo(function MoreConditions({
  filters,
  setFilters,
  compact,
}: {
  filters: SearchFilters;
  setFilters: SetFilters;
  compact: boolean;
}) {
  const { t } = useI18n();
  const s = t.publicSite.search;
  const advancedId = `${useId()}-advanced`;
  const [advancedOpen, setAdvancedOpen] = useState(() => hasAdvanced(filters));
  // The detailed conditions (some 60 checkboxes) are drawn when first opened, not with the page: they
  // were most of the home page's first render on a slow phone (issue 20). Once drawn they stay, so
  // closing them animates and keeps what was ticked.
  const [advancedDrawn, setAdvancedDrawn] = useState(advancedOpen);
  return (
    <DeferredSection name="search-more">
      <Checkbox
        mt="md"
        label={s.openOnly}
        checked={filters.open_only}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setFilters((f) => ({ ...f, open_only: on }));
        }}
        data-testid="search-open-only"
      />
      <UnstyledButton
        type="button"
        className={classes.advancedToggle}
        aria-expanded={advancedOpen}
        aria-controls={advancedId}
        onClick={() => {
          setAdvancedOpen((o) => !o);
          setAdvancedDrawn(true);
        }}
        mt="md"
      >
        <span aria-hidden className={classes.chevron} data-open={advancedOpen || undefined}>
          ▸
        </span>
        {s.advanced}
      </UnstyledButton>
      <Collapse in={advancedOpen} id={advancedId}>
        {advancedDrawn && <AdvancedConditions filters={filters} setFilters={setFilters} />}
      </Collapse>

      <Group mt="lg" gap="sm" className={classes.actions}>
        <Button type="submit" size={compact ? 'sm' : 'md'} className={classes.submit}>
          {s.submit}
        </Button>
        <Button
          type="button"
          variant="subtle"
          color="gray"
          size={compact ? 'sm' : 'md'}
          onClick={() => setFilters(EMPTY_FILTERS)}
        >
          {s.clear}
        </Button>
      </Group>
    </DeferredSection>
  );
});

/**
 * The session search form (home page and the filter bar of /search-result): prefecture and course
 * selects, a date range, and the advanced section with prefecture, course and recruitment checkboxes.
 */
export function SearchForm({ initial, onSearch, compact = false }: Props) {
  const { t } = useI18n();
  const s = t.publicSite.search;
  const areas = useQuery(areasQuery());
  const courses = useQuery(coursesQuery());
  const [filters, setFilters] = useState<SearchFilters>(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(filters);
  };

  const areaOptions = [
    { value: '', label: s.allPrefectures },
    ...(areas.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];
  const courseOptions = [
    { value: '', label: s.allCourses },
    ...(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <form onSubmit={submit} aria-label={s.heading} className={classes.form} data-testid="search-form">
      {areas.isError || courses.isError ? (
        <Box mb="sm">
          <QueryError
            error={areas.error ?? courses.error}
            onRetry={() => void (areas.refetch(), courses.refetch())}
          />
        </Box>
      ) : null}
      <div className={compact ? classes.fieldsCompact : classes.fields}>
        <NativeSelect
          label={s.prefecture}
          data={areaOptions}
          disabled={areas.isPending}
          value={filters.area ? String(filters.area) : ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setFilters((f) => ({ ...f, area: value ? Number(value) : null }));
          }}
        />
        <NativeSelect
          label={s.course}
          data={courseOptions}
          disabled={courses.isPending}
          value={filters.course_id ? String(filters.course_id) : ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setFilters((f) => ({ ...f, course_id: value ? Number(value) : null }));
          }}
        />
        <DateFields start={filters.event_start_date} end={filters.event_end_date} setFilters={setFilters} />
      </div>
      <MoreConditions filters={filters} setFilters={setFilters} compact={compact} />
    </form>
  );
}
