import { api } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { OFFICE_KEY, OFFICE_PAGE_SIZE } from './office-calls.ts';

/** GET /office/payments/duplicate-charges: second charges refunded automatically (decision 017). */
export const duplicateChargesQuery = (page: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'duplicate-charges', page],
    queryFn: ({ signal }) =>
      call(api.payments.duplicateCharges, { query: { page, limit: OFFICE_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });
