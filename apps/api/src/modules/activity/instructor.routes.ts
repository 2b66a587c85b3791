/**
 * The instructor tab's performance certificate (実績証明書, spec 001 §2, §5, §7; decision 030): the sessions
 * to choose from, the zip of one PDF per session, and the public check of a certificate's code.
 */
import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { publicOrigin } from '../certificates/index.ts';
import { contractRoute } from '../contract-route.ts';
import { performanceTrainings, performanceZip, verifyPerformance } from './performance.service.ts';

export function registerInstructorActivity(app: FastifyInstance) {
  contractRoute(app, contracts.instructor.performanceTrainings, async (request) => ({
    data: await performanceTrainings(app.deps.db, currentUser(request).id, app.deps.clock.now()),
  }));

  contractRoute(app, contracts.instructor.performanceDownload, async (request, reply) => {
    const { zip, fileName } = await performanceZip(app.deps.db, {
      userId: currentUser(request).id,
      body: request.body,
      origin: publicOrigin(app.deps.config, request as never),
      now: app.deps.clock.now(),
    });
    const ascii = `performance_${fileName.replace(/\D/g, '')}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        // filename* first: the web's download() takes the first of the two it finds.
        `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}; filename="${ascii}"`,
      )
      .send(zip);
  });

  contractRoute(app, contracts.instructor.performanceVerify, async (request) => ({
    data: await verifyPerformance(app.deps.db, request.params.code),
  }));
}
