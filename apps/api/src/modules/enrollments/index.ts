/** The enrolments module's public read functions, for the other modules (issue 14: a module uses another only through its index). */
export { courseEligibility, sessionDetail, type CourseEligibility } from './enrollments.service.ts';
