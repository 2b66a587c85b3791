/**
 * The office's people (issue 18, decision 041): local-holding registrations and their decision, the
 * office staff and their roles, and a host's view of its own sessions. Labels and messages are keys
 * (office.people.fields.*, validation.*), resolved in the reader's language.
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { OFFICE_ROLES } from '../rules/staff.ts';
import { intField, pageQuerySchema, textString } from './common.ts';
import { emailField } from './users.ts';

export const peopleFields = messageKeys('office.people.fields', [
  'status',
  'reason',
  'email',
  'officeRole',
  'holding',
  'code',
]);
const f = peopleFields;

const MAX_INT = 2147483647;

/** A local holding's status: 0 awaiting approval, 1 approved, 2 rejected (LOCAL_HOLDING_STATUS). */
export const localHoldingsQuerySchema = pageQuerySchema.extend({
  status: intField(f.status, { min: 0, max: 2 }).optional(),
});
export type LocalHoldingsQuery = z.infer<typeof localHoldingsQuerySchema>;

export const officeLocalHoldingSchema = z.object({
  id: z.number().int(),
  organization: z.string(),
  secretariat_name: z.string(),
  secretariat_address: z.string(),
  secretariat_phone: z.string(),
  secretariat_email: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** The host account made on approval (null before, or after a rejection). */
  account_user_id: z.number().int().nullable(),
  /** How many sessions the office has assigned to this holding. */
  sessions: z.number().int(),
});
export type OfficeLocalHolding = z.infer<typeof officeLocalHoldingSchema>;

/** POST /office/local-holdings/{id}/reject: the reason is mailed to the secretariat and audited. */
export const rejectLocalHoldingSchema = z.object({
  reason: textString(f.reason, { multiline: true })
    .trim()
    .min(1, { error: message('validation.required', ref(f.reason)) })
    .max(1000, { error: message('validation.maxLength', ref(f.reason), 1000) }),
});
export type RejectLocalHolding = z.infer<typeof rejectLocalHoldingSchema>;

/** PUT /office/trainings/{id}/local-holding: the approved holding that runs the session, or none. */
export const assignLocalHoldingSchema = z.object({
  local_holding_id: intField(f.holding, { min: 1, max: MAX_INT }).nullable(),
});
export type AssignLocalHolding = z.infer<typeof assignLocalHoldingSchema>;

export const sessionHoldingSchema = z.object({
  training_id: z.number().int(),
  local_holding_id: z.number().int().nullable(),
});

const officeRole = z.enum(OFFICE_ROLES, { error: message('validation.invalidValue', ref(f.officeRole)) });

export const officeStaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  office_role: z.enum(OFFICE_ROLES),
});
export type OfficeStaffMember = z.infer<typeof officeStaffMemberSchema>;

/** GET /office/staff: the office users, and the amount staff may refund (OFFICE_STAFF_REFUND_LIMIT, yen). */
export const officeStaffListSchema = z.object({
  members: z.array(officeStaffMemberSchema),
  staff_refund_limit: z.number().int(),
});

/** POST /office/staff: give the office role to an existing account (by its email). */
export const grantStaffSchema = z.object({ email: emailField, office_role: officeRole });
export type GrantStaff = z.infer<typeof grantStaffSchema>;

/** PATCH /office/staff/{id}: admin or staff. */
export const changeStaffSchema = z.object({ office_role: officeRole });
export type ChangeStaff = z.infer<typeof changeStaffSchema>;

export const removedStaffSchema = z.object({ id: z.number().int(), role: z.literal('member') });

/** The host's own organisation (GET /host/holding). */
export const hostHoldingSchema = z.object({
  id: z.number().int(),
  organization: z.string(),
  secretariat_name: z.string(),
  secretariat_email: z.string(),
});
export type HostHolding = z.infer<typeof hostHoldingSchema>;

/** One of the host's sessions with its counts (GET /host/trainings). */
export const hostSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  course_name: z.string(),
  event_date: z.string(),
  event_start_time: z.string(),
  venue_name: z.string(),
  is_active: z.boolean(),
  enrolled: z.number().int(),
  checked_in: z.number().int(),
});
export type HostSession = z.infer<typeof hostSessionSchema>;

/** A session's roster as its host sees it: who comes and their check-in, no contact or payment data. */
export const hostRosterSchema = z.object({
  training: z.object({
    id: z.number().int(),
    name: z.string(),
    event_date: z.string(),
    course_name: z.string(),
  }),
  enrollments: z.array(
    z.object({
      enrollment_id: z.number().int(),
      fullname: z.string(),
      fullname_kana: z.string(),
      occupation: z.string(),
      location_work: z.string(),
      user_type: z.object({ id: z.number().int(), type: z.string() }),
      status: z.number().int(),
      status_label: z.string(),
      checked_in_at: z.string().nullable(),
    }),
  ),
});
export type HostRoster = z.infer<typeof hostRosterSchema>;

/** POST /host/trainings/{id}/check-in: the scanned or typed ticket code. */
export const hostCheckInSchema = z.object({
  code: textString(f.code)
    .trim()
    .min(1, { error: message('validation.required', ref(f.code)) })
    .max(300, { error: message('validation.maxLength', ref(f.code), 300) }),
});
