import { contracts } from '@mels/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { createFeed, feedState, memberFeed, revokeFeed, sessionCalendar } from './calendar.service.ts';

const sendCalendar = (reply: FastifyReply, text: string, options: { fileName: string; cache: string }) =>
  reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.fileName}"`)
    .header('cache-control', options.cache)
    .send(text);

export function registerCalendar(app: FastifyInstance) {
  contractRoute(app, contracts.calendar.feed, async (request) => ({
    data: await feedState(app.deps, currentUser(request).id),
  }));
  contractRoute(app, contracts.calendar.createFeed, async (request) => ({
    data: await createFeed(app.deps, currentUser(request).id),
  }));
  contractRoute(app, contracts.calendar.revokeFeed, async (request) => ({
    data: await revokeFeed(app.deps, currentUser(request).id),
  }));
  // The token is the credential: the feed is personal, so no shared cache may keep it.
  contractRoute(app, contracts.calendar.memberFeed, async (request, reply) =>
    sendCalendar(reply, await memberFeed(app.deps, request.params.token), {
      fileName: 'mels.ics',
      cache: 'private, no-store',
    }),
  );
  contractRoute(app, contracts.calendar.session, async (request, reply) => {
    const english =
      request.query.lang === 'en' ||
      (request.query.lang === undefined && /^en\b/i.test(request.headers['accept-language'] ?? ''));
    const text = await sessionCalendar(app.deps, {
      trainingId: request.params.id,
      userTypeId: request.query.user_type,
      language: english ? 'en' : 'ja',
    });
    return sendCalendar(reply, text, { fileName: `session-${request.params.id}.ics`, cache: 'no-cache' });
  });
}
