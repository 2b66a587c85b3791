import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { isDatabaseEmpty, seedDemoData, DEMO_ACCOUNTS } from './db/seed/index.ts';
import { ensureSecret } from './lib/app-secrets.ts';
import { startingClock, systemClock } from './lib/clock.ts';
import { configurePasswordHashing } from './lib/password.ts';
import { createStorage } from './lib/storage-create.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const dbHandle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  // Files in PostgreSQL when DATABASE_URL is set (shared by every instance), else under DATA_DIR/files.
  const storage = createStorage({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    db: dbHandle.db,
  });
  let seeded = false;
  // The demo accounts' passwords are hashed at the configured cost too (buildApp sets it again).
  configurePasswordHashing(config.passwordHashLogN);
  // The demo data of an empty database is loaded under the migrations' lock: instances starting
  // together on an empty database load it once.
  await dbHandle.migrate(async () => {
    if (config.seedOnEmpty && (await isDatabaseEmpty(dbHandle.db))) {
      await seedDemoData(dbHandle.db, { storage });
      seeded = true;
    }
  });
  // Before key ids, an installation without APP_SECRET kept its secret in DATA_DIR/app-secret: it
  // becomes the database's first key, so the tickets already handed out stay valid (decision 026).
  const legacySecretFile = path.join(config.dataDir, 'app-secret');
  if (!config.appSecret && fs.existsSync(legacySecretFile)) {
    const legacy = fs.readFileSync(legacySecretFile, 'utf8').trim();
    if (legacy.length >= 32) await ensureSecret(dbHandle.db, legacy);
  }

  const app = await buildApp(
    {
      config,
      dbHandle,
      db: dbHandle.db,
      clock: config.testClock ? startingClock(config.testClock) : systemClock,
      storage,
    },
    { serveWeb: true },
  );

  // Graceful shutdown (decision 026): stop accepting connections, let the requests in flight finish
  // (SHUTDOWN_TIMEOUT_MS at most, then their connections are closed), let the job runner finish its
  // current job, then close the database pool.
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const started = Date.now();
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.warn('shutdown: requests still running after SHUTDOWN_TIMEOUT_MS, closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    timer.unref();
    let code = 0;
    try {
      await app.close();
      await dbHandle.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    clearTimeout(timer);
    app.log.info({ ms: Date.now() - started }, 'stopped');
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  MELS Portal is running: http://localhost:${port}/`,
    `  API docs:               http://localhost:${port}/api/docs`,
    `  Database:               ${dbHandle.driver === 'pglite' ? `embedded PGlite (${path.join(config.dataDir, 'pgdata')})` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data loaded' : ''}`,
    '',
    '  Demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(12)} ${a.email.padEnd(28)} ${a.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
