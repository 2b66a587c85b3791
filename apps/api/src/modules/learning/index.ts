/**
 * The learning module's public functions, for the other modules (issue 14: through the index only):
 * the one gate of the learning steps (the caller's own enrolment and the step's state), used by the
 * survey and the certificate.
 */
export { learningContext, lockEnrollment, ownEnrollment } from './learning.context.ts';
