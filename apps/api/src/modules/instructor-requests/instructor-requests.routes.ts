/**
 * The BI certification request's routes (decision 029), registered from their contracts
 * (packages/domain/src/contracts/instructor-requests.*). check-payment stays in the payments module.
 */
import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { publicOrigin } from '../certificates/index.ts';
import { contractRoute } from '../contract-route.ts';
import {
  approve,
  certificatePdf,
  detail,
  eligibility,
  officeDetail,
  officeList,
  pledge,
  recommendation,
  reject,
  request,
} from './instructor-requests.service.ts';
import { TEMPLATE_NAME, templateFile } from './recommendation-template.ts';

const c = contracts.instructorRequests;

/** attachment; the UTF-8 name (RFC 6266 / 5987) first, which the browser's download() reads, and an ASCII fallback. */
const attachment = (ascii: string, name: string) =>
  `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${ascii}"`;

export function registerInstructorRequests(app: FastifyInstance) {
  const deps = () => app.deps;

  contractRoute(app, c.eligibility, async (req) => ({
    data: await eligibility(deps(), currentUser(req).id, req.query.course_id),
  }));
  contractRoute(app, c.request, async (req) => request(deps(), currentUser(req).id, req.body));
  contractRoute(app, c.detail, async (req) =>
    detail(deps(), currentUser(req).id, req.params.id, req.query.confirm_certificate === 1),
  );
  contractRoute(app, c.pledge, async (req) =>
    pledge(deps(), currentUser(req).id, req.params.id, req.body.variant),
  );
  contractRoute(app, c.recommendation, async (req) =>
    recommendation(deps(), currentUser(req).id, req.params.id),
  );
  contractRoute(app, c.certificateDownload, async (req, reply) => {
    const { pdf, fileName } = await certificatePdf(deps(), {
      userId: currentUser(req).id,
      id: req.params.id,
      origin: publicOrigin(app.deps.config, req),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(fileName, fileName))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
  contractRoute(app, c.template, async (_req, reply) =>
    reply
      .header('content-type', c.template.file)
      .header('content-disposition', attachment('recommendation-letter.docx', TEMPLATE_NAME))
      .header('cache-control', 'private, no-cache')
      .send(await templateFile(app.deps)),
  );

  contractRoute(app, c.officeList, async (req) => officeList(deps(), req.query));
  contractRoute(app, c.officeDetail, async (req) => officeDetail(deps(), req.params.id));
  contractRoute(app, c.officeApprove, async (req) =>
    approve(deps(), { id: req.params.id, actor: currentUser(req).id }),
  );
  contractRoute(app, c.officeReject, async (req) =>
    reject(deps(), { id: req.params.id, actor: currentUser(req).id, reason: req.body.reason }),
  );
}
