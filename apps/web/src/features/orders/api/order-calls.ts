import { api } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';

export const ORDERS_PAGE_SIZE = 10;

/** GET /users/orders (paged, newest first). */
export const ordersQuery = (page: number) =>
  queryOptions({
    queryKey: ['users', 'orders', page],
    queryFn: () => call(api.orders.list, { query: { page, limit: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** POST /users/orders/{id}/invoice: the receipt PDF and the server's file name. */
export const downloadReceipt = (id: number, fullName: string) =>
  download(api.orders.invoice, { params: { id }, body: { full_name: fullName } });
