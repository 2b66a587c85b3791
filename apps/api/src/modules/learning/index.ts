/**
 * The learning module's public functions, for the other modules (issue 14: through the index only):
 * the one gate of the learning steps (the caller's own enrolment and the step's state), used by the
 * survey and the certificate.
 */
export { learningContext, lockEnrollment, ownEnrollment } from './learning.context.ts';
// The tests' current version and the office's editor (decision 036); its refusal, shared with the survey editor.
export { currentQuiz, editorIssuesError, replaceQuiz } from './quiz-editor.service.ts';
// The learning steps of a certificate request (the renewal's videos and test, decision 034).
export {
  answerRequestQuestion,
  markRequestLessonSeen,
  reportRequestProgress,
  requestLessons,
  requestTest,
  type RequestLearner,
  type RequestTest,
} from './learning.requests.ts';
