import { LOCAL_HOLDING_STATUS } from '@mels/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localHoldings } from '../../db/schema.ts';

export type NewLocalHolding = {
  organization: string;
  secretariatName: string;
  secretariatAddress: string;
  secretariatPhone: string;
  secretariatEmail: string;
  passwordHash: string;
};

/** Whether an organisation already uses this email (case-insensitive, as the unique index compares). */
export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: localHoldings.id })
    .from(localHoldings)
    .where(eq(sql`lower(${localHoldings.secretariatEmail})`, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function insertLocalHolding(db: Executor, holding: NewLocalHolding) {
  const [row] = await db
    .insert(localHoldings)
    .values({ ...holding, status: LOCAL_HOLDING_STATUS.awaitingApproval })
    .returning({ id: localHoldings.id, status: localHoldings.status });
  if (!row) throw new Error('local holding insert returned no row');
  return row;
}

/** True when a database error is the unique violation of local_holdings_email_lower_uq (a concurrent twin). */
export function isDuplicateEmailError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'local_holdings_email_lower_uq'))
      return true;
  }
  return false;
}
