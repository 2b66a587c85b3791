/** Schemas of the certificate renewal (routes in renewals.routes.ts, decision 034). */
import { z } from 'zod';
import { RENEWAL_CERTIFICATE_TYPE, RENEWAL_STATUSES } from '../rules/renewal.ts';
import { idParamSchema, intField } from '../schemas/common.ts';
import { defineArea } from './define.ts';

const day = z.string().describe('YYYY-MM-DD');
const stepState = z.enum(['active', 'finished', 'disabled']);

export const renewalStartBodySchema = z.object({
  certificate_type: intField('fields.type', { min: RENEWAL_CERTIFICATE_TYPE, max: RENEWAL_CERTIFICATE_TYPE }),
  certificate_id: intField('fields.id', { min: 1, max: 2147483647 }),
});
export type RenewalStartBody = z.input<typeof renewalStartBodySchema>;

export const renewalViewSchema = z.object({
  id: z.number().int(),
  certificate_type: z.literal(RENEWAL_CERTIFICATE_TYPE),
  status: z
    .number()
    .int()
    .describe(`one of ${RENEWAL_STATUSES.join(', ')}`),
  steps: z.object({ videos: stepState, post_test: stepState, certificate: z.boolean() }),
  /** The renewal course: what is paid for (object type 7, object_id) and whose videos and test are taken. */
  course: z.object({ id: z.number().int(), name: z.string(), certification_period: z.number().int() }),
  source_certificate: z.object({
    id: z.number().int(),
    course_id: z.number().int(),
    name: z.string(),
    certificate_number: z.string(),
    start_date: day,
    end_date: day,
  }),
  /** The validity the renewed certificate will have: from the day after the old end date. */
  renewed_validity: z.object({ start_date: day, end_date: day }),
  fee: z.number().int(),
  free: z.boolean(),
  paid: z.boolean(),
  certificate: z.object({ id: z.number().int(), certificate_number: z.string() }).nullable(),
});
export type RenewalView = z.output<typeof renewalViewSchema>;

export const renewals = defineArea('renewals', {
  start: { body: renewalStartBodySchema, data: renewalViewSchema },
  detail: { params: idParamSchema, data: renewalViewSchema },
});
