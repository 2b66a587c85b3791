import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSOCIATION_NAME_EN } from '@mels/domain';
import { registerAbouts } from './modules/abouts/abouts.routes.ts';
import { registerActivity } from './modules/activity/activity.routes.ts';
import { registerInstructorActivity } from './modules/activity/instructor.routes.ts';
import { registerOfficeRanks } from './modules/ranks/ranks.office.routes.ts';
import { registerRanks } from './modules/ranks/ranks.routes.ts';
import { registerAreas } from './modules/areas/areas.routes.ts';
import { registerCourses } from './modules/courses/courses.routes.ts';
import { registerFaqs } from './modules/faqs/faqs.routes.ts';
import { registerHealth } from './modules/health/health.routes.ts';
import { registerNews } from './modules/news/news.routes.ts';
import { registerInstructorDocuments } from './modules/instructor-documents/instructor-documents.routes.ts';
import { registerSeminarInfo } from './modules/seminar-info/seminar-info.routes.ts';
import { registerUserTypes } from './modules/user-types/user-types.routes.ts';
import { registerContacts } from './modules/contacts/contacts.routes.ts';
import { registerDocuments } from './modules/documents/documents.routes.ts';
import { registerLocalHoldings } from './modules/local-holdings/local-holdings.routes.ts';
import { registerTrainings } from './modules/trainings/trainings.routes.ts';
import { registerAddress } from './modules/address/address.routes.ts';
import { registerAvatars } from './modules/users/avatars.routes.ts';
import { registerUsers } from './modules/users/users.routes.ts';
import { registerEnrollments } from './modules/enrollments/enrollments.routes.ts';
import { registerCatalogue } from './modules/catalogue/catalogue.routes.ts';
import { registerOfficeShop } from './modules/office-shop/index.ts';
import { registerCourseContent } from './modules/catalogue/content.routes.ts';
import { registerOffice } from './modules/office/office.routes.ts';
import { registerLearningModules } from './modules/learning/learning.register.ts';
import { startSecretRefresh } from './lib/app-secrets.ts';
import { createJobRunner } from './lib/jobs.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { configurePasswordHashing } from './lib/password.ts';
import { createPaymentGateway } from './lib/payment-gateway/create.ts';
import type { PaymentGateway } from './lib/payment-gateway/types.ts';
import { registerOrders } from './modules/orders/orders.routes.ts';
import { registerPayments } from './modules/payments/payments.routes.ts';
import { registerNotifications } from './modules/notifications/notifications.routes.ts';
import { registerCalendar } from './modules/calendar/index.ts';
import { registerProducts } from './modules/products/products.routes.ts';
import { registerInstructorRequests } from './modules/instructor-requests/index.ts';
import { registerRenewals } from './modules/renewals/index.ts';
import { registerOutbox } from './modules/outbox/index.ts';
import { registerAudit } from './modules/audit/index.ts';
import { registerOfficePages } from './modules/office-pages/index.ts';
import { registerExpiries } from './modules/expiries/index.ts';
import { registerStaff } from './modules/staff/index.ts';
import { registerMembers } from './modules/members/index.ts';
import { registerRequestContext } from './lib/request-context.ts';
import { registerAuth } from './plugins/auth.ts';
import type { Deps } from './plugins/deps.ts';
import { registerBodyParsing } from './plugins/body-parsing.ts';
import { registerErrorHandling, sendFrameworkError, sendNotFound } from './plugins/errors.ts';
import { logSerializers } from './lib/logging.ts';
import { parseQueryString } from './plugins/querystring.ts';
import { registerWeb } from './plugins/web.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCompression } from './plugins/compression.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerAnswerCache } from './plugins/http-cache.ts';
import { registerMemberFeed } from './plugins/member-state.ts';

export type App = FastifyInstance;

/** The request id: the incoming X-Request-Id when it is a plain token (no log injection), else a UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID();
}

export type BuildOptions = {
  /** Serve the built web app (production); tests of the API alone leave it off. */
  serveWeb?: boolean;
  /** Poll the jobs table while the app runs (default: on, except NODE_ENV=test where tests run it by hand). */
  runJobs?: boolean;
  logger?: boolean;
  /** Where the log goes (default: stdout); tests pass a stream to read what was logged. */
  logStream?: { write: (line: string) => void };
};

