import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData, apiList } from '../../../lib/api-client.ts';

export type ProductAttribute = {
  id: number;
  attribute: string;
  type: 'select' | 'text';
  value: string;
  options: string[];
  is_required: boolean;
};

export type Product = {
  id: number;
  name: string;
  price: number;
  description: string;
  category: { id: number; name: string } | null;
  thumbnail: string | null;
  images: Array<{ link: string; is_thumb: boolean }>;
  attributes: ProductAttribute[];
  courses: Array<{ course_id: number; name: string }>;
  buy_once_per_user: boolean;
  allow_buy_with_course: boolean;
  allow_buy_once_per_user: boolean;
};

export const PRODUCTS_PAGE_SIZE = 12;

/** GET /category_products */
export const categoriesQuery = queryOptions({
  queryKey: ['products', 'categories'],
  queryFn: ({ signal }) => apiData<Array<{ id: number; name: string }>>('/category_products', { signal }),
  staleTime: 10 * 60_000,
});

/** GET /products?page&category_id (the allow flags depend on the logged-in user, hence the token key). */
export const productsQuery = (page: number, categoryId: number | null, userKey: string) =>
  queryOptions({
    queryKey: ['products', 'list', userKey, page, categoryId],
    queryFn: ({ signal }) =>
      apiList<Product>('/products', {
        query: { page, limit: PRODUCTS_PAGE_SIZE, ...(categoryId ? { category_id: categoryId } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /products/{id} */
export const productQuery = (id: number, userKey: string) =>
  queryOptions({
    queryKey: ['products', 'detail', userKey, id],
    queryFn: ({ signal }) => apiData<Product>(`/products/${id}`, { signal }),
  });
