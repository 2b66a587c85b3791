import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT } from '../scripts/compile-hints.ts';
import { initialiserCalls } from '../scripts/pure-schemas.ts';
import { pathPattern, routeChunks } from '../scripts/route-chunks.mjs';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage } from './support/browser.ts';

// scripts/route-weights.mjs counts, from the build manifest, what a first visit to each landing page loads
// and fails the build over budget (issue 20). This checks its list against what Chromium really loads, so
// the budget cannot count less than a phone downloads; and that every file comes compressed.
type PageFiles = Record<string, { js: string[]; css: string[] }>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first-visit weight', () => {
  const files = JSON.parse(
    fs.readFileSync(path.join(inject('webDist'), '.vite/page-weights.json'), 'utf8'),
  ) as PageFiles;

  for (const [page, expected] of Object.entries(files)) {
    it(`a first visit to ${page} loads the scripts and stylesheets the budget counts, compressed`, async () => {
      // On a phone, the budget's subject: a wide screen also loads at once what a phone loads on demand (the
      // search results' conditions form, open there from the start).
      const { context, page: tab } = await newPage(browser, MOBILE);
      const loaded: { file: string; type: string; encoding: string | undefined }[] = [];
      tab.on('response', (response) => {
        const url = new URL(response.url());
        const type = response.request().resourceType();
        if (url.pathname.startsWith('/assets/') && (type === 'script' || type === 'stylesheet')) {
          loaded.push({
            file: url.pathname.slice(1),
            type,
            encoding: response.headers()['content-encoding'],
          });
        }
      });
      await tab.goto(page.replace('{id}', '1'), { waitUntil: 'networkidle' });
      await tab.getByRole('heading', { level: 1 }).first().waitFor();
      const scripts = loaded.filter((r) => r.type === 'script').map((r) => r.file);
      const styles = loaded.filter((r) => r.type === 'stylesheet').map((r) => r.file);
      expect([...new Set(scripts)].sort()).toEqual(expected.js);
      expect([...new Set(styles)].sort()).toEqual(expected.css);
      // Chromium asks for br; the build wrote a .br copy of every file over 1 KB.
      const entry = loaded.find((r) => /\/index-[\w-]+\.js$/.test(`/${r.file}`));
      expect(entry?.encoding).toBe('br');
      await context.close();
    });
  }
});

