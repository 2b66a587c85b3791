/** The BI request's answers, in the contract's shapes (packages/domain/src/contracts/instructor-requests.ts). */
import {
  INSTRUCTOR_REQUEST_STATUS,
  ORDER_STATUS,
  PLEDGE_VARIANTS,
  type Eligibility,
  type InstructorEligibility,
  type InstructorRequestView,
  type OfficeInstructorRequest,
  type OfficeInstructorRequestItem,
  type PledgeVariant,
} from '@mels/domain';
import { instructorDocumentsOf } from './instructor-requests.documents.ts';
import { iso } from '../../lib/dates.ts';
import type { Deps } from '../../plugins/deps.ts';
import { viewLink } from '../certificates/index.ts';
import type { CourseRow, RequestRow, UserRow } from './instructor-requests.repository.ts';

type Session = { trainingId: number; name: string; eventDate: string };
export type RecordsView = {
  courseSession: Session | null;
  completedOn: string | null;
  sessions: (Session & { counted: boolean })[];
};

type OrderRow = { id: number; amount: number; status: number; paidAt: Date | null; createdAt: Date };
type DocRow = { kind: string; agreedAt: Date | null; createdAt: Date };
type CertificateRow = {
  id: number;
  certificateNumber: string;
  verificationCode: string;
  startDate: string;
  endDate: string | null;
};

const session = (s: Session) => ({ training_id: s.trainingId, name: s.name, event_date: s.eventDate });

const asVariant = (value: string | null): PledgeVariant | null =>
  (PLEDGE_VARIANTS as readonly string[]).includes(value ?? '') ? (value as PledgeVariant) : null;

const fullName = (u: UserRow) => `${u.lastName} ${u.firstName}`;

export function presentEligibility(input: {
  course: CourseRow;
  user: UserRow;
  eligibility: Eligibility;
  records: RecordsView;
  fee: number;
  open: RequestRow | undefined;
}): InstructorEligibility {
  const { eligibility: e, records } = input;
  const requirements = e.kind === 'notEligible' ? null : e;
  return {
    course: { id: input.course.id, name: input.course.name },
    kind: e.kind,
    reason: e.kind === 'notEligible' ? e.reason : null,
    occupation: input.user.occupation,
    variant: requirements?.variant ?? null,
    required_sessions: requirements?.required ?? null,
    counted_sessions: records.sessions.filter((s) => s.counted).map(session),
    missing_sessions: requirements?.missingSessions ?? 0,
    missing: requirements?.missing ?? [],
    course_completed_on: records.completedOn,
    request_from: requirements?.requestFrom ?? null,
    counts_until: requirements?.countsUntil ?? null,
    fee: input.fee,
    free: input.fee === 0,
    open_request: input.open ? { id: input.open.id, status: input.open.status } : null,
  };
}

export function presentRequest(input: {
  deps: Deps;
  row: RequestRow;
  course: CourseRow;
  docs: DocRow[];
  order: OrderRow | undefined;
  certificate: CertificateRow | undefined;
  fee: number;
}): { data: InstructorRequestView } {
  const { row, docs, certificate } = input;
  const { pledge, recommendation } = instructorDocumentsOf(docs);
  const now = input.deps.clock.now();
  return {
    data: {
      id: row.id,
      status: row.status,
      course: { id: input.course.id, name: input.course.name },
      variant: asVariant(row.pledgeVariant),
      pledged_at: iso(pledge?.agreedAt ?? null),
      username: row.username,
      email: row.email,
      meta: row.meta,
      fee: input.fee,
      free: input.fee === 0,
      paid:
        input.order?.status === ORDER_STATUS.complete ||
        row.status === INSTRUCTOR_REQUEST_STATUS.processing ||
        row.status === INSTRUCTOR_REQUEST_STATUS.approved,
      recommendation: recommendation
        ? { method: 'mail', submitted_at: iso(recommendation.createdAt) ?? '' }
        : null,
      reject_reason: row.status === INSTRUCTOR_REQUEST_STATUS.rejected ? row.decisionReason : null,
      decided_at: iso(row.decidedAt),
      certificate:
        certificate && row.status === INSTRUCTOR_REQUEST_STATUS.approved
          ? {
              id: certificate.id,
              name: `certificate_${certificate.certificateNumber}.pdf`,
              certificate_number: certificate.certificateNumber,
              start_date: certificate.startDate,
              end_date: certificate.endDate,
              link: viewLink(input.deps.config, certificate.id, now),
              verify_url: `/verify/${certificate.verificationCode}`,
            }
          : null,
    },
  };
}

export function presentOfficeItem(input: {
  request: RequestRow;
  user: UserRow;
  courseName: string;
  paid: boolean;
  recommended: boolean;
}): OfficeInstructorRequestItem {
  const { request: r, user } = input;
  return {
    id: r.id,
    status: r.status,
    member: { id: user.id, name: fullName(user), email: user.email, occupation: user.occupation },
    course_name: input.courseName,
    variant: asVariant(r.pledgeVariant),
    paid: input.paid,
    recommendation: input.recommended,
    created_at: iso(r.createdAt) ?? '',
    updated_at: iso(r.updatedAt) ?? '',
  };
}

export function presentOfficeRequest(input: {
  row: RequestRow;
  course: CourseRow;
  user: UserRow;
  records: { eligibility: Eligibility; records: RecordsView } | null;
  docs: DocRow[];
  order: OrderRow | undefined;
  certificate: CertificateRow | undefined;
}): { data: OfficeInstructorRequest } {
  const { row, user, records, order, certificate } = input;
  const { pledge, recommendation } = instructorDocumentsOf(input.docs);
  const e = records?.eligibility;
  return {
    data: {
      ...presentOfficeItem({
        request: row,
        user,
        courseName: input.course.name,
        paid: order?.status === ORDER_STATUS.complete,
        recommended: Boolean(recommendation),
      }),
      username: row.username,
      email: row.email,
      meta: row.meta,
      profile: {
        occupation: user.occupation,
        medical_department: user.medicalDepartment,
        simulation_qualification: user.simulationQualification,
      },
      records: {
        kind: e?.kind ?? 'unmet',
        required_sessions: e && e.kind !== 'notEligible' ? e.required : null,
        course_completed_on: records?.records.completedOn ?? null,
        course_session: records?.records.courseSession ? session(records.records.courseSession) : null,
        assistant_sessions: (records?.records.sessions ?? []).map((s) => ({
          ...session(s),
          counted: s.counted,
        })),
      },
      pledge:
        pledge?.agreedAt && asVariant(row.pledgeVariant)
          ? { variant: asVariant(row.pledgeVariant)!, agreed_at: iso(pledge.agreedAt) ?? '' }
          : null,
      payment: order
        ? {
            order_id: order.id,
            amount: order.amount,
            status: order.status,
            paid_at: iso(order.paidAt ?? order.createdAt) ?? '',
          }
        : null,
      recommendation_letter: recommendation
        ? { method: 'mail', submitted_at: iso(recommendation.createdAt) ?? '' }
        : null,
      certificate: certificate
        ? {
            id: certificate.id,
            certificate_number: certificate.certificateNumber,
            start_date: certificate.startDate,
            end_date: certificate.endDate,
          }
        : null,
      reject_reason: row.decisionReason,
      decided_at: iso(row.decidedAt),
    },
  };
}
