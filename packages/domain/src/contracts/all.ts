/** Every area's endpoints with their schemas (zod): what the server registers and the contract test walks. */
import type { ContractArea } from './define.ts';
import { calendar } from './calendar.ts';
import { instructor, officeRankUp, rankUp } from './instructor.ts';
import { abouts, areas, faqs, news, seminarInfo, userTypes } from './content.ts';
import { office } from './office.ts';
import { payments } from './payments.ts';
import { orders, products } from './shop.ts';
import { contacts, localHoldings } from './contact.ts';
import { address, avatars, users } from './account.ts';
import { courses, trainings } from './trainings.ts';
import { enrollments, learning, surveys } from './session.ts';
import { certificates } from './certificates.ts';
import { activity } from './activity.ts';
import { documents, instructorDocuments } from './documents.ts';
import { instructorRequests } from './instructor-requests.ts';
import { renewals } from './renewals.ts';
import { officeCourses, officeSessions } from './office-catalogue.ts';
import { officeShop } from './office-shop.ts';
import { officeQuizzes, officeSurveys } from './office-quizzes.ts';
import { lessonMedia, officeCourseDocuments, officeLessons } from './office-learning.ts';
import { officeContacts, officeOutbox } from './office-inbox.ts';
import { officeAudit } from './office-audit.ts';
import { officeExpiries } from './office-expiries.ts';
import { host, officeLocalHoldings, officeStaff } from './people.ts';
import {
  contentImages,
  officeAbouts,
  officeFaqs,
  officeFlows,
  officeInstructorDocuments,
  officeNews,
  officePages,
} from './office-pages.ts';
import { officeMembers } from './office-members.ts';

export const contracts = {
  officeShop,
  areas,
  userTypes,
  news,
  faqs,
  abouts,
  seminarInfo,
  office,
  payments,
  products,
  orders,
  instructor,
  rankUp,
  officeRankUp,
  contacts,
  localHoldings,
  users,
  avatars,
  address,
  calendar,
  trainings,
  courses,
  enrollments,
  learning,
  surveys,
  certificates,
  activity,
  documents,
  instructorDocuments,
  officeCourses,
  officeSessions,
  officeQuizzes,
  officeSurveys,
  officeLessons,
  officeCourseDocuments,
  lessonMedia,
  officeContacts,
  officeOutbox,
  officeAudit,
  officeExpiries,
  officeLocalHoldings,
  officeStaff,
  host,
  officeNews,
  officeFaqs,
  officeAbouts,
  officeFlows,
  officeInstructorDocuments,
  officePages,
  contentImages,
  officeMembers,
  instructorRequests,
  renewals,
} as const satisfies { readonly [A in ContractArea]: unknown };

export type Contracts = typeof contracts;
