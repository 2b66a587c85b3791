import { OFFICE_ROLE, type OfficeRole } from '@mels/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema.ts';

const staffColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  officeRole: users.officeRole,
  lastName: users.lastName,
  firstName: users.firstName,
};

export type StaffRow = {
  id: number;
  email: string;
  role: string;
  officeRole: OfficeRole | null;
  lastName: string;
  firstName: string;
};

/** The office users, admins first. */
export function listOfficeUsers(db: Executor): Promise<StaffRow[]> {
  return db
    .select(staffColumns)
    .from(users)
    .where(eq(users.role, 'office'))
    .orderBy(asc(users.officeRole), asc(users.id));
}

/** The account with this email (case-insensitive, as the unique index compares), locked. */
export async function lockUserByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .for('update');
  return row;
}

export async function lockUser(db: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Locks every admin's row (in id order, so that two changes queue instead of deadlocking) and returns
 * their ids. A change of an admin's role takes these locks first: of two admins demoting each other at
 * once, the second re-reads the rows after the first commits and sees one admin left (decision 041).
 */
export async function lockAdmins(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'office'), eq(users.officeRole, OFFICE_ROLE.admin)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** member → office with a role: only from 'member' (a host or an office user is not changed). */
export async function grantOffice(db: Executor, input: { id: number; officeRole: OfficeRole; now: Date }) {
  const [row] = await db
    .update(users)
    .set({ role: 'office', officeRole: input.officeRole, updatedAt: input.now })
    .where(and(eq(users.id, input.id), eq(users.role, 'member')))
    .returning(staffColumns);
  return row;
}

/** An office user's role (admin/staff), or back to member (null): only while the user is office. */
export async function setOfficeRole(
  db: Executor,
  input: { id: number; officeRole: OfficeRole | null; now: Date },
) {
  const [row] = await db
    .update(users)
    .set(
      input.officeRole === null
        ? { role: 'member', officeRole: null, updatedAt: input.now }
        : { officeRole: input.officeRole, updatedAt: input.now },
    )
    .where(and(eq(users.id, input.id), eq(users.role, 'office')))
    .returning(staffColumns);
  return row;
}

export async function writeStaffAudit(
  db: Executor,
  input: { actorId: number; action: string; userId: number; data: object; now: Date },
) {
  await db.insert(auditEvents).values({
    actorUserId: input.actorId,
    action: input.action,
    entity: 'user',
    entityId: input.userId,
    data: input.data,
    createdAt: input.now,
  });
}
