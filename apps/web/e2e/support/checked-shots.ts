import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeSerious, DESKTOP, MOBILE, newPage } from './browser.ts';

/**
 * Screenshots at 1280 and 375 px of a page as `token` sees it (none: a visitor), saved as
 * `<dir>/<name>-1280.png` and `-375.png`; at 375 nothing is wider than the screen, and at both widths
 * axe finds nothing serious.
 */
export async function shootChecked(
  browser: Browser,
  shot: { dir: string; token?: string; url: string; name: string; ready: (p: Page) => Promise<unknown> },
) {
  const { dir, token, url, name, ready } = shot;
  fs.mkdirSync(dir, { recursive: true });
  for (const [suffix, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page } = await newPage(browser, viewport, token);
    await page.goto(url);
    await ready(page);
    await page.screenshot({ path: path.join(dir, `${name}-${suffix}.png`), fullPage: true });
    if (suffix === '375') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
    }
    expect(await axeSerious(page), `${name} ${suffix}`).toEqual([]);
    await context.close();
  }
}
