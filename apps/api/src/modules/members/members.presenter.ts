import type { MemberDetail, MemberProfile, MemberStatus, MemberSummary } from '@mels/domain';
import type {
  MemberRow,
  memberCertificateRequests,
  memberCertificates,
  memberEnrollments,
  memberOrders,
  memberRanks,
  memberRankUps,
} from './members.repository.ts';

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function memberStatus(u: Pick<MemberRow, 'isActive' | 'erasedAt'>): MemberStatus {
  return u.erasedAt ? 'erased' : u.isActive ? 'active' : 'deactivated';
}

export function presentMemberSummary(u: MemberRow): MemberSummary {
  return {
    id: u.id,
    fullname: `${u.lastName} ${u.firstName}`,
    fullname_kana: `${u.lastNameKana} ${u.firstNameKana}`,
    email: u.email,
    phone: u.phone,
    occupation: u.occupation,
    area: u.areaId,
    location_work: u.locationWork,
    status: memberStatus(u),
    created_at: u.createdAt.toISOString(),
  };
}

/** The profile as the office reads it: never the password hash, a token or the avatar's storage key. */
export function presentMemberProfile(u: MemberRow): MemberProfile {
  return {
    id: u.id,
    email: u.email,
    last_name: u.lastName,
    first_name: u.firstName,
    last_name_kana: u.lastNameKana,
    first_name_kana: u.firstNameKana,
    last_name_alpha: u.lastNameAlpha,
    first_name_alpha: u.firstNameAlpha,
    occupation: u.occupation,
    medical_department: u.medicalDepartment,
    simulation_qualification: u.simulationQualification,
    location_work: u.locationWork,
    work_area: u.workAreaId,
    postal_code: u.postalCode,
    area: u.areaId,
    district: u.district,
    address: u.address,
    phone: u.phone,
    gender: u.gender,
    birthday: u.birthday,
    language: u.language === 'en' ? 'en' : 'ja',
    status: memberStatus(u),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    deactivated_at: iso(u.deactivatedAt),
    erased_at: iso(u.erasedAt),
  };
}

export type MemberRecords = {
  enrollments: Rows<typeof memberEnrollments>;
  orders: Rows<typeof memberOrders>;
  certificates: Rows<typeof memberCertificates>;
  requests: Rows<typeof memberCertificateRequests>;
  ranks: Rows<typeof memberRanks>;
  rankUps: Rows<typeof memberRankUps>;
};

export function presentMemberDetail(
  u: MemberRow,
  r: MemberRecords & { paymentInProgress: boolean },
): MemberDetail {
  return {
    profile: presentMemberProfile(u),
    enrollments: r.enrollments.map((e) => ({
      id: e.id,
      training_id: e.trainingId,
      training_name: e.trainingName,
      course_name: e.courseName,
      event_date: e.eventDate,
      user_type: e.userTypeId,
      status: e.status,
      checked_in_at: iso(e.checkedInAt),
      created_at: e.createdAt.toISOString(),
      steps: e.steps.map((s) => ({
        step: s.step,
        status: s.status,
        note: s.note,
        actor: s.actorId === null ? null : { id: s.actorId, name: `${s.actorLast} ${s.actorFirst}` },
        created_at: s.createdAt.toISOString(),
      })),
    })),
    orders: r.orders.map((o) => ({
      id: o.id,
      type: o.type,
      object_type: o.objectType,
      what: o.items ?? o.trainingName ?? o.courseName ?? null,
      amount: o.amount,
      status: o.status,
      payment_method_id: o.paymentMethodId,
      created_at: o.createdAt.toISOString(),
      paid_at: iso(o.paidAt),
    })),
    certificates: r.certificates.map((c) => ({
      id: c.id,
      certificate_number: c.certificateNumber,
      certificate_type: c.certificateType,
      course_name: c.courseName,
      holder_name: c.holderName,
      start_date: c.startDate,
      end_date: c.endDate,
      revoked_at: iso(c.revokedAt),
      verification_code: c.verificationCode,
    })),
    certificate_requests: r.requests.map((q) => ({
      id: q.id,
      certificate_type: q.certificateType,
      course_name: q.courseName,
      status: q.status,
      created_at: q.createdAt.toISOString(),
      decided_at: iso(q.decidedAt),
    })),
    ranks: r.ranks.map((k) => ({
      short_name: k.shortName,
      name: k.name,
      level: k.level,
      granted_at: k.grantedAt.toISOString(),
    })),
    rank_up_requests: r.rankUps.map((k) => ({
      id: k.id,
      to_rank: k.toRank,
      status: k.status,
      created_at: k.createdAt.toISOString(),
    })),
    payment_in_progress: r.paymentInProgress,
  };
}

/**
 * The personal-data export (decision 042): the profile and everything recorded about the member, with
 * the delivery details of orders, as the member could ask for it. No password hash, token or storage key.
 */
export function presentMemberExport(u: MemberRow, r: MemberRecords, exportedAt: Date) {
  const detail = presentMemberDetail(u, { ...r, paymentInProgress: false });
  return {
    exported_at: exportedAt.toISOString(),
    profile: { ...detail.profile, privacy_agreed_at: iso(u.privacyAgreedAt) },
    enrollments: detail.enrollments,
    orders: detail.orders.map((o, i) => {
      const row = r.orders[i]!;
      return {
        ...o,
        delivery: {
          name: row.customerName,
          postal_code: row.postalCode,
          address: row.address,
          phone: row.phone,
        },
      };
    }),
    certificates: detail.certificates.map((c, i) => ({
      ...c,
      holder_name_alpha: r.certificates[i]!.holderNameAlpha,
    })),
    certificate_requests: detail.certificate_requests,
    ranks: detail.ranks,
    rank_up_requests: detail.rank_up_requests,
  };
}
export type MemberExport = ReturnType<typeof presentMemberExport>;
