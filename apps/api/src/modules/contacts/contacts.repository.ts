import type { ContactsQuery, ContactStatus } from '@mels/domain';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { auditEvents, contactEntries, contacts, users } from '../../db/schema.ts';

export type NewContact = {
  clientName: string;
  locationWork: string;
  clientEmail: string;
  subject: string;
  content: string;
  language: 'ja' | 'en';
};

export async function insertContact(db: Executor, contact: NewContact): Promise<number> {
  const [row] = await db.insert(contacts).values(contact).returning({ id: contacts.id });
  if (!row) throw new Error('contact insert returned no row');
  return row.id;
}

const assignee = alias(users, 'assignee');

/** Escapes LIKE's wildcards so a keyword is matched as typed. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const replyCount = sql<number>`(select count(*)::int from ${contactEntries} where ${contactEntries.contactId} = ${contacts.id} and ${contactEntries.kind} = 'reply')`;

const summaryColumns = {
  id: contacts.id,
  clientName: contacts.clientName,
  clientEmail: contacts.clientEmail,
  locationWork: contacts.locationWork,
  subject: contacts.subject,
  content: contacts.content,
  status: contacts.status,
  language: contacts.language,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
  assigneeId: contacts.assigneeId,
  assigneeLastName: assignee.lastName,
  assigneeFirstName: assignee.firstName,
  replies: replyCount,
};

export type ContactRow = {
  id: number;
  clientName: string;
  clientEmail: string;
  locationWork: string;
  subject: string;
  content: string;
  status: string;
  language: string;
  createdAt: Date;
  updatedAt: Date;
  assigneeId: number | null;
  assigneeLastName: string | null;
  assigneeFirstName: string | null;
  replies: number;
};

function contactFilters(query: ContactsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.status) where.push(eq(contacts.status, query.status));
  if (query.assignee === 'none') where.push(isNull(contacts.assigneeId));
  else if (query.assignee !== undefined) where.push(eq(contacts.assigneeId, query.assignee));
  if (query.q) {
    const pattern = like(query.q);
    where.push(
      or(
        ilike(contacts.clientName, pattern),
        ilike(contacts.clientEmail, pattern),
        ilike(contacts.locationWork, pattern),
        ilike(contacts.subject, pattern),
        ilike(contacts.content, pattern),
      )!,
    );
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** Messages newest first, with the filters of the office's list. */
export async function listContacts(db: Executor, query: ContactsQuery) {
  const where = contactFilters(query);
  const rows = await db
    .select(summaryColumns)
    .from(contacts)
    .leftJoin(assignee, eq(assignee.id, contacts.assigneeId))
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(contacts).where(where);
  return { rows: rows as ContactRow[], total: total?.n ?? 0 };
}

export async function findContact(db: Executor, id: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(contacts)
    .leftJoin(assignee, eq(assignee.id, contacts.assigneeId))
    .where(eq(contacts.id, id));
  return row as ContactRow | undefined;
}

/** Locks the message's row for a change (concurrent office edits queue behind it). */
export async function lockContact(db: Executor, id: number) {
  const [row] = await db
    .select({ id: contacts.id, status: contacts.status, assigneeId: contacts.assigneeId })
    .from(contacts)
    .where(eq(contacts.id, id))
    .for('update');
  return row;
}

export async function updateContact(
  db: Executor,
  input: { id: number; status?: ContactStatus; assigneeId?: number | null; now: Date },
) {
  await db
    .update(contacts)
    .set({
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.assigneeId === undefined ? {} : { assigneeId: input.assigneeId }),
      ...(input.status === 'answered' || input.status === 'closed' ? { handledAt: input.now } : {}),
      updatedAt: input.now,
    })
    .where(eq(contacts.id, input.id));
}

export async function listEntries(db: Executor, contactId: number) {
  return db
    .select({
      id: contactEntries.id,
      kind: contactEntries.kind,
      body: contactEntries.body,
      createdAt: contactEntries.createdAt,
      authorId: contactEntries.authorId,
      authorLastName: users.lastName,
      authorFirstName: users.firstName,
    })
    .from(contactEntries)
    .leftJoin(users, eq(users.id, contactEntries.authorId))
    .where(eq(contactEntries.contactId, contactId))
    .orderBy(asc(contactEntries.createdAt), asc(contactEntries.id));
}
export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

export async function insertEntry(
  db: Executor,
  input: { contactId: number; kind: 'note' | 'reply'; authorId: number; body: string; now: Date },
) {
  const [row] = await db
    .insert(contactEntries)
    .values({
      contactId: input.contactId,
      kind: input.kind,
      authorId: input.authorId,
      body: input.body,
      createdAt: input.now,
    })
    .returning({ id: contactEntries.id });
  if (!row) throw new Error('contact entry insert returned no row');
  return row.id;
}

export async function findEntry(db: Executor, id: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select({
      id: contactEntries.id,
      kind: contactEntries.kind,
      body: contactEntries.body,
      createdAt: contactEntries.createdAt,
      authorId: contactEntries.authorId,
      authorLastName: users.lastName,
      authorFirstName: users.firstName,
    })
    .from(contactEntries)
    .leftJoin(users, eq(users.id, contactEntries.authorId))
    .where(eq(contactEntries.id, id));
  return row;
}

/** The office users, by name: who a message can be assigned to. */
export async function listStaff(db: Executor) {
  return db
    .select({ id: users.id, lastName: users.lastName, firstName: users.firstName })
    .from(users)
    .where(eq(users.role, 'office'))
    .orderBy(asc(users.lastNameKana), asc(users.firstNameKana), asc(users.id));
}

export async function isStaff(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'office')));
  return row !== undefined;
}

export async function writeContactAudit(
  db: Executor,
  input: { actorUserId: number; action: string; contactId: number; data: Record<string, unknown>; now: Date },
) {
  await db.insert(auditEvents).values({
    actorUserId: input.actorUserId,
    action: input.action,
    entity: 'contact',
    entityId: input.contactId,
    data: input.data,
    createdAt: input.now,
  });
}
