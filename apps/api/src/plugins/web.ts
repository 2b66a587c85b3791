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

/** The build's prerendered.json (apps/web/scripts/prerender.mjs): which file answers which page. */
type PrerenderedManifest = {
  /** The cookie naming the reader's language (the web app's hint), and the language without it. */
  languageHint: string;
  defaultLanguage: string;
  /** The layout, by language: every page that has no file of its own. */
  frame: Record<string, string>;
  pages: Array<{
    path: string;
    flags?: string;
    /** The page's file by language. */
    files: Record<string, string>;
    /** The name of the cookie whose presence means the page is not the browser's (a visitor's page). */
    visitorOnly?: string;
  }>;
};

/** A cookie's value in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Whether a Cookie header names the cookie (its value does not matter: it is a hint, not a credential). */
const hasCookie = (header: string | undefined, name: string) => cookieValue(header, name) !== undefined;

/** The manifest of a build without prerendered pages: index.html for every page. */
const NO_PRERENDER: PrerenderedManifest = {
  languageHint: '',
  defaultLanguage: '',
  frame: { '': 'index.html' },
  pages: [],
};

/**
 * Serves the built React app: real files as they are, or their build-time brotli/gzip copy (hashed assets
 * cached for a year), and index.html (revalidated on every visit) for every other GET or HEAD that wants a page, so the browser's router shows the route
 * (or its own 'PAGE NOT FOUND'); a landing page prerendered at build time gets its own file (prerendered.json). Unknown /api paths answer the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  const root = webDist ?? defaultWebDist;
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // The landing pages prerendered at build time (apps/web/scripts/prerender.mjs): which path gets which
  // file; the layout for every other page. A page marked visitorOnly (the login, drawn at the pages a
  // visitor is sent from to it) is a visitor's: a browser holding that cookie, the web app's hint that it
  // is signed in, gets the layout there (its page, not a login form before it). Each file is drawn in each
  // language: the language hint's cookie picks one (the default language's without it).
  const prerenderedFile = path.join(root, 'prerendered.json');
  const manifest = fs.existsSync(prerenderedFile)
    ? (JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) as PrerenderedManifest)
    : NO_PRERENDER;
  if (!Array.isArray(manifest.pages) || typeof manifest.frame !== 'object')
    throw new Error(`${prerenderedFile} is from an older build: build the web app again (npm run build)`);
  const prerendered = manifest.pages.map((page) => ({
    pattern: new RegExp(page.path, page.flags),
    files: page.files,
    visitorOnly: page.visitorOnly,
  }));
  // The cookie's value is the client's: only a language the build drew is looked up.
  const byLanguage = (files: Record<string, string>, language: string) =>
    (Object.hasOwn(files, language) ? files[language] : undefined) ??
    files[manifest.defaultLanguage] ??
    'index.html';
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
    // HEAD as GET (monitors, link checkers): the same headers, and no body (sendFile leaves it out).
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      (navigation || !path.extname(url.split('?')[0] ?? ''));
    if (hasWeb && wantsPage) {
      const pathname = url.split('?')[0] ?? '/';
      const { cookie } = request.headers;
      const matching = prerendered.filter(({ pattern }) => pattern.test(pathname));
      // The answer depends on the hints (the language's, a visitor's page): caches keep one per cookie.
      if (manifest.languageHint || matching.some(({ visitorOnly }) => visitorOnly))
        reply.header('Vary', 'Cookie');
      const page = matching.find(({ visitorOnly }) => !visitorOnly || !hasCookie(cookie, visitorOnly));
      const language = (manifest.languageHint && cookieValue(cookie, manifest.languageHint)) || '';
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(byLanguage(page?.files ?? manifest.frame, language));
    }
    return sendNotFound(reply);
  });
}
