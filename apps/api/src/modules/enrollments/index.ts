/**
 * The enrolments module's public functions, for the other modules (issue 14: a module uses another
 * only through its index): the session detail and eligibility, the page context the learning steps
 * build on, the steps and places the office and the learning steps record, the ticket's codes, and
 * the mails the notifications module sends.
 */
export {
  attendanceSecret,
  attendanceSecrets,
  parseReceptionCode,
  receptionCodeMatches,
  verifyTicketToken,
} from './attendance-code.ts';
export {
  applicationReceivedMail,
  dayBeforeReminderMail,
  ticketReadyMail,
  type ApplicationKind,
} from './enrollments.mails.ts';
export {
  eligibilityFactsColumns,
  findEnrollmentById,
  findPaymentMethods,
  findRecruitment,
  recordSteps,
  releasePlace,
  takePlace,
  type EligibilityFactsRow,
  type EnrollmentRow,
  type Recruitment,
} from './enrollments.repository.ts';
export {
  CANCELLED_NOTE,
  courseEligibility,
  entriesForPlace,
  loadContext,
  markEnrollmentPaid,
  sessionDetail,
  WON_ELSEWHERE_NOTE,
  type CourseEligibility,
  type PageContext,
} from './enrollments.service.ts';
