import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSerious, launchBrowser, newPage, screenshotBoth, MOBILE } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('portal shell', () => {
  it('renders the home page in Japanese with header, navigation and footer', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('母体救命 MELS ポータル');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
    for (const label of [
      'HOME',
      'お知らせ',
      '協議会について',
      '受講の流れ',
      'よくある質問',
      '講習会開催について',
    ]) {
      await expect.poll(() => nav.getByRole('link', { name: label }).count()).toBe(1);
    }
    await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'プライバシーポリシー' }).waitFor();
    await footer.getByRole('link', { name: '特定商取引法に基づく表記' }).waitFor();
    // The latest five news items, each linking to its page.
    await page.getByRole('heading', { name: '新着のお知らせ' }).waitFor();
    await expect.poll(() => page.locator('section[aria-labelledby="home-news"] li a').count()).toBe(5);
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  });

  it('opens a lazily loaded page first without React Router warnings (its HydrateFallback is given)', async () => {
    const { context, page } = await newPage(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    for (const url of ['/faq', '/news', '/search-result?recruitment=4']) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
    // The theme's CSS variables come once, with the HTML's head (app/page-head.ts): the app draws none of its
    // own, and the page has them (the primary colour resolves).
    const variables = await page.evaluate(() => ({
      head: document.head.querySelectorAll('style[data-theme-variables]').length,
      mantine: document.querySelectorAll('style[data-mantine-styles="true"]').length,
      primary: getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled'),
    }));
    expect(variables).toMatchObject({ head: 1, mantine: 0 });
    expect(variables.primary.trim()).not.toBe('');
    await context.close();
  });

  it('navigates between the content pages from the header', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
    const pages: [string, string, RegExp][] = [
      ['お知らせ', 'お知らせ', /\/news$/],
      ['協議会について', '協議会について', /\/about$/],
      ['受講の流れ', '受講の流れ', /\/flow$/],
      ['よくある質問', 'よくある質問', /\/faq$/],
      ['講習会開催について', '講習会開催について', /\/seminar-info$/],
    ];
    for (const [link, title, url] of pages) {
      await nav.getByRole('link', { name: link }).click();
      await expect.poll(() => page.url()).toMatch(url);
      await expect.poll(() => page.title()).toContain(title);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await axeSerious(page), `axe on ${link}`).toEqual([]);
    }
    await context.close();
  });

  it('shows PAGE NOT FOUND for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'PAGE NOT FOUND' }).waitFor();
    await expect.poll(() => page.title()).toContain('PAGE NOT FOUND');
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('reports no Content-Security-Policy violation on the forms (zod without its eval probe)', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { cspViolations: string[] }).cspViolations.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
        ),
      );
    });
    // A form built from the shared zod schemas, reached through a redirect (as Lighthouse reached it),
    // then the contact form.
    await page.goto('/session/1/4');
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    await page.getByLabel('メールアドレス').fill('nobody@example.jp');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.goto('/contact-us');
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByText('お名前は必須です').waitFor();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    await context.close();
  });

  it('opens the navigation drawer at 375 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.locator('#mobile-nav').getByRole('link', { name: 'よくある質問' }).click();
    await expect.poll(() => page.url()).toMatch(/\/faq$/);
    await context.close();
  });

  it('reads news, FAQ answers and legal pages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/news');
    const first = page.locator('main li a').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.goto('/faq');
    // The questions are the browser's own disclosures: the answer shows when its question is pressed, and
    // from the keyboard too.
    const item = page.locator('main details').first();
    const answer = item.locator('[data-user-content]').last();
    await item.locator('summary').waitFor();
    expect(await answer.isVisible()).toBe(false);
    await item.locator('summary').click();
    await answer.waitFor({ state: 'visible' });
    const second = page.locator('main details').nth(1);
    await second.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => second.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await page.goto('/tokusho');
    await page.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  });

  it('saves screenshots of the shell pages at desktop and 375 px', async () => {
    const shots: [string, string][] = [
      ['/', 'home'],
      ['/news', 'news'],
      ['/faq', 'faq'],
      ['/about', 'about'],
      ['/flow', 'flow'],
      ['/seminar-info', 'seminar-info'],
      ['/tokusho', 'tokusho'],
      ['/privacy-policy', 'privacy-policy'],
      ['/missing', 'not-found'],
    ];
    for (const [url, name] of shots) {
      await screenshotBoth(browser, url, name, (page) =>
        page.getByRole('heading', { level: 1 }).first().waitFor(),
      );
    }
  });
});
