import { contracts, paginate, K } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { REFERENCE_LIST_CACHE } from '../../plugins/http-cache.ts';
import { presentCourseDetail, presentCourseSummary } from './courses.presenter.ts';
import { findCourse, listCourses } from './courses.repository.ts';

export function registerCourses(app: FastifyInstance) {
  contractRoute(
    app,
    contracts.courses.list,
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listCourses(app.deps.db, page, limit);
      return { data: rows.map(presentCourseSummary), pagination: paginate(page, limit, total) };
    },
    { cache: REFERENCE_LIST_CACHE },
  );
  contractRoute(app, contracts.courses.detail, async (request) => {
    const found = await findCourse(app.deps.db, request.params.id);
    if (!found) throw notFound(K.errors.notFound);
    return { data: presentCourseDetail(found.course, found.previews, found.docs) };
  });
}
