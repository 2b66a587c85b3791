/** The time source of the domain: injectable so date-window rules can be tested with a pinned clock. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  at: Date | string,
): Clock & { set: (to: Date | string) => void; advance: (ms: number) => void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** A clock that starts at `at` and runs on with real time (TEST_CLOCK of a test server). */
export function startingClock(at: Date): Clock {
  const offset = at.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}
