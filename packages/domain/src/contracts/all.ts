/** Every area's endpoints with their schemas (zod): what the server registers and the contract test walks. */
import type { ContractArea } from './define.ts';
import { calendar } from './calendar.ts';
import { abouts, areas, faqs, news, seminarInfo, userTypes } from './content.ts';
import { documents, instructorDocuments } from './documents.ts';
import { activity } from './activity.ts';
import { office } from './office.ts';
import { payments } from './payments.ts';
import { orders, products } from './shop.ts';
import { contacts, localHoldings } from './contact.ts';
import { address, avatars, users } from './account.ts';
import { certificates } from './certificates.ts';
import { enrollments, learning, surveys } from './session.ts';
import { courses, trainings } from './trainings.ts';
import { officeCourses, officeSessions } from './office-catalogue.ts';
import { officeContacts, officeOutbox } from './office-inbox.ts';
import { instructor, officeRankUp, rankUp } from './instructor.ts';
import { instructorRequests } from './instructor-requests.ts';

export const contracts = {
  areas,
  userTypes,
  news,
  faqs,
  abouts,
  seminarInfo,
  documents,
  instructorDocuments,
  activity,
  office,
  payments,
  products,
  orders,
  contacts,
  localHoldings,
  users,
  avatars,
  address,
  calendar,
  certificates,
  enrollments,
  learning,
  surveys,
  instructor,
  rankUp,
  officeRankUp,
  trainings,
  courses,
  officeCourses,
  officeSessions,
  officeContacts,
  officeOutbox,
  instructorRequests,
} as const satisfies { readonly [A in ContractArea]: unknown };

export type Contracts = typeof contracts;
