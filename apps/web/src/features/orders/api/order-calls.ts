import type { OrderView } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiBlob, apiList } from '../../../lib/api-client.ts';

export const ORDERS_PAGE_SIZE = 10;

/** GET /users/orders (paged, newest first). */
export const ordersQuery = (page: number) =>
  queryOptions({
    queryKey: ['users', 'orders', page],
    queryFn: () => apiList<OrderView>('/users/orders', { query: { page, limit: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** POST /users/orders/{id}/invoice: the receipt PDF and the server's file name. */
export const downloadReceipt = (id: number, fullName: string) =>
  apiBlob(`/users/orders/${id}/invoice`, { method: 'POST', body: { full_name: fullName } });
