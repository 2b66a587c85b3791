import { contracts, OFFICE_SHOP_LIMITS, message } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { templateInfo } from '../instructor-requests/index.ts';
import { IMAGE_MAX_BYTES, imageKeyOf } from './office-shop.images.ts';
import {
  addImage,
  createCategory,
  createProduct,
  makeThumbnail,
  officeCategories,
  officeProduct,
  officeProducts,
  orderCategories,
  removeCategory,
  removeImage,
  replaceTemplate,
  TEMPLATE_MAX_BYTES,
  updateCategory,
  updateProduct,
} from './office-shop.service.ts';
import { readOneFile } from './office-shop.upload.ts';

/** The office runs the shop (issue 18, decision 040): /api/v1/office/shop/* and the public product images. */
export function registerOfficeShop(app: FastifyInstance) {
  const { db } = app.deps;
  const c = contracts.officeShop;
  const actor = (request: Parameters<typeof currentUser>[0]) => ({
    actorId: currentUser(request).id,
    now: app.deps.clock.now(),
  });

  // A visitor or member is answered 401/403 before a bad body's 400.

  contractRoute(app, c.categories, async () => ({ data: await officeCategories(db) }));
  contractRoute(app, c.createCategory, async (request) => ({
    data: { id: await createCategory(app.deps, { ...actor(request), input: request.body }) },
  }));
  contractRoute(app, c.updateCategory, async (request) => ({
    data: await updateCategory(app.deps, { ...actor(request), id: request.params.id, input: request.body }),
  }));
  contractRoute(app, c.removeCategory, async (request) => ({
    data: await removeCategory(app.deps, { ...actor(request), id: request.params.id }),
  }));
  contractRoute(app, c.orderCategories, async (request) => ({
    data: await orderCategories(app.deps, { ...actor(request), ids: request.body.ids }),
  }));

  contractRoute(app, c.products, async (request) => officeProducts(db, request.query));
  contractRoute(app, c.createProduct, async (request) => ({
    data: { id: await createProduct(app.deps, { ...actor(request), input: request.body }) },
  }));
  contractRoute(app, c.product, async (request) => ({ data: await officeProduct(db, request.params.id) }));
  contractRoute(app, c.updateProduct, async (request) => ({
    data: await updateProduct(app.deps, { ...actor(request), id: request.params.id, input: request.body }),
  }));

  contractRoute(
    app,
    c.addImage,
    async (request) => {
      const data = await readOneFile(request as never, {
        field: 'image',
        maxBytes: IMAGE_MAX_BYTES,
        tooLarge: message('office.shop.errors.imageTooLarge', OFFICE_SHOP_LIMITS.imageMaxMb),
      });
      return { data: await addImage(app.deps, { ...actor(request), id: request.params.id, data }) };
    },
    { bodyLimit: IMAGE_MAX_BYTES + 64 * 1024 },
  );
  contractRoute(app, c.thumbnail, async (request) => ({
    data: await makeThumbnail(app.deps, { ...actor(request), ...request.params }),
  }));
  contractRoute(app, c.removeImage, async (request) => ({
    data: await removeImage(app.deps, { ...actor(request), ...request.params }),
  }));
  contractRoute(app, c.image, async (request, reply) => {
    const found = imageKeyOf(request.params.file);
    if (!found || !(await app.deps.storage.exists(found.key))) throw notFound();
    return reply
      .type(found.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(await app.deps.storage.read(found.key));
  });

  contractRoute(app, c.template, async () => ({ data: await templateInfo(app.deps) }));
  contractRoute(
    app,
    c.replaceTemplate,
    async (request) => {
      const data = await readOneFile(request as never, {
        field: 'template',
        maxBytes: TEMPLATE_MAX_BYTES,
        tooLarge: message('office.shop.errors.templateTooLarge', OFFICE_SHOP_LIMITS.templateMaxMb),
      });
      return { data: await replaceTemplate(app.deps, { ...actor(request), data }) };
    },
    { bodyLimit: TEMPLATE_MAX_BYTES + 64 * 1024 },
  );
}
