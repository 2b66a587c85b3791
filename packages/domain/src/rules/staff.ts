/**
 * Who may do what in the office (issue 18, decision 041): office admins do everything; office staff
 * do everything but manage the staff and refund more than a configured amount; a host (a local
 * holding's account) sees its own sessions only. Pure rules; the database enforces the last admin.
 */

export const OFFICE_ROLES = ['admin', 'staff'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];
export const OFFICE_ROLE = { admin: 'admin', staff: 'staff' } as const satisfies Record<
  OfficeRole,
  OfficeRole
>;

/** The accounts' roles: a member, the office, a local holding (host). */
export const ACCOUNT_ROLES = ['member', 'office', 'host'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** OFFICE_STAFF_REFUND_LIMIT's default, in yen: office staff refund orders up to this amount. */
export const DEFAULT_OFFICE_STAFF_REFUND_LIMIT = 30_000;

/** Whether an office user may refund this amount: an admin any, staff up to the limit (inclusive). */
export function mayRefund(input: {
  officeRole: OfficeRole | null;
  amount: number;
  staffLimit: number;
}): boolean {
  if (input.officeRole === OFFICE_ROLE.admin) return true;
  if (input.officeRole === OFFICE_ROLE.staff) return input.amount <= input.staffLimit;
  return false;
}

/** Whether an office user may manage the staff (list, grant, change, remove): admins only. */
export function mayManageStaff(officeRole: OfficeRole | null): boolean {
  return officeRole === OFFICE_ROLE.admin;
}

/**
 * How many admins remain after a change of one office user's role (`to` null: removed from the office).
 * The change is refused when none would remain: the office always keeps an admin.
 */
export function adminsAfter(input: { admins: number; from: OfficeRole; to: OfficeRole | null }): number {
  const loses = input.from === OFFICE_ROLE.admin && input.to !== OFFICE_ROLE.admin;
  const gains = input.from !== OFFICE_ROLE.admin && input.to === OFFICE_ROLE.admin;
  return input.admins - (loses ? 1 : 0) + (gains ? 1 : 0);
}
