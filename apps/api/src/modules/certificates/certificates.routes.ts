import {
  certificateDownloadBodySchema,
  certificatePreviewBodySchema,
  certificatePreviewResponseSchema,
  certificateRevokeBodySchema,
  certificateRevokeResponseSchema,
  certificateVerifyParamsSchema,
  certificateVerifyResponseSchema,
  errorBodySchema,
  idParamSchema,
  ja,
} from '@mels/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { currentUser, requireOffice, requireUser } from '../../plugins/auth.ts';
import { typed, workflowResponses } from '../http.ts';
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

const tags = ['certificates'];
const security = [{ token: [] }];
const errors = workflowResponses;

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
  const r = typed(app);
  const base = '/trainings/:id/enrollments';
  const db = () => app.deps.db;
  const now = () => app.deps.clock.now();
  registerCertificateClaims(app);

  r.post(
    `${base}/certificates/preview`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'The certificate of a completed enrolment (issued on first use): id, number and a signed frame link',
        params: idParamSchema,
        body: certificatePreviewBodySchema,
        response: { ...errors, 200: certificatePreviewResponseSchema },
      },
    },
    async (request) => ({
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
    }),
  );

  r.post(
    `${base}/certificates/download`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The certificate PDF (attachment named certificate_<number>.pdf)',
        params: idParamSchema,
        body: certificateDownloadBodySchema,
        response: {
          200: z.any(),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
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
    },
  );

  r.get(
    '/certificates/:id/view',
    {
      schema: {
        tags,
        summary:
          'The certificate PDF for the preview frame, by the signed short-lived link of the preview call',
        params: idParamSchema,
        querystring: z.object({
          expires: z.coerce.number().int().min(0),
          signature: z.string().max(64),
        }),
        response: { 200: z.any(), 404: errorBodySchema, 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      checkViewLink(
        app.deps.config,
        request.params.id,
        request.query.expires,
        request.query.signature,
        now(),
      );
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
    },
  );

  r.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags,
        summary:
          'Public verification (no login): valid, expired or revoked; holder name, course and dates only',
        params: z.object({ code: z.string().max(100) }),
        response: { 200: certificateVerifyResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const parsed = certificateVerifyParamsSchema.safeParse(request.params);
      if (!parsed.success) throw notFound(ja.learning.api.verifyNotFound);
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return { data: await verify(db(), parsed.data.code, now()) };
    },
  );

  r.post(
    '/office/certificates/:id/revoke',
    {
      preHandler: requireOffice,
      schema: {
        tags: ['office'],
        security,
        summary: 'Revoke a certificate (office): its verification then reads revoked',
        params: idParamSchema,
        body: certificateRevokeBodySchema,
        response: { ...errors, 200: certificateRevokeResponseSchema },
      },
    },
    async (request) => ({
      data: await revokeCertificate(
        db(),
        request.params.id,
        currentUser(request).id,
        request.body.reason,
        now(),
      ),
    }),
  );
}
