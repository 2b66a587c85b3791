import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { categories, productDetail, productPage, shopOrders } from './products.service.ts';

/**
 * The shop: categories, the products on sale (with the current user's buying rules; the token is
 * optional) and the user's own shop orders. The static /products/orders wins over /products/:id.
 */
export function registerProducts(app: FastifyInstance) {
  const { products } = contracts;
  const db = () => app.deps.db;

  contractRoute(app, products.categories, async () => ({ data: await categories(db()) }));

  contractRoute(app, products.list, async (request) => {
    const q = request.query;
    const { data, total } = await productPage(db(), q, request.user?.id ?? null);
    return { data, pagination: paginate(q.page, q.limit, total) };
  });

  contractRoute(app, products.orders, async (request) => {
    const { page, limit } = request.query;
    const { data, total } = await shopOrders(db(), currentUser(request).id, page, limit);
    return { data, pagination: paginate(page, limit, total) };
  });

  contractRoute(app, products.detail, async (request) => ({
    data: await productDetail(db(), request.params.id, request.user?.id ?? null),
  }));
}
