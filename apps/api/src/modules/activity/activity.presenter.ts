import {
  type OfficeLabelKey,
  type ActivityCertificate,
  activityBadge,
  cancelStateOf,
  type ActivityTraining,
  certificateExpiry,
  type LegacyHistory,
  ja,
  type StepStatus,
} from '@mels/domain';
import type { ActivityRow, UserCertificateRow } from './activity.repository.ts';

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
  const badge = activityBadge({
    selection: row.selection === 'lottery' ? 'lottery' : 'first_come',
    status: (stepStatus ?? row.status) as StepStatus,
    userTypeId: row.userTypeId,
    paymentMethodIds: (row.paymentMethods ?? []).map(Number),
    hasAssistantApproval: row.assistantApprovedAt !== null,
    wonOtherSessionSameCourse: Boolean(row.wonElsewhere),
    sessionActive: row.isActive,
    cancel: cancelStateOf(cancel),
  });
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
  };
}

/** A certificate of the user on `today` (YYYY-MM-DD, Japan). */
export function presentCertificate(row: UserCertificateRow, today: string): ActivityCertificate {
  const revoked = row.revokedAt !== null;
  const { expired, expiringSoon } = certificateExpiry(row.endDate, today);
  return {
    id: row.id,
    certificate_number: row.certificateNumber,
    course: { id: row.courseId, name: row.courseName },
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
