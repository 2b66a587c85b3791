// deploy/nginx.conf as shipped, run on this machine: by the nginx test (apps/api/test/nginx.test.ts) and by
// `BENCH_NGINX=1 npm run bench:pages`. Writes the site with its upstream and `listen` lines replaced, and a
// main configuration of its own around it (in the foreground, its pid, temp files and log in `prefix`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {{ prefix: string; upstreams: string[]; listen: string; serverLines?: string[] }} options
 *   `upstreams`: host:port of each instance; `listen`: what replaces `listen 80;` (the IPv6 line goes);
 *   `serverLines`: more directives for the server block. nginx's workers must be able to reach `prefix`.
 * @returns {string[]} nginx's arguments for this configuration (`-p prefix -c prefix/nginx.conf`)
 */
export function writeLocalNginx({ prefix, upstreams, listen, serverLines = [] }) {
  let site = fs.readFileSync(path.join(repoDir, 'deploy/nginx.conf'), 'utf8');
  site = site.replace(
    /(upstream mels_portal \{)[\s\S]*?(keepalive)/,
    `$1\n${upstreams.map((host) => `    server ${host};`).join('\n')}\n    $2`,
  );
  site = site.replace('listen 80;', [listen, ...serverLines].join('\n    ')).replace('listen [::]:80;', '');
  const temp = path.join(prefix, 'tmp');
  fs.mkdirSync(temp, { recursive: true });
  // The workers run as another user when nginx starts as root.
  fs.chmodSync(prefix, 0o777);
  fs.chmodSync(temp, 0o777);
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      'error_log stderr warn;',
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${temp}/${kind};`,
      ),
      `  include ${prefix}/site.conf;`,
      '}',
    ].join('\n'),
  );
  return ['-p', prefix, '-c', conf];
}
