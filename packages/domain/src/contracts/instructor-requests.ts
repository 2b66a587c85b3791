/** Schemas of the basic-instructor certification request (routes in instructor-requests.routes.ts). */
import { z } from 'zod';
import { message, ref } from '../i18n/message.ts';
import { normalizeEmail } from '../rules/normalize.ts';
import { INSTRUCTOR_REQUEST_RESULTS, PLEDGE_VARIANTS } from '../rules/instructor-request.ts';
import { idParamSchema, intField, pageQuerySchema, textString } from '../schemas/common.ts';
import { normalizeClaimCode } from '../schemas/certificate-claims.ts';
import { defineArea } from './define.ts';

const blank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const code = z.preprocess(
  (value) => (typeof value === 'string' ? normalizeClaimCode(value) || undefined : blank(value)),
  z
    .string()
    .max(50, { error: message('validation.maxLength', ref('fields.type'), 50) })
    .optional(),
);

const required = (label: string) => message('validation.required', ref(label));

/** The application form's fields: all three or none (the first call of the flow sends none). */
export const instructorRequestBodySchema = z
  .object({
    certificate_type: intField('fields.type', { min: 2, max: 2 }),
    course_id: intField('fields.course', { min: 1, max: 2147483647 }),
    attendance_code: code,
    certificate_code: code,
    email: z.preprocess(
      (value) => (typeof value === 'string' ? normalizeEmail(value) || undefined : blank(value)),
      z.string().max(254, { error: 'validation.emailFormat' }).optional(),
    ),
    username: z.preprocess(
      blank,
      textString('fields.applicantName')
        .trim()
        .max(100, { error: message('validation.maxLength', ref('fields.applicantName'), 100) })
        .optional(),
    ),
    meta: z.preprocess(
      blank,
      textString('fields.applicationInfo', { multiline: true })
        .trim()
        .max(2000, { error: message('validation.maxLength', ref('fields.applicationInfo'), 2000) })
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.email !== undefined && !z.email().safeParse(value.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.emailFormat' });
    const form = [value.username, value.meta];
    if (form.some((v) => v !== undefined)) {
      if (value.username === undefined)
        ctx.addIssue({ code: 'custom', path: ['username'], message: required('fields.applicantName') });
      if (value.email === undefined)
        ctx.addIssue({ code: 'custom', path: ['email'], message: required('fields.email') });
      if (value.meta === undefined)
        ctx.addIssue({ code: 'custom', path: ['meta'], message: required('fields.applicationInfo') });
    }
  });
export type InstructorRequestBody = z.input<typeof instructorRequestBodySchema>;
export type InstructorRequestInput = z.output<typeof instructorRequestBodySchema>;

const variant = z.enum(PLEDGE_VARIANTS);
const day = z.string().describe('YYYY-MM-DD');
const instant = z.string().describe('ISO 8601');

const sessionRef = z.object({ training_id: z.number().int(), name: z.string(), event_date: day });

export const instructorEligibilitySchema = z.object({
  course: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(['eligible', 'unmet', 'notEligible']),
  reason: z.enum(['occupation', 'assistantNurse', 'department']).nullable(),
  occupation: z.number().int(),
  variant: variant.nullable(),
  required_sessions: z.number().int().nullable(),
  counted_sessions: z.array(sessionRef),
  missing_sessions: z.number().int(),
  missing: z.array(z.enum(['course', 'year', 'sessions'])),
  course_completed_on: day.nullable(),
  request_from: day.nullable(),
  counts_until: day.nullable(),
  fee: z.number().int(),
  free: z.boolean(),
  open_request: z.object({ id: z.number().int(), status: z.number().int() }).nullable(),
});
export type InstructorEligibility = z.output<typeof instructorEligibilitySchema>;

export const requestResultSchema = z.object({
  result: z.enum(INSTRUCTOR_REQUEST_RESULTS),
  message: z.string(),
  request_id: z.number().int(),
  status: z.number().int(),
});
export type InstructorRequestResultView = z.output<typeof requestResultSchema>;

const certificateView = z.object({
  id: z.number().int(),
  name: z.string(),
  certificate_number: z.string(),
  start_date: day,
  end_date: day.nullable(),
  link: z.string(),
  verify_url: z.string(),
});

const recommendationView = z.object({ method: z.enum(['mail']), submitted_at: instant });

export const instructorRequestViewSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  variant: variant.nullable(),
  pledged_at: instant.nullable(),
  username: z.string(),
  email: z.string(),
  meta: z.string(),
  fee: z.number().int(),
  free: z.boolean(),
  paid: z.boolean(),
  recommendation: recommendationView.nullable(),
  reject_reason: z.string().nullable(),
  decided_at: instant.nullable(),
  certificate: certificateView.nullable(),
});
export type InstructorRequestView = z.output<typeof instructorRequestViewSchema>;

