import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import { createdIdSchema } from '../schemas/catalogue.ts';
import {
  categoryInputSchema,
  categoryOrderSchema,
  shopDeletedSchema,
  officeCategorySchema,
  officeProductImageSchema,
  officeProductSchema,
  officeProductsQuerySchema,
  officeProductSummarySchema,
  productImageParamsSchema,
  productInputSchema,
  templateInfoSchema,
} from '../schemas/office-shop.ts';
import { defineArea } from './define.ts';

export const officeShop = defineArea('officeShop', {
  categories: { data: z.array(officeCategorySchema) },
  createCategory: { body: categoryInputSchema, data: createdIdSchema },
  updateCategory: { params: idParamSchema, body: categoryInputSchema, data: officeCategorySchema },
  removeCategory: { params: idParamSchema, data: shopDeletedSchema },
  orderCategories: { body: categoryOrderSchema, data: z.array(officeCategorySchema) },
  products: { query: officeProductsQuerySchema, data: officeProductSummarySchema },
  createProduct: { body: productInputSchema, data: createdIdSchema },
  product: { params: idParamSchema, data: officeProductSchema },
  updateProduct: { params: idParamSchema, body: productInputSchema, data: officeProductSchema },
  addImage: { params: idParamSchema, data: officeProductImageSchema },
  thumbnail: { params: productImageParamsSchema, data: officeProductSchema },
  removeImage: { params: productImageParamsSchema, data: officeProductSchema },
  image: { params: z.object({ file: z.string() }) },
  template: { data: templateInfoSchema },
  replaceTemplate: { data: templateInfoSchema },
});
