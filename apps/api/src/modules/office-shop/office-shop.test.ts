/**
 * The office runs the shop (issue 18, decision 040): categories, products, images and the recommendation
 * letter template through /api/v1/office/shop, on both drivers. Every write is audited; a member is 403
 * and a visitor 401 on every call; the public shop follows at once.
 */
import { readFile } from 'node:fs/promises';
import {
  contracts,
  officeJa,
  productResponseSchema,
  productsResponseSchema,
  type OfficeProduct,
} from '@mels/domain';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { auditEvents, courses } from '../../db/schema.ts';
import { newMember, officeToken, type Member } from '../payments/payments.fixtures.ts';
import { authHeader, multipartBody } from '../users/users.fixtures.ts';

const words = officeJa.shop;

const png = (color: string, width = 40) =>
  sharp({ create: { width, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.each(drivers())('office shop (%s)', (driver) => {
  let ctx: TestContext;
  let office: string;
  let member: Member;
  let courseId: number;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await officeToken(ctx.app);
    member = await newMember(ctx.app);
    const [course] = await ctx.deps.db.select({ id: courses.id }).from(courses).limit(1);
    if (!course) throw new Error('no course');
    courseId = course.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (
    token: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? authHeader(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async (response: Awaited<ReturnType<typeof send>>, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { data: unknown }).data;
  };
  const upload = (url: string, name: string, data: Buffer, token = office) => {
    const { payload, headers } = multipartBody({}, [
      { name, filename: 'file.bin', contentType: 'application/octet-stream', data },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: { ...headers, ...authHeader(token) },
    });
  };
  const lastAudit = async (entity: string, entityId: number) => {
    const [row] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  };
  const productBody = (overrides: Record<string, unknown> = {}) => ({
    name: '事務局テスト商品',
    price: 2500,
    description: '<p>説明<script>alert(1)</script><img src="javascript:alert(1)"></p>',
    category_id: null,
    attributes: [
      { attribute: 'サイズ', type: 'select', value: 'S, M, L', is_required: true },
      { attribute: '刻印', type: 'text', value: '', is_required: false },
    ],
    course_ids: [],
    allow_buy_with_course: false,
    buy_once_per_user: false,
    is_active: true,
    stock: 10,
    sort_order: 5,
    ...overrides,
  });
  const createProduct = async (overrides: Record<string, unknown> = {}) =>
    (
      (await ok(await send(office, 'POST', '/office/shop/products', productBody(overrides)), 201)) as {
        id: number;
      }
    ).id;

  it('answers 401 to a visitor and 403 to a member on every office shop call', async () => {
    const id = await createProduct();
    for (const endpoint of Object.values(contracts.officeShop)) {
      if (endpoint.auth !== 'office') continue;
      const url = endpoint.path.replace(':id', String(id)).replace(':imageId', '1');
      const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {};
      expectError(await send(null, endpoint.method, url, body), 401, 'UNAUTHORIZED');
      expectError(await send(member.token, endpoint.method, url, body), 403, 'FORBIDDEN');
    }
  });

  it('categories: add, rename, order, and delete only an empty one; each audited', async () => {
    const before = (await ok(await send(office, 'GET', '/office/shop/categories'))) as Array<{ id: number }>;
    const { id } = (await ok(
      await send(office, 'POST', '/office/shop/categories', { name: '  限定品 ' }),
      201,
    )) as {
      id: number;
    };
    expect((await lastAudit('product_category', id))?.action).toBe('product_category.create');
    const renamed = await ok(
      await send(office, 'PATCH', `/office/shop/categories/${id}`, { name: '数量限定' }),
    );
    expect(renamed).toMatchObject({ id, name: '数量限定', products: 0 });
    expect((await lastAudit('product_category', id))?.data).toEqual({
      before: { name: '限定品' },
      after: { name: '数量限定' },
    });
    expectValidationError(await send(office, 'POST', '/office/shop/categories', { name: '' }), ['name']);

    const order = [id, ...before.map((c) => c.id)];
    const ordered = (await ok(
      await send(office, 'POST', '/office/shop/categories/order', { ids: order }),
    )) as Array<{
      id: number;
    }>;
    expect(ordered.map((c) => c.id)).toEqual(order);
    const publicList = (await ok(await send(null, 'GET', '/category_products'))) as Array<{ id: number }>;
    expect(publicList.map((c) => c.id)).toEqual(order);
    // Every category once, or nothing changes.
    expectValidationError(
      await send(office, 'POST', '/office/shop/categories/order', { ids: order.slice(1) }),
      ['ids'],
    );

    const productId = await createProduct({ category_id: id });
    const inUse = expectError(
      await send(office, 'DELETE', `/office/shop/categories/${id}`),
      409,
      'CATEGORY_IN_USE',
    );
    expect(inUse.meta.message).toBe(words.errors.categoryInUse);
    await ok(
      await send(office, 'PUT', `/office/shop/products/${productId}`, productBody({ category_id: null })),
    );
    expect(await ok(await send(office, 'DELETE', `/office/shop/categories/${id}`))).toEqual({
      id,
      deleted: true,
    });
    expect((await lastAudit('product_category', id))?.action).toBe('product_category.delete');
    expectNotFound(await send(office, 'DELETE', `/office/shop/categories/${id}`));
  });

  it('a product: created with attributes, courses and stock, its HTML sanitised, audited; refused with field messages', async () => {
    const id = await createProduct({
      allow_buy_with_course: true,
      course_ids: [courseId],
      buy_once_per_user: true,
    });
    const product = (await ok(await send(office, 'GET', `/office/shop/products/${id}`))) as OfficeProduct;
    expect(product).toMatchObject({
      name: '事務局テスト商品',
      price: 2500,
      stock: 10,
      sold: 0,
      is_active: true,
      buy_once_per_user: true,
      allow_buy_with_course: true,
      courses: [{ id: courseId }],
      attributes: [
        { attribute: 'サイズ', type: 'select', value: 'S, M, L', is_required: true },
        { attribute: '刻印', type: 'text', value: '', is_required: false },
      ],
    });
    expect(product.description).not.toContain('script');
    expect(product.description).not.toContain('javascript');
    expect(product.description).toContain('<p>説明');
    const audit = await lastAudit('product', id);
    expect(audit?.action).toBe('product.create');
    expect((audit?.data as { after: { name: string } }).after.name).toBe('事務局テスト商品');

    // The public shop shows it with its required choice.
    const shown = productResponseSchema.parse(
      (await send(member.token, 'GET', `/products/${id}`)).json(),
    ).data;
    expect(shown.attributes[0]).toMatchObject({ options: ['S', 'M', 'L'], is_required: true });

    const refused = expectValidationError(
      await send(
        office,
        'POST',
        '/office/shop/products',
        productBody({
          attributes: [{ attribute: 'カラー', type: 'select', value: ' , ', is_required: true }],
          allow_buy_with_course: true,
          course_ids: [],
        }),
      ),
      ['attributes.0.value', 'course_ids'],
    );
    expect(refused['attributes.0.value']).toEqual([words.rules.selectNeedsValues]);
    expect(refused.course_ids).toEqual([words.rules.courseOnlyNeedsCourses]);
    expectValidationError(await send(office, 'POST', '/office/shop/products', productBody({ price: -1 })), [
      'price',
    ]);
    expectValidationError(await send(office, 'POST', '/office/shop/products', productBody({ stock: -1 })), [
      'stock',
    ]);
    const missing = expectValidationError(
      await send(office, 'POST', '/office/shop/products', productBody({ category_id: 999999 })),
      ['category_id'],
    );
    expect(missing.category_id).toEqual([words.errors.categoryMissing]);
  });

  it('updating audits only what changed; hiding a product takes it off the public shop at once', async () => {
    const id = await createProduct();
    await ok(
      await send(office, 'PUT', `/office/shop/products/${id}`, productBody({ price: 3000, stock: null })),
    );
    const audit = await lastAudit('product', id);
    expect(audit?.action).toBe('product.update');
    expect(audit?.data).toEqual({ before: { price: 2500, stock: 10 }, after: { price: 3000, stock: null } });

    // Out of stock: shown as sold out and refused before paying.
    await ok(
      await send(office, 'PUT', `/office/shop/products/${id}`, productBody({ price: 3000, stock: 0 })),
    );
    const soldOut = productResponseSchema.parse(
      (await send(member.token, 'GET', `/products/${id}`)).json(),
    ).data;
    expect(soldOut.sold_out).toBe(true);
    // A description without a tag (the seed's, written before) is shown with its line breaks.
    const plain = await createProduct({ description: '一行目\n二行目' });
    const shownPlain = productResponseSchema.parse(
      (await send(null, 'GET', `/products/${plain}`)).json(),
    ).data;
    expect(shownPlain.description).toBe('一行目<br>二行目');
    expect(shownPlain.sold_out).toBe(false);
    expect(soldOut.description).toBe('<p>説明<img></p>');
    expectError(
      await send(member.token, 'POST', '/payments/create-order-transaction', {
        object_type: 4,
        postal_code: '1000001',
        address: '東京都千代田区千代田1-1',
        customer_name: '山田 花子',
        phone: '090-1234-5678',
        meta: { products: [{ id, quantity: 1, attributes: [{ attribute: 'サイズ', value: 'M' }] }] },
      }),
      409,
      'PRODUCT_OUT_OF_STOCK',
    );
    await ok(
      await send(
        office,
        'PUT',
        `/office/shop/products/${id}`,
        productBody({ price: 3000, stock: null, is_active: false }),
      ),
    );
    expectNotFound(await send(member.token, 'GET', `/products/${id}`));
    const listed = productsResponseSchema.parse((await send(null, 'GET', '/products?limit=50')).json());
    expect(listed.data.map((p) => p.id)).not.toContain(id);
    const hidden = (
      await send(office, 'GET', '/office/shop/products?visibility=hidden&limit=100')
    ).json() as {
      data: Array<{ id: number; is_active: boolean }>;
    };
    expect(hidden.data.map((p) => p.id)).toContain(id);
    expect(hidden.data.every((p) => !p.is_active)).toBe(true);
    const found = (
      await send(office, 'GET', `/office/shop/products?keyword=${encodeURIComponent('事務局テスト')}`)
    ).json() as {
      data: Array<{ name: string }>;
    };
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((p) => p.name.includes('事務局テスト'))).toBe(true);
    expectNotFound(await send(office, 'PUT', '/office/shop/products/999999', productBody()));
    expectNotFound(await send(office, 'GET', '/office/shop/products/999999'));
  });

  it('images: checked by their bytes, the first is the thumbnail, one thumbnail at a time, served publicly', async () => {
    const id = await createProduct();
    const other0 = await createProduct();
    const first = (await ok(
      await upload(`/office/shop/products/${id}/images`, 'image', await png('#c00')),
      201,
    )) as {
      id: number;
      link: string;
      is_thumb: boolean;
    };
    expect(first.is_thumb).toBe(true);
    const second = (await ok(
      await upload(`/office/shop/products/${id}/images`, 'image', await png('#00c')),
      201,
    )) as {
      id: number;
      link: string;
      is_thumb: boolean;
    };
    expect(second.is_thumb).toBe(false);
    expect((await lastAudit('product', id))?.action).toBe('product.image-add');

    const served = await send(null, 'GET', first.link.replace('/api/v1', ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // Not an image (a text file named .png), or too large.
    const fake = await upload(
      `/office/shop/products/${id}/images`,
      'image',
      Buffer.from('<svg onload=alert(1)>'),
    );
    expect(expectValidationError(fake, ['image']).image).toEqual([words.errors.imageType]);
    const big = await upload(
      `/office/shop/products/${id}/images`,
      'image',
      Buffer.alloc(5 * 1048576 + 10, 1),
    );
    expect(big.statusCode).toBe(413);
    expectValidationError(await upload(`/office/shop/products/${id}/images`, 'other', await png('#0c0')), [
      'image',
    ]);

    const thumbed = (await ok(
      await send(office, 'POST', `/office/shop/products/${id}/images/${second.id}/thumbnail`),
    )) as OfficeProduct;
    expect(thumbed.images.map((i) => [i.id, i.is_thumb])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect((await lastAudit('product', id))?.action).toBe('product.thumbnail');
    const publicView = productResponseSchema.parse((await send(null, 'GET', `/products/${id}`)).json()).data;
    expect(publicView.thumbnail).toBe(second.link);
    const inList = (
      await send(
        office,
        'GET',
        '/office/shop/products?keyword=' + encodeURIComponent('事務局テスト') + '&limit=100',
      )
    ).json() as {
      data: Array<{ id: number; thumbnail: string | null }>;
    };
    expect(inList.data.find((p) => p.id === id)?.thumbnail).toBe(second.link);
    expect(inList.data.find((p) => p.id === other0)?.thumbnail).toBeNull();

    const afterRemove = (await ok(
      await send(office, 'DELETE', `/office/shop/products/${id}/images/${second.id}`),
    )) as OfficeProduct;
    expect(afterRemove.images.map((i) => [i.id, i.is_thumb])).toEqual([[first.id, true]]);
    expectNotFound(await send(null, 'GET', second.link.replace('/api/v1', '')));
    expectNotFound(await send(office, 'DELETE', `/office/shop/products/${id}/images/${second.id}`));
    // Another product's image is not this product's.
    const other = await createProduct();
    expectNotFound(await send(office, 'POST', `/office/shop/products/${other}/images/${first.id}/thumbnail`));
    expectNotFound(await send(null, 'GET', '/product-images/..%2F..%2Fetc%2Fpasswd'));
  });

  it('the recommendation letter template: replaced by a Word file only, audited, and members download the new one', async () => {
    const shipped = await ok(await send(office, 'GET', '/office/shop/templates/recommendation-letter'));
    expect(shipped).toMatchObject({ source: 'shipped', uploaded_at: null });
    const original = await send(member.token, 'GET', '/documents/recommendation-letter/template/download');
    expect(original.statusCode).toBe(200);

    const notWord = await upload(
      '/office/shop/templates/recommendation-letter',
      'template',
      Buffer.from('%PDF-1.4 x'),
    );
    expect(expectError(notWord, 400, 'TEMPLATE_TYPE').meta.message).toBe(words.errors.templateType);

    // A .docx is a ZIP with word/document.xml: the shipped one with a marker appended at its end.
    const docx = Buffer.concat([
      await readFile(
        new URL('../instructor-requests/assets/recommendation-letter-template.docx', import.meta.url),
      ),
      Buffer.from('office-upload'),
    ]);
    const replaced = await ok(await upload('/office/shop/templates/recommendation-letter', 'template', docx));
    expect(replaced).toMatchObject({
      source: 'uploaded',
      size: docx.length,
      uploaded_at: ctx.clock.now().toISOString(),
    });
    const audit = await lastAudit('template', 0);
    expect(audit?.action).toBe('template.recommendation-letter.replace');
    expect((audit?.data as { before: { source: string } }).before.source).toBe('shipped');

    const downloaded = await send(member.token, 'GET', '/documents/recommendation-letter/template/download');
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(docx)).toBe(true);
  });
});
