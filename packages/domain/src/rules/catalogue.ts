/**
 * The office's catalogue rules (decision 031): what a session and its recruitments must satisfy before
 * they are saved or published. Pure: the caller passes what the database knows of each recruitment
 * (places taken, applicants, paid orders) and the clock. The server refuses a save with any issue; the
 * console shows the same issues beside the fields. Each issue names its field the way the API's body
 * does ('users_types.1.apply_end_date') and its code, whose text is office.catalogue.rules.<code>.
 */
import type { Selection } from '../schemas/trainings.ts';
import { sessionFeeDue } from './workflow.ts';

export const CATALOGUE_RULE_CODES = [
  'eventTimeOrder',
  'halfDayOrder',
  'applyWindowOrder',
  'applyBeforeEvent',
  'registerWindowPair',
  'registerWindowOrder',
  'registerBeforeEvent',
  'lotteryNeedsEnd',
  'duplicateUserType',
  'paymentMethodsNeeded',
  'noRecruitment',
  'eventPassed',
  'capacityBelowTaken',
  'selectionLocked',
  'priceLocked',
  'recruitmentHasApplicants',
  'unpublishLocked',
  'courseLocked',
] as const;
export type CatalogueRuleCode = (typeof CATALOGUE_RULE_CODES)[number];

/** Issues that come from what members already did (a conflict with the data, not a typing mistake). */
export const CATALOGUE_LOCK_CODES: readonly CatalogueRuleCode[] = [
  'capacityBelowTaken',
  'selectionLocked',
  'priceLocked',
  'recruitmentHasApplicants',
  'unpublishLocked',
  'courseLocked',
];

export type CatalogueIssue = { field: string; code: CatalogueRuleCode };

/** A recruitment as the office writes it; times are Japan time 'YYYY-MM-DD HH:MM'. */
export type RecruitmentDraft = {
  type_id: number;
  selection: Selection;
  capacity: number;
  price: number;
  apply_start_date: string;
  /** Optional for first-come (the application then stays open until the event starts). */
  apply_end_date: string | null;
  register_start_date: string | null;
  register_end_date: string | null;
};

export type SessionDraft = {
  event_date: string;
  /** HH:MM */
  event_start_time: string;
  event_end_time: string;
  start_time_morning: string | null;
  end_time_morning: string | null;
  start_time_afternoon: string | null;
  end_time_afternoon: string | null;
  payment_method_ids: readonly number[];
  users_types: readonly RecruitmentDraft[];
};

/** What the database knows of a recruitment already saved. */
export type RecruitmentFacts = {
  type_id: number;
  selection: Selection;
  price: number;
  /** Places taken (training_user_types.participant). */
  taken: number;
  /** Live applications (applying, waiting, won, paying, attending …). */
  applicants: number;
  /** Completed session-fee orders. */
  paid_orders: number;
};

export type SessionRuleContext = {
  /** The recruitments as saved (empty for a new session). */
  existing: readonly RecruitmentFacts[];
  /** Whether the session is published after the save (a published session recruits someone). */
  published: boolean;
  /** Whether this save moves the session to another course. */
  courseChanged?: boolean;
  /** Whether this save publishes it (a draft becoming public): its event must still be ahead. */
  publishing: boolean;
  now: Date;
};

/** A Japan-time 'YYYY-MM-DD HH:MM' (or 'YYYY-MM-DD' and 'HH:MM' apart) as an instant. */
export function japanInstant(dateTime: string, time?: string): Date {
  const [day = '', clock = '00:00'] = time === undefined ? dateTime.split(' ') : [dateTime, time];
  return new Date(`${day}T${clock.slice(0, 5)}:00+09:00`);
}

/**
 * An instant written in Japan time as 'YYYY-MM-DD HH:MM' (what the office's form shows), or with
 * `seconds` 'YYYY-MM-DD HH:MM:SS'. Japan's offset is +09:00 all year: arithmetic, no Intl formatter.
 */
