import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  cancelPreview,
  cancelSession,
  createCourse,
  createSession,
  deleteCourse,
  duplicateSession,
  officeCourse,
  officeCourseList,
  officeSessionList,
  sessionForm,
  updateCourse,
  updateSession,
} from './catalogue.service.ts';

/** The office's catalogue (issue 16, decision 031): courses, sessions and recruitments. */
export function registerCatalogue(app: FastifyInstance) {
  const { db } = app.deps;
  const now = () => app.deps.clock.now();
  const c = contracts.officeCourses;
  const s = contracts.officeSessions;

  contractRoute(app, c.list, async (request) => officeCourseList(db, request.query));
  contractRoute(app, c.create, async (request) => ({
    data: {
      id: await createCourse(app.deps, { actorId: currentUser(request).id, input: request.body, now: now() }),
    },
  }));
  contractRoute(app, c.detail, async (request) => ({ data: await officeCourse(db, request.params.id) }));
  contractRoute(app, c.update, async (request) => ({
    data: await updateCourse(app.deps, {
      actorId: currentUser(request).id,
      id: request.params.id,
      patch: request.body,
      now: now(),
    }),
  }));
  contractRoute(app, c.remove, async (request) => ({
    data: await deleteCourse(app.deps, {
      actorId: currentUser(request).id,
      id: request.params.id,
      now: now(),
    }),
  }));

  contractRoute(app, s.list, async (request) => officeSessionList(db, request.query));
  contractRoute(app, s.create, async (request) => ({
    data: {
      id: await createSession(app.deps, {
        actorId: currentUser(request).id,
        input: request.body,
        now: now(),
      }),
    },
  }));
  contractRoute(app, s.form, async (request) => ({ data: await sessionForm(db, request.params.id) }));
  contractRoute(app, s.update, async (request) => ({
    data: await updateSession(app.deps, {
      actorId: currentUser(request).id,
      id: request.params.id,
      patch: request.body,
      now: now(),
    }),
  }));
  contractRoute(app, s.duplicate, async (request) => ({
    data: {
      id: await duplicateSession(app.deps, {
        actorId: currentUser(request).id,
        id: request.params.id,
        now: now(),
      }),
    },
  }));
  contractRoute(app, s.cancelPreview, async (request) => ({
    data: await cancelPreview(db, request.params.id),
  }));
  contractRoute(app, s.cancel, async (request) => ({
    data: await cancelSession(app.deps, {
      actorId: currentUser(request).id,
      officeRole: currentUser(request).officeRole,
      id: request.params.id,
      reason: request.body.reason,
      now: now(),
    }),
  }));
}
