import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const require = createRequire(import.meta.url);
export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

let ownServer: string | undefined;

/**
 * Points baseUrl() (so apiCall, apiLogin, newPage…) at a server the test file started for itself, for
 * a file that changes its data (undefined: back to the worker's server).
 */
export function useOwnServer(url: string | undefined) {
  ownServer = url;
}

/** This worker's server (each test worker has a server and database of its own), or the file's own. */
export const baseUrl = () => {
  if (ownServer) return ownServer;
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length] ?? urls[0] ?? '';
};

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

/** A page in a new context; with a token, logged in as the portal keeps it (localStorage). */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  token?: string,
) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    baseURL: baseUrl(),
  });
  if (token) {
    await context.addInitScript((value) => localStorage.setItem('mels.token', value), token);
    // The hint the app keeps beside the token (lib/auth/token-store.ts): the server then sends a member's
    // pages, not the visitor's prerendered login.
    await context.addCookies([{ name: 'mels_signed_in', value: '1', url: baseUrl() }]);
  }
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot for review (apps/web/e2e/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Desktop and 375 px screenshots of one page. */
export async function screenshotBoth(
  browser: Browser,
  url: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
) {
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
  return (await axeAll(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The landmark violations (a second banner, a banner inside another landmark…), of any impact. */
export async function axeLandmarks(page: Page): Promise<AxeViolation[]> {
  return (await axeAll(page)).filter((v) => v.id.startsWith('landmark'));
}

let axeScript: string | undefined;
const axeSource = () => (axeScript ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** Runs axe-core in the page; returns every violation. */
export async function axeAll(page: Page): Promise<AxeViolation[]> {
  // Let open/close transitions (Mantine's are 200 ms) finish, so a half-faded dialog is not judged: two
  // frames for a transition about to start, then until no finite animation runs (a spinner's never ends).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined);
  // Evaluated over the DevTools protocol, so the portal's Content-Security-Policy stays in force; once
  // per page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations;
}

export type ReceivedMail = { to: string[]; raw: string; receivedAt: string };

/** Mails the portal sent to the SMTP sink, newest last. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const res = await fetch(inject('mailViewUrl'));
  return (await res.json()) as ReceivedMail[];
}

/** Decodes the text/plain body of a raw MIME mail (base64 or quoted-printable, possibly multipart). */
export function mailText(raw: string): string {
  const decodePart = (headers: string, body: string) => {
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  };
  const split = (chunk: string) => {
    const index = chunk.search(/\r?\n\r?\n/);
    return index < 0
      ? { headers: chunk, body: '' }
      : { headers: chunk.slice(0, index), body: chunk.slice(index).replace(/^\r?\n\r?\n/, '') };
  };
  const top = split(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(top.headers)?.[1];
  if (!boundary) return decodePart(top.headers, top.body);
  const texts: string[] = [];
  const visit = (body: string, b: string) => {
    for (const piece of body.split(`--${b}`)) {
      const part = split(piece.replace(/^\r?\n/, ''));
      const inner = /boundary="?([^";\r\n]+)"?/i.exec(part.headers)?.[1];
      if (inner) visit(part.body, inner);
      else if (/content-type:\s*text\/plain/i.test(part.headers))
        texts.push(decodePart(part.headers, part.body));
    }
  };
  visit(top.body, boundary);
  return texts.join('\n');
}

/** Waits for a mail to `to` whose text matches, and returns its decoded text. */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await receivedMails();
    for (const mail of mails.slice().reverse()) {
      if (!mail.to.includes(to)) continue;
      const text = mailText(mail.raw);
      if (match.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${String(match)}`);
}
