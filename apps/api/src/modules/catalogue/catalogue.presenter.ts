import { japanDateTime, type OfficeCourse, type OfficeCourseSummary, type OfficeSession } from '@mels/domain';
import type { CourseRecord, RecruitmentRow, SessionRecord, listCourses } from './catalogue.repository.ts';

/** Groups of alternatives as the API writes them (group_no 1, 2, … in order). */
function conditionGroups(rows: CourseRecord['conditions']): OfficeCourse['course_conditions'] {
  const groups = new Map<number, OfficeCourse['course_conditions'][number]>();
  for (const r of rows) {
    const group = groups.get(r.groupNo) ?? [];
    group.push({ course_id: r.courseId, user_type_id: r.userTypeId });
    groups.set(r.groupNo, group);
  }
  return [...groups.values()];
}

export function presentCourse(record: CourseRecord): OfficeCourse {
  const c = record.course;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    duration: c.duration,
    participant: c.participant,
    resource: c.resource,
    certification_standard: c.certificationStandard,
    certification_period: c.certificationPeriod,
    certification_renew: c.certificationRenew,
    memo: c.memo,
    price: c.price,
    order: c.sortOrder,
    certificate_prefix: c.certificatePrefix,
    is_renewal: c.isRenewal,
    is_active: c.isActive,
    occupations: record.occupations,
    course_conditions: conditionGroups(record.conditions),
    video_previews: record.videos,
    sessions: record.sessions,
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentCourseSummary(
  row: Awaited<ReturnType<typeof listCourses>>['rows'][number],
): OfficeCourseSummary {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    order: row.sortOrder,
    certificate_prefix: row.certificatePrefix,
    is_active: row.isActive,
    sessions: row.sessions,
    updated_at: row.updatedAt.toISOString(),
  };
}

const hm = (t: string | null) => (t === null ? null : t.slice(0, 5));

export function presentRecruitment(r: RecruitmentRow): OfficeSession['users_types'][number] {
  return {
    type_id: r.userTypeId,
    type_name: r.typeName,
    description: r.description,
    capacity: r.capacity,
    price: r.price,
    selection: r.selection === 'lottery' ? 'lottery' : 'first_come',
    apply_start_date: japanDateTime(r.applyStartDate),
    apply_end_date: japanDateTime(r.applyEndDate),
    register_start_date: r.registerStartDate && japanDateTime(r.registerStartDate),
    register_end_date: r.registerEndDate && japanDateTime(r.registerEndDate),
    participant: r.participant,
    applicants: r.applicants,
    paid_orders: r.paidOrders,
  };
}

export function presentSession(record: SessionRecord): OfficeSession {
  const t = record.training;
  return {
    id: t.id,
    course_id: t.courseId,
    course_name: record.courseName,
    name: t.name,
    area: t.areaId,
    area_name: record.areaName,
    event_date: t.eventDate,
    event_start_time: t.eventStartTime.slice(0, 5),
    event_end_time: t.eventEndTime.slice(0, 5),
    start_time_morning: hm(t.startTimeMorning),
    end_time_morning: hm(t.endTimeMorning),
    start_time_afternoon: hm(t.startTimeAfternoon),
    end_time_afternoon: hm(t.endTimeAfternoon),
    sponsor_by: t.sponsorBy,
    venue: t.venue,
    venue_name: t.venueName,
    target: t.target,
    note: t.note,
    register_date_note: t.registerDateNote,
    apply_date_note: t.applyDateNote,
    status: t.status,
    is_active: t.isActive ? 1 : 0,
    cancelled_reason: t.cancelledReason,
    payment_method_ids: record.paymentMethodIds,
    users_types: record.recruitments.map(presentRecruitment),
    updated_at: t.updatedAt.toISOString(),
  };
}

/**
 * The fields that differ between two presented states, as the audit row keeps them: before and after
 * of the changed fields only (arrays and objects compared by value).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  ignore: readonly (keyof T)[] = [],
): { before: Partial<T>; after: Partial<T> } {
  const out = { before: {} as Partial<T>, after: {} as Partial<T> };
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (ignore.includes(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      out.before[key] = before[key];
      out.after[key] = after[key];
    }
  }
  return out;
}
