import {
  errorBodySchema,
  idParamSchema,
  paginate,
  productCategoriesResponseSchema,
  productResponseSchema,
  productsQuerySchema,
  productsResponseSchema,
  shopOrdersResponseSchema,
  shopPageQuerySchema,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
import { categories, productDetail, productPage, shopOrders } from './products.service.ts';

/**
 * The shop: categories, the products on sale (with the current user's buying rules; the token is
 * optional) and the user's own shop orders. The static /products/orders wins over /products/:id.
 */
export function registerProducts(app: FastifyInstance) {
  const r = typed(app);
  const db = () => app.deps.db;

  r.get(
    '/category_products',
    { schema: { tags: ['shop'], response: { 200: productCategoriesResponseSchema } } },
    async () => ({ data: await categories(db()) }),
  );

  r.get(
    '/products',
    {
      schema: {
        tags: ['shop'],
        querystring: productsQuerySchema,
        response: { 200: productsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { data, total } = await productPage(db(), q, request.user?.id ?? null);
      return { data, pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/products/orders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shop'],
        querystring: shopPageQuerySchema,
        response: { 200: shopOrdersResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await shopOrders(db(), currentUser(request).id, page, limit);
      return { data, pagination: paginate(page, limit, total) };
    },
  );

  r.get(
    '/products/:id',
    {
      schema: {
        tags: ['shop'],
        params: idParamSchema,
        response: { 200: productResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      data: await productDetail(db(), request.params.id, request.user?.id ?? null),
    }),
  );
}
