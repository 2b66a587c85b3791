/**
 * The versioning mechanics shared by the office's test and survey editors (decision 036), free of any
 * table: a replace keeps the row of a question whose content did not change (only its order may move),
 * retires (version_to) a changed or removed one and inserts a changed one again; any retirement or
 * insertion makes a new version. The queries stay in each module's repository, passed in as writers.
 */
import type { QuestionChange } from '@mels/domain';

type CurrentQuestion = {
  id: number;
  sortOrder: number;
};

export type PlannedQuestion<Current, Draft> = {
  draft: Draft;
  /** The display position, from 1. */
  order: number;
  before: Current | undefined;
  change: QuestionChange;
};

/** Plans and writes a replace; answers the version the container is at afterwards. */
export async function writeVersionedReplace<
  Current extends CurrentQuestion,
  Draft extends { id?: number | undefined },
>(options: {
  current: readonly Current[];
  /** The drafts in display order, already normalised. */
  drafts: readonly Draft[];
  /** The container's version before the replace. */
  version: number;
  /** A container created by this replace stays at its first version. */
  created: boolean;
  change: (before: Current, draft: Draft) => QuestionChange;
  retire: (ids: readonly number[], version: number) => Promise<void>;
  insert: (planned: PlannedQuestion<Current, Draft>, version: number) => Promise<unknown>;
  /** Moves a kept question; `choices` is whether its choices' order changed too. */
  reorder: (
    planned: PlannedQuestion<Current, Draft> & { before: Current },
    choices: boolean,
  ) => Promise<void>;
}): Promise<number> {
  const byId = new Map(options.current.map((q) => [q.id, q]));
  const plan = options.drafts.map((draft, i): PlannedQuestion<Current, Draft> => {
    const before = draft.id === undefined ? undefined : byId.get(draft.id);
    return {
      draft,
      order: i + 1,
      before,
      change: before ? options.change(before, draft) : 'changed',
    };
  });
  const kept = new Set(plan.flatMap((p) => (p.before && p.change !== 'changed' ? [p.before.id] : [])));
  const retired = options.current.filter((q) => !kept.has(q.id)).map((q) => q.id);
  const changes = retired.length > 0 || plan.some((p) => p.change === 'changed');
  const version = options.created || !changes ? options.version : options.version + 1;

  await options.retire(retired, version);
  for (const p of plan) {
    if (p.change === 'changed') await options.insert(p, version);
    else if (p.before && (p.change === 'reordered' || p.before.sortOrder !== p.order))
      await options.reorder({ ...p, before: p.before }, p.change === 'reordered');
  }
  return version;
}

/**
 * The audit data of a replace: on a creation the whole `present` as `after`; otherwise `before` and
 * `after` of the parts (title, questions…) that changed. Undefined when nothing changed: no audit row.
 */
export function replaceAuditData<T extends Record<string, unknown>>(was: T, present: T, created: boolean) {
  if (created) return { after: present };
  const changed = Object.keys(present).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(present[k]));
  if (changed.length === 0) return undefined;
  const parts = (o: T) => Object.fromEntries(changed.map((k) => [k, o[k]])) as Partial<T>;
  return { before: parts(was), after: parts(present) };
}
