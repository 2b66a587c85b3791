/** The office's catalogue (issue 16, decision 031): courses and sessions with their recruitments (zod-free; schemas in office-catalogue.ts). */
import { routeTable as r } from './route-table.ts';

const tags = ['office-catalogue'] as const;

export const officeCatalogueRoutes = {
  officeCourses: r({
    list: {
      method: 'GET',
      path: '/office/courses',
      auth: 'office',
      list: true,
      summary: 'Every course (public or not) in display order, with its number of sessions',
      tags,
    },
    create: {
      method: 'POST',
      path: '/office/courses',
      auth: 'office',
      status: 201,
      summary: 'Creates a course (audited)',
      errors: { 400: ['VALIDATION_ERROR'] },
      tags,
    },
    detail: {
      method: 'GET',
      path: '/office/courses/:id',
      auth: 'office',
      summary: 'One course as the office edits it: fields, occupations, conditions, preview videos',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    update: {
      method: 'PATCH',
      path: '/office/courses/:id',
      auth: 'office',
      summary: 'Changes the fields given (audited with before and after); is_active false archives it',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
      tags,
    },
    remove: {
      method: 'DELETE',
      path: '/office/courses/:id',
      auth: 'office',
      summary: 'Deletes a course without sessions (a course with sessions is archived instead)',
      errors: { 404: ['NOT_FOUND'], 409: ['COURSE_HAS_SESSIONS'] },
      tags,
    },
  }),
  officeSessions: r({
    list: {
      method: 'GET',
      path: '/office/sessions',
      auth: 'office',
      list: true,
      summary:
        'Sessions for the catalogue console, drafts included, filtered by course, prefecture, dates and state; upcoming first',
      tags,
    },
    create: {
      method: 'POST',
      path: '/office/trainings',
      auth: 'office',
      status: 201,
      summary: 'Creates a session with its recruitments (a draft unless published; audited)',
      errors: { 400: ['VALIDATION_ERROR'] },
      tags,
    },
    form: {
      method: 'GET',
      path: '/office/trainings/:id/form',
      auth: 'office',
      summary: 'One session as the office edits it, with what members did in each recruitment',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    update: {
      method: 'PATCH',
      path: '/office/trainings/:id',
      auth: 'office',
      summary:
        'Changes the fields given; users_types is the whole list. Publishing, unpublishing and every rule of decision 031 (audited)',
      errors: {
        400: ['VALIDATION_ERROR'],
        404: ['NOT_FOUND'],
        409: ['CATALOGUE_LOCKED', 'SESSION_CANCELLED'],
      },
      tags,
    },
    duplicate: {
      method: 'POST',
      path: '/office/trainings/:id/duplicate',
      auth: 'office',
      status: 201,
      summary: 'A copy of the session and its recruitments as a draft, its dates to be set (audited)',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    cancelPreview: {
      method: 'GET',
      path: '/office/trainings/:id/cancel-preview',
      auth: 'office',
      summary: 'How many members a cancellation would mail and how many paid fees it would refund',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    cancel: {
      method: 'POST',
      path: '/office/trainings/:id/cancel',
      auth: 'office',
      summary:
        'Cancels the session (is_active 0, once): every enrolled member mailed, paid fees refunded (audited; office staff only when each fee is within their refund limit)',
      errors: { 403: ['REFUND_ABOVE_STAFF_LIMIT'], 404: ['NOT_FOUND'], 409: ['SESSION_CANCELLED'] },
      tags,
    },
  }),
};
