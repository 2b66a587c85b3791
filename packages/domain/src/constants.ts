/** Business constants of the two specification documents (§9 of each). */

export const ASSOCIATION_NAME_JA = '一般社団法人 日本母体救命システム普及協議会';
export const ASSOCIATION_NAME_EN = 'Japan Council for Maternal Emergency Life-Saving';
export const PORTAL_NAME = 'MELS Portal';

export const USER_TYPE = {
  instructor: 1,
  assistant: 2,
  observer: 3,
  attendee: 4,
  link: 5,
} as const;
export type UserTypeId = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const RECRUITABLE_USER_TYPES = [1, 2, 3, 4] as const;
export const DEFAULT_RECRUITMENT = 4;

export const OCCUPATIONS = [
  { id: 1, key: 'doctor' },
  { id: 2, key: 'midwife' },
  { id: 3, key: 'nurse' },
  { id: 4, key: 'assistantNurse' },
  { id: 5, key: 'paramedic' },
  { id: 6, key: 'student' },
  { id: 7, key: 'other' },
] as const;
export type OccupationId = (typeof OCCUPATIONS)[number]['id'];
export const OCCUPATION_ID = {
  doctor: 1,
  midwife: 2,
  nurse: 3,
  assistantNurse: 4,
  paramedic: 5,
  student: 6,
  other: 7,
} as const;

export const MEDICAL_DEPARTMENTS = [
  { id: 1, key: 'obstetricsSpecialist' },
  { id: 2, key: 'obstetricsTrainee' },
  { id: 3, key: 'emergency' },
  { id: 4, key: 'anesthesia' },
  { id: 5, key: 'intensiveCare' },
  { id: 6, key: 'initialResident' },
  { id: 7, key: 'other' },
] as const;
export type MedicalDepartmentId = (typeof MEDICAL_DEPARTMENTS)[number]['id'];

export const SIMULATION_QUALIFICATIONS = ['ICLS', 'ACLS', 'JATEC', 'none'] as const;
export type SimulationQualification = (typeof SIMULATION_QUALIFICATIONS)[number];

export const GENDER = { male: 0, female: 1 } as const;

export const PAYMENT_METHOD = { card: 1, bankTransfer: 2, onSite: 3 } as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];
export const PAYMENT_METHOD_IDS = [1, 2, 3] as const;

/** Order status 0–6 (purchase history). */
export const ORDER_STATUS = {
  inPayment: 0,
  failed: 1,
  refunded: 2,
  complete: 3,
  shipping: 4,
  shipped: 5,
  cancelled: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_IDS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Order entry type: 1 purchase, 2 refund. */
export const ORDER_TYPE = { purchase: 1, refund: 2 } as const;
export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];

/** Payment transaction status (transactions.status): 0 open, 1 failed, 2 completed. */
/** A session's publication (decision 031): a draft is the office's alone; only published sessions are public. */
export const TRAINING_STATUS = { draft: 'draft', published: 'published' } as const;
export type TrainingStatus = (typeof TRAINING_STATUS)[keyof typeof TRAINING_STATUS];
export const TRAINING_STATUSES = [TRAINING_STATUS.draft, TRAINING_STATUS.published] as const;

export const TRANSACTION_STATUS = { open: 0, failed: 1, completed: 2 } as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];

/** A member's cancellation request (cancel_requests.status): 0 awaiting the office, 1 approved, 2 rejected. */
export const CANCEL_REQUEST_STATUS = { awaitingApproval: 0, approved: 1, rejected: 2 } as const;
export type CancelRequestStatus = (typeof CANCEL_REQUEST_STATUS)[keyof typeof CANCEL_REQUEST_STATUS];

/** What a payment pays for (object_type). 1 and 2 are the session-side objects of this portal. */
export const OBJECT_TYPE = {
  courseRegistration: 1,
  sessionFee: 2,
  certificate: 3,
  shopOrder: 4,
  instructorRequest: 5,
  renewal: 7,
} as const;
export type ObjectType = (typeof OBJECT_TYPE)[keyof typeof OBJECT_TYPE];

/** Under this amount (yen) everything is free. */
export const FREE_THRESHOLD_YEN = 50;
export const BI_PREFIX = 'BI';

export const LIMITS = {
  areaList: 50,
  homeNews: 5,
  courseList: 999,
  maxPageSize: 999,
  defaultPageSize: 20,
  searchPageSize: 10,
  postalCodeMax: 7,
  passwordMin: 4,
  passwordMax: 150,
  birthdayMin: '1940-01-01',
  birthdayYearOptions: 100,
  surveyOtherMax: 200,
  avatarMaxMb: 5,
  bytesPerMb: 1048576,
  avatarAspect: 3 / 4,
  avatarDefaultCropPercent: 30,
  avatarJpegQuality: 0.3,
  contactSubjectDescriptionMax: 50,
  bankTransferDays: 7,
  certificateExpiryWarningMonths: 6,
  paymentOrderDelayMinMs: 3000,
  paymentOrderDelayMaxMs: 5000,
  certificateFrameHeight: 685,
} as const;

export const SKELETON_COUNTS = [3, 5, 7, 10] as const;

export const CONTACT_SUBJECTS = ['seminarApplication', 'certification', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const TIME_ZONE = 'Asia/Tokyo';