describe("V8's compile hint", () => {
  it('every script of the build starts with it, as served and in its brotli copy (decision 073)', async () => {
    const assets = path.join(inject('webDist'), 'assets');
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(50);
    const unmarked = scripts.filter(
      (name) => !fs.readFileSync(path.join(assets, name), 'utf8').startsWith(`${COMPILE_HINT}\n`),
    );
    expect(unmarked).toEqual([]);
    const entry = scripts.find((name) => /^index-[\w-]+\.js$/.test(name));
    const served = await fetch(`${baseUrl()}/assets/${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(served.headers.get('content-encoding')).toBe('br');
    expect((await served.text()).startsWith(`${COMPILE_HINT}\n`)).toBe(true);
  });
});

describe('the first view in the HTML', () => {
  // scripts/prerender.mjs draws the home page and the layout into the HTML at build time (decision 047).
  it('shows the home page with its search form, /register with its form, and the layout on other pages, before any script runs', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: baseUrl(),
      locale: 'ja-JP',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: '母体救命講習会を探す' }).waitFor();
    const form = page.getByTestId('search-form');
    await form.getByLabel('都道府県', { exact: true }).waitFor();
    await form.getByRole('button', { name: '開催日（開始）' }).waitFor();
    await form.getByRole('button', { name: 'この条件で検索' }).waitFor();
    await page.getByRole('heading', { name: '新着のお知らせ' }).waitFor();
    // The registration form's first part, its controls disabled until the app has drawn them.
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: '新規会員登録' }).waitFor();
    expect(await page.locator('input[name=last_name]').isDisabled()).toBe(true);
    for (const path of ['/search-result', '/course/1', '/faq']) {
      await page.goto(path);
      await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).waitFor();
      await page.getByRole('status').getByText('読み込み中').waitFor();
      expect(await page.getByRole('heading', { name: '母体救命講習会を探す' }).count()).toBe(0);
    }
    await context.close();
  });
});

/** What a frame showed: the parts without content, those of them shown with content before, and whether the
 * HTML was still being parsed. */
type Frame = { empty: string[]; blinked: string[]; parsing: boolean; parts: number };

describe('the app drawing over the prerendered page', () => {
  // The app replaces the prerendered app, header, page, footer and the home page's parts each in a task of its own
  // (components/deferred-section.tsx, decision 068): every frame the browser paints meanwhile shows each
  // part, prerendered or drawn, never an empty place; and the parts drawn last work. While the HTML is still
  // being parsed, a frame may show a part whose nodes have not arrived yet (the browser's progressive
  // rendering, seen at 4× CPU under load, decision 073): there, no part shown with content may be empty later.
  it('paints no frame with a part missing while it draws the home page in parts, and the parts work', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const record = window as unknown as { drawn: Frame[]; shift: number };
      record.drawn = [];
      record.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      const shown = new Set<string>();
      const frame = () => {
        const parts = Array.from(document.querySelectorAll('[data-deferred]'));
        const names = (list: Element[]) => list.map((part) => part.getAttribute('data-deferred') ?? '');
        const empty = names(parts.filter((part) => !part.firstElementChild));
        const blinked = empty.filter((name) => shown.has(name));
        for (const name of names(parts.filter((part) => part.firstElementChild))) shown.add(name);
        if (parts.length)
          record.drawn.push({
            empty,
            blinked,
            parsing: document.readyState === 'loading',
            parts: parts.length,
          });
        if (record.drawn.length < 600) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto('/');
    // The parts drawn last: the search form's dates and button, the news (with its data) and the courses.
    await page.getByRole('region', { name: '新着のお知らせ' }).getByRole('listitem').first().waitFor();
    const form = page.getByTestId('search-form');
    await expect.poll(() => form.getByLabel('都道府県', { exact: true }).isEnabled()).toBe(true);
    await page.waitForTimeout(500);
    const { frames, shift } = await page.evaluate(() => {
      const record = window as unknown as { drawn: Frame[]; shift: number };
      return { frames: record.drawn, shift: record.shift };
    });
    // the app, header, page, footer, the hero's search form with its dates and other conditions, news, courses
    expect(Math.max(...frames.map((f) => f.parts))).toBe(9);
    expect(frames.filter((f) => f.blinked.length > 0)).toEqual([]);
    expect(frames.filter((f) => !f.parsing && f.empty.length > 0)).toEqual([]);
    expect(shift).toBeLessThan(0.1);
    // The header's menu and language switch, the form's date and its button, drawn by the app: they work.
    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.locator('#mobile-nav').getByText('English', { exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Find a maternal emergency life-saving session' })
      .waitFor();
    await page.locator('#mobile-nav').getByText('日本語', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '母体救命講習会を探す' }).waitFor();
    await form.getByRole('button', { name: '開催日（開始）' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'この条件で検索' }).click();
    await page.waitForURL(/\/search-result/);
    await context.close();
  });
});

describe("every page's chunks named in its HTML", () => {
  // scripts/prerender.mjs writes, for each page of the route table (scripts/route-chunks.mjs), the layout
  // with the page's chunks in its head (decision 070): the browser fetches them beside the entry, and the
  // router, finding them there, adds no tag of its own.
  const webRoot = fileURLToPath(new URL('..', import.meta.url));
  const routes = routeChunks(path.join(webRoot, 'src/app/router.tsx'), webRoot);
  const at = (pathname: string) =>
    routes.find((route) => new RegExp(pathPattern(route.path), 'i').test(pathname))?.chunks;

  it.each([
    ['/register', ['src/features/account/register/register-page.tsx']],
    ['/news/3', ['src/features/news/news-detail-page.tsx']],
    ['/NEWS/3/1/', ['src/features/news/news-detail-page.tsx']],
    [
      '/office/members/7',
      ['src/features/office/office-layout.tsx', 'src/features/office-members/member-page.tsx'],
    ],
    ['/office', ['src/features/office/office-layout.tsx', 'src/features/office/office-dashboard-page.tsx']],
    // A static segment outranks a parameter, as in React Router.
    [
      '/certificate/1/2/basic-instructor/request-certificate',
      ['src/features/instructor-request/request-start.tsx'],
    ],
    ['/verify/performance/AB12', ['src/features/instructor/performance-verify-page.tsx']],
    ['/verify/AB12', ['src/app/pages/verify-page.tsx']],
    ['/no-such-page', undefined],
  ])('%s loads %j', (pathname, chunks) => {
    expect(at(pathname)).toEqual(chunks);
  });

  for (const path of ['/register', '/news', '/contact-us']) {
    it(`a first visit to ${path} finds every chunk the page loads already named in the HTML`, async () => {
      const { context, page } = await newPage(browser, MOBILE);
      const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
      // A page drawn whole from its HTML (/register) names them in a template its loader adds (src/boot.ts),
      // each once: the chunks, not the tags, are compared.
      const distinct = (hrefs: Array<string | null | undefined>) => [...new Set(hrefs)].sort();
      const named = distinct(
        (html.match(/<link rel="modulepreload"[^>]*>/g) ?? []).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]),
      );
      expect(named.length).toBeGreaterThan(1);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The router's preload adds a tag for each chunk the HTML did not name.
      const loaded = await page
        .locator('link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(distinct(loaded)).toEqual(named);
      await context.close();
    });
  }
});

describe('long forms drawn in parts', () => {
  // components/drawn-later.tsx: a long form's later parts are drawn each in a task of its own after the
  // first, their places kept meanwhile (decision 069). Drawn slowly (4× CPU), the places are seen, nothing
  // on screen moves when the parts come, the page is as long with its places as drawn whole (each place is
  // its part's height), and every part is there in the end.
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`draws /register in parts at ${viewport.width} px without moving what is on screen`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const record = window as unknown as { kept: number; shift: number; heightKept: number };
        record.kept = 0;
        record.shift = 0;
        record.heightKept = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            record.shift += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        const frame = () => {
          const places = document.querySelectorAll('[data-drawn-later]').length;
          // The page's height while it holds the most places (all but the first part's), once its HTML is
          // parsed: /register's places are in the prerendered HTML, and a frame painted while the parser
          // is still adding the page below them is shorter than the page (decision 074).
          if (document.readyState !== 'loading' && places >= record.kept && places > 0) {
            record.kept = places;
            record.heightKept = document.documentElement.scrollHeight;
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await page.goto('/register');
      await page.getByLabel('パスワード（確認）').waitFor();
      await page.waitForTimeout(500);
      const { kept, shift, heightKept, height } = await page.evaluate(() => {
        const record = window as unknown as { kept: number; shift: number; heightKept: number };
        return { ...record, height: document.documentElement.scrollHeight };
      });
      // The profile's work, address and personal parts and the login's.
      expect(kept).toBe(4);
      expect(Math.abs(height - heightKept)).toBeLessThan(8);
      expect(await page.locator('[data-drawn-later]').count()).toBe(0);
      // The pieces drawn after their part (DrawnAfter, decision 077) have all come: no part holds its place.
      expect(await page.locator('[data-holding]').count()).toBe(0);
      expect(shift).toBeLessThan(0.01);
      await context.close();
    });
  }
});

describe('the schemas the browser does not read', () => {
  // scripts/pure-schemas.ts marks the calls of the domain's top-level constants pure, so the build drops
  // the schemas no browser code reads (issue 20).
  it.each([
    ['const a = z.object({ b: z.string() });', ['z.object(', 'z.string(']],
    // A chain's calls begin where it begins: one mark covers them.
    ['export const a = b.extend({ c: intField("x").default(1) });', ['b.extend(', 'intField(']],
    ['const a = z.string().refine((v) => check(v));', ['z.string(']],
    ['const a = { b: list(c) }, d = e;', ['list(']],
    ['z.config({ customError });', []],
    ['function f() { return z.object({}); }', []],
    ['let a = 1; a = g();', []],
  ])('in %s, marks %j', (code, calls) => {
    const marked = initialiserCalls(code).map((start) => code.slice(start).match(/^[\w.]+\(/)?.[0]);
    expect(marked.sort()).toEqual([...calls].sort());
  });

  it('leaves out of the build the query schemas the API alone reads', () => {
    const assets = path.join(inject('webDist'), 'assets');
    const script = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
    // The news list's sort and the session search's open-only flag: fields of query schemas only (the
    // browser builds those queries from its own state), named by their keys in the messages.
    expect(script).toContain('"fields.postalCode"');
    expect(script).not.toContain('"fields.sort"');
    expect(script).not.toContain('"fields.openOnly"');
  });
});
