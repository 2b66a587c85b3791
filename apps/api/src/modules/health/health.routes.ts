import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { typed } from '../http.ts';

export function registerHealth(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), driver: z.string() }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await app.deps.dbHandle.ping();
      if (!ok) return reply.status(503).send({ status: 'unavailable' as const });
      return { status: 'ready' as const, driver: app.deps.dbHandle.driver };
    },
  );
}
