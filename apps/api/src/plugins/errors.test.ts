import { describe, expect, it } from 'vitest';
import { translatePayload } from './errors.ts';

const upper = (key: string) => `«${key}»`;

describe('translatePayload', () => {
  it('answers a payload without message keys as it is, the same object (no copy)', () => {
    const page = {
      data: [
        {
          id: 1,
          name: '第3回 ベーシックコース',
          apply_date: { start: '2026-07-06T01:00:00.000Z' },
          tags: ['a.'],
        },
      ],
      pagination: { page: 1, pages: 1, limit: 10, total: 1 },
    };
    expect(translatePayload(page, upper)).toBe(page);
  });

  it('translates every key, however deep, and leaves the rest equal', () => {
    const when = new Date('2026-11-22T00:00:00Z');
    const payload = {
      data: { message: 'errors.notFound', list: [{ warning: 'fields.page|3' }, 'plain text.'], when },
    };
    expect(translatePayload(payload, upper)).toEqual({
      data: { message: '«errors.notFound»', list: [{ warning: '«fields.page|3»' }, 'plain text.'], when },
    });
    expect(payload.data.message).toBe('errors.notFound');
  });

  it('copies only the objects on the way to a key; the rest of the answer is shared, nothing is changed', () => {
    const untouched = { id: 2, name: 'ベーシックコース', steps: [{ step: 1 }] };
    const keyed = { id: 1, badge: 'trainings.badge.applied', steps: [{ step: 2 }] };
    const payload = { data: [keyed, untouched], pagination: { page: 1 } };
    const answer = translatePayload(payload, upper) as typeof payload;
    expect(answer).not.toBe(payload);
    expect(answer.data[0]).toEqual({ ...keyed, badge: '«trainings.badge.applied»' });
    expect(answer.data[0]?.steps).toBe(keyed.steps);
    expect(answer.data[1]).toBe(untouched);
    expect(answer.pagination).toBe(payload.pagination);
    expect(keyed.badge).toBe('trainings.badge.applied');
  });
});
