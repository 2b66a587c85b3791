import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { avatarKeyOf } from '../../lib/avatar.ts';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';

/**
 * GET /api/v1/avatars/{file}: public, like a picture on a page. The names are 256 random bits made
 * by the server, so they cannot be guessed or listed, and a replaced picture gets a new name: the
 * file never changes under its name and may be cached for a year.
 */
export function registerAvatars(app: FastifyInstance) {
  contractRoute(app, contracts.avatars.get, async (request, reply) => {
    const key = avatarKeyOf(request.params.file);
    if (!key || !(await app.deps.storage.exists(key))) throw notFound();
    const data = await app.deps.storage.read(key);
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(data);
  });
}
