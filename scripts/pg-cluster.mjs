// A throwaway PostgreSQL cluster for the tests, built from the machine's own binaries.
//
//   import { findPostgresBin, startCluster } from './pg-cluster.mjs';
//   const cluster = await startCluster();   // { url, port, dataDir, stop() }
//   ...; cluster.stop();                    // synchronous: safe in 'exit' and signal handlers
//
// Run alone (`node scripts/pg-cluster.mjs`) it starts a cluster, prints its admin URL for
// TEST_DATABASE_URL and removes it on Ctrl-C.
//
// PostgreSQL refuses to run as root: as root, the cluster lives in a temp folder owned by the
// `postgres` user and initdb/pg_ctl run through `runuser -u postgres --` (or `su postgres`).
// Trust authentication, 127.0.0.1 on a free port, fsync off: for tests only.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVICE_USER = 'postgres';

export class PostgresUnavailableError extends Error {}

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const hasServerBinaries = (dir) =>
  isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'pg_ctl'));

/**
 * The folder holding initdb and pg_ctl: $PG_BIN, else the newest /usr/lib/postgresql/<version>/bin,
 * else a folder on PATH. Undefined when there is none.
 */
export function findPostgresBin(env = process.env) {
  if (env.PG_BIN) return hasServerBinaries(env.PG_BIN) ? env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = path.join(root, version, 'bin');
      if (hasServerBinaries(dir)) return dir;
    }
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && hasServerBinaries(dir)) return dir;
  }
  return undefined;
}

const CLUSTER_PREFIX = 'mels-pg-';
/** The pid of the process that started a cluster, so that a later run can tell an orphan. */
const OWNER_FILE = 'owner.pid';

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Stops and deletes the clusters of earlier runs whose starting process is gone (killed before it
 * could clean up, e.g. by SIGKILL). Clusters of live processes are left alone. Returns how many.
 */
export function reapStaleClusters({ log = () => {} } = {}) {
  const bin = findPostgresBin();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = makeRunner(asRoot);
  let reaped = 0;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const baseDir = path.join(os.tmpdir(), name);
    let owner;
    try {
      owner = Number(fs.readFileSync(path.join(baseDir, OWNER_FILE), 'utf8').trim());
    } catch {
      continue; // not ours to judge
    }
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    const dataDir = path.join(baseDir, 'data');
    if (bin && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      const { command, args } = run(path.join(bin, 'pg_ctl'), [
        'stop',
        '-D',
        dataDir,
        '-m',
        'immediate',
        '-w',
        '-t',
        '30',
      ]);
      spawnSync(command, args, { cwd: os.tmpdir(), stdio: 'ignore', timeout: 60_000 });
    }
    fs.rmSync(baseDir, { recursive: true, force: true });
    log(`removed the test cluster of an earlier run (process ${owner} is gone): ${baseDir}`);
    reaped += 1;
  }
  return reaped;
}

/** A TCP port nobody listens on at 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function lookupId(flag, user) {
  try {
    return Number(
      execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
  } catch {
    return undefined;
  }
}

/** How to run a PostgreSQL program: directly, or as the postgres user when we are root. */
function makeRunner(asRoot) {
  if (!asRoot) return (program, args) => ({ command: program, args });
  if (
    isExecutable('/usr/sbin/runuser') ||
    isExecutable('/sbin/runuser') ||
    isExecutable('/usr/bin/runuser')
  ) {
    return (program, args) => ({ command: 'runuser', args: ['-u', SERVICE_USER, '--', program, ...args] });
  }
  const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  return (program, args) => ({
    command: 'su',
    args: [SERVICE_USER, '-s', '/bin/sh', '-c', [program, ...args].map(quote).join(' ')],
  });
}

/**
 * Starts a fresh cluster and resolves to { url, port, dataDir, bin, stop }. `url` is an admin URL
 * (user postgres, database postgres) for TEST_DATABASE_URL. Throws PostgresUnavailableError with one
 * clear line when the machine has no PostgreSQL server binaries.
 */
export async function startCluster({ log = () => {} } = {}) {
  const bin = findPostgresBin();
  if (!bin) {
    throw new PostgresUnavailableError(
      'PostgreSQL not available: no initdb/pg_ctl found (looked in $PG_BIN, /usr/lib/postgresql/*/bin and PATH). ' +
        'Install PostgreSQL (apt-get install postgresql) or set TEST_DATABASE_URL to an admin URL of a server.',
    );
  }
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let uid;
  let gid;
  if (asRoot) {
    uid = lookupId('-u', SERVICE_USER);
    gid = lookupId('-g', SERVICE_USER);
    if (uid === undefined || gid === undefined) {
      throw new PostgresUnavailableError(
        `PostgreSQL not available: running as root needs the '${SERVICE_USER}' user to own the test cluster, and there is none. ` +
          'Run as another user, install the postgresql package (it creates the user) or set TEST_DATABASE_URL.',
      );
    }
  }
  const run = makeRunner(asRoot);

  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), CLUSTER_PREFIX));
  fs.writeFileSync(path.join(baseDir, OWNER_FILE), `${process.pid}\n`);
  const dataDir = path.join(baseDir, 'data');
  const socketDir = path.join(baseDir, 'sock');
  const logFile = path.join(baseDir, 'server.log');
  fs.mkdirSync(socketDir);
  if (asRoot) {
    fs.chmodSync(baseDir, 0o700);
    fs.chownSync(baseDir, uid, gid);
    fs.chownSync(socketDir, uid, gid);
  }

  const exec = (program, args, { allowFail = false } = {}) => {
    const { command, args: argv } = run(path.join(bin, program), args);
    const result = spawnSync(command, argv, {
      cwd: baseDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      timeout: 120_000,
    });
    if (!allowFail && (result.status !== 0 || result.error)) {
      const detail = [result.error?.message, result.stdout, result.stderr].filter(Boolean).join('\n').trim();
      let serverLog = '';
      try {
        serverLog = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      } catch {
        // no log yet
      }
      throw new Error(
        `${program} ${args.join(' ')} failed (exit ${result.status}):\n${detail}${serverLog ? `\n--- server log ---\n${serverLog}` : ''}`,
      );
    }
    return result;
  };

  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started)
      exec('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '30'], { allowFail: true });
    fs.rmSync(baseDir, { recursive: true, force: true });
  };

  try {
    log(`initdb (${bin})`);
    exec('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    const port = await freePort();
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# mels test cluster',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${socketDir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        "timezone = 'UTC'",
        '',
      ].join('\n'),
    );
    log(`pg_ctl start on 127.0.0.1:${port}`);
    started = true;
    exec('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60']);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dataDir, bin, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

// `node scripts/pg-cluster.mjs`: start one and keep it until Ctrl-C.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const cluster = await startCluster({ log: (line) => console.error(`[pg] ${line}`) });
    const bye = () => {
      cluster.stop();
      process.exit(0);
    };
    process.on('SIGINT', bye);
    process.on('SIGTERM', bye);
    process.on('exit', () => cluster.stop());
    console.log(`TEST_DATABASE_URL=${cluster.url}`);
    console.error('[pg] running; Ctrl-C stops and deletes it');
    setInterval(() => {}, 1 << 30);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
