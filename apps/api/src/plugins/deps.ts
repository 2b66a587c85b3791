import type { Config } from '../config.ts';
import type { Database, DbHandle } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobRunner } from '../lib/jobs.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { PaymentGateway } from '../lib/payment-gateway/types.ts';
import type { Storage } from '../lib/storage.ts';
import type { AnswerCache } from './http-cache.ts';

/** Everything a module needs from outside, built once in server.ts (or a test) and passed to buildApp. */
export type Deps = {
  config: Config;
  dbHandle: DbHandle;
  db: Database;
  clock: Clock;
  storage: Storage;
  mailer: Mailer;
  /** The payment gateway: the built-in sandbox, or Stripe when its keys are set. */
  payments: PaymentGateway;
  /** Scheduled jobs kept in the jobs table (made by buildApp). */
  jobs: JobRunner;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** The anonymous search's answers kept in this process (registerAnswerCache, decision 050). */
    answerCache: AnswerCache;
  }
}