const officeItem = z.object({
  id: z.number().int(),
  status: z.number().int(),
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    occupation: z.number().int(),
  }),
  course_name: z.string(),
  variant: variant.nullable(),
  paid: z.boolean(),
  recommendation: z.boolean(),
  created_at: instant,
  updated_at: instant,
});
export type OfficeInstructorRequestItem = z.output<typeof officeItem>;

export const officeInstructorRequestSchema = officeItem.extend({
  username: z.string(),
  email: z.string(),
  meta: z.string(),
  profile: z.object({
    occupation: z.number().int(),
    medical_department: z.number().int().nullable(),
    simulation_qualification: z.string(),
  }),
  records: z.object({
    kind: z.enum(['eligible', 'unmet', 'notEligible']),
    required_sessions: z.number().int().nullable(),
    course_completed_on: day.nullable(),
    course_session: sessionRef.nullable(),
    assistant_sessions: z.array(sessionRef.extend({ counted: z.boolean() })),
  }),
  pledge: z.object({ variant, agreed_at: instant }).nullable(),
  payment: z
    .object({
      order_id: z.number().int(),
      amount: z.number().int(),
      status: z.number().int(),
      paid_at: instant,
    })
    .nullable(),
  recommendation_letter: recommendationView.nullable(),
  certificate: z
    .object({
      id: z.number().int(),
      certificate_number: z.string(),
      start_date: day,
      end_date: day.nullable(),
    })
    .nullable(),
  reject_reason: z.string().nullable(),
  decided_at: instant.nullable(),
});
export type OfficeInstructorRequest = z.output<typeof officeInstructorRequestSchema>;

const courseQuery = z.object({ course_id: intField('fields.course', { min: 1, max: 2147483647 }) });

export const instructorRequests = defineArea('instructorRequests', {
  eligibility: { query: courseQuery, data: instructorEligibilitySchema },
  request: { body: instructorRequestBodySchema, data: requestResultSchema },
  detail: {
    params: idParamSchema,
    query: z.object({
      certificate_type: intField('fields.type', { min: 2, max: 2 }).optional(),
      confirm_certificate: intField('fields.type', { min: 0, max: 1 }).optional(),
    }),
    data: instructorRequestViewSchema,
  },
  pledge: {
    params: idParamSchema,
    body: z.object({
      variant: z.enum(PLEDGE_VARIANTS, { error: required('fields.pledgeVariant') }),
      agreed: z.literal(true, { error: 'validation.privacyConsent' }),
    }),
    data: instructorRequestViewSchema,
  },
  recommendation: {
    params: idParamSchema,
    body: z.object({ method: z.enum(['mail'], { error: message('validation.invalidValue', 'method') }) }),
    data: instructorRequestViewSchema,
  },
  certificateDownload: { params: idParamSchema },
  template: {},
  officeList: {
    query: pageQuerySchema.extend({ status: intField('fields.type', { min: 0, max: 4 }).optional() }),
    data: officeItem,
  },
  officeDetail: { params: idParamSchema, data: officeInstructorRequestSchema },
  officeApprove: { params: idParamSchema, data: officeInstructorRequestSchema },
  officeReject: {
    params: idParamSchema,
    body: z.object({
      reason: textString('fields.rejectReason', { multiline: true })
        .trim()
        .min(1, { error: required('fields.rejectReason') })
        .max(1000, { error: message('validation.maxLength', ref('fields.rejectReason'), 1000) }),
    }),
    data: officeInstructorRequestSchema,
  },
});
