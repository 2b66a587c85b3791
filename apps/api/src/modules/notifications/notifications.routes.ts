import { OBJECT_TYPE, ORDER_STATUS } from '@mels/domain';
import type { App } from '../../app.ts';
import { onOrderCompleted } from '../orders/index.ts';
import { MAIL_JOB, queueOrderMails } from './notifications.queue.ts';
import { mailJob } from './notifications.service.ts';

/**
 * The members' mails (decision 024): the 'mail' job, the payment mails queued with each completed
 * order, and a nudge of the job runner after every successful write request, so that a mail queued by
 * the request goes out at once rather than at the next poll.
 */
export function registerNotifications(app: App): void {
  const deps = app.deps;
  deps.jobs.register(MAIL_JOB, mailJob(deps));
  onOrderCompleted(deps, async ({ tx, order, deps: d }) => {
    if (order.status !== ORDER_STATUS.complete) return;
    await queueOrderMails(tx, {
      order,
      shop: order.objectType === OBJECT_TYPE.shopOrder,
      now: d.clock.now(),
    });
  });
  // Not after a refusal (4xx/5xx): it wrote nothing (issue 20: in a rush, 1,900 refused applications
  // each started an empty poll of three statements). A job a refused request did commit still goes
  // out with the next poll.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) deps.jobs.nudge();
  });
}
