/**
 * The office's content (issue 18, decision 039): when a news item is public. Pure, the clock passed in;
 * the public queries apply the same rule in SQL (published and public_date at or before now).
 */

/** A news item: not published (draft), published with a date still to come (scheduled), or public. */
export const NEWS_STATES = ['draft', 'scheduled', 'public'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export function newsState(item: { isPublished: boolean; publicDate: Date }, now: Date): NewsState {
  if (!item.isPublished) return 'draft';
  return item.publicDate.getTime() > now.getTime() ? 'scheduled' : 'public';
}

/**
 * A new order of a list (FAQ, about tabs, flow items): the ids as the office arranged them. It must be
 * exactly the list's ids, each once; returns the position (1-based) of each id, or null when it is not.
 */
export function reorderPositions(
  current: readonly number[],
  arranged: readonly number[],
): Map<number, number> | null {
  if (current.length !== arranged.length || new Set(arranged).size !== arranged.length) return null;
  const known = new Set(current);
  if (!arranged.every((id) => known.has(id))) return null;
  return new Map(arranged.map((id, i) => [id, i + 1]));
}
