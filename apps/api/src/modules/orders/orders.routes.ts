import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  CANCEL_TRANSFER_JOB,
  cancelUnpaidTransferJob,
  confirmTransfer,
  markPaid,
  orderView,
  prepareShipping,
  receipt,
  refund,
  ship,
  userOrders,
} from './orders.service.ts';
import { assertRefundAllowed } from './refund-limit.ts';

const { orders } = contracts;

export function registerOrders(app: FastifyInstance) {
  app.deps.jobs.register(CANCEL_TRANSFER_JOB, cancelUnpaidTransferJob(app.deps));

  contractRoute(app, orders.list, async (request) => {
    const { page, limit } = request.query;
    const { data, total } = await userOrders(app.deps, currentUser(request).id, page, limit);
    return { data, pagination: paginate(page, limit, total) };
  });

  contractRoute(app, orders.invoice, async (request, reply) => {
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
  });

  const office = (
    endpoint: (typeof orders)['confirmTransfer' | 'markPaid' | 'prepareShipping' | 'ship'],
    action: typeof confirmTransfer,
  ) =>
    contractRoute(app, endpoint, async (request) => {
      const order = await action(app.deps, currentUser(request).id, request.params.id);
      return { data: await orderView(app.deps.db, order) };
    });
  office(orders.confirmTransfer, confirmTransfer);
  office(orders.markPaid, markPaid);
  contractRoute(app, orders.refund, async (request) => {
    const user = currentUser(request);
    await assertRefundAllowed(app.deps, { orderId: request.params.id, officeRole: user.officeRole });
    const order = await refund(app.deps, user.id, request.params.id);
    return { data: await orderView(app.deps.db, order) };
  });
  office(orders.prepareShipping, prepareShipping);
  office(orders.ship, ship);
}
