import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs, mailOutbox, payments } from '../db/schema.ts';

/** The database's side of /metrics: shared by every instance, so each reports the same figures. */
export async function operationalCounts(db: Database, now: Date) {
  const [jobRows, dueRows, mailRows, paymentRows] = await Promise.all([
    db
      .select({ status: jobs.status, n: sql<number>`count(*)::int` })
      .from(jobs)
      .groupBy(jobs.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now))),
    db
      .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .groupBy(mailOutbox.status),
    db
      .select({ gateway: payments.gateway, status: payments.status, n: sql<number>`count(*)::int` })
      .from(payments)
      .groupBy(payments.gateway, payments.status),
  ]);
  return { jobs: jobRows, jobsDue: dueRows[0]?.n ?? 0, mails: mailRows, payments: paymentRows };
}