/** Builds the HTTP application: plugins, then modules. Nothing listens here. */
/** What buildApp needs; the mailer is made from the configuration when not given (tests pass their own). */
export type AppDeps = Omit<Deps, 'mailer' | 'payments' | 'jobs'> & {
  mailer?: Mailer;
  payments?: PaymentGateway;
};

export async function buildApp(input: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = input.config;
  configurePasswordHashing(config.passwordHashLogN);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Errors Fastify answers before any route (an undecodable URL, a too long parameter): the envelope too.
    frameworkErrors: sendFrameworkError,
    trustProxy: config.trustProxy,
    // A request id on every log line of the request and in X-Request-Id: the proxy's (nginx's
    // $request_id) when it sends a well-formed one, else a new one (decision 026).
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  const deps: Deps = {
    ...input,
    mailer:
      input.mailer ??
      createMailer({ db: input.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    payments: input.payments ?? createPaymentGateway({ config, db: input.db, clock: input.clock }),
    jobs: createJobRunner({ db: input.db, driver: input.dbHandle.driver, clock: input.clock, log: app.log }),
  };
  // The signing keys every instance shares (decision 026): loaded now, reloaded in the background.
  const stopSecretRefresh = await startSecretRefresh({
    db: input.db,
    target: config.signing,
    graceDays: config.secretGraceDays,
    log: app.log,
  });
  app.addHook('onClose', async () => stopSecretRefresh());
  if (options.runJobs ?? config.env !== 'test') {
    app.addHook('onReady', async () => deps.jobs.start());
  }
  app.addHook('onClose', async () => deps.jobs.stop());
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from each response schema; in tests the zod serializer checks it (issue 20).
  app.setSerializerCompiler(
    createSerializerCompiler({
      fast: config.responseSerializer !== 'zod',
      verify: config.env === 'test',
    }),
  );
  registerErrorHandling(app);
  registerRequestContext(app);
  registerAnswerCache(app, { ttlMs: config.searchCacheMs });
  registerMemberFeed(app, { ttlMs: config.searchCacheMs });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerMetrics(app, config.metricsToken);

  registerSecurityHeaders(app);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MELS Portal API',
        description: `The API of the ${ASSOCIATION_NAME_EN} training portal. Errors: {meta:{message,code},errors:{field:[message]}}.`,
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHealth(app);
  registerAuth(app);
  // multipart/form-data (profile avatar and other uploads); each route reads its parts with its own,
  // tighter limits (the avatar: 5 MB, one file).
  await app.register(fastifyMultipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 100, fieldSize: 1024 * 1024, parts: 200 },
  });
  // JSON null, multipart to a JSON route, no boundary, control characters: 400/415 before any route.
  registerBodyParsing(app);
  await app.register(
    async (api) => {
      registerUsers(api);
      registerAvatars(api);
      registerAddress(api);
      registerAreas(api);
      registerUserTypes(api);
      registerCourses(api);
      registerNews(api);
      registerFaqs(api);
      registerAbouts(api);
      registerSeminarInfo(api);
      registerTrainings(api);
      registerContacts(api);
      registerLocalHoldings(api);
      registerDocuments(api);
      registerEnrollments(api);
      registerOffice(api);
      registerCatalogue(api);
      registerOfficeShop(api);
      registerCourseContent(api);
      registerLearningModules(api);
      registerPayments(api);
      registerOrders(api);
      registerActivity(api);
      registerInstructorActivity(api);
      registerRanks(api);
      registerOfficeRanks(api);
      registerProducts(api);
      registerCalendar(api);
      registerInstructorRequests(api);
      registerRenewals(api);
      registerInstructorDocuments(api);
      registerOutbox(api);
      registerAudit(api);
      registerOfficePages(api);
      registerExpiries(api);
      registerStaff(api);
      registerMembers(api);
      registerNotifications(api);
    },
    { prefix: '/api/v1' },
  );

  if (options.serveWeb) await registerWeb(app, deps.config.webDist);
  else app.setNotFoundHandler((_request, reply) => sendNotFound(reply));

  return app;
}
