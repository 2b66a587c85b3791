import { z } from 'zod';
import { idParamSchema, pageQuerySchema } from '../schemas/common.ts';
import {
  checkPaymentSchema,
  checkProductOrderResponseSchema,
  checkProductOrderSchema,
  createOrderTransactionSchema,
  createPaymentIntentSchema,
  createPaymentOrderSchema,
  duplicateChargeSchema,
  freeOrderSchema,
  intentIdParamSchema,
  offlineOrderSchema,
  orderSchema,
  orderStatusResponseSchema,
  paymentConfigResponseSchema,
  paymentIntentResponseSchema,
  sandboxAuthenticateSchema,
  sandboxConfirmResponseSchema,
  sandboxConfirmSchema,
  tKeyParamSchema,
  tKeyResponseSchema,
  transactionResponseSchema,
} from '../schemas/payments.ts';
import { defineArea } from './define.ts';

const orderStatus = orderStatusResponseSchema.shape.data;

export const payments = defineArea('payments', {
  config: { data: paymentConfigResponseSchema.shape.data },
  checkProductOrder: { body: checkProductOrderSchema, data: checkProductOrderResponseSchema.shape.data },
  createOrderTransaction: { body: createOrderTransactionSchema, data: tKeyResponseSchema.shape.data },
  transaction: { params: tKeyParamSchema, data: transactionResponseSchema.shape.data },
  createPaymentIntent: { body: createPaymentIntentSchema, data: paymentIntentResponseSchema.shape.data },
  createPaymentOrder: { body: createPaymentOrderSchema, data: orderSchema },
  createOfflineOrder: { body: offlineOrderSchema, data: orderSchema },
  createFreeOrder: { body: freeOrderSchema, data: orderSchema },
  checkPayment: { params: idParamSchema, body: checkPaymentSchema, data: orderStatus },
  checkRequestPayment: { params: idParamSchema, body: checkPaymentSchema, data: orderStatus },
  duplicateCharges: { query: pageQuerySchema, data: duplicateChargeSchema },
  webhook: { data: z.object({ received: z.literal(true) }) },
  sandboxConfirm: { body: sandboxConfirmSchema, data: sandboxConfirmResponseSchema.shape.data },
  sandboxAuthenticate: {
    params: intentIdParamSchema,
    body: sandboxAuthenticateSchema,
    data: sandboxConfirmResponseSchema.shape.data,
  },
});
