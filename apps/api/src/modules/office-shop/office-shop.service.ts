/**
 * The office runs the shop (issue 18, decision 040): categories, products (fields, attributes, courses,
 * stock, visibility), their images and the recommendation letter template. Every write is one
 * transaction with its audit row (before and after).
 */
import {
  K,
  message,
  OFFICE_SHOP_LIMITS,
  OFFICE_SHOP_MESSAGES,
  paginate,
  productIssues,
  ref,
  type CategoryInput,
  type OfficeProduct,
  type OfficeProductsQuery,
  type ProductInput,
  type TemplateInfo,
} from '@mels/domain';
import type { Executor, Tx } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import type { Deps } from '../../plugins/deps.ts';
import { isDocx, storeTemplate, templateInfo } from '../instructor-requests/index.ts';
import { ImageError, storeProductImage, storedKeyOfLink } from './office-shop.images.ts';
import {
  auditedProduct,
  presentCategory,
  presentProduct,
  presentProductSummary,
} from './office-shop.presenter.ts';
import {
  categoryExists,
  deleteImage,
  deleteUnusedCategory,
  existingCourseIds,
  findCategory,
  findProduct,
  imageCount,
  insertCategory,
  insertImage,
  insertProduct,
  linkInUse,
  listCategories,
  listProducts,
  renameCategory,
  replaceAttributes,
  replaceCourses,
  setCategoryOrder,
  setThumbnail,
  updateProductRow,
} from './office-shop.repository.ts';
import { recordAudit } from '../audit/index.ts';

type Actor = { actorId: number; now: Date };

// ───────────── categories ─────────────

export async function officeCategories(db: Executor) {
  return (await listCategories(db)).map(presentCategory);
}

export async function createCategory(deps: Deps, options: Actor & { input: CategoryInput }) {
  return deps.db.transaction(async (tx) => {
    const id = await insertCategory(tx, options.input.name);
    const after = await findCategory(tx, id);
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'product_category.create',
      entity: 'product_category',
      entityId: id,
      data: { after: after && presentCategory(after) },
      now: options.now,
    });
    return id;
  });
}

export async function updateCategory(deps: Deps, options: Actor & { id: number; input: CategoryInput }) {
  return deps.db.transaction(async (tx) => {
    const before = await findCategory(tx, options.id, true);
    if (!before) throw notFound();
    await renameCategory(tx, options.id, options.input.name);
    const after = await findCategory(tx, options.id);
    if (!after) throw notFound();
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'product_category.update',
      entity: 'product_category',
      entityId: options.id,
      data: { before: { name: before.name }, after: { name: after.name } },
      now: options.now,
    });
    return presentCategory(after);
  });
}

export async function removeCategory(deps: Deps, options: Actor & { id: number }) {
  return deps.db.transaction(async (tx) => {
    const before = await findCategory(tx, options.id, true);
    if (!before) throw notFound();
    if (!(await deleteUnusedCategory(tx, options.id)))
      throw conflict(OFFICE_SHOP_MESSAGES.categoryInUse, 'CATEGORY_IN_USE');
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'product_category.delete',
      entity: 'product_category',
      entityId: options.id,
      data: { before: presentCategory(before) },
      now: options.now,
    });
    return { id: options.id, deleted: true as const };
  });
}

/** The new order must name every category once. */
export async function orderCategories(deps: Deps, options: Actor & { ids: readonly number[] }) {
  return deps.db.transaction(async (tx) => {
    const before = await listCategories(tx);
    const known = before.map((c) => c.id).sort((a, b) => a - b);
    const given = [...options.ids].sort((a, b) => a - b);
    if (known.length !== given.length || known.some((id, i) => id !== given[i]))
      throw badRequest(K.errors.validation, {
        ids: [message('validation.invalidValue', ref('office.shop.fields.category'))],
      });
    await setCategoryOrder(tx, options.ids);
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'product_category.order',
      entity: 'product_category',
      entityId: 0,
      data: { before: before.map((c) => c.id), after: [...options.ids] },
      now: options.now,
    });
    return (await listCategories(tx)).map(presentCategory);
  });
}

// ───────────── products ─────────────

