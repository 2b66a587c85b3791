import type { HostRoster, HostSession, OfficeLocalHolding, OfficeRoster } from '@mels/domain';
import type { HoldingRow } from './local-holdings.repository.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A registration as the office sees it: the organisation's details and the decision, never the password hash. */
export function presentOfficeHolding(row: {
  holding: HoldingRow;
  accountUserId: number | null;
  sessions: number;
}): OfficeLocalHolding {
  const h = row.holding;
  return {
    id: h.id,
    organization: h.organization,
    secretariat_name: h.secretariatName,
    secretariat_address: h.secretariatAddress,
    secretariat_phone: h.secretariatPhone,
    secretariat_email: h.secretariatEmail,
    status: h.status,
    created_at: new Date(h.createdAt).toISOString(),
    decided_at: iso(h.decidedAt),
    decision_reason: h.decisionReason,
    account_user_id: row.accountUserId,
    sessions: row.sessions,
  };
}

export function presentHostSession(row: {
  id: number;
  name: string;
  courseName: string;
  eventDate: string;
  eventStartTime: string;
  venueName: string;
  isActive: boolean;
  enrolled: number;
  checkedIn: number;
}): HostSession {
  return {
    id: row.id,
    name: row.name,
    course_name: row.courseName,
    event_date: row.eventDate,
    event_start_time: row.eventStartTime.slice(0, 5),
    venue_name: row.venueName,
    is_active: row.isActive,
    enrolled: row.enrolled,
    checked_in: row.checkedIn,
  };
}

/** The office's roster cut to what reception needs: no email, phone, payment, certificate or draw data. */
export function presentHostRoster(roster: OfficeRoster): HostRoster {
  return {
    training: roster.training,
    enrollments: roster.enrollments.map((r) => ({
      enrollment_id: r.enrollment_id,
      fullname: r.fullname,
      fullname_kana: r.fullname_kana,
      occupation: r.occupation,
      location_work: r.location_work,
      user_type: r.user_type,
      status: r.status,
      status_label: r.status_label,
      checked_in_at: r.checked_in_at,
    })),
  };
}
