import { randomBytes } from 'node:crypto';
import { ASSOCIATION_NAME_JA, type PerformanceDownloadBody, type PerformanceTraining } from '@mels/domain';
import type { Database, Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { safeFileName, zip } from '../../lib/zip.ts';
import { renderPerformanceCertificate } from './performance-pdf.ts';
import {
  findPerformanceByCode,
  findPerformancePrintRows,
  findPerformanceTrainings,
  verificationCodeFor,
} from './performance.repository.ts';

/** GET /certificates/performance/trainings: spec 001 §3's training list entries, with the role. */
export async function performanceTrainings(
  db: Executor,
  userId: number,
  now: Date,
): Promise<PerformanceTraining[]> {
  const rows = await findPerformanceTrainings(db, { userId, today: tokyoDate(now) });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.attended ? '1' : '0',
    event_date: r.eventDate,
    venue_name: r.venueName,
    course_name: r.courseName,
    user_type: { id: r.userTypeId, type: r.userTypeName },
  }));
}

export const performanceVerifyUrl = (origin: string, code: string) => `${origin}/verify/performance/${code}`;

/**
 * POST /certificates/performance/download: one PDF per chosen session and role, zipped. Every pair must
 * be the caller's attended enrolment; any other (someone else's session, not attended, unknown) → 404,
 * nothing issued.
 */
export async function performanceZip(
  db: Database,
  input: { userId: number; body: PerformanceDownloadBody; origin: string; now: Date },
) {
  const wanted = Object.entries(input.body.training_ids).flatMap(([id, types]) =>
    [...new Set(types)].map((userTypeId) => ({ trainingId: Number(id), userTypeId })),
  );
  const rows = await findPerformancePrintRows(db, {
    userId: input.userId,
    trainingIds: [...new Set(wanted.map((w) => w.trainingId))],
  });
  const chosen = wanted.map((w) =>
    rows.find((r) => r.trainingId === w.trainingId && r.userTypeId === w.userTypeId),
  );
  if (chosen.some((r) => r === undefined)) throw notFound();
  const issuedOn = tokyoDate(input.now);
  const entries = [];
  const names = new Set<string>();
  for (const row of chosen as NonNullable<(typeof chosen)[number]>[]) {
    const code = await verificationCodeFor(db, {
      userId: input.userId,
      trainingId: row.trainingId,
      userTypeId: row.userTypeId,
      fresh: randomBytes(18).toString('base64url'),
      now: input.now,
    });
    const pdf = await renderPerformanceCertificate({
      holderName: `${row.lastName} ${row.firstName}`,
      holderNameAlpha: `${row.firstNameAlpha} ${row.lastNameAlpha}`.trim(),
      role: row.userTypeName,
      trainingName: row.trainingName,
      courseName: row.courseName,
      eventDate: row.eventDate,
      startTime: row.startTime,
      endTime: row.endTime,
      venue: row.venueName ? `${row.venueName}（${row.venue}）` : row.venue,
      issuedOn,
      association: ASSOCIATION_NAME_JA,
      verificationCode: code,
      verifyUrl: performanceVerifyUrl(input.origin, code),
    });
    const base = safeFileName(
      `実績証明書_${row.eventDate.replaceAll('-', '')}_${row.trainingName}_${row.userTypeName}`,
    );
    let name = `${base}.pdf`;
    for (let n = 2; names.has(name); n++) name = `${base}_${n}.pdf`;
    names.add(name);
    entries.push({ name, data: pdf });
  }
  return { zip: zip(entries, input.now), fileName: `実績証明書_${issuedOn.replaceAll('-', '')}.zip` };
}

/** GET /certificates/performance/verify/{code}: public; the holder's name, the session, role and date only. */
export async function verifyPerformance(db: Executor, code: string) {
  const row = await findPerformanceByCode(db, code);
  if (!row) throw notFound('instructor.performance.verifyNotFound');
  return {
    holder_name: `${row.lastName} ${row.firstName}`,
    training_name: row.trainingName,
    course_name: row.courseName,
    role: row.role,
    event_date: row.eventDate,
    issued_on: tokyoDate(row.createdAt),
  };
}
