import type { Messages } from './ja.ts';

/** English messages of the learning steps (same keys as learning-ja.ts). */
export const learningEn: Messages['learning'] = {
  api: {
    answerRequired: 'Please enter an answer.',
    answerTooLong: 'Enter 500 characters or fewer.',
    selectOne: 'Select an applicable one.',
    surveyRequired: 'This item is required',
    surveyOtherTooLong: 'Enter 200 characters or fewer.',
    surveyTextTooLong: 'Enter 500 characters or fewer.',
    surveyInvalidOption: 'Choose one of the options.',
    surveyUnknownQuestion: 'This question is not part of the survey.',
    lessonNotFound: 'Video not found.',
    preVideoNotOpen: 'The pre-videos are not available yet. Please finish the previous step first.',
    notWatchedToEnd:
      'Please watch the video to its end. Parts skipped by fast-forwarding or seeking do not count as watched.',
    questionNotFound: 'Question not found.',
    invalidChoice: 'That choice is not valid.',
    singleChoiceOnly: 'Choose only one.',
    preTestNotOpen: 'The pre-test is not available yet. Please watch all the pre-videos first.',
    preTestAlreadyAnswered: 'You have already answered this question. The pre-test takes one answer each.',
    postTestNotOpen: 'The post-test opens after you have checked in at the session.',
    postTestPassed: 'You have already passed the post-test.',
    postTestAlreadyCorrect: 'This question is already answered correctly.',
    surveyNotOpen: 'The survey opens after you pass the post-test.',
    surveyAlreadyAnswered: 'You have already answered the survey.',
    surveyMissing: 'The survey of this course is not ready. Please contact the office.',
    certificateNotReady: 'The certificate is issued after you answer the survey.',
    certificateCannotIssue: 'Cannot issue the requested certificate now. Contact the office.',
    certificateNotFound: 'Certificate not found.',
    certificateLinkExpired: 'This viewing link has expired. Please reload the page.',
    verifyNotFound: 'No certificate has this verification code. Please check the URL.',
    alreadyRevoked: 'This certificate has already been revoked.',
  },
};
