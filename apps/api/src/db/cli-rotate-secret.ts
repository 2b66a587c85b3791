// npm run secret:rotate -w @mels/api: a new signing secret in the app_secrets table (decision 026). The
// old one keeps verifying tickets and certificate links for APP_SECRET_GRACE_DAYS; the new one signs
// once every running instance has loaded it (about two minutes). Not used when APP_SECRET is set.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { rotateSecret, SECRET_ACTIVATION_SECONDS, secretIds } from '../lib/app-secrets.ts';
import { openDb } from './client.ts';

const config = loadConfig();
if (config.appSecret) {
  console.error('APP_SECRET is set: it is the signing secret, rotate it in the environment instead.');
  process.exit(1);
}
const handle = await openDb({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
try {
  await handle.migrate();
  const id = await rotateSecret(handle.db);
  const ids = await secretIds(handle.db);
  console.log(
    `New signing secret, key id ${id}: it signs in ${SECRET_ACTIVATION_SECONDS} s; retired keys ${ids
      .filter((k) => k.retired)
      .map((k) => k.id)
      .join(', ')} verify for ${config.secretGraceDays} days.`,
  );
} finally {
  await handle.close();
}
