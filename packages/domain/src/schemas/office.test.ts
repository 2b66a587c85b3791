import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import {
  officeCancelRequestsQuerySchema,
  officeOrdersQuerySchema,
  officeTrainingsQuerySchema,
} from './office.ts';

describe('office list queries', () => {
  it('reads the session filters and refuses bad ones with Japanese messages', () => {
    expect(
      officeTrainingsQuerySchema.parse({
        from: '2026-12-01',
        course: '3',
        keyword: ' 東京 ',
        waiting: 'lottery',
      }),
    ).toEqual({ page: 1, limit: 20, from: '2026-12-01', course: 3, keyword: '東京', waiting: 'lottery' });
    const bad = officeTrainingsQuerySchema.safeParse({ from: '2026-02-30', waiting: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => jaText(i.message))).toEqual([
      expect.stringContaining('開催日（から）'),
      '対応待ちの値が正しくありません',
    ]);
  });

  it('defaults the cancel-request status to awaiting and the order kind to transfers', () => {
    expect(officeCancelRequestsQuerySchema.parse({}).status).toBe(0);
    expect(officeCancelRequestsQuerySchema.safeParse({ status: '3' }).success).toBe(false);
    expect(officeOrdersQuerySchema.parse({}).kind).toBe('transfer');
    expect(officeOrdersQuerySchema.parse({ kind: 'paid', page: '2' })).toMatchObject({
      kind: 'paid',
      page: 2,
    });
    expect(officeOrdersQuerySchema.safeParse({ kind: 'card' }).success).toBe(false);
  });
});
