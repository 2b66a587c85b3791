import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  addContactNote,
  changeContact,
  officeContact,
  officeContacts,
  officeStaff,
  replyToContact,
} from './contacts.office.service.ts';

/** The office's contact inbox (issue 18, decision 032): list, thread, status and assignee, notes, replies. */
export function registerOfficeContacts(app: FastifyInstance) {
  const now = () => app.deps.clock.now();
  const c = contracts.officeContacts;
  contractRoute(app, c.list, async (request) => officeContacts(app.deps, request.query));
  contractRoute(app, c.staff, async () => ({ data: await officeStaff(app.deps) }));
  contractRoute(app, c.detail, async (request) => ({
    data: await officeContact(app.deps, request.params.id),
  }));
  contractRoute(app, c.update, async (request) => ({
    data: await changeContact(app.deps, {
      id: request.params.id,
      patch: request.body,
      actorId: currentUser(request).id,
      now: now(),
    }),
  }));
  contractRoute(app, c.note, async (request) => ({
    data: await addContactNote(app.deps, {
      id: request.params.id,
      note: request.body,
      actorId: currentUser(request).id,
      now: now(),
    }),
  }));
  contractRoute(app, c.reply, async (request) => ({
    data: await replyToContact(app.deps, {
      id: request.params.id,
      reply: request.body,
      actorId: currentUser(request).id,
      now: now(),
    }),
  }));
}
