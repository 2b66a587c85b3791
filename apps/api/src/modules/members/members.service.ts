import {
  birthdayToIso,
  K,
  memberNameQuery,
  message,
  OCCUPATION_ID,
  paginate,
  phoneDigits,
  ref,
  userMessages,
  type MemberCorrection,
  type MembersQuery,
} from '@mels/domain';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { type ApiError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { officeResetLink, resendRegistrationMail, type UsersDeps } from '../users/index.ts';
import { memberExportCsv } from './members.csv.ts';
import {
  memberStatus,
  presentMemberDetail,
  presentMemberExport,
  presentMemberProfile,
  presentMemberSummary,
  type MemberRecords,
} from './members.presenter.ts';
import {
  anonymiseMember,
  correctMember,
  deactivateMember,
  endLogins,
  erasePersonalTraces,
  findMember,
  hasPaymentInProgress,
  insertMemberAudit,
  lockMember,
  memberCertificateRequests,
  memberCertificates,
  memberEnrollments,
  memberOrders,
  memberRanks,
  memberRankUps,
  reactivateMember,
  searchMembers,
  type Anonymised,
  type MemberChanges,
  type MemberRow,
} from './members.repository.ts';

export type MembersDeps = UsersDeps;
type Db = Pick<MembersDeps, 'db'>;

/** An office action on one member: who does it, to whom, when. */
export type MemberAction = { id: number; actorId: number; now: Date };

const m = K.office.members.errors;
const erased = () => conflict(m.erased, 'MEMBER_ERASED');
const deactivated = () => conflict(m.deactivated, 'MEMBER_DEACTIVATED');

/** The office's member search (decision 042). */
export async function listMembers(deps: Db, query: MembersQuery) {
  const { rows, total } = await searchMembers(
    deps.db,
    {
      name: query.name ? (memberNameQuery(query.name) ?? undefined) : undefined,
      email: query.email || undefined,
      phoneDigits: query.phone ? phoneDigits(query.phone) || undefined : undefined,
      occupation: query.occupation,
      prefecture: query.prefecture,
      status: query.status,
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { data: rows.map(presentMemberSummary), pagination: paginate(query.page, query.limit, total) };
}

async function records(db: MembersDeps['db'], id: number): Promise<MemberRecords> {
  const [enrollments, orders, certificates, requests, ranks, rankUps] = await Promise.all([
    memberEnrollments(db, id),
    memberOrders(db, id),
    memberCertificates(db, id),
    memberCertificateRequests(db, id),
    memberRanks(db, id),
    memberRankUps(db, id),
  ]);
  return { enrollments, orders, certificates, requests, ranks, rankUps };
}

/** A member's page: profile and everything recorded about them. */
export async function memberDetail(deps: Db, id: number) {
  const user = await findMember(deps.db, id);
  if (!user) throw notFound();
  const [r, paymentInProgress] = await Promise.all([records(deps.db, id), hasPaymentInProgress(deps.db, id)]);
  return presentMemberDetail(user, { ...r, paymentInProgress });
}

/** Why a conditional update of the account found it in another state. */
async function stateConflict(deps: Db, id: number, wanted: 'active' | 'deactivated'): Promise<ApiError> {
  const user = await findMember(deps.db, id);
  if (!user) return notFound();
  const status = memberStatus(user);
  if (status === 'erased') return erased();
  return wanted === 'active' ? deactivated() : conflict(m.active, 'MEMBER_ACTIVE');
}

/** Mails the member a reset link (the token is written with the audit row; the mail follows the commit). */
export async function sendResetLink(deps: MembersDeps, input: Omit<MemberAction, 'now'>) {
  const send = await deps.db.transaction(async (tx) => {
    const user = await lockMember(tx, input.id);
    if (!user) throw notFound();
    if (user.erasedAt) throw erased();
    if (!user.isActive) throw deactivated();
    const mail = await officeResetLink(deps, tx, user);
    await insertMemberAudit(tx, {
      actorId: input.actorId,
      action: 'member.password_reset',
      memberId: user.id,
      data: {},
      now: deps.clock.now(),
    });
    return { mail, to: user.email };
  });
  await send.mail();
  return { to: send.to };
}

/** Mails the registration notice again. */
export async function resendRegistration(deps: MembersDeps, input: Omit<MemberAction, 'now'>) {
  const user = await deps.db.transaction(async (tx) => {
    const row = await lockMember(tx, input.id);
    if (!row) throw notFound();
    if (row.erasedAt) throw erased();
    if (!row.isActive) throw deactivated();
    await insertMemberAudit(tx, {
      actorId: input.actorId,
      action: 'member.registration_mail',
      memberId: row.id,
      data: {},
      now: deps.clock.now(),
    });
    return row;
  });
  await resendRegistrationMail(deps, user);
  return { to: user.email };
}

/** Deactivates: no login from now on, every login token ends; the history stays. */
export async function deactivate(deps: Db, input: MemberAction & { reason: string }) {
  const row = await deps.db.transaction(async (tx) => {
    const updated = await deactivateMember(tx, input.id, input.now);
    if (!updated) return undefined;
    await endLogins(tx, input.id, input.now);
    await insertMemberAudit(tx, {
      actorId: input.actorId,
      action: 'member.deactivate',
      memberId: input.id,
      data: { reason: input.reason, before: { status: 'active' }, after: { status: 'deactivated' } },
      now: input.now,
    });
    return updated;
  });
  if (!row) throw await stateConflict(deps, input.id, 'active');
  return presentMemberProfile(row);
}

export async function reactivate(deps: Db, input: MemberAction & { reason: string }) {
  const row = await deps.db.transaction(async (tx) => {
    const updated = await reactivateMember(tx, input.id, input.now);
    if (!updated) return undefined;
    await insertMemberAudit(tx, {
      actorId: input.actorId,
      action: 'member.reactivate',
      memberId: input.id,
      data: { reason: input.reason, before: { status: 'deactivated' }, after: { status: 'active' } },
      now: input.now,
    });
    return updated;
  });
  if (!row) throw await stateConflict(deps, input.id, 'deactivated');
  return presentMemberProfile(row);
}

/** Request fields → columns, only the fields given. */
function changesOf(input: MemberCorrection): MemberChanges {
  const c: MemberChanges = {};
  if (input.email !== undefined) c.email = input.email;
  if (input.last_name !== undefined) c.lastName = input.last_name;
  if (input.first_name !== undefined) c.firstName = input.first_name;
  if (input.last_name_kana !== undefined) c.lastNameKana = input.last_name_kana;
  if (input.first_name_kana !== undefined) c.firstNameKana = input.first_name_kana;
  if (input.last_name_alpha !== undefined) c.lastNameAlpha = input.last_name_alpha;
  if (input.first_name_alpha !== undefined) c.firstNameAlpha = input.first_name_alpha;
  if (input.occupation !== undefined) c.occupation = input.occupation;
  if (input.medical_department !== undefined) c.medicalDepartment = input.medical_department;
  if (input.location_work !== undefined) c.locationWork = input.location_work;
  if (input.work_area !== undefined) c.workAreaId = input.work_area;
  if (input.postal_code !== undefined) c.postalCode = input.postal_code;
  if (input.area !== undefined) c.areaId = input.area;
  if (input.district !== undefined) c.district = input.district;
  if (input.address !== undefined) c.address = input.address;
  if (input.phone !== undefined) c.phone = input.phone;
  if (input.gender !== undefined) c.gender = input.gender;
  if (input.birthday !== undefined) c.birthday = birthdayToIso(input.birthday);
  return c;
}

/**
 * Corrects profile fields with a reason, under the row's lock; the audit row keeps the changed fields'
 * values before and after. A doctor needs a department; any other occupation has none.
 */
export async function correct(deps: Db, input: MemberAction & { body: MemberCorrection }) {
  const { reason } = input.body;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await lockMember(tx, input.id);
      if (!current) throw notFound();
      if (current.erasedAt) throw erased();
      const changes = changesOf(input.body);
      const occupation = changes.occupation ?? current.occupation;
      if (occupation === OCCUPATION_ID.doctor) {
        if ((changes.medicalDepartment ?? current.medicalDepartment) === null)
          throw fieldError(
            'medical_department',
            message('validation.required', ref('fields.medicalDepartment')),
          );
      } else if (current.medicalDepartment !== null || changes.medicalDepartment !== undefined) {
        changes.medicalDepartment = null;
      }
      const keys = (Object.keys(changes) as (keyof MemberChanges)[]).filter((k) => changes[k] !== current[k]);
      const before = Object.fromEntries(keys.map((k) => [k, current[k]]));
      const after = Object.fromEntries(keys.map((k) => [k, changes[k]]));
      const updated = await correctMember(tx, input.id, changes, input.now);
      if (!updated) throw erased();
      await insertMemberAudit(tx, {
        actorId: input.actorId,
        action: 'member.correct',
        memberId: input.id,
        data: { reason, fields: keys, before, after },
        now: input.now,
      });
      return updated;
    });
    return presentMemberProfile(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(userMessages.emailTaken, 'EMAIL_TAKEN', { email: [userMessages.emailTaken] });
    throw error;
  }
}

/** The personal-data export (JSON or CSV); the reading is audited like a change. */
export async function exportMember(deps: Db, input: MemberAction & { format: 'json' | 'csv' }) {
  const user = await findMember(deps.db, input.id);
  if (!user) throw notFound();
  const data = presentMemberExport(user, await records(deps.db, input.id), input.now);
  await insertMemberAudit(deps.db, {
    actorId: input.actorId,
    action: 'member.export',
    memberId: input.id,
    data: { format: input.format },
    now: input.now,
  });
  if (input.format === 'csv') return memberExportCsv(data);
  const day = data.exported_at.slice(0, 10).replaceAll('-', '');
  return { filename: `member-${user.id}-${day}.json`, body: JSON.stringify(data, null, 2) };
}

/** What an erased member's fields become (decision 042): nothing that identifies them, no usable password. */
export function anonymisedValues(id: number): Anonymised {
  return {
    email: `erased-${id}@erased.invalid`,
    // Not a scrypt hash: verifyPassword refuses it, whatever is typed.
    passwordHash: '!erased',
    lastName: '削除済み',
    firstName: '会員',
    lastNameKana: 'サクジョズミ',
    firstNameKana: 'カイイン',
    lastNameAlpha: 'ERASED',
    firstNameAlpha: 'MEMBER',
    medicalDepartment: null,
    simulationQualification: '',
    locationWork: '',
    workAreaId: null,
    postalCode: '',
    areaId: null,
    district: '',
    address: '',
    phone: '',
    birthday: '1900-01-01',
    avatarPath: null,
  };
}

const REDACTED_MAIL = '（会員の個人情報の削除により、本文を削除しました。）';

/**
 * Erases a member (decision 042): irreversible; refused while an order is in payment (the condition is
 * part of the UPDATE, so an order started meanwhile cannot slip through). Orders, receipts and
 * certificates stay; the avatar file is removed after the commit.
 */
export async function erase(
  deps: Pick<MembersDeps, 'db' | 'storage' | 'log'>,
  input: MemberAction & { reason: string },
) {
  const values = anonymisedValues(input.id);
  const result = await deps.db.transaction(async (tx) => {
    const current = await lockMember(tx, input.id);
    if (!current) throw notFound();
    if (current.erasedAt) throw erased();
    const row = await anonymiseMember(tx, { id: input.id, values, now: input.now });
    if (!row) throw conflict(m.paymentInProgress, 'MEMBER_PAYMENT_IN_PROGRESS');
    await erasePersonalTraces(tx, {
      userId: input.id,
      oldEmail: current.email,
      newEmail: values.email,
      name: `${values.lastName} ${values.firstName}`,
      now: input.now,
      mailBody: REDACTED_MAIL,
    });
    await insertMemberAudit(tx, {
      actorId: input.actorId,
      action: 'member.erase',
      memberId: input.id,
      data: { reason: input.reason, before: { status: memberStatus(current) }, after: { status: 'erased' } },
      now: input.now,
    });
    return { row, avatar: current.avatarPath };
  });
  if (result.avatar) {
    await deps.storage.remove(result.avatar).catch((error: unknown) => {
      deps.log.warn({ err: error, memberId: input.id }, 'an erased member’s avatar could not be removed');
    });
  }
  return presentMemberProfile(result.row);
}

export type { MemberRow };
