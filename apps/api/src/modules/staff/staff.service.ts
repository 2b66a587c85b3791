import {
  adminsAfter,
  K,
  type ChangeStaff,
  type GrantStaff,
  type OfficeRole,
  type OfficeStaffMember,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../plugins/deps.ts';
import {
  grantOffice,
  listOfficeUsers,
  lockAdmins,
  lockUser,
  lockUserByEmail,
  setOfficeRole,
  writeStaffAudit,
  type StaffRow,
} from './staff.repository.ts';

const e = K.office.people.errors;

type Actor = { actorId: number; now: Date };

function present(row: StaffRow): OfficeStaffMember {
  return {
    id: row.id,
    email: row.email,
    fullname: `${row.lastName} ${row.firstName}`.trim(),
    office_role: row.officeRole ?? 'staff',
  };
}

/** GET /office/staff: the office users, admins first, and the staff's refund limit. */
export async function officeStaffList(deps: Pick<Deps, 'db' | 'config'>) {
  return {
    members: (await listOfficeUsers(deps.db)).map(present),
    staff_refund_limit: deps.config.officeStaffRefundLimit,
  };
}

/** POST /office/staff: a member's account gets the office role (its row locked; audited). */
export async function grantStaff(deps: Pick<Deps, 'db'>, input: Actor & { body: GrantStaff }) {
  return deps.db.transaction(async (tx) => {
    const user = await lockUserByEmail(tx, input.body.email);
    if (!user) throw notFound(e.staffNotFound);
    if (user.role === 'host') throw conflict(e.notAMember, 'NOT_A_MEMBER');
    const granted = await grantOffice(tx, {
      id: user.id,
      officeRole: input.body.office_role,
      now: input.now,
    });
    if (!granted) throw conflict(e.alreadyOffice, 'ALREADY_OFFICE');
    await writeStaffAudit(tx, {
      actorId: input.actorId,
      action: 'staff.grant',
      userId: user.id,
      data: {
        before: { role: user.role, office_role: null },
        after: { role: 'office', office_role: input.body.office_role },
      },
      now: input.now,
    });
    return present(granted);
  });
}

/**
 * A change of an office user's role (to null: removed, back to member). The admins' rows are locked
 * first, then the user's; the change is refused when it would leave no admin (409 LAST_ADMIN).
 */
async function changeRole(
  tx: Executor,
  input: Actor & { userId: number; to: OfficeRole | null; action: string },
) {
  const admins = await lockAdmins(tx);
  const user = await lockUser(tx, input.userId);
  if (!user) throw notFound();
  if (user.role !== 'office' || user.officeRole === null) throw conflict(e.notOffice, 'NOT_OFFICE');
  if (adminsAfter({ admins: admins.length, from: user.officeRole, to: input.to }) < 1)
    throw conflict(e.lastAdmin, 'LAST_ADMIN');
  const changed = await setOfficeRole(tx, { id: user.id, officeRole: input.to, now: input.now });
  if (!changed) throw conflict(e.notOffice, 'NOT_OFFICE');
  await writeStaffAudit(tx, {
    actorId: input.actorId,
    action: input.action,
    userId: user.id,
    data: {
      before: { role: 'office', office_role: user.officeRole },
      after: { role: changed.role, office_role: changed.officeRole },
    },
    now: input.now,
  });
  return changed;
}

/** PATCH /office/staff/{id}: admin ↔ staff (audited); the last admin stays. */
export async function changeStaff(
  deps: Pick<Deps, 'db'>,
  input: Actor & { userId: number; body: ChangeStaff },
) {
  return deps.db.transaction(async (tx) =>
    present(await changeRole(tx, { ...input, to: input.body.office_role, action: 'staff.change' })),
  );
}

/** DELETE /office/staff/{id}: the account goes back to member (audited); the last admin stays. */
export async function removeStaff(deps: Pick<Deps, 'db'>, input: Actor & { userId: number }) {
  return deps.db.transaction(async (tx) => {
    const changed = await changeRole(tx, { ...input, to: null, action: 'staff.remove' });
    return { id: changed.id, role: 'member' as const };
  });
}
