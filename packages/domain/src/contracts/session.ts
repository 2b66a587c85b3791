import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import {
  agreementBodySchema,
  applyBodySchema,
  confirmParticipantBodySchema,
  confirmParticipantResponseSchema,
  paymentMethodBodySchema,
  requestCancelBodySchema,
  sessionDetailSchema,
  userTypeQuerySchema,
} from '../schemas/enrollments.ts';
import {
  learningQuerySchema,
  lessonProgressBodySchema,
  lessonProgressSchema,
  lessonViewBodySchema,
  lessonViewSchema,
  officeSurveySummarySchema,
  preVideosSchema,
  quizAnswerBodySchema,
  quizAnswerResultSchema,
  quizSchema,
  surveyBodySchema,
  surveyListSchema,
  surveySubmitSchema,
} from '../schemas/learning.ts';
import { defineArea } from './define.ts';

/** POST …/enrollments/user: the new enrolment, its status and display step. */
export const applyResultSchema = z.object({
  enrollment_id: z.number().int(),
  status: z.number().int(),
  step: z.number().int(),
});

/** GET …/enrollments/application: the applicant information to confirm, and whether applying is possible. */
export const applicationDataSchema = z.object({
  training: z.object({
    id: z.number().int(),
    name: z.string(),
    event_date: z.string(),
    course_name: z.string(),
  }),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
  selection: z.string(),
  applicant: z.object({
    fullname: z.string(),
    fullname_kana: z.string(),
    fullname_alpha: z.string(),
    email: z.string(),
    occupation: z.number().int(),
    occupation_name: z.string(),
    location_work: z.string(),
    phone: z.string(),
    birthday: z.string(),
  }),
  can_apply: z.boolean(),
  /** Why applying is refused now (the server's message), or null. */
  refusal: z.string().nullable(),
  step_status: z.number().int().nullable(),
});

/** The association's bank account the session fee is transferred to. */
export const bankAccountSchema = z.object({
  bank: z.string(),
  branch: z.string(),
  type: z.string(),
  number: z.string(),
  holder: z.string(),
});

/** GET …/enrollments/agreement (and POST …/payment-method): the agreement page. */
export const agreementDataSchema = z.object({
  training: z.object({
    id: z.number().int(),
    name: z.string(),
    event_date: z.string(),
    note: z.string().nullable(),
  }),
  price: z.number().int(),
  payments_methods: z.array(z.object({ payment_method_id: z.number().int() })),
  /** The method the place is paid by (chosen, or the session's only one); null while to be chosen. */
  payment_method_id: z.number().int().nullable(),
  can_choose_payment_method: z.boolean(),
  route: z.enum(['payment', 'waiting', 'agreement', 'choose']),
  /** The account, amount and deadline of the transfer awaited (route waiting); else null. */
  transfer: z
    .object({
      account: bankAccountSchema,
      amount: z.number().int(),
      order_id: z.number().int().nullable(),
      due_at: z.string().nullable(),
      days: z.number().int(),
    })
    .nullable(),
  step_status: z.number().int(),
  order: z.object({ status: z.number().int() }).nullable(),
  can_agree: z.boolean(),
});

/** POST …/enrollments/user/request-cancel: the cancel request, awaiting the office (0). */
export const cancelRequestResultSchema = z.object({ id: z.number().int(), status: z.number().int() });

/** GET …/enrollments/ticket: the printable attendance ticket (status 9 or more). */
export const ticketSchema = z.object({
  enrollment_id: z.number().int(),
  fullname: z.string(),
  fullname_kana: z.string(),
  training: z.object({
    id: z.number().int(),
    name: z.string(),
    course_name: z.string(),
    area: z.string(),
    event_date: z.string(),
    event_start_time: z.string(),
    event_end_time: z.string(),
    venue: z.string(),
    venue_name: z.string(),
  }),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
  step_status: z.number().int(),
  /** The long signed code the QR carries. */
  attendance_code: z.string(),
  /** 受付コード: the short form reception can type (at most 12 characters). */
  reception_code: z.string(),
  check_in_url: z.string(),
  qr_svg: z.string(),
  checked_in_at: z.string().nullable(),
});

const agreed = confirmParticipantResponseSchema.shape.data;

export const enrollments = defineArea('enrollments', {
  detail: { params: idParamSchema, query: userTypeQuerySchema, data: sessionDetailSchema },
  apply: { params: idParamSchema, body: applyBodySchema, data: applyResultSchema },
  application: { params: idParamSchema, query: userTypeQuerySchema, data: applicationDataSchema },
  agreement: { params: idParamSchema, query: userTypeQuerySchema, data: agreementDataSchema },
  paymentMethod: { params: idParamSchema, body: paymentMethodBodySchema, data: agreementDataSchema },
  agree: { params: idParamSchema, body: agreementBodySchema, data: agreed },
  confirmParticipant: { params: idParamSchema, body: confirmParticipantBodySchema, data: agreed },
  requestCancel: { params: idParamSchema, body: requestCancelBodySchema, data: cancelRequestResultSchema },
  ticket: { params: idParamSchema, query: userTypeQuerySchema, data: ticketSchema },
});

export const learning = defineArea('learning', {
  preVideos: { params: idParamSchema, query: learningQuerySchema, data: preVideosSchema },
  progress: { params: idParamSchema, body: lessonProgressBodySchema, data: lessonProgressSchema },
  view: { params: idParamSchema, body: lessonViewBodySchema, data: lessonViewSchema },
  preTest: { params: idParamSchema, query: learningQuerySchema, data: quizSchema },
  preTestAnswer: { params: idParamSchema, body: quizAnswerBodySchema, data: quizAnswerResultSchema },
  postTest: { params: idParamSchema, query: learningQuerySchema, data: quizSchema },
  postTestAnswer: { params: idParamSchema, body: quizAnswerBodySchema, data: quizAnswerResultSchema },
});

export const surveys = defineArea('surveys', {
  list: { params: idParamSchema, query: learningQuerySchema, data: surveyListSchema },
  submit: { params: idParamSchema, body: surveyBodySchema, data: surveySubmitSchema },
  officeSummary: { params: idParamSchema, data: officeSurveySummarySchema },
  officeCsv: { params: idParamSchema },
});
