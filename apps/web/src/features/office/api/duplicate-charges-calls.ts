import type { DuplicateChargeView } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { OFFICE_KEY, OFFICE_PAGE_SIZE } from './office-calls.ts';

/** GET /office/payments/duplicate-charges: second charges refunded automatically (decision 017). */
export const duplicateChargesQuery = (page: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'duplicate-charges', page],
    queryFn: ({ signal }) =>
      apiList<DuplicateChargeView>('/office/payments/duplicate-charges', {
        query: { page, limit: OFFICE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
