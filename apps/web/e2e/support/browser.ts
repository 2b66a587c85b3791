import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const require = createRequire(import.meta.url);
export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const baseUrl = () => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromePath'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export async function newPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot for review (apps/web/e2e/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Desktop and 375 px screenshots of one page. */
export async function screenshotBoth(browser: Browser, url: string, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const [suffix, viewport] of [
    ['desktop', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(url);
    await ready(page);
    await screenshot(page, `${name}-${suffix}`);
    await context.close();
  }
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated over the DevTools protocol, so the portal's Content-Security-Policy stays in force.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export type ReceivedMail = { to: string[]; raw: string; receivedAt: string };

/** Mails the portal sent to the SMTP sink, newest last. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const res = await fetch(inject('mailViewUrl'));
  return (await res.json()) as ReceivedMail[];
}
