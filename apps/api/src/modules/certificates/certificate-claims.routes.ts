import { contracts } from '@mels/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RateLimitedError } from '../../lib/rate-limit.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  checkClaim,
  claimCertificate,
  claimCourses,
  downloadOwn,
  previewOwn,
} from './certificate-claims.service.ts';
import { publicOrigin } from './certificates.service.ts';

/** A 429 tells the client when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** Before the body is validated: without a token the answer is 401, not a 400 of the body. */

/**
 * データ移行 (decision 016): a past attendee claims the certificate of the older system by attendance
 * code or certificate number; the user's own certificates are downloaded and previewed by id.
 */
export function registerCertificateClaims(app: FastifyInstance) {
  const deps = () => app.deps;
  const c = contracts.certificates;

  contractRoute(app, c.claimCourses, async () => ({ data: await claimCourses(app.deps.db) }));

  contractRoute(app, c.claimCheck, async (request, reply) =>
    withRetryAfter(reply, async () => ({
      data: await checkClaim(deps(), { userId: currentUser(request).id, ip: request.ip }, request.body),
    })),
  );

  contractRoute(app, c.claim, async (request, reply) =>
    withRetryAfter(reply, async () => ({
      data: await claimCertificate(deps(), { userId: currentUser(request).id, ip: request.ip }, request.body),
    })),
  );

  contractRoute(app, c.downloadOwn, async (request, reply) => {
    const { pdf, fileName } = await downloadOwn(
      deps(),
      publicOrigin(app.deps.config, request),
      currentUser(request).id,
      request.body.id,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  contractRoute(app, c.previewOwn, async (request) => ({
    data: await previewOwn(deps(), currentUser(request).id, request.body.id),
  }));
}
