import { api, type Output } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** A product as GET /products/{id} answers it. */
export type Product = Output<typeof api.products.detail>;

export const PRODUCTS_PAGE_SIZE = 12;

/** GET /category_products */
export const categoriesQuery = queryOptions({
  queryKey: ['products', 'categories'],
  queryFn: ({ signal }) => call(api.products.categories, {}, { signal }),
  staleTime: 10 * 60_000,
});

/** GET /products?page&category_id (the allow flags depend on the logged-in user, hence the token key). */
export const productsQuery = (page: number, categoryId: number | null, userKey: string) =>
  queryOptions({
    queryKey: ['products', 'list', userKey, page, categoryId],
    queryFn: ({ signal }) =>
      call(
        api.products.list,
        { query: { page, limit: PRODUCTS_PAGE_SIZE, ...(categoryId ? { category_id: categoryId } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /products/{id} */
export const productQuery = (id: number, userKey: string) =>
  queryOptions({
    queryKey: ['products', 'detail', userKey, id],
    queryFn: ({ signal }) => call(api.products.detail, { params: { id } }, { signal }),
  });
