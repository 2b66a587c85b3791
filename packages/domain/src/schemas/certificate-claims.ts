import { z } from 'zod';
import { messageKeys } from '../i18n/message.ts';
import { normalizeEmail, toHalfWidth, unifyHyphens } from '../rules/normalize.ts';
import { dataEnvelope } from './common.ts';

/**
 * データ移行: a past attendee of the older system claims their certificate with the attendance code
 * (受講コード) or the certificate number (認定番号) printed on their papers (decision 016).
 */

/** Keys of the claim calls' messages (texts in i18n/forms-*.ts). */
export const CLAIM_MESSAGES = messageKeys('forms.claims', [
  'courseRequired',
  'attendanceCodeRequired',
  'certificateCodeRequired',
  'bothCodes',
  'codeTooLong',
  'emailFormat',
  'notFound',
  'notPaid',
  'rateLimited',
  'certificateNotFound',
]);

/** The prefixes of the courses whose certificates can be claimed (the renewal course is not one). */
export const CLAIM_COURSE_PREFIXES = ['B', 'BI'] as const;

/** A code as printed: trimmed, half-width, every dash a '-', no inner spaces, upper-case ('ａ２０２０ー１' → 'A2020-1'). */
export function normalizeClaimCode(value: string): string {
  return unifyHyphens(toHalfWidth(value)).replace(/\s+/g, '').toUpperCase();
}

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const code = z.preprocess(
  (value) => (typeof value === 'string' ? normalizeClaimCode(value) : blankToUndefined(value)),
  z.string().max(50, { error: CLAIM_MESSAGES.codeTooLong }).optional(),
);

const courseId = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' ? Number(v) : v;
  },
  z
    .number({ error: CLAIM_MESSAGES.courseRequired })
    .int({ error: CLAIM_MESSAGES.courseRequired })
    .min(1, { error: CLAIM_MESSAGES.courseRequired })
    .max(2147483647, { error: CLAIM_MESSAGES.courseRequired }),
);

/**
 * POST /certificates/claims/check and POST /certificates/claims: the course and exactly one of the two
 * codes; `email` is the address given at the time of the course when it differs from the account's.
 * Which code is missing is told by the key sent: `certificate_code` alone (even empty) asks for the
 * certificate number, anything else for the attendance code.
 */
export const certificateClaimBodySchema = z
  .object({
    course_id: courseId,
    attendance_code: code,
    certificate_code: code,
    email: z.preprocess(
      (value) => (typeof value === 'string' ? normalizeEmail(value) || undefined : blankToUndefined(value)),
      z.string().max(254, { error: CLAIM_MESSAGES.emailFormat }).optional(),
    ),
  })
  .superRefine(
    (value, ctx) => {
      if (typeof value.email === 'string' && !z.email().safeParse(value.email).success)
        ctx.addIssue({ code: 'custom', path: ['email'], message: CLAIM_MESSAGES.emailFormat });
      const attendance = typeof value.attendance_code === 'string' ? value.attendance_code : '';
      const certificate = typeof value.certificate_code === 'string' ? value.certificate_code : '';
      if (attendance !== '' && certificate !== '')
        ctx.addIssue({ code: 'custom', path: ['certificate_code'], message: CLAIM_MESSAGES.bothCodes });
      else if (attendance === '' && certificate === '') {
        if (value.certificate_code !== undefined && value.attendance_code === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['certificate_code'],
            message: CLAIM_MESSAGES.certificateCodeRequired,
          });
        else
          ctx.addIssue({
            code: 'custom',
            path: ['attendance_code'],
            message: CLAIM_MESSAGES.attendanceCodeRequired,
          });
      }
    },
    // Also when course_id is missing, so that every empty field is told at once.
    { when: () => true },
  );
export type CertificateClaimInput = z.infer<typeof certificateClaimBodySchema>;

export const claimCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  certificate_prefix: z.string(),
});
export type ClaimCourse = z.infer<typeof claimCourseSchema>;

/** GET /certificates/claim-courses: active B / BI courses, in sort order. */
export const claimCoursesResponseSchema = z.object({ data: z.array(claimCourseSchema) });

/** POST /certificates/claims/check: what the code found and what is left to do. */
export const certificateClaimCheckSchema = z.object({
  course: claimCourseSchema,
  holder_name: z.string(),
  /** YYYY-MM-DD */
  participated_date: z.string(),
  /** Integer yen (the course registration fee; a BI course is free). */
  amount: z.number().int(),
  /** Under 50 yen: the claim records a free order itself. */
  free: z.boolean(),
  /** A complete order of this claim exists for the user (or it is free). */
  paid: z.boolean(),
  /** The record is already the user's. */
  claimed: z.boolean(),
  /** The certificate issued from it, if any. */
  certificate_id: z.number().int().nullable(),
});
export type CertificateClaimCheck = z.infer<typeof certificateClaimCheckSchema>;
export const certificateClaimCheckResponseSchema = dataEnvelope(certificateClaimCheckSchema);

/** POST /certificates/claims: the issued certificate (the same one again on a second call). */
export const certificateClaimResultSchema = z.object({
  certificate_id: z.number().int(),
  certificate_number: z.string(),
  /** The PDF's file name, e.g. certificate_B-000012.pdf. */
  name: z.string(),
  /** A short-lived signed same-origin URL of the PDF for an <iframe>. */
  link: z.string(),
});
export type CertificateClaimResult = z.infer<typeof certificateClaimResultSchema>;
export const certificateClaimResponseSchema = dataEnvelope(certificateClaimResultSchema);

/** POST /certificates/download and POST /certificates/basic_course/preview: one of the user's certificates. */
export const certificateIdBodySchema = z.object({
  id: z.coerce
    .number({ error: CLAIM_MESSAGES.certificateNotFound })
    .int({ error: CLAIM_MESSAGES.certificateNotFound })
    .min(1, { error: CLAIM_MESSAGES.certificateNotFound })
    .max(2147483647, { error: CLAIM_MESSAGES.certificateNotFound }),
});
export type CertificateIdInput = z.infer<typeof certificateIdBodySchema>;

export const certificateLinkSchema = z.object({
  id: z.number().int(),
  /** The PDF's file name. */
  name: z.string(),
  link: z.string(),
});
export type CertificateLink = z.infer<typeof certificateLinkSchema>;
export const certificateLinkResponseSchema = dataEnvelope(certificateLinkSchema);
