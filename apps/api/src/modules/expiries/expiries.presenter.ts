/** The office's expiry rows and renewal view as the API answers them (decision 038). */
import { daysUntil, renewalProgress, type OfficeExpiry, type OfficeRenewal } from '@mels/domain';
import type { ExpiryRow, findRenewal, renewalOrders } from './expiries.repository.ts';

const fullName = (u: { lastName: string; firstName: string }) => `${u.lastName} ${u.firstName}`.trim();

export function presentExpiry(row: ExpiryRow, today: string): OfficeExpiry {
  return {
    certificate_id: row.id,
    certificate_number: row.number,
    course: { id: row.courseId, name: row.courseName },
    member: { id: row.userId, name: fullName(row), email: row.email },
    start_date: row.startDate,
    end_date: row.endDate,
    days_left: daysUntil(row.endDate, today),
    renewal: renewalProgress({ extended: row.isExtended, requestStatus: row.requestStatus }),
    request_id: row.requestId,
    last_reminder: row.lastReminder,
  };
}

export function presentRenewal(input: {
  row: NonNullable<Awaited<ReturnType<typeof findRenewal>>>;
  videos: { total: number; seen: number };
  test: { questions: number; correct: number; attempts: number };
  orders: Awaited<ReturnType<typeof renewalOrders>>;
}): OfficeRenewal {
  const { row } = input;
  const r = row.request;
  return {
    id: r.id,
    status: r.status,
    progress: renewalProgress({ extended: row.source.isExtended, requestStatus: r.status }),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    member: { id: row.userId, name: fullName(row), email: row.email },
    source_certificate: {
      id: row.source.id,
      certificate_number: row.source.certificateNumber,
      start_date: row.source.startDate,
      end_date: row.source.endDate,
      extended: row.source.isExtended,
      revoked: row.source.revokedAt !== null,
    },
    certificate:
      row.issuedId !== null && row.issuedNumber !== null
        ? { id: row.issuedId, certificate_number: row.issuedNumber, end_date: row.issuedEndDate }
        : null,
    videos: input.videos,
    test: input.test,
    payments: input.orders.map((o) => ({
      order_id: o.id,
      status: o.status,
      amount: o.amount,
      paid_at: o.paidAt ? o.paidAt.toISOString() : null,
    })),
  };
}
