import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

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
      const { context, page: tab } = await newPage(browser);
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
