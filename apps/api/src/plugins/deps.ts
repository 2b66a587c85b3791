import type { Config } from '../config.ts';
import type { Database, DbHandle } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Storage } from '../lib/storage.ts';

/** Everything a module needs from outside, built once in server.ts (or a test) and passed to buildApp. */
export type Deps = {
  config: Config;
  dbHandle: DbHandle;
  db: Database;
  clock: Clock;
  storage: Storage;
  mailer: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
