// Prerenders the home page and the layout into the build's HTML (issue 20, decision 047), so the first view
// is drawn before any script has run: builds src/prerender.tsx for Node with Vite (everything bundled, in a
// temporary folder), renders, and writes
//   dist/home.html           the home page (the server sends it at `/`),
//   dist/login.html          the login page (at /login and the pages that need a login, for a visitor),
//   dist/login-session.html  the same with the notice of a visitor sent from a session page,
//   dist/register.html       the registration form's first part (at /register, for a visitor),
//   dist/page-<module>.html  the layout, with the chunks of each other page of the app named in the head
//                            (/search-result, /course/{id}, /register …: scripts/route-chunks.mjs),
//   dist/index.html          the layout with the page's loading line (a path no route matches),
//   dist/prerendered.json    which path gets which file, for the API's static plugin.
// Each page is drawn in every language: the files above are Japanese, and `<name>.en.html` beside each is
// the English (the server answers it to a browser whose language hint says en: lib/i18n.tsx).
// Runs after `vite build` and before precompress.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { pathPattern, routeChunks } from './route-chunks.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(webRoot, 'dist');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-prerender-'));

try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    // Rollup's notes on comments in zod's sources are noise here: errors only.
    logLevel: 'error',
    mode: 'production',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: out,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const {
    prerenderHome,
    prerenderFrame,
    prerenderLogin,
    prerenderRegister,
    loginFirstPatterns,
    documentTexts,
    SIGNED_IN_HINT,
    LANGUAGE_HINT,
    LANGUAGES,
    DEFAULT_LANGUAGE,
    LOGIN_FIRST_META,
    THEME_VARIABLES_ATTRIBUTE,
  } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
  // Vite's index.html, kept aside so that running this again on the same build starts from it.
  const templateFile = path.join(dist, '.vite/index.template.html');
  if (!fs.existsSync(templateFile)) fs.copyFileSync(path.join(dist, 'index.html'), templateFile);
  // The page is drawn from the HTML and its stylesheets: the scripts (the entry and the preloaded chunks)
  // are fetched at low priority, so on a slow network they do not hold back the stylesheets (first paint).
  const entryTag = '<script type="module" crossorigin';
  const template = fs.readFileSync(templateFile, 'utf8');
  if (!template.includes(entryTag)) throw new Error(`index.html has no ${entryTag}`);
  const slot = '<div id="root"></div>';
  if (!template.includes(slot)) throw new Error(`index.html has no ${slot}`);
  // What the HTML around the app says, replaced by each language's (the template's are the Japanese).
  const around = {
    lang: /<html lang="[^"]*"/,
    description: /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    noScript: /<noscript>[^<]*<\/noscript>/,
    title: /<title>[^<]*<\/title>/,
  };
  for (const [name, pattern] of Object.entries(around))
    if (!pattern.test(template)) throw new Error(`index.html has no ${name} (${pattern})`);
  // Written into every page's head for the app (main.tsx, app/providers.tsx), which then need not compute
  // them as it starts: the paths that need a login, and the theme's CSS variables.
  const loginFirst = loginFirstPatterns();
  const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const loginFirstMeta = `<meta name="${LOGIN_FIRST_META}" content="${escapeAttribute(loginFirst.guarded.source)}">`;
  // Mantine's provider marks its <style> of the theme's variables so (its other styles say "classes", "inline").
  const mantineVariables = 'data-mantine-styles="true"';
  const themeVariables = new RegExp(`<style ${mantineVariables}>[^<]*</style>`);
  // src/prerender.tsx writes a page's <title> first (and a renderer may hoist preload links there): they
  // belong in the head (the title replaces the template's own).
  const page = (rendered, language) => {
    const hoisted = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
    const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
    const links = hoisted.replace(/<title>[^<]*<\/title>/, '');
    // Mantine's theme variables, which it draws inside the app, go to the head, where they stay once the
    // app has drawn over the page (it then draws none of its own).
    const variables = themeVariables.exec(rendered)?.[0];
    if (!variables) throw new Error('the prerendered page has no Mantine theme variables');
    // Until the app draws over it, the page's controls have no handlers: they are drawn disabled, so a
    // press before then is not lost silently (links work without script and stay as they are).
    const body = rendered
      .slice(hoisted.length)
      .replace(variables, '')
      .replace(/<(button|input|select|textarea)\b(?![^>]*\sdisabled[\s=>])/g, '<$1 disabled=""');
    const texts = documentTexts(language);
    let html = template
      .replace(around.lang, `<html lang="${language}"`)
      .replace(
        around.description,
        `<meta name="description" content="${escapeAttribute(texts.description)}">`,
      )
      .replace(around.noScript, `<noscript>${escapeAttribute(texts.noScript)}</noscript>`)
      .replace(around.title, `<title>${escapeAttribute(texts.title)}</title>`)
      .replace(entryTag, '<script type="module" fetchpriority="low" crossorigin')
      .replace(slot, `<div id="root">${body}</div>`);
    if (title) html = html.replace(/<title>[^<]*<\/title>/, title);
    const head = variables.replace(mantineVariables, THEME_VARIABLES_ATTRIBUTE);
    return html.replace('</head>', `${loginFirstMeta}${head}${links}</head>`);
  };
  // A landing page's own chunks: their stylesheets in the head (the page is drawn with them), their scripts
  // fetched beside the entry rather than after it has run.
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const preloads = (routeKeys) => {
    const chunks = new Set();
    const follow = (key) => {
      if (chunks.has(key) || manifest[key]?.isEntry) return;
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
      chunks.add(key);
      for (const dep of manifest[key].imports ?? []) follow(dep);
    };
    for (const key of routeKeys) follow(key);
    return [...chunks]
      .flatMap((key) => [
        ...(manifest[key].css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${manifest[key].file}">`,
      ])
      .join('');
  };
  // A page drawn whole from its HTML loads the app after its first paint (decision 049): its script and
  // preload tags move into an inert <template>, and src/boot.ts (the build's second entry) adds them to the
  // head once the browser has painted. They then load at normal priority.
  const boot = manifest['src/boot.ts']?.file;
  if (!boot) throw new Error('src/boot.ts is not in the build manifest (vite.config.ts input)');
  const startAfterPaint = (html) => {
    const head = html.slice(0, html.indexOf('</head>'));
    const tags = head.match(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g) ?? [];
    if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('the page has no entry script');
    let out = html;
    for (const tag of tags) out = out.replace(tag, '');
    const deferred = [...new Set(tags)].map((tag) => tag.replace(' fetchpriority="low"', '')).join('');
    return out
      .replace('</head>', `<script type="module" crossorigin src="/${boot}"></script></head>`)
      .replace('</body>', `<template id="app-scripts">${deferred}</template></body>`);
  };
  // The app's other pages (src/app/router.tsx), one file for each set of chunks: `page-<module>.html`. The
  // home page is whole in its own file.
  const names = new Map();
  // A module that another chunk also imports statically is in a shared chunk the manifest names by the
  // module's name ('_sessions-page-<hash>.js'): taken when it is the only one of that name.
  const manifestKey = (moduleKey) => {
    if (manifest[moduleKey]) return moduleKey;
    const name = path.basename(moduleKey, path.extname(moduleKey));
    const shared = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key].name === name);
    if (shared.length !== 1) throw new Error(`${moduleKey} is not in the build manifest`);
    return shared[0];
  };
  const otherPages = routeChunks(path.join(webRoot, 'src/app/router.tsx'), webRoot)
    .filter((route) => route.path !== '/')
    .map((route) => ({ ...route, chunks: route.chunks.map(manifestKey) }))
    .map((route) => {
      const key = route.chunks.join(' ');
      if (!names.has(key)) {
        const base = `page-${manifest[route.chunks.at(-1)].name}`;
        const taken = [...names.values()].filter((name) => name === base || name.startsWith(`${base}-`));
        names.set(key, taken.length ? `${base}-${taken.length + 1}` : base);
      }
      return { ...route, name: names.get(key) };
    });
  // Each language's pages: the default language's as `<name>.html`, another's as `<name>.<language>.html`.
  const drawn = [];
  for (const language of LANGUAGES) {
    const named = (name) => (language === DEFAULT_LANGUAGE ? `${name}.html` : `${name}.${language}.html`);
    const homeBody = await prerenderHome(language);
    const frameBody = await prerenderFrame(language);
    const loginBody = await prerenderLogin(language);
    // The page to return to only decides the notice: any session page's path draws the same login.
    const sessionLoginBody = await prerenderLogin(language, '/session/0/0');
    const registerBody = await prerenderRegister(language);
    if (!sessionLoginBody.includes('login-session-notice'))
      throw new Error(`the session's login has no notice (${language})`);
    if (/<script/.test(homeBody + frameBody + loginBody + sessionLoginBody + registerBody))
      throw new Error('the prerendered HTML holds an inline script (the CSP forbids it)');
    const frame = page(frameBody, language);
    drawn.push({
      language,
      frame: { file: named('index'), html: frame },
      pages: landingPages({
        named,
        frame,
        home: page(homeBody, language),
        login: page(loginBody, language),
        sessionLogin: page(sessionLoginBody, language),
        register: page(registerBody, language),
      }),
    });
  }
  // The pages a visitor lands on, each with its chunks named in the head; the server picks the file by path
  // (prerendered.json, read by the API's static plugin), the frame (index.html) for every other page.
  function landingPages({ named, frame, home, login, sessionLogin, register }) {
    return [
      // The home page is whole in its HTML: its scripts start after the first paint (decision 049).
      {
        path: '^/$',
        file: named('home'),
        html: home,
        chunks: ['src/app/pages/home/home-page.tsx'],
        afterPaint: true,
      },
      // /login, and the pages a visitor is sent from to it (main.tsx), for a browser without the sign-in
      // hint (visitorOnly, a cookie: lib/auth/token-store.ts): the login form is drawn whole from the HTML
      // (with the notice a visitor sent from a session page reads), so its scripts start after the first
      // paint, as the home page's do.
      {
        path: loginFirst.session.source,
        flags: 'i',
        visitorOnly: SIGNED_IN_HINT,
        file: named('login-session'),
        html: sessionLogin,
        chunks: ['src/features/account/login-page.tsx'],
        afterPaint: true,
      },
      {
        path: loginFirst.login.source,
        flags: 'i',
        visitorOnly: SIGNED_IN_HINT,
        file: named('login'),
        html: login,
        chunks: ['src/features/account/login-page.tsx'],
        afterPaint: true,
      },
      // /register for a visitor: the form's first part is drawn from the HTML, and the places of its later
      // parts (components/drawn-later.tsx), which the app draws one task each (decision 074).
      {
        path: pathPattern('/register'),
        flags: 'i',
        visitorOnly: SIGNED_IN_HINT,
        file: named('register'),
        html: register,
        chunks: ['src/features/account/register/register-page.tsx'],
        afterPaint: true,
      },
      // Every other page: the layout, with the page's chunks named in the head (decisions 047, 070). The
      // browser fetches them beside the entry, and the router finds them there, so it adds no tag of its own.
      ...otherPages.map(({ path: routePath, chunks, name }) => ({
        path: pathPattern(routePath),
        flags: 'i',
        file: named(name),
        html: frame,
        chunks,
      })),
    ];
  }
  for (const { frame, pages } of drawn) {
    for (const { file, html, chunks, afterPaint } of pages) {
      const full = html.replace('</head>', `${preloads(chunks)}</head>`);
      fs.writeFileSync(path.join(dist, file), afterPaint ? startAfterPaint(full) : full);
    }
    fs.writeFileSync(path.join(dist, frame.file), frame.html);
  }
  // For the server: the language hint's cookie, and by language the frame and each page's file.
  const [first] = drawn;
  const byLanguage = (pick) => Object.fromEntries(drawn.map((d) => [d.language, pick(d)]));
  fs.writeFileSync(
    path.join(dist, 'prerendered.json'),
    JSON.stringify({
      languageHint: LANGUAGE_HINT,
      defaultLanguage: DEFAULT_LANGUAGE,
      frame: byLanguage((d) => d.frame.file),
      pages: first.pages.map(({ path: pattern, flags, visitorOnly }, i) => ({
        path: pattern,
        flags,
        visitorOnly,
        files: byLanguage((d) => d.pages[i].file),
      })),
    }),
  );
  console.log(
    `prerendered in ${LANGUAGES.join(', ')}: home.html, login.html, login-session.html, register.html, ${names.size} files of the layout naming a page's chunks, and index.html (the layout, ${(first.frame.html.length / 1024).toFixed(1)} KB)`,
  );
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