export function japanDateTime(instant: Date, options: { seconds?: boolean } = {}): string {
  const shifted = new Date(instant.getTime() + 9 * 3600_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, options.seconds ? 19 : 16)}`;
}

/** The end of a recruitment's application window: the one written, else the start of the event. */
export function effectiveApplyEnd(
  draft: Pick<SessionDraft, 'event_date' | 'event_start_time'>,
  r: RecruitmentDraft,
) {
  return r.apply_end_date ?? `${draft.event_date} ${draft.event_start_time.slice(0, 5)}`;
}

const before = (a: string, b: string) => japanInstant(a).getTime() < japanInstant(b).getTime();
const hm = (t: string) => t.slice(0, 5);

function recruitmentIssues(
  draft: SessionDraft,
  r: RecruitmentDraft,
  index: number,
  facts: RecruitmentFacts | undefined,
): CatalogueIssue[] {
  const out: CatalogueIssue[] = [];
  const at = (name: string) => `users_types.${index}.${name}`;
  const eventStart = `${draft.event_date} ${hm(draft.event_start_time)}`;
  if (r.selection === 'lottery' && r.apply_end_date === null)
    out.push({ field: at('apply_end_date'), code: 'lotteryNeedsEnd' });
  const applyEnd = effectiveApplyEnd(draft, r);
  if (!before(r.apply_start_date, applyEnd))
    out.push({ field: at('apply_end_date'), code: 'applyWindowOrder' });
  else if (before(eventStart, applyEnd)) out.push({ field: at('apply_end_date'), code: 'applyBeforeEvent' });
  const registerGiven = [r.register_start_date, r.register_end_date].filter((d) => d !== null).length;
  if (registerGiven === 1)
    out.push({
      field: at(r.register_start_date === null ? 'register_start_date' : 'register_end_date'),
      code: 'registerWindowPair',
    });
  if (r.register_start_date !== null && r.register_end_date !== null) {
    if (!before(r.register_start_date, r.register_end_date))
      out.push({ field: at('register_end_date'), code: 'registerWindowOrder' });
    else if (before(eventStart, r.register_end_date))
      out.push({ field: at('register_end_date'), code: 'registerBeforeEvent' });
  }
  if (facts) {
    if (r.capacity < facts.taken) out.push({ field: at('capacity'), code: 'capacityBelowTaken' });
    if (r.selection !== facts.selection && facts.applicants > 0)
      out.push({ field: at('selection'), code: 'selectionLocked' });
    if (r.price !== facts.price && facts.paid_orders > 0)
      out.push({ field: at('price'), code: 'priceLocked' });
  }
  return out;
}

/** Every issue of a session draft against what is saved, in the order of the form. */
export function sessionIssues(draft: SessionDraft, context: SessionRuleContext): CatalogueIssue[] {
  const out: CatalogueIssue[] = [];
  if (hm(draft.event_start_time) >= hm(draft.event_end_time))
    out.push({ field: 'event_end_time', code: 'eventTimeOrder' });
  for (const half of ['morning', 'afternoon'] as const) {
    const start = draft[`start_time_${half}`];
    const end = draft[`end_time_${half}`];
    if (start !== null && end !== null && hm(start) >= hm(end))
      out.push({ field: `end_time_${half}`, code: 'halfDayOrder' });
  }
  const byType = new Map(context.existing.map((f) => [f.type_id, f]));
  const seen = new Set<number>();
  draft.users_types.forEach((r, i) => {
    if (seen.has(r.type_id)) out.push({ field: `users_types.${i}.type_id`, code: 'duplicateUserType' });
    seen.add(r.type_id);
    out.push(...recruitmentIssues(draft, r, i, byType.get(r.type_id)));
  });
  for (const facts of context.existing) {
    if (!seen.has(facts.type_id) && facts.applicants > 0)
      out.push({ field: 'users_types', code: 'recruitmentHasApplicants' });
  }
  // Only a fee the member is asked to pay needs a way to pay it (an attendee's fee of ¥50 or more: the
  // member's own flow completes a smaller fee, and other user types' fees, without payment).
  if (
    draft.users_types.some((r) => sessionFeeDue(r.type_id, r.price)) &&
    draft.payment_method_ids.length === 0
  )
    out.push({ field: 'payment_method_ids', code: 'paymentMethodsNeeded' });
  if (context.courseChanged && context.existing.some((f) => f.applicants > 0))
    out.push({ field: 'course_id', code: 'courseLocked' });
  if (!context.published && context.existing.some((f) => f.applicants > 0))
    out.push({ field: 'status', code: 'unpublishLocked' });
  if (context.published && draft.users_types.length === 0)
    out.push({ field: 'users_types', code: 'noRecruitment' });
  if (context.publishing) {
    const start = japanInstant(draft.event_date, draft.event_start_time);
    if (start.getTime() <= context.now.getTime()) out.push({ field: 'event_date', code: 'eventPassed' });
  }
  return out;
}

/** Whether the issues are all typing mistakes (400) or some conflict with what members did (409). */
export function issuesConflict(issues: readonly CatalogueIssue[]): boolean {
  return issues.some((i) => CATALOGUE_LOCK_CODES.includes(i.code));
}
