import {
  type BadgeInput,
  type OfficeLabelKey,
  participationStatus,
  type ParticipationKey,
  type ActivityCertificate,
  activityBadge,
  cancelStateOf,
  type ActivityTraining,
  certificateExpiry,
  certificateRenewalState,
  renewalPath,
  type LegacyHistory,
  ja,
  type StepStatus,
} from '@mels/domain';
import type { ActivityRow, UserCertificateRow } from './activity.repository.ts';

/** An instant from the database (a Date, or a JSON string with its offset) as ISO 8601 UTC. */
const instant = (value: Date | string) => new Date(value).toISOString();

/** The Japanese label of a status key (the card badges' words, the steps before applying, 未申込). */
export function activityStatusLabel(key: OfficeLabelKey | null): string | null {
  if (key === null) return null;
  if (key in ja.activity.statuses) return ja.activity.statuses[key as keyof typeof ja.activity.statuses];
  return ja.badges[key as keyof typeof ja.badges];
}

const cancelStatus = (value: number | null): ActivityTraining['cancel_status'] =>
  value === 0 || value === 1 || value === 2 ? value : null;

export function presentActivity(row: ActivityRow): ActivityTraining {
  const stepStatus = row.stepStatus === null ? null : Number(row.stepStatus);
  const cancel = row.cancelStatus === null ? null : Number(row.cancelStatus);
  const input: BadgeInput = {
    selection: row.selection === 'lottery' ? 'lottery' : 'first_come',
    status: (stepStatus ?? row.status) as StepStatus,
    userTypeId: row.userTypeId,
    paymentMethodIds: (row.paymentMethods ?? []).map(Number),
    hasAssistantApproval: row.assistantApprovedAt !== null,
    wonOtherSessionSameCourse: Boolean(row.wonElsewhere),
    sessionActive: row.isActive,
    cancel: cancelStateOf(cancel),
  };
  const badge = activityBadge(input);
  return {
    id: row.trainingId,
    name: row.name,
    event_date: row.eventDate,
    venue_name: row.venueName,
    course: { id: row.courseId, name: row.courseName },
    user_type: { id: row.userTypeId, type: row.userTypeName },
    is_active: row.isActive,
    status: row.status,
    badge,
    status_label: activityStatusLabel(badge),
    step_status: stepStatus,
    cancel_status: cancelStatus(cancel),
    course_name: row.courseName,
    user_type_name: row.userTypeName,
    status_name: participationName(participationStatus(input)),
    training_user_cancel: cancel === null ? null : { status: cancel },
    training_user_steps: (row.steps ?? []).map((x) => ({
      step: x.step,
      status: x.status,
      created_at: instant(x.created_at),
    })),
    is_win_other_training_same_course: Boolean(row.wonElsewhere),
    payments_methods: (row.paymentMethods ?? []).map((id) => ({ payment_method_id: Number(id) })),
    training_assistant_approve_users:
      row.assistantApprovedAt === null ? [] : [{ approved_at: instant(row.assistantApprovedAt) }],
    users_types: (row.usersTypes ?? []).map((u) => ({
      type_id: u.type_id,
      description: u.description,
      apply_start_date: instant(u.apply_start_date),
      apply_end_date: instant(u.apply_end_date),
      register_start_date: u.register_start_date === null ? null : instant(u.register_start_date),
      register_end_date: u.register_end_date === null ? null : instant(u.register_end_date),
    })),
  };
}

/** The Japanese word of a participation status (spec 001 §4). */
function participationName(key: ParticipationKey | null): string | null {
  if (key === null) return null;
  if (key in ja.activity.participation)
    return ja.activity.participation[key as keyof typeof ja.activity.participation];
  return activityStatusLabel(key as OfficeLabelKey);
}

/**
 * A certificate of the user on `today` (YYYY-MM-DD, Japan); `link` is the signed short-lived link to
 * its PDF (the certificates module's), absent for a revoked one.
 */
export function presentCertificate(
  row: UserCertificateRow,
  input: { today: string; link: (id: number) => string },
): ActivityCertificate {
  const revoked = row.revokedAt !== null;
  const { expired, expiringSoon } = certificateExpiry(row.endDate, input.today);
  const renewal = certificateRenewalState(
    { prefix: row.certificatePrefix, endDate: row.endDate, extended: row.isExtended, revoked },
    input.today,
  );
  return {
    id: row.id,
    certificate_number: row.certificateNumber,
    course: { id: row.courseId, name: row.courseName, certificate_prefix: row.certificatePrefix },
    training: row.trainingId === null ? null : { id: row.trainingId, name: row.trainingName ?? '' },
    start_date: row.startDate,
    end_date: row.endDate,
    expired,
    expiring_soon: expiringSoon && !revoked,
    revoked,
    download:
      !revoked && row.trainingId !== null && row.enrollmentUserTypeId !== null
        ? { training_id: row.trainingId, user_type: row.enrollmentUserTypeId }
        : null,
    certificate_id: row.id,
    certificate_code: row.certificateNumber,
    name: row.certificateNumber,
    username: row.holderName,
    certificate_expired: expired,
    is_extend_success: row.isExtended,
    renewal,
    renewal_path:
      renewal === 'available' ? renewalPath({ courseId: row.courseId, certificateId: row.id }) : null,
    link: revoked ? null : input.link(row.id),
    attendance_code: row.legacyAttendanceCode,
    object_id: row.enrollmentId,
  };
}

export function presentLegacy(row: {
  participatedDate: string;
  courseName: string;
  userTypeName: string;
}): LegacyHistory {
  return {
    participated_date: row.participatedDate,
    course_name: row.courseName,
    user_type_name: row.userTypeName,
  };
}
