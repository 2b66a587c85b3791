import { z } from 'zod';
import { idParamSchema, pageQuerySchema } from '../schemas/common.ts';
import { invoiceSchema, orderSchema } from '../schemas/payments.ts';
import {
  productCategorySchema,
  productSchema,
  productsQuerySchema,
  shopOrderSchema,
  shopPageQuerySchema,
} from '../schemas/shop.ts';
import { defineArea } from './define.ts';

export const products = defineArea('products', {
  categories: { data: z.array(productCategorySchema) },
  list: { query: productsQuerySchema, data: productSchema },
  orders: { query: shopPageQuerySchema, data: shopOrderSchema },
  detail: { params: idParamSchema, data: productSchema },
});

const officeAction = { params: idParamSchema, data: orderSchema };

export const orders = defineArea('orders', {
  list: { query: pageQuerySchema, data: orderSchema },
  invoice: { params: idParamSchema, body: invoiceSchema },
  confirmTransfer: officeAction,
  markPaid: officeAction,
  refund: officeAction,
  prepareShipping: officeAction,
  ship: officeAction,
});
