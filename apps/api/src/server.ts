import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { isDatabaseEmpty, seedDemoData, DEMO_ACCOUNTS } from './db/seed/index.ts';
import { startingClock, systemClock } from './lib/clock.ts';
import { localStorage } from './lib/storage.ts';

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

  // A random secret of this installation, made once and kept beside the data, unless APP_SECRET is set.
  if (!config.appSecret) {
    const secretFile = path.join(config.dataDir, 'app-secret');
    if (!fs.existsSync(secretFile)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
    }
    config = { ...config, appSecret: fs.readFileSync(secretFile, 'utf8').trim() };
  }

  const dbHandle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  await dbHandle.migrate();
  let seeded = false;
  if (config.seedOnEmpty && (await isDatabaseEmpty(dbHandle.db))) {
    await seedDemoData(dbHandle.db, { storage: localStorage(path.join(config.dataDir, 'files')) });
    seeded = true;
  }

  const app = await buildApp(
    {
      config,
      dbHandle,
      db: dbHandle.db,
      clock: config.testClock ? startingClock(config.testClock) : systemClock,
      storage: localStorage(path.join(config.dataDir, 'files')),
    },
    { serveWeb: true },
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await dbHandle.close();
    process.exit(0);
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
