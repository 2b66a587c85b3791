import { OCCUPATIONS } from '@mels/domain';
import { WON_ELSEWHERE_NOTE } from '../enrollments/index.ts';
import { officeLabel } from './office.labels.ts';
import type { paymentsOfEnrollments } from './office.lists.ts';
import type { findRoster, findTrainingSummary } from './office.repository.ts';

type TrainingSummary = NonNullable<Awaited<ReturnType<typeof findTrainingSummary>>>;
type RosterRow = Awaited<ReturnType<typeof findRoster>>[number];
type Payments = Awaited<ReturnType<typeof paymentsOfEnrollments>>;

/** GET /office/trainings/{id}/roster: the session and each enrolment with its label, cancel request, check-in, certificate and payment. */
export function presentRoster(training: TrainingSummary, rows: readonly RosterRow[], payments: Payments) {
  return {
    training: {
      id: training.id,
      name: training.name,
      event_date: training.eventDate,
      course_name: training.courseName,
    },
    enrollments: rows.map((row) => ({
      enrollment_id: row.enrollmentId,
      user_id: row.userId,
      fullname: `${row.lastName} ${row.firstName}`,
      fullname_kana: `${row.lastNameKana} ${row.firstNameKana}`,
      email: row.email,
      phone: row.phone,
      // A key ('occupations.doctor'), answered in the request's language (decision 027).
      occupation: `occupations.${OCCUPATIONS.find((o) => o.id === row.occupation)?.key ?? 'other'}`,
      location_work: row.locationWork,
      user_type: { id: row.userTypeId, type: row.userTypeName },
      status: row.status,
      status_label: officeLabel({
        selection: row.selection,
        status: row.status,
        userTypeId: row.userTypeId,
        approved: Boolean(row.assistantApprovedAt),
        cancelStatus: row.cancelStatus,
        wonElsewhere: row.lastNote === WON_ELSEWHERE_NOTE,
      }).label,
      lottery_rank: row.lotteryRank,
      assistant_approved: Boolean(row.assistantApprovedAt),
      cancel_request_id: row.cancelId,
      cancel_request_status: row.cancelStatus,
      payment_method_id: row.paymentMethodId,
      checked_in_at: row.checkedInAt ? new Date(row.checkedInAt).toISOString() : null,
      certificate:
        row.certificateId === null
          ? null
          : {
              id: Number(row.certificateId),
              number: row.certificateNumber ?? '',
              revoked: row.certificateRevokedAt !== null,
            },
      applied_at: new Date(row.createdAt).toISOString(),
      payment: payments.get(row.enrollmentId) ?? null,
    })),
  };
}
