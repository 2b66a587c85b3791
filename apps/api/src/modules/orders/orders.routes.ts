import {
  errorBodySchema,
  idParamSchema,
  invoiceSchema,
  orderResponseSchema,
  ordersResponseSchema,
  paginate,
  pageQuerySchema,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, requireOffice, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
import { presentOrder } from './orders.presenter.ts';
import { orderExtras } from './orders.repository.ts';
import {
  CANCEL_TRANSFER_JOB,
  cancelUnpaidTransferJob,
  confirmTransfer,
  markPaid,
  prepareShipping,
  receipt,
  refund,
  ship,
  userOrders,
} from './orders.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export function registerOrders(app: FastifyInstance) {
  const r = typed(app);
  app.deps.jobs.register(CANCEL_TRANSFER_JOB, cancelUnpaidTransferJob(app.deps));

  r.get(
    '/users/orders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        querystring: pageQuerySchema,
        response: { 200: ordersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await userOrders(app.deps, currentUser(request).id, page, limit);
      return { data, pagination: paginate(page, limit, total) };
    },
  );

  r.post(
    '/users/orders/:id/invoice',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        params: idParamSchema,
        body: invoiceSchema,
        response: { 200: z.unknown().describe('The receipt (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await receipt(
        app.deps,
        currentUser(request).id,
        request.params.id,
        request.body.full_name,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  const office = (path: string, action: typeof confirmTransfer) =>
    r.post(
      `/office/orders/:id/${path}`,
      {
        preHandler: requireOffice,
        schema: {
          tags: ['office'],
          params: idParamSchema,
          response: { 200: orderResponseSchema, ...errors },
        },
      },
      async (request) => {
        const order = await action(app.deps, currentUser(request).id, request.params.id);
        const extras = await orderExtras(app.deps.db, [order]);
        return {
          data: presentOrder(
            order,
            extras.get(order.id) ?? { items: [], course: null, training: null, username: '' },
          ),
        };
      },
    );
  office('confirm-transfer', confirmTransfer);
  office('mark-paid', markPaid);
  office('refund', refund);
  office('prepare-shipping', prepareShipping);
  office('ship', ship);
}
