export * from './define.ts';
export * from './routes.ts';
export * from './api.ts';
export * from './all.ts';
export type {
  PerformanceDownloadBody,
  PerformanceTraining,
  RankLevelEntry,
  RankUpRequest,
} from './instructor.ts';
export type {
  InstructorEligibility,
  InstructorRequestBody,
  InstructorRequestInput,
  InstructorRequestResultView,
  InstructorRequestView,
  OfficeInstructorRequest,
  OfficeInstructorRequestItem,
} from './instructor-requests.ts';
export type {
  RenewalAnswerBody,
  RenewalProgressBody,
  RenewalStartBody,
  RenewalTest,
  RenewalVideos,
  RenewalView,
  RenewalViewBody,
} from './renewals.ts';
