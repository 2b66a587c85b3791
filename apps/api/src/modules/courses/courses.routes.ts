import {
  courseResponseSchema,
  coursesQuerySchema,
  coursesResponseSchema,
  errorBodySchema,
  idParamSchema,
  ja,
  paginate,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { typed } from '../http.ts';
import { presentCourseDetail, presentCourseSummary } from './courses.presenter.ts';
import { findCourse, listCourses } from './courses.repository.ts';

export function registerCourses(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/courses',
    {
      schema: {
        tags: ['courses'],
        querystring: coursesQuerySchema,
        response: { 200: coursesResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listCourses(app.deps.db, page, limit);
      return { data: rows.map(presentCourseSummary), pagination: paginate(page, limit, total) };
    },
  );
  r.get(
    '/courses/:id',
    {
      schema: {
        tags: ['courses'],
        params: idParamSchema,
        response: { 200: courseResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const found = await findCourse(app.deps.db, request.params.id);
      if (!found) throw notFound(ja.errors.notFound);
      return { data: presentCourseDetail(found.course, found.previews, found.docs) };
    },
  );
}
