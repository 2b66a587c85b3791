import { describe, expect, it } from 'vitest';
import { RANK_UP_REQUIREMENTS, rankUpCheck, type RankUpInput } from './rank-up.ts';

const TODAY = '2026-11-22';

const sessions = (n: number, from = '2025-01-10') =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i * 20);
    return d.toISOString().slice(0, 10);
  });

const input = (o: Partial<RankUpInput>): RankUpInput => ({
  currentLevel: 2,
  grantedOn: '2024-11-22',
  taughtOn: [],
  today: TODAY,
  ...o,
});

describe('RANK_UP_REQUIREMENTS', () => {
  it('asks more at each level', () => {
    expect(RANK_UP_REQUIREMENTS).toEqual({
      2: { yearsAtCurrent: 1, sessionsTaught: 3 },
      3: { yearsAtCurrent: 2, sessionsTaught: 5 },
      4: { yearsAtCurrent: 3, sessionsTaught: 10 },
    });
  });
});

describe('rankUpCheck', () => {
  it.each([
    // level, granted on, sessions taught (from 2025-01-10, every 20 days), ok, to, missing, too early
    [1, '2025-11-22', 3, true, 2, 0, false],
    [1, '2025-11-22', 2, false, 2, 1, false],
    [1, '2025-11-23', 3, false, 2, 0, true],
    [1, '2025-11-23', 0, false, 2, 3, true],
    [2, '2024-11-22', 5, true, 3, 0, false],
    [2, '2024-11-22', 4, false, 3, 1, false],
    [2, '2024-11-23', 6, false, 3, 0, true],
    [3, '2023-11-22', 10, true, 4, 0, false],
    [3, '2023-11-22', 9, false, 4, 1, false],
    [3, '2024-01-01', 12, false, 4, 0, true],
  ] as const)(
    'level %i since %s with %i sessions → ok %s (to %i, missing %i, too early %s)',
    (level, grantedOn, n, ok, toLevel, missing, tooEarly) => {
      const from = grantedOn < '2025-01-10' ? '2025-01-10' : grantedOn;
      const result = rankUpCheck(input({ currentLevel: level, grantedOn, taughtOn: sessions(n, from) }));
      expect(result).toMatchObject({
        ok,
        reason: 'requirements',
        toLevel,
        sessionsMissing: missing,
        tooEarly,
      });
    },
  );

  it('counts only sessions taught since the current rank, up to today', () => {
    const result = rankUpCheck(
      input({
        currentLevel: 1,
        grantedOn: '2025-06-01',
        taughtOn: ['2025-05-31', '2025-06-01', '2026-01-15', '2026-11-22', '2026-11-23'],
      }),
    );
    expect(result).toMatchObject({ counted: ['2025-06-01', '2026-01-15', '2026-11-22'], sessionsMissing: 0 });
    expect(result.ok).toBe(true);
  });

  it('names the first day the time is enough (end of month when the day does not exist)', () => {
    expect(rankUpCheck(input({ currentLevel: 2, grantedOn: '2024-02-29' }))).toMatchObject({
      eligibleFrom: '2026-02-28',
    });
  });

  it.each([
    [null, null, 'noRank'],
    [0, '2020-01-01', 'noRank'],
    [5, '2020-01-01', 'noRank'],
    [2, null, 'noRank'],
    [4, '2010-01-01', 'topLevel'],
  ] as const)('level %s granted %s → %s', (currentLevel, grantedOn, reason) => {
    const result = rankUpCheck(input({ currentLevel, grantedOn, taughtOn: sessions(20) }));
    expect(result).toMatchObject({ ok: false, reason });
  });
});
