import { certificateVerifyParamsSchema, contracts, K } from '@mels/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { registerCertificateClaims } from './certificate-claims.routes.ts';
import {
  checkViewLink,
  download,
  preview,
  publicOrigin,
  renderPdf,
  revokeCertificate,
  verify,
} from './certificates.service.ts';

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * Certificates: the enrolment's preview and download (spec 000 §7), the signed link the preview frame
 * shows, the public verification behind the QR code, and the office's revocation.
 */
export function registerCertificates(app: FastifyInstance) {
  const db = () => app.deps.db;
  const now = () => app.deps.clock.now();
  const c = contracts.certificates;
  registerCertificateClaims(app);

  contractRoute(app, c.preview, async (request) => ({
    data: await preview(
      db(),
      app.deps.config,
      {
        trainingId: request.params.id,
        userTypeId: request.body.user_type,
        userId: currentUser(request).id,
        now: now(),
      },
      publicOrigin(app.deps.config, request),
    ),
  }));

  contractRoute(app, c.download, async (request, reply) => {
    const { pdf, fileName } = await download(
      db(),
      publicOrigin(app.deps.config, request),
      {
        trainingId: request.params.id,
        userTypeId: request.body.user_type,
        userId: currentUser(request).id,
        now: now(),
      },
      request.body.id,
    );
    return sendPdf(reply, pdf, fileName, 'attachment');
  });

  contractRoute(app, c.view, async (request, reply) => {
    checkViewLink(app.deps.config, request.params.id, request.query.expires, request.query.signature, now());
    const { pdf, fileName } = await renderPdf(
      db(),
      publicOrigin(app.deps.config, request),
      request.params.id,
      now(),
    );
    // Shown in the portal's own frame: same-origin framing only, and no CSP sandbox that would stop the PDF viewer.
    reply.removeHeader('content-security-policy');
    reply.header('content-security-policy', "frame-ancestors 'self'");
    reply.header('x-frame-options', 'SAMEORIGIN');
    return sendPdf(reply, pdf, fileName, 'inline');
  });

  contractRoute(app, c.verify, async (request, reply) => {
    const parsed = certificateVerifyParamsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound(K.learning.api.verifyNotFound);
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    return { data: await verify(db(), parsed.data.code, now()) };
  });

  contractRoute(app, c.revoke, async (request) => ({
    data: await revokeCertificate(
      db(),
      request.params.id,
      currentUser(request).id,
      request.body.reason,
      now(),
    ),
  }));
}
