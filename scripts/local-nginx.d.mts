/** deploy/nginx.conf as shipped, run on this machine (scripts/local-nginx.mjs). */
export function writeLocalNginx(options: {
  prefix: string;
  upstreams: string[];
  listen: string;
  serverLines?: string[];
}): string[];
