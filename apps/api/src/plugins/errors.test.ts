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
});
