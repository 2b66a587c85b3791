/** The enrolment pages' answers: the page context (service) shaped into the contract's fields. */
import { isBiCourse, OCCUPATIONS, registrationSkipped, USER_TYPE, type SessionDetail } from '@mels/domain';
import type { EnrollmentRow } from './enrollments.repository.ts';
import type { PageContext } from './enrollments.service.ts';

/** An occupation's name as a message key ('occupations.doctor'): answered in the request's language. */
export const occupationName = (id: number) =>
  `occupations.${OCCUPATIONS.find((o) => o.id === id)?.key ?? 'other'}`;

export const toIso = (d: Date | string) => new Date(d).toISOString();

/** What the service decided for the session page, beside the context. */
export type SessionDetailDecisions = {
  documents: { id: number; name: string }[];
  registrationOrderStatus: SessionDetail['order_office_status'];
  step: SessionDetail['step'];
  stepStatus: SessionDetail['step_status'];
  steps: SessionDetail['steps'];
  nextRoute: SessionDetail['next_route'];
  notDisabled: boolean;
  warnings: SessionDetail['warnings'];
};

/** GET …/enrollments/detail and the caller's part of GET /trainings/{id}. */
export function presentSessionDetail(ctx: PageContext, d: SessionDetailDecisions): SessionDetail {
  return {
    id: ctx.r.trainingId,
    name: ctx.r.name,
    course: {
      id: ctx.r.courseId,
      name: ctx.r.courseName,
      price: ctx.r.coursePrice,
      certificate_prefix: ctx.r.certificatePrefix,
      intro_video: ctx.r.introVideo,
    },
    area: ctx.r.areaName,
    user_type: { id: ctx.r.userTypeId, type: ctx.r.userTypeName },
    is_active: ctx.r.isActive ? (1 as const) : (0 as const),
    event_date: ctx.r.eventDate,
    event_start_time: ctx.r.eventStartTime,
    event_end_time: ctx.r.eventEndTime,
    venue: ctx.r.venue,
    venue_name: ctx.r.venueName,
    sponsor_by: ctx.r.sponsorBy,
    target: ctx.r.target,
    note: ctx.r.note,
    register_date_note: ctx.r.registerDateNote,
    apply_date_note: ctx.r.applyDateNote,
    capacity: ctx.r.capacity,
    participant: ctx.r.participant,
    price: ctx.r.price,
    selection: ctx.r.selection,
    apply_start_date: toIso(ctx.r.applyStartDate),
    apply_end_date: toIso(ctx.r.applyEndDate),
    documents: d.documents.map((d) => ({
      id: d.id,
      name: d.name,
      link: `/api/v1/documents/${d.id}/download`,
    })),
    enrollment_id: ctx.enrollment?.id ?? null,
    step: d.step,
    step_status: d.stepStatus,
    training_user_steps: ctx.steps.map((s) => ({
      step: s.step,
      status: s.status,
      created_at: toIso(s.createdAt),
    })),
    steps: d.steps,
    next_route: d.nextRoute,
    is_student: ctx.r.userTypeId === USER_TYPE.attendee,
    is_cancelled: ctx.cancelled,
    is_not_pass_occupation: ctx.workflow.occupationPassed
      ? []
      : ctx.occupations.map((id) => ({ id, name: occupationName(id) })),
    is_not_pass_course_condition: ctx.unmetGroups.map((g) =>
      g.map((c) => ({ course_id: c.courseId, course_name: c.courseName, role: c.userTypeId })),
    ),
    is_pass_basic_updated_course: ctx.workflow.basicUpdatedCoursePassed,
    check_training: ctx.workflow.sameTimeConflict,
    is_not_disabled: d.notDisabled,
    office_price: registrationSkipped(ctx.r.coursePrice, ctx.r.certificatePrefix) ? 0 : ctx.r.coursePrice,
    order_office_status: d.registrationOrderStatus,
    special_course_condition: isBiCourse(ctx.r.certificatePrefix) ? ctx.r.courseId : null,
    is_win_other_training_same_course: ctx.wonElsewhere,
    training_assistant_approve_users: ctx.enrollment?.assistantApprovedAt ? (1 as const) : (0 as const),
    training_user_cancel: ctx.cancel ? { status: ctx.cancel.status } : null,
    payments_methods: ctx.methods.map((id) => ({ payment_method_id: id })),
    order: ctx.orderStatus === null ? null : { status: ctx.orderStatus },
    warnings: d.warnings,
  };
}

/** GET …/enrollments/application: the applicant's details and whether they may apply. */
export function presentApplication(ctx: PageContext, refusal: string | null) {
  const u = ctx.user;
  return {
    training: {
      id: ctx.r.trainingId,
      name: ctx.r.name,
      event_date: ctx.r.eventDate,
      course_name: ctx.r.courseName,
    },
    user_type: { id: ctx.r.userTypeId, type: ctx.r.userTypeName },
    selection: ctx.r.selection,
    applicant: {
      fullname: `${u.lastName} ${u.firstName}`,
      fullname_kana: `${u.lastNameKana} ${u.firstNameKana}`,
      fullname_alpha: `${u.lastNameAlpha} ${u.firstNameAlpha}`,
      email: u.email,
      occupation: u.occupation,
      occupation_name: occupationName(u.occupation),
      location_work: u.locationWork,
      phone: u.phone,
      birthday: u.birthday,
    },
    can_apply: refusal === null,
    refusal,
    step_status: ctx.enrollment?.status ?? null,
  };
}

/** GET …/enrollments/ticket: the attendee, the session and the signed ticket. */
export function presentTicket(
  ctx: PageContext,
  t: {
    enrollment: EnrollmentRow;
    token: string;
    receptionCode: string;
    checkInUrl: string;
    qrSvg: string;
  },
) {
  const u = ctx.user;
  const e = t.enrollment;
  return {
    enrollment_id: e.id,
    fullname: `${u.lastName} ${u.firstName}`,
    fullname_kana: `${u.lastNameKana} ${u.firstNameKana}`,
    training: {
      id: ctx.r.trainingId,
      name: ctx.r.name,
      course_name: ctx.r.courseName,
      area: ctx.r.areaName,
      event_date: ctx.r.eventDate,
      event_start_time: ctx.r.eventStartTime,
      event_end_time: ctx.r.eventEndTime,
      venue: ctx.r.venue,
      venue_name: ctx.r.venueName,
    },
    user_type: { id: ctx.r.userTypeId, type: ctx.r.userTypeName },
    step_status: e.status,
    attendance_code: t.token,
    /** 受付コード: the short form reception can type (at most 12 characters). */
    reception_code: t.receptionCode,
    check_in_url: t.checkInUrl,
    qr_svg: t.qrSvg,
    checked_in_at: e.checkedInAt ? toIso(e.checkedInAt) : null,
  };
}
