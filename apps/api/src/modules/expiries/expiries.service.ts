/**
 * The office's certificate expiries (issue 17, decision 038): the list and its CSV, the dashboard's
 * count, one renewal as the office sees it.
 */
import {
  addMonthsToDay,
  CERTIFICATE_WARNING_MONTHS,
  paginate,
  previousDay,
  RENEWAL_GRACE_MONTHS,
  type ExpiryFilter,
  type ExpiryQuery,
} from '@mels/domain';
import type { Database, Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { extendCertificate } from '../certificates/index.ts';
import { expiriesCsv } from './expiries.csv.ts';
import { presentExpiry, presentRenewal } from './expiries.presenter.ts';
import {
  countExpiring,
  expiriesForExport,
  findRenewal,
  renewalOrders,
  renewalTest,
  renewalVideos,
  searchExpiries,
  type ExpirySearch,
} from './expiries.repository.ts';

/** The most rows one CSV holds. */
export const EXPIRIES_CSV_MAX_ROWS = 20_000;

/**
 * The end dates of a filter on a day: 'expiring' from today to 6 months ahead; 'expired' from the grace
 * months ago to yesterday (still renewable); 'all' both.
 */
function toSearch(filter: ExpiryFilter, today: string): ExpirySearch {
  const ahead = addMonthsToDay(today, CERTIFICATE_WARNING_MONTHS);
  const graceStart = addMonthsToDay(today, -RENEWAL_GRACE_MONTHS);
  const yesterday = previousDay(today);
  const range =
    filter.state === 'expiring'
      ? { from: today, to: ahead }
      : filter.state === 'expired'
        ? { from: graceStart, to: yesterday }
        : { from: graceStart, to: ahead };
  return { ...range, renewal: filter.renewal, q: filter.q || undefined };
}

/** GET /office/certificate-expiries */
export async function listExpiries(db: Executor, query: ExpiryQuery, now: Date) {
  const { page, limit, ...filter } = query;
  const today = tokyoDate(now);
  const { rows, total } = await searchExpiries(db, toSearch(filter, today), {
    limit,
    offset: (page - 1) * limit,
  });
  return { data: rows.map((r) => presentExpiry(r, today)), pagination: paginate(page, limit, total) };
}

/** GET /office/certificate-expiries.csv */
export async function exportExpiries(db: Executor, filter: ExpiryFilter, now: Date) {
  const today = tokyoDate(now);
  const rows = await expiriesForExport(db, toSearch(filter, today), EXPIRIES_CSV_MAX_ROWS);
  return expiriesCsv(
    rows.map((r) => presentExpiry(r, today)),
    today,
  );
}

/** The dashboard's count: basic-instructor certificates in force and not renewed, ending within 6 months. */
export function countExpiringCertificates(db: Executor, now: Date): Promise<number> {
  const today = tokyoDate(now);
  return countExpiring(db, { from: today, to: addMonthsToDay(today, CERTIFICATE_WARNING_MONTHS) });
}

/** GET /office/renewals/{id} */
export async function officeRenewal(db: Executor, id: number) {
  const row = await findRenewal(db, id);
  if (!row) throw notFound();
  const scope = { requestId: row.request.id, courseId: row.request.courseId };
  const [videos, test, orders] = await Promise.all([
    renewalVideos(db, scope),
    renewalTest(db, scope),
    renewalOrders(db, row.request.id),
  ]);
  return presentRenewal({ row, videos, test, orders });
}

/**
 * POST /office/certificates/{id}/extend: the office renews a basic-instructor certificate by hand, with a
 * reason; the certificates module issues the renewed one (as a completed renewal does) and writes the audit
 * row (actor, reason). An extended certificate is not extended twice (409).
 */
export async function extendByHand(
  db: Database,
  input: { certificateId: number; actorId: number; reason: string; now: Date },
) {
  return db.transaction(async (tx) => {
    const { certificate, created } = await extendCertificate(tx, {
      certificateId: input.certificateId,
      actorId: input.actorId,
      reason: input.reason,
      now: input.now,
    });
    if (!created) throw conflict('instructor.renewal.api.alreadyExtended', 'ALREADY_EXTENDED');
    return {
      id: certificate.id,
      certificate_number: certificate.certificateNumber,
      start_date: certificate.startDate,
      end_date: certificate.endDate,
      extended_from_id: input.certificateId,
    };
  });
}
