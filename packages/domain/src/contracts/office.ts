import { z } from 'zod';
import type { OfficeLabelKey } from '../rules/status-labels.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  checkInBodySchema,
  lotteryBodySchema,
  rejectAssistantBodySchema,
  undoCheckInBodySchema,
  userTypeBodySchema,
  userTypeQuerySchema,
} from '../schemas/enrollments.ts';
import {
  officeCancelRequestSchema,
  officeCancelRequestsQuerySchema,
  officeDashboardSchema,
  officeOrderSchema,
  officeOrdersQuerySchema,
  officeRosterSchema,
  officeTrainingDetailSchema,
  officeTrainingSchema,
  officeTrainingsQuerySchema,
} from '../schemas/office.ts';
import { defineArea } from './define.ts';

const int = z.number().int();
const ids = z.array(int);

/** The office's status words (officeStatusLabel), as keys. */
const OFFICE_LABEL_KEYS = [
  'applying',
  'awaitingLottery',
  'won',
  'approved',
  'confirmed',
  'lost',
  'cancelled',
  'cancelPending',
  'awaitingPayment',
  'attending',
  'postTestNotTaken',
  'surveyNotTaken',
  'completed',
  'awaitingApproval',
  'notApproved',
  'wonElsewhere',
  'sessionCancelled',
  'courseRegistered',
  'preVideoWatched',
  'preTestDone',
  'notApplied',
] as const satisfies readonly OfficeLabelKey[];
// Every key of OfficeLabelKey is listed (a new one fails here).
const everyLabelKey: Exclude<OfficeLabelKey, (typeof OFFICE_LABEL_KEYS)[number]> extends never
  ? true
  : never = true;
void everyLabelKey;

/** An enrolment after an office action: its id and new status. */
const enrollmentStatus = z.object({ enrollment_id: int, status: int });
const assistantDecision = enrollmentStatus.extend({ approved: z.boolean() });

/** GET /office/enrollments/{id}/steps: the trail in words. */
const trailSchema = z.object({
  enrollment_id: int,
  training_id: int,
  user_id: int,
  user_type_id: int,
  status: int,
  steps: z.array(
    z.object({
      id: int,
      step: int,
      step_label: z.string(),
      status: int,
      /** The entry's status in the office's words (officeStatusLabel), as key and text. */
      status_key: z.enum(OFFICE_LABEL_KEYS),
      status_label: z.string(),
      note: z.string().nullable(),
      note_label: z.string().nullable(),
      actor_user_id: int.nullable(),
      /** Who acted: the member themself, an office member or another person (by name), or the system. */
      actor: z.object({ kind: z.enum(['self', 'office', 'member', 'system']), name: z.string() }),
      created_at: z.string(),
    }),
  ),
});

export const office = defineArea('office', {
  dashboard: { data: officeDashboardSchema },
  trainings: { query: officeTrainingsQuerySchema, data: officeTrainingSchema },
  training: { params: idParamSchema, data: officeTrainingDetailSchema },
  cancelRequests: { query: officeCancelRequestsQuerySchema, data: officeCancelRequestSchema },
  orders: { query: officeOrdersQuerySchema, data: officeOrderSchema },
  lottery: {
    params: idParamSchema,
    body: lotteryBodySchema,
    data: z.object({
      seed: z.string(),
      places: int,
      entrants: ids,
      winners: ids,
      losers: ids,
      won_elsewhere: ids,
    }),
  },
  lotteryRecord: {
    params: idParamSchema,
    query: userTypeQuerySchema,
    data: z.object({
      training_id: int,
      user_type: int,
      seed: z.string(),
      places: int,
      entrants: ids,
      winners: ids,
      drawn_by: int.nullable(),
      drawn_at: z.string(),
    }),
  },
  offerNext: { params: idParamSchema, body: userTypeBodySchema, data: enrollmentStatus },
  closeApplications: {
    params: idParamSchema,
    body: userTypeBodySchema,
    data: z.object({ training_id: int, user_type: int, apply_end_date: z.string() }),
  },
  approveAssistant: { params: idParamSchema, data: assistantDecision },
  rejectAssistant: { params: idParamSchema, body: rejectAssistantBodySchema, data: assistantDecision },
  confirmPayment: { params: idParamSchema, data: enrollmentStatus },
  trail: { params: idParamSchema, data: trailSchema },
  approveCancel: {
    params: idParamSchema,
    data: z.object({
      id: int,
      status: int,
      enrollment_id: int,
      place_freed: z.boolean(),
      offered_enrollment_id: int.nullable(),
      /** The paid session fee's refund: the refund order, or the reason it failed (null: no fee paid). */
      refund: z
        .object({ order_id: int, refund_order_id: int.nullable(), message: z.string().nullable() })
        .nullable(),
    }),
  },
  rejectCancel: { params: idParamSchema, data: z.object({ id: int, status: int, enrollment_id: int }) },
  checkIn: {
    body: checkInBodySchema,
    data: z.object({
      enrollment_id: int,
      training_id: int,
      training_name: z.string(),
      fullname: z.string(),
      user_type_id: int,
      status: int,
      checked_in_at: z.string(),
    }),
  },
  undoCheckIn: {
    params: idParamSchema,
    body: undoCheckInBodySchema,
    data: enrollmentStatus.extend({ checked_in_at: z.null() }),
  },
  roster: { params: idParamSchema, data: officeRosterSchema },
  rosterCsv: { params: idParamSchema },
});
