import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, emailChangeTokens, passwordResetTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'id' | 'createdAt' | 'role'>>;

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Accounts are one per address, compared case-insensitively (users_email_lower_uq). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sameEmail(email));
  return row;
}

export async function emailTakenByOther(db: Executor, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(email), ne(users.id, userId)));
  return row !== undefined;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(db: Executor, id: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during its update`);
  return row;
}

export async function insertAuthToken(
  db: Executor,
  values: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string | null; createdAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

export async function revokeAuthToken(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** Ends every login of a user, except the one given (the session that changed the password). */
export async function revokeUserAuthTokens(db: Executor, userId: number, now: Date, exceptTokenId?: number) {
  const conditions = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
  if (exceptTokenId !== undefined) conditions.push(ne(authTokens.id, exceptTokenId));
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

export async function insertPasswordResetToken(
  db: Executor,
  values: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Uses a reset token once: marks it used if it is unused and unexpired, in one statement, so two
 * concurrent resets with the same token cannot both succeed. Returns its user, or undefined.
 */
export async function consumePasswordResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

export async function findPasswordResetToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function invalidatePasswordResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertEmailChangeToken(
  db: Executor,
  values: { userId: number; newEmail: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(emailChangeTokens).values(values);
}

export async function findEmailChangeToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(emailChangeTokens).where(eq(emailChangeTokens.tokenHash, tokenHash));
  return row;
}

/** Uses an email-change token once (unused and unexpired, in one statement); its user and address. */
export async function consumeEmailChangeToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeTokens.tokenHash, tokenHash),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
  return row;
}

/** A newer request replaces the older ones: their links stop working. */
export async function invalidateEmailChangeTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
}