export async function officeProducts(db: Executor, query: OfficeProductsQuery) {
  const { rows, total } = await listProducts(
    db,
    {
      keyword: query.keyword || undefined,
      categoryId: query.category_id,
      visible: query.visibility === undefined ? undefined : query.visibility === 'visible',
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { data: rows.map(presentProductSummary), pagination: paginate(query.page, query.limit, total) };
}

export async function officeProduct(db: Executor, id: number): Promise<OfficeProduct> {
  const row = await findProduct(db, id);
  if (!row) throw notFound();
  return presentProduct(row);
}

/** The domain's rules, the category and the courses exist: field messages, 400. */
async function checkProduct(tx: Tx, input: ProductInput) {
  const errors: Record<string, string[]> = {};
  for (const issue of productIssues(input))
    (errors[issue.field] ??= []).push(message(`office.shop.rules.${issue.code}`));
  if (input.category_id !== null && !(await categoryExists(tx, input.category_id)))
    (errors.category_id ??= []).push(OFFICE_SHOP_MESSAGES.categoryMissing);
  const found = await existingCourseIds(tx, input.course_ids);
  if (input.course_ids.some((id) => !found.has(id)))
    (errors.course_ids ??= []).push(OFFICE_SHOP_MESSAGES.courseMissing);
  if (Object.keys(errors).length) throw badRequest(K.errors.validation, errors);
}

const columnsOf = (input: ProductInput) => ({
  name: input.name,
  price: input.price,
  description: sanitizeHtml(input.description),
  categoryId: input.category_id,
  allowBuyWithCourse: input.allow_buy_with_course,
  buyOncePerUser: input.buy_once_per_user,
  isActive: input.is_active,
  stock: input.stock,
  sortOrder: input.sort_order,
});

async function writeChildren(tx: Tx, id: number, input: ProductInput) {
  await replaceAttributes(
    tx,
    id,
    input.attributes.map((a) => ({
      attribute: a.attribute,
      type: a.type,
      value: a.type === 'select' ? a.value : '',
      isRequired: a.is_required,
    })),
  );
  await replaceCourses(tx, id, input.course_ids);
}

export async function createProduct(deps: Deps, options: Actor & { input: ProductInput }) {
  return deps.db.transaction(async (tx) => {
    await checkProduct(tx, options.input);
    const id = await insertProduct(tx, { ...columnsOf(options.input), createdAt: options.now });
    await writeChildren(tx, id, options.input);
    const after = await findProduct(tx, id);
    if (!after) throw notFound();
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'product.create',
      entity: 'product',
      entityId: id,
      data: { after: auditedProduct(presentProduct(after)) },
      now: options.now,
    });
    return id;
  });
}

