import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from './support/api.ts';
import { DESKTOP, launchBrowser, MOBILE, newPage } from './support/browser.ts';

// The pages visitors land on do not load Mantine's whole stylesheet (issue 20, decision 047): the first
// visit's styles (mantine-styles.ts) and the few their code imports must cover every component they draw.
// Each page is drawn, then drawn again with the whole stylesheet added: a component whose styles were
// missing would change (its size, its colours), so the two screenshots must be the same, pixel for pixel.

let browser: Browser;
let newsId: number;
let wholeStylesheet: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const [news] = await apiCall<Array<{ id: number }>>('/news?limit=1');
  if (!news) throw new Error('no news');
  newsId = news.id;
  const file = fs
    .readdirSync(path.join(inject('webDist'), 'assets'))
    .find((name) => /^mantine-styles-all-[\w-]+\.css$/.test(name));
  if (!file) throw new Error("the build has no stylesheet of Mantine's whole");
  wholeStylesheet = `/assets/${file}`;
});
afterAll(async () => {
  await browser?.close();
});

/** What each page shows beyond its first draw: an open FAQ answer, a filled password (its toggle), errors. */
const PAGES: Array<{ path: () => string; prepare?: (page: Page) => Promise<void> }> = [
  { path: () => '/' },
  { path: () => '/search-result' },
  { path: () => '/course/1' },
  {
    path: () => '/login',
    prepare: (page) => page.locator('input[type=password]').fill('password'),
  },
  {
    // Sent empty once, the fields show their errors; one choice of the radios, a password with its toggle.
    path: () => '/register',
    prepare: async (page) => {
      await page.getByRole('button', { name: '確認画面へ' }).click();
      await page.getByRole('alert').first().waitFor();
      await page.getByRole('radio').first().check();
      await page.locator('input[type=password]').first().fill('password');
    },
  },
  { path: () => '/news' },
  { path: () => `/news/${newsId}` },
  {
    path: () => '/faq',
    prepare: async (page) => {
      await page.getByRole('main').locator('summary').first().click();
      await page.getByRole('main').locator('details[open]').waitFor();
    },
  },
];

describe("the landing pages' own styles", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    for (const { path: pathOf, prepare } of PAGES) {
      it(`${pathOf.toString().replace(/^\(\) => /, '')} at ${viewport.width} px looks the same with Mantine's whole stylesheet`, async () => {
        const { context, page } = await newPage(browser, viewport);
        await page.goto(pathOf(), { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await prepare?.(page);
        // Transitions (an FAQ answer opening, a checkbox's) have ended.
        await page.waitForTimeout(400);
        const own = await page.screenshot({ fullPage: true, animations: 'disabled' });
        await page.evaluate(
          (href) =>
            new Promise<void>((resolve, reject) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = href;
              link.onload = () => resolve();
              link.onerror = () => reject(new Error(`${href} did not load`));
              document.head.append(link);
            }),
          wholeStylesheet,
        );
        await page.waitForTimeout(200);
        const whole = await page.screenshot({ fullPage: true, animations: 'disabled' });
        expect(own.equals(whole)).toBe(true);
        await context.close();
      });
    }
  }
});
