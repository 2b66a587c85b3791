import { DEFAULT_RECRUITMENT, USER_TYPE } from '@mels/domain';

/** 1–4 are the form's checkboxes; 5 (link-only sessions) can still come from a shared URL. */
const USER_TYPE_IDS: readonly number[] = Object.values(USER_TYPE);

/**
 * The session search as the spec's URL carries it (/search-result?area=&course_id=&areas=&courses=
 * &recruitment=&event_start_date=&event_end_date=): single selects, comma lists from the advanced
 * section, and dates as YYYY-MM-DD; open_only=0 when the '募集中のみ' filter (on by default) is off.
 */
export type SearchFilters = {
  area: number | null;
  course_id: number | null;
  areas: number[];
  courses: number[];
  recruitment: number[];
  event_start_date: string | null;
  event_end_date: string | null;
  /** 募集中のみ: only the sessions whose recruiting is open now (default on). */
  open_only: boolean;
};

export const EMPTY_FILTERS: SearchFilters = {
  area: null,
  course_id: null,
  areas: [],
  courses: [],
  recruitment: [DEFAULT_RECRUITMENT],
  event_start_date: null,
  event_end_date: null,
  open_only: true,
};

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

function intList(value: string | null): number[] {
  if (!value) return [];
  const out: number[] = [];
  for (const part of value.split(',')) {
    const n = positiveInt(part);
    if (n !== null && !out.includes(n)) out.push(n);
  }
  return out;
}

/** A real calendar day written YYYY-MM-DD, or null. */
export function validDate(value: string | null | undefined): string | null {
  if (!value || !YMD.test(value)) return null;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value ? value : null;
}

/** Reads the URL; anything malformed is ignored rather than sent to the server. */
export function parseSearchParams(params: URLSearchParams): SearchFilters {
  const recruitment = intList(params.get('recruitment')).filter((id) => USER_TYPE_IDS.includes(id));
  const start = validDate(params.get('event_start_date'));
  let end = validDate(params.get('event_end_date'));
  if (start && end && end < start) end = start;
  return {
    area: positiveInt(params.get('area')),
    course_id: positiveInt(params.get('course_id')),
    areas: intList(params.get('areas')),
    courses: intList(params.get('courses')),
    recruitment: recruitment.length > 0 ? recruitment : [DEFAULT_RECRUITMENT],
    event_start_date: start,
    event_end_date: end,
    open_only: params.get('open_only') !== '0',
  };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The URL of a search: only the conditions that are set; recruitment always (the default is 4). */
export function toSearchParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.area) params.set('area', String(filters.area));
  if (filters.course_id) params.set('course_id', String(filters.course_id));
  if (filters.areas.length > 0) params.set('areas', sorted(filters.areas).join(','));
  if (filters.courses.length > 0) params.set('courses', sorted(filters.courses).join(','));
  params.set(
    'recruitment',
    sorted(filters.recruitment.length > 0 ? filters.recruitment : [DEFAULT_RECRUITMENT]).join(','),
  );
  if (filters.event_start_date) params.set('event_start_date', filters.event_start_date);
  if (filters.event_end_date) params.set('event_end_date', filters.event_end_date);
  if (!filters.open_only) params.set('open_only', '0');
  return params;
}

/** The query string, with the lists' commas kept readable (area=13&areas=1,27&recruitment=4). */
export function toSearchString(filters: SearchFilters): string {
  return `?${toSearchParams(filters).toString().replace(/%2C/gi, ',')}`;
}

export function searchResultUrl(filters: SearchFilters): string {
  return `/search-result${toSearchString(filters)}`;
}

const merge = (one: number | null, many: number[]) =>
  [...new Set([...(one ? [one] : []), ...many])].sort((a, b) => a - b);

/**
 * GET /api/v1/trainings parameters (spec 000 §7): area[] and course_id[] join the select and the
 * checkboxes. Without any date, the search starts today (YYYY-MM-DD in Japan): past sessions are
 * found only by asking for their dates.
 */
export function toTrainingsQuery(filters: SearchFilters, today: string) {
  const start = filters.event_start_date ?? (filters.event_end_date ? null : today);
  return {
    area: merge(filters.area, filters.areas),
    course_id: merge(filters.course_id, filters.courses),
    user_type: [...filters.recruitment].sort((a, b) => a - b),
    event_date$ge: start ? `${start} 00:00:00` : undefined,
    event_date$le: filters.event_end_date ? `${filters.event_end_date} 00:00:00` : undefined,
    open_only: filters.open_only ? ('1' as const) : undefined,
  };
}

/** A start after the end moves the end to the start (spec 000 §5). */
export function withDateRange(
  filters: SearchFilters,
  start: string | null,
  end: string | null,
): SearchFilters {
  return { ...filters, event_start_date: start, event_end_date: start && end && end < start ? start : end };
}