/** Only the fields that changed, before and after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const diff: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const key of Object.keys(after))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      diff.before[key] = before[key];
      diff.after[key] = after[key];
    }
  return diff;
}

async function auditProductChange(
  tx: Tx,
  options: Actor & { id: number; action: string; before: OfficeProduct; after: OfficeProduct },
) {
  const diff = changed(auditedProduct(options.before), auditedProduct(options.after));
  if (!Object.keys(diff.after).length) return;
  await recordAudit(tx, {
    actorId: options.actorId,
    action: options.action,
    entity: 'product',
    entityId: options.id,
    data: diff,
    now: options.now,
  });
}

export async function updateProduct(deps: Deps, options: Actor & { id: number; input: ProductInput }) {
  return deps.db.transaction(async (tx) => {
    const current = await findProduct(tx, options.id, true);
    if (!current) throw notFound();
    await checkProduct(tx, options.input);
    // The stock is set as the office counts it; what orders hold stays held (decision 040).
    await updateProductRow(tx, options.id, columnsOf(options.input));
    await writeChildren(tx, options.id, options.input);
    const updated = await findProduct(tx, options.id);
    if (!updated) throw notFound();
    const before = presentProduct(current);
    const after = presentProduct(updated);
    await auditProductChange(tx, { ...options, action: 'product.update', before, after });
    return after;
  });
}

// ───────────── images ─────────────

export async function addImage(deps: Deps, options: Actor & { id: number; data: Buffer | null }) {
  if (!options.data) throw badRequest(K.errors.validation, { image: [OFFICE_SHOP_MESSAGES.imageRequired] });
  const exists = await findProduct(deps.db, options.id);
  if (!exists) throw notFound();
  let link: string;
  try {
    link = await storeProductImage(deps.storage, options.data);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    if (error.problem === 'size') {
      const text = message('office.shop.errors.imageTooLarge', OFFICE_SHOP_LIMITS.imageMaxMb);
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', text, { image: [text] });
    }
    throw badRequest(K.errors.validation, { image: [OFFICE_SHOP_MESSAGES.imageType] });
  }
  return deps.db.transaction(async (tx) => {
    const current = await findProduct(tx, options.id, true);
    if (!current) throw notFound();
    if ((await imageCount(tx, options.id)) >= OFFICE_SHOP_LIMITS.maxImages)
      throw badRequest(K.errors.validation, {
        image: [
          message(
            'office.quizzes.validation.maxItems',
            ref('office.shop.fields.image'),
            OFFICE_SHOP_LIMITS.maxImages,
          ),
        ],
      });
    const imageId = await insertImage(tx, options.id, link);
    const updated = await findProduct(tx, options.id);
    if (!updated) throw notFound();
    await auditProductChange(tx, {
      ...options,
      action: 'product.image-add',
      before: presentProduct(current),
      after: presentProduct(updated),
    });
    const image = updated.images.find((i) => i.id === imageId);
    return { id: imageId, link, is_thumb: image?.isThumb ?? false };
  });
}

export async function makeThumbnail(deps: Deps, options: Actor & { id: number; imageId: number }) {
  return deps.db.transaction(async (tx) => {
    const current = await findProduct(tx, options.id, true);
    if (!current) throw notFound();
    if (!(await setThumbnail(tx, options.id, options.imageId))) throw notFound();
    const updated = await findProduct(tx, options.id);
    if (!updated) throw notFound();
    const after = presentProduct(updated);
    await auditProductChange(tx, {
      ...options,
      action: 'product.thumbnail',
      before: presentProduct(current),
      after,
    });
    return after;
  });
}

export async function removeImage(deps: Deps, options: Actor & { id: number; imageId: number }) {
  const { after, link } = await deps.db.transaction(async (tx) => {
    const current = await findProduct(tx, options.id, true);
    if (!current) throw notFound();
    const removed = await deleteImage(tx, options.id, options.imageId);
    if (!removed) throw notFound();
    const updated = await findProduct(tx, options.id);
    if (!updated) throw notFound();
    const presented = presentProduct(updated);
    await auditProductChange(tx, {
      ...options,
      action: 'product.image-remove',
      before: presentProduct(current),
      after: presented,
    });
    return { after: presented, link: removed };
  });
  // The file goes once the row is gone (a file left by a failed removal is harmless; a row without its file is not).
  const key = storedKeyOfLink(link);
  if (key && !(await linkInUse(deps.db, link))) await deps.storage.remove(key);
  return after;
}

// ───────────── the recommendation letter template ─────────────

export const TEMPLATE_MAX_BYTES = OFFICE_SHOP_LIMITS.templateMaxMb * 1048576;

export async function replaceTemplate(
  deps: Deps,
  options: Actor & { data: Buffer | null },
): Promise<TemplateInfo> {
  if (!options.data)
    throw badRequest(K.errors.validation, { template: [OFFICE_SHOP_MESSAGES.templateRequired] });
  if (!isDocx(options.data))
    throw badRequest(
      OFFICE_SHOP_MESSAGES.templateType,
      { template: [OFFICE_SHOP_MESSAGES.templateType] },
      'TEMPLATE_TYPE',
    );
  const data = options.data;
  const before = await templateInfo(deps);
  // The audit row commits only when the file was stored (a failed store leaves neither).
  return deps.db.transaction(async (tx) => {
    const after = await storeTemplate(deps, data, options.now);
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'template.recommendation-letter.replace',
      entity: 'template',
      entityId: 0,
      data: { before, after },
      now: options.now,
    });
    return after;
  });
}
