import { z } from 'zod';
import { messageKeys } from '../i18n/message.ts';

/** Keys of the session workflow's messages (server refusals and the session page's warnings). */
export const enrollmentMessages = messageKeys('forms.enrollment', [
  'full',
  'alreadyApplied',
  'windowNotOpen',
  'windowClosed',
  'sessionCancelled',
  'notRecruiting',
  'occupationNotMatched',
  'courseConditionUnmet',
  'basicHolderLimitation',
  'sameTimeConflict',
  'processingPayment',
  'stepOutOfOrder',
  'notApplied',
  'awaitingApproval',
  'notPaid',
  'agreementDone',
  'agreementConsent',
  'privacyConsent',
  'ticketNotReady',
  'cancelPending',
  'cancelNotAllowed',
  'cancelled',
  'lotteryWindowOpen',
  'windowNotOpenToClose',
  'lotteryDone',
  'notLottery',
  'noPlaceFree',
  'noNextEntrant',
  'notAssistant',
  'alreadyApproved',
  'alreadyRejected',
  'notAwaitingApproval',
  'rejectReason',
  'cancelRequestDecided',
  'checkInForged',
  'checkInOtherSession',
  'checkInUsed',
  'checkInNotAttending',
  'checkInTooEarly',
  'checkInTooLate',
  'checkInNotDone',
  'checkInUndoCertificate',
  'checkInUndoReason',
  'paymentNotAwaited',
  'paymentMethodNotOffered',
  'paymentMethodLocked',
  'occupationNotMatchedFor',
  'wonElsewhere',
  'cancelledNote',
]);

export const userTypeBodySchema = z.object({
  user_type: z.coerce.number().int().min(1).max(4),
});
export const userTypeQuerySchema = userTypeBodySchema;

/** POST …/enrollments/user: the privacy-policy consent is required (spec §5). */
export const applyBodySchema = userTypeBodySchema.extend({
  privacy: z.literal(true, { error: enrollmentMessages.privacyConsent }).optional(),
});

/** POST …/enrollments/agreement: consent is required (spec §5). */
export const agreementBodySchema = userTypeBodySchema.extend({
  agree: z.literal(true, { error: enrollmentMessages.agreementConsent }),
});

/**
 * POST …/enrollments/confirm_participant (spec 000 §7; decision 025): the attendee's confirmation of
 * participation that precedes the ticket — the agreement's step under the spec's name. Sending the
 * call is the confirmation; `agree`, when sent, must be true.
 */
export const confirmParticipantBodySchema = userTypeBodySchema.extend({
  agree: z.literal(true, { error: enrollmentMessages.agreementConsent }).optional(),
});

/** The answer of the participation confirmation (and of the agreement): now attending (9), the ticket next. */
export const confirmParticipantResponseSchema = z.object({
  data: z.object({
    enrollment_id: z.number().int(),
    status: z.literal(9),
    next_route: z.literal('ticket'),
  }),
});

/** POST …/enrollments/payment-method: the session fee's method (1 card, 2 bank transfer, 3 on site). */
export const paymentMethodBodySchema = userTypeBodySchema.extend({
  payment_method_id: z.coerce
    .number({ error: 'forms.paymentFields.methodChoice' })
    .int({ error: 'forms.paymentFields.methodChoice' })
    .min(1, { error: 'forms.paymentFields.methodChoice' })
    .max(3, { error: 'forms.paymentFields.methodChoice' }),
});

export const requestCancelBodySchema = userTypeBodySchema.extend({
  reason: z.string().trim().max(500).optional(),
});

export const lotteryBodySchema = userTypeBodySchema.extend({
  seed: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,64}$/)
    .optional(),
});

export const checkInBodySchema = z.object({
  code: z.string().trim().min(1).max(300),
  training_id: z.coerce.number().int().positive().optional(),
});

/** POST /office/enrollments/{id}/undo-check-in: the reason is kept in the audit trail. */
export const undoCheckInBodySchema = z.object({
  reason: z
    .string({ error: enrollmentMessages.checkInUndoReason })
    .trim()
    .min(1, enrollmentMessages.checkInUndoReason)
    .max(500),
});

/** POST /office/enrollments/{id}/reject-assistant: the reason is mailed to the applicant and audited. */
export const rejectAssistantBodySchema = z.object({
  reason: z
    .string({ error: enrollmentMessages.rejectReason })
    .trim()
    .min(1, enrollmentMessages.rejectReason)
    .max(500),
});

export const stepEntrySchema = z.object({ step: z.number(), status: z.number(), created_at: z.string() });
export const stepStateSchema = z.object({
  step: z.number(),
  state: z.enum(['disabled', 'active', 'finished', 'bi_finished']),
});

/** GET /trainings/{id}/enrollments/detail: the session page of the logged-in user. */
export const sessionDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  course: z.object({
    id: z.number(),
    name: z.string(),
    price: z.number(),
    certificate_prefix: z.string().nullable(),
    intro_video: z.string().nullable(),
  }),
  area: z.string(),
  user_type: z.object({ id: z.number(), type: z.string() }),
  is_active: z.union([z.literal(0), z.literal(1)]),
  event_date: z.string(),
  event_start_time: z.string(),
  event_end_time: z.string(),
  venue: z.string(),
  venue_name: z.string(),
  /** 主催, 対象 and the notes (spec 000 §3), shown before the member commits (issue 13 §7). */
  sponsor_by: z.string(),
  target: z.string(),
  note: z.string(),
  register_date_note: z.string(),
  apply_date_note: z.string(),
  capacity: z.number(),
  participant: z.number(),
  price: z.number(),
  selection: z.string(),
  apply_start_date: z.string(),
  apply_end_date: z.string(),
  documents: z.array(z.object({ id: z.number(), name: z.string(), link: z.string() })),
  enrollment_id: z.number().nullable(),
  /** The display step (DISPLAY_STEP_BY_STATUS). */
  step: z.number(),
  step_status: z.number().nullable(),
  training_user_steps: z.array(stepEntrySchema),
  steps: z.array(stepStateSchema),
  /** Where the step-5 button leads now: payment, the bank-transfer waiting notice, the agreement or the ticket. */
  next_route: z.enum(['payment', 'waiting', 'agreement', 'choose', 'ticket']).nullable(),
  is_student: z.boolean(),
  is_cancelled: z.boolean(),
  is_not_pass_occupation: z.array(z.object({ id: z.number(), name: z.string() })),
  is_not_pass_course_condition: z.array(
    z.array(z.object({ course_id: z.number(), course_name: z.string(), role: z.number().nullable() })),
  ),
  is_pass_basic_updated_course: z.boolean(),
  check_training: z.boolean(),
  /** Nothing blocks the steps (session active, no check_training conflict, conditions met, not cancelled). */
  is_not_disabled: z.boolean(),
  /** The course registration fee of step 1 (yen; 0 when the course skips registration: free or BI). */
  office_price: z.number().int(),
  /** The status of the member's course-registration order (object type 1) of the course; null without one. */
  order_office_status: z.number().int().nullable(),
  /** The course id when it is a special course (prefix BI: step 7 finishes as bi_finished); else null. */
  special_course_condition: z.number().int().nullable(),
  is_win_other_training_same_course: z.boolean(),
  training_assistant_approve_users: z.union([z.literal(0), z.literal(1)]),
  training_user_cancel: z.object({ status: z.number() }).nullable(),
  payments_methods: z.array(z.object({ payment_method_id: z.number() })),
  order: z.object({ status: z.number() }).nullable(),
  warnings: z.array(z.string()),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;
export const sessionDetailResponseSchema = z.object({ data: sessionDetailSchema });
