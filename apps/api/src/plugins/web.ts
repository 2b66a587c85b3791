import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.ts';

/** apps/api: the nearest folder above this file holding a package.json (src/plugins/ or the built dist/). */
function apiPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) || path.basename(dir) === 'dist') {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dir;
}

export const defaultWebDist = path.resolve(apiPackageDir(), '../web/dist');

/** An entry of the build's prerendered.json. */
type PrerenderedPage = {
  path: string;
  flags?: string;
  file: string;
  /** The name of the cookie whose presence means the page is not the browser's (a visitor's page). */
  visitorOnly?: string;
};

/** Whether a Cookie header names the cookie (its value does not matter: it is a hint, not a credential). */
const hasCookie = (header: string | undefined, name: string) =>
  (header ?? '').split(';').some((part) => part.trim().split('=')[0] === name);

/**
 * Serves the built React app: real files as they are, or their build-time brotli/gzip copy (hashed assets
 * cached for a year), and index.html (revalidated on every visit) for every other GET that wants a page, so the browser's router shows the route
 * (or its own 'PAGE NOT FOUND'); a landing page prerendered at build time gets its own file (prerendered.json). Unknown /api paths answer the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  const root = webDist ?? defaultWebDist;
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // The landing pages prerendered at build time (apps/web/scripts/prerender.mjs): which path gets which
  // file; index.html (the layout) for every other page. A page marked visitorOnly (the login, drawn at the
  // pages a visitor is sent from to it) is a visitor's: a browser holding that cookie, the web app's hint
  // that it is signed in, gets index.html there (its page, not a login form before it).
  const prerenderedFile = path.join(root, 'prerendered.json');
  const prerendered = fs.existsSync(prerenderedFile)
    ? (JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) as PrerenderedPage[]).map((page) => ({
        pattern: new RegExp(page.path, page.flags),
        file: page.file,
        visitorOnly: page.visitorOnly,
      }))
    : [];
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.mjs): sent with
      // Content-Encoding and Vary: Accept-Encoding when the browser asks, the plain file otherwise.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (/\.html(\.br|\.gz)?$/.test(filePath)) {
          // The page names the hashed scripts of the current build: asked again on every visit.
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    // A browser navigating asks for text/html, whatever dots the path holds (/check-in/{id}.{code}.{mac});
    // a missing script or image (no text/html in Accept, an extension) stays a 404.
    const navigation = (request.headers.accept ?? '').includes('text/html');
    const wantsPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      (navigation || !path.extname(url.split('?')[0] ?? ''));
    if (hasWeb && wantsPage) {
      const pathname = url.split('?')[0] ?? '/';
      const matching = prerendered.filter(({ pattern }) => pattern.test(pathname));
      // The answer depends on the hint where a visitor's page matches: caches keep one per cookie.
      if (matching.some(({ visitorOnly }) => visitorOnly)) reply.header('Vary', 'Cookie');
      const page = matching.find(
        ({ visitorOnly }) => !visitorOnly || !hasCookie(request.headers.cookie, visitorOnly),
      );
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(page?.file ?? 'index.html');
    }
    return sendNotFound(reply);
  });
}
