import {
  certificateClaimBodySchema,
  certificateClaimCheckResponseSchema,
  certificateClaimResponseSchema,
  certificateIdBodySchema,
  certificateLinkResponseSchema,
  claimCoursesResponseSchema,
  errorBodySchema,
} from '@mels/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { RateLimitedError } from '../../lib/rate-limit.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
import {
  checkClaim,
  claimCertificate,
  claimCourses,
  downloadOwn,
  previewOwn,
} from './certificate-claims.service.ts';
import { publicOrigin } from './certificates.service.ts';

const tags = ['certificates'];
const security = [{ token: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** A 429 tells the client when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * データ移行 (decision 016): a past attendee claims the certificate of the older system by attendance
 * code or certificate number; the user's own certificates are downloaded and previewed by id.
 */
export function registerCertificateClaims(app: FastifyInstance) {
  const r = typed(app);
  const deps = () => app.deps;

  r.get(
    '/certificates/claim-courses',
    {
      // Before the body is validated: without a token the answer is 401, not a 400 of the body.
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: 'Courses whose certificates can be claimed (active, prefix B or BI), in sort order',
        response: { 200: claimCoursesResponseSchema, 401: errorBodySchema },
      },
    },
    async () => ({ data: await claimCourses(app.deps.db) }),
  );

  r.post(
    '/certificates/claims/check',
    {
      // Before the body is validated: without a token the answer is 401, not a 400 of the body.
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary:
          "What an attendance code / certificate number finds once the record is proven the caller's (account or given email): the course, holder, date, fee and state; anything else is the same 404 (10 wrong guesses an hour per account and per code, 30 per IP)",
        body: certificateClaimBodySchema,
        response: { ...errors, 200: certificateClaimCheckResponseSchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => ({
        data: await checkClaim(deps(), { userId: currentUser(request).id, ip: request.ip }, request.body),
      })),
  );

  r.post(
    '/certificates/claims',
    {
      // Before the body is validated: without a token the answer is 401, not a 400 of the body.
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Issue the claimed certificate (paid, or free: the free order is recorded here); the same certificate again on a second call',
        body: certificateClaimBodySchema,
        response: { ...errors, 200: certificateClaimResponseSchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => ({
        data: await claimCertificate(
          deps(),
          { userId: currentUser(request).id, ip: request.ip },
          request.body,
        ),
      })),
  );

  r.post(
    '/certificates/download',
    {
      // Before the body is validated: without a token the answer is 401, not a 400 of the body.
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "One of the user's certificates as a PDF (attachment named certificate_<number>.pdf)",
        body: certificateIdBodySchema,
        response: { 200: z.any(), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  r.post(
    '/certificates/basic_course/preview',
    {
      // Before the body is validated: without a token the answer is 401, not a 400 of the body.
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "A signed short-lived frame link of one of the user's certificates",
        body: certificateIdBodySchema,
        response: {
          200: certificateLinkResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await previewOwn(deps(), currentUser(request).id, request.body.id) }),
  );
}
