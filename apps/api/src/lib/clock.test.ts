import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { startingClock } from './clock.ts';

describe('the test clock and the check-in margin (decision 022)', () => {
  it('TEST_CLOCK starts a test server at an instant and lets it run on', async () => {
    const config = loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '2026-12-20T09:30:00+09:00' });
    expect(config.testClock).toEqual(new Date('2026-12-20T00:30:00Z'));
    const clock = startingClock(config.testClock!);
    const first = clock.now().getTime();
    expect(Math.abs(first - Date.parse('2026-12-20T00:30:00Z'))).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 20));
    expect(clock.now().getTime()).toBeGreaterThan(first);
  });

  it('refuses TEST_CLOCK in production and an instant without a zone', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '2026-12-20T09:30:00+09:00' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ TEST_CLOCK: '2026-12-20T09:30:00+09:00' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'tomorrow' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({}).testClock).toBeUndefined();
  });

  it('CHECK_IN_MARGIN_HOURS defaults to 3 and takes whole hours', () => {
    expect(loadConfig({}).checkInMarginHours).toBe(3);
    expect(loadConfig({ CHECK_IN_MARGIN_HOURS: '0' }).checkInMarginHours).toBe(0);
    expect(() => loadConfig({ CHECK_IN_MARGIN_HOURS: '-1' })).toThrow(/CHECK_IN_MARGIN_HOURS/);
  });
});
