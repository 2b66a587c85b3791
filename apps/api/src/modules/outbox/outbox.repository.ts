import type { OutboxQuery } from '@mels/domain';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents, mailOutbox } from '../../db/schema.ts';

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(query: OutboxQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.status) where.push(eq(mailOutbox.status, query.status));
  if (query.template) where.push(eq(mailOutbox.template, query.template));
  if (query.q) {
    const pattern = like(query.q);
    where.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern))!);
  }
  return where.length > 0 ? and(...where) : undefined;
}

const summary = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  status: mailOutbox.status,
  resends: mailOutbox.resends,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

/** Outgoing mail newest first (the body is not read for a list). */
export async function listOutbox(db: Executor, query: OutboxQuery) {
  const where = filters(query);
  const rows = await db
    .select(summary)
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  return { rows, total: total?.n ?? 0 };
}
export type OutboxSummaryRow = Awaited<ReturnType<typeof listOutbox>>['rows'][number];

export async function findOutboxMail(db: Executor, id: number) {
  const [row] = await db
    .select({ ...summary, textBody: mailOutbox.textBody, error: mailOutbox.error })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row;
}
export type OutboxMailRow = NonNullable<Awaited<ReturnType<typeof findOutboxMail>>>;

/**
 * A failed mail back to 'queued', counted: the conditional UPDATE is the guard, so two resends of one
 * failure queue it once (the second finds it no longer failed). Returns the new resend count.
 */
export async function requeueFailedMail(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'queued', resends: sql`${mailOutbox.resends} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ resends: mailOutbox.resends });
  return row?.resends ?? null;
}

export async function writeOutboxAudit(
  db: Executor,
  input: { actorUserId: number; mailId: number; data: Record<string, unknown>; now: Date },
) {
  await db.insert(auditEvents).values({
    actorUserId: input.actorUserId,
    action: 'mail.resend',
    entity: 'mail',
    entityId: input.mailId,
    data: input.data,
    createdAt: input.now,
  });
}
