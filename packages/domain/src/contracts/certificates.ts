import { z } from 'zod';
import {
  certificateClaimBodySchema,
  certificateClaimCheckSchema,
  certificateClaimResultSchema,
  certificateIdBodySchema,
  certificateLinkSchema,
  claimCourseSchema,
} from '../schemas/certificate-claims.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  certificateDownloadBodySchema,
  certificatePreviewBodySchema,
  certificatePreviewSchema,
  certificateRevokeBodySchema,
  certificateRevokeSchema,
  certificateVerifySchema,
} from '../schemas/learning.ts';
import { defineArea } from './define.ts';

export const certificates = defineArea('certificates', {
  preview: { params: idParamSchema, body: certificatePreviewBodySchema, data: certificatePreviewSchema },
  download: { params: idParamSchema, body: certificateDownloadBodySchema },
  view: {
    params: idParamSchema,
    query: z.object({ expires: z.coerce.number().int().min(0), signature: z.string().max(64) }),
  },
  /** Any text up to 100 characters: a code of the wrong form is the same 404 as an unknown one. */
  verify: { params: z.object({ code: z.string().max(100) }), data: certificateVerifySchema },
  revoke: { params: idParamSchema, body: certificateRevokeBodySchema, data: certificateRevokeSchema },
  claimCourses: { data: z.array(claimCourseSchema) },
  claimCheck: { body: certificateClaimBodySchema, data: certificateClaimCheckSchema },
  claim: { body: certificateClaimBodySchema, data: certificateClaimResultSchema },
  downloadOwn: { body: certificateIdBodySchema },
  previewOwn: { body: certificateIdBodySchema, data: certificateLinkSchema },
});
