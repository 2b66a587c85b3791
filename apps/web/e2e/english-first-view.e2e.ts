import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeSerious,
  baseUrl,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
} from './support/browser.ts';

/**
 * An English reader's first view is English (decision 058): the language switch leaves a hint (the
 * `mels_lang` cookie, lib/i18n.tsx), and the server answers every page with the HTML prerendered in English
 * (scripts/prerender.mjs), so the page drawn before any script has run is not the Japanese one. Switching
 * back to Japanese removes the hint.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** The page's visible text and title, outside what is Japanese on purpose (lang="ja": the switch's 日本語). */
async function textOutsideJapanese(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('[lang="ja"], template, noscript').forEach((element) => element.remove());
    return `${document.title}\n${body.textContent ?? ''}`;
  });
}

/** A browser that runs no script, holding the hints the reader's browser holds. */
async function withoutScript(from: BrowserContext, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseUrl(),
    locale: 'ja-JP',
    viewport,
  });
  await context.addCookies(await from.cookies());
  return { context, page: await context.newPage() };
}

/** The header's language switch, once the app has drawn over the page (its controls are enabled). */
async function chooseLanguage(page: Page, name: 'English' | '日本語') {
  const radio = page.getByRole('banner').getByRole('radio', { name });
  await expect.poll(() => radio.isEnabled()).toBe(true);
  await page.getByRole('banner').getByText(name, { exact: true }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

describe("an English reader's first view", () => {
  it('is English from the HTML on every page once English is chosen, and Japanese again after switching back', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: '母体救命講習会を探す' }).waitFor();
    await chooseLanguage(page, 'English');
    await page
      .getByRole('heading', { level: 1, name: 'Find a maternal emergency life-saving session' })
      .waitFor();
    const hint = (await context.cookies()).find((cookie) => cookie.name === 'mels_lang');
    expect(hint?.value).toBe('en');
    expect(await axeSerious(page)).toEqual([]);

    for (const viewport of [DESKTOP, MOBILE]) {
      const bare = await withoutScript(context, viewport);
      await bare.page.goto('/');
      await bare.page
        .getByRole('heading', { level: 1, name: 'Find a maternal emergency life-saving session' })
        .waitFor();
      await bare.page.getByRole('heading', { name: 'Latest news' }).waitFor();
      expect(await bare.page.getAttribute('html', 'lang')).toBe('en');
      await screenshot(bare.page, `english-first-view-home-${viewport.width}`);
      if (viewport === DESKTOP) {
        for (const path of ['/', '/login', '/session/1/4', '/search-result', '/course/1', '/news', '/faq']) {
          await bare.page.goto(path);
          expect(await bare.page.getAttribute('html', 'lang'), path).toBe('en');
          const text = await textOutsideJapanese(bare.page);
          expect(JAPANESE.exec(text)?.[0], `${path}: ${text.slice(0, 300)}`).toBeUndefined();
        }
        // A visitor sent from a session page reads why, in English.
        await bare.page.goto('/session/1/4');
        await bare.page.getByTestId('login-session-notice').waitFor();
        await bare.page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      }
      await bare.context.close();
    }

    // Back to Japanese: the hint goes, and the HTML is Japanese again.
    await chooseLanguage(page, '日本語');
    await page.getByRole('heading', { level: 1, name: '母体救命講習会を探す' }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === 'mels_lang')).toBe(false);
    const bare = await withoutScript(context, DESKTOP);
    await bare.page.goto('/');
    await bare.page.getByRole('heading', { level: 1, name: '母体救命講習会を探す' }).waitFor();
    expect(await bare.page.getAttribute('html', 'lang')).toBe('ja');
    await bare.context.close();
    await context.close();
  });

  it('keeps the hint equal to the stored language when the app starts (a choice made before the hint existed)', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/faq');
    await page.evaluate(() => localStorage.setItem('mels.lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'mels_lang')?.value).toBe('en');
    await page.evaluate(() => localStorage.removeItem('mels.lang'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'よくある質問' }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === 'mels_lang')).toBe(false);
    await context.close();
  });
});
