/**
 * The route table: every endpoint's zod-free facts, by area and name, gathered from `<area>.routes.ts`.
 * The browser reads this at run time (method, path, auth); the schemas of each endpoint are in
 * `<area>.ts`, joined by `defineArea`, which refuses a route without schemas and schemas without a route.
 * Keep it free of zod and of dictionaries: it is part of the home page's first-visit script.
 */
import { calendarRoutes } from './calendar.routes.ts';
import { instructorRoutes } from './instructor.routes.ts';
import { contentRoutes } from './content.routes.ts';
import { officeRoutes } from './office.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { shopRoutes } from './shop.routes.ts';
import { contactRoutes } from './contact.routes.ts';
import { accountRoutes } from './account.routes.ts';
import { trainingsRoutes } from './trainings.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { certificatesRoutes } from './certificates.routes.ts';
import { activityRoutes } from './activity.routes.ts';
import { documentsRoutes } from './documents.routes.ts';
import { instructorRequestsRoutes } from './instructor-requests.routes.ts';
import { renewalsRoutes } from './renewals.routes.ts';
import { officeCatalogueRoutes } from './office-catalogue.routes.ts';
import { officeShopRoutes } from './office-shop.routes.ts';
import { officeQuizzesRoutes } from './office-quizzes.routes.ts';
import { officeLearningRoutes } from './office-learning.routes.ts';
import { officeInboxRoutes } from './office-inbox.routes.ts';
import { officeAuditRoutes } from './office-audit.routes.ts';
import { officeExpiriesRoutes } from './office-expiries.routes.ts';
import { peopleRoutes } from './people.routes.ts';
import { officePagesRoutes } from './office-pages.routes.ts';
import { officeMembersRoutes } from './office-members.routes.ts';

export const routes = {
  ...contentRoutes,
  ...officeRoutes,
  ...paymentsRoutes,
  ...shopRoutes,
  ...instructorRoutes,
  ...contactRoutes,
  ...accountRoutes,
  ...calendarRoutes,
  ...trainingsRoutes,
  ...sessionRoutes,
  ...certificatesRoutes,
  ...activityRoutes,
  ...documentsRoutes,
  ...instructorRequestsRoutes,
  ...renewalsRoutes,
  ...officeCatalogueRoutes,
  ...officeShopRoutes,
  ...officeQuizzesRoutes,
  ...officeLearningRoutes,
  ...officeInboxRoutes,
  ...officeAuditRoutes,
  ...officeExpiriesRoutes,
  ...peopleRoutes,
  ...officePagesRoutes,
  ...officeMembersRoutes,
} as const;

export type Routes = typeof routes;
