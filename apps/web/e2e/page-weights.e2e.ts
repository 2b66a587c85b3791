import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, MOBILE, newPage } from './support/browser.ts';

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

describe('the first view in the HTML', () => {
  // scripts/prerender.mjs draws the home page and the layout into the HTML at build time (decision 047).
  it('shows the home page with its search form, and the layout on other pages, before any script runs', async () => {
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
    for (const path of ['/search-result', '/course/1', '/faq']) {
      await page.goto(path);
      await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).waitFor();
      await page.getByRole('status').getByText('読み込み中').waitFor();
      expect(await page.getByRole('heading', { name: '母体救命講習会を探す' }).count()).toBe(0);
    }
    await context.close();
  });
});
