import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStripeStandIn } from '../../api/test/stripe-stand-in.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, screenshot } from './support/browser.ts';
import { startPortalServer } from './support/server.ts';
import { installStripeStandIn } from './support/stripe-js-stand-in.ts';

/**
 * The Stripe adapter end to end: a second portal server started with Stripe keys and
 * STRIPE_API_BASE pointing at a local Stripe API stand-in; in the browser, js.stripe.com and
 * api.stripe.com are routed to stand-ins (the machine is offline). What is tested is the portal's
 * side: it loads Stripe.js instead of the sandbox form, mounts the card element, confirms with
 * the client secret, shows Stripe's message on a decline and records the order only once the
 * server has checked the intent with "Stripe".
 */

const EMAIL = 'attendee@mels.example.jp';
const PUBLISHABLE_KEY = 'pk_test_mels_e2e';

type Card = {
  id: number;
  user_type: { id: number };
  course: { id: number; price: number; certificate_prefix: string | null };
};

let browser: Browser;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let server: Awaited<ReturnType<typeof startPortalServer>>;
let dataDir: string;
let token = '';

async function api<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api/v1${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Token ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A logged-in page of the Stripe server, with Stripe's two hosts routed to the stand-ins. */
async function stripePage(viewport: { width: number; height: number }): Promise<{
  context: BrowserContext;
  page: Page;
}> {
  const context = await browser.newContext({
    viewport,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    baseURL: server.baseUrl,
  });
  await context.addInitScript((value) => localStorage.setItem('mels.token', value), token);
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      // esbuild may wrap functions in __name(); the page has no such helper.
      body: `var __name = (f) => f; (${installStripeStandIn.toString()})();`,
    }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const confirming = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (confirming?.[1] && cancelBeforeConfirm) {
      // As if another tab had given up on this intent: Stripe will find it cancelled.
      cancelBeforeConfirm = false;
      const intent = standIn.intents.get(confirming[1]);
      if (intent) intent.status = 'canceled';
    }
    const response = await fetch(`http://127.0.0.1:${standIn.port}${url.pathname}`, {
      method: request.method(),
      headers: { 'content-type': request.headers()['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: request.method() === 'GET' ? undefined : (request.postData() ?? ''),
    });
    await route.fulfill({
      status: response.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await response.text(),
    });
  });
  const page = await context.newPage();
  return { context, page };
}

const payButton = (page: Page) => page.getByRole('button', { name: /を支払う$/ });

async function fillStripeCard(page: Page, number: string) {
  const input = page.getByTestId('stand-in-card-number');
  await input.fill(number);
  await page.getByLabel(/^メールアドレス/).fill(EMAIL);
}

let session: Card | undefined;
let second: Card | undefined;
/** The next confirmation finds its intent cancelled (the shop's unexpected-state rule). */
let cancelBeforeConfirm = false;

beforeAll(async () => {
  browser = await launchBrowser();
  standIn = await startStripeStandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-e2e-stripe-'));
  // This file's server runs on the embedded database, as `npm start` does (the run's other servers are
  // on the PostgreSQL cluster, decision 062): it migrates and seeds it on its first start.
  server = await startPortalServer({
    webDist: inject('webDist'),
    dataDir,
    embedded: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_mels_e2e',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_API_BASE: `http://127.0.0.1:${standIn.port}`,
    },
  });
  token = (await api<{ token: string }>('/users/login', { email: EMAIL, password: 'Demo1234' })).token;
  const cards = await api<Card[]>('/trainings?limit=100&page=1');
  for (const card of cards) {
    if (card.course.certificate_prefix === 'BI' || card.course.price < 50) continue;
    const check = await api<{ canBuy: boolean }>('/payments/check-product-order', {
      object_type: 1,
      object_id: card.course.id,
    });
    if (!check.canBuy || card.course.id === session?.course.id) continue;
    if (!session) session = card;
    else {
      second = card;
      break;
    }
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('card payment through Stripe (Stripe.js and the API routed to local stand-ins)', () => {
  it('mounts Stripe Elements instead of the sandbox form, shows the decline, then pays with 4242', async () => {
    expect(session, 'a session of an unpaid paid course').toBeTruthy();
    const url = `/session/${session!.id}/${session!.user_type.id}/payment`;
    const { context, page } = await stripePage(DESKTOP);
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'コース登録料のお支払い' }).waitFor();
    await page.getByTestId('stand-in-card-number').waitFor();
    // Stripe takes the card: no sandbox banner, no card-number field of the portal's own.
    expect(await page.getByText('テスト環境', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('有効期限（MM/YY）').count()).toBe(0);
    expect(await axeSerious(page)).toEqual([]);

    // Incomplete card: the portal's own message, nothing sent to Stripe.
    await payButton(page).click();
    await page.getByText('カード情報をすべて入力してください。').waitFor();
    expect(standIn.requests.some((r) => r.path.endsWith('/confirm'))).toBe(false);

    await fillStripeCard(page, '4000 0000 0000 0002');
    await screenshot(page, 'stripe-card-filled-desktop');
    await payButton(page).click();
    await page.getByRole('heading', { name: '決済失敗' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('payment-error').textContent()).toBe('カードが拒否されました。');
    const confirm = standIn.requests.find((r) => r.path.endsWith('/confirm'));
    expect(confirm?.body.get('key')).toBe(PUBLISHABLE_KEY);
    expect(confirm?.body.get('client_secret')).toMatch(/_secret_/);
    const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(Number(created?.body.get('amount'))).toBe(session!.course.price);
    let orders =
      await api<Array<{ object_type: number; object_id: number; status: number }>>('/users/orders?limit=50');
    expect(orders.some((o) => o.object_type === 1 && o.object_id === session!.course.id)).toBe(false);

    await page.getByRole('button', { name: 'もう一度お支払いする' }).click();
    await fillStripeCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await page.getByText('決済処理中…').waitFor();
    await page.getByRole('heading', { name: '決済完了' }).waitFor({ timeout: 20_000 });
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'stripe-complete-desktop');
    orders = await api('/users/orders?limit=50');
    expect(
      orders.filter((o) => o.object_type === 1 && o.object_id === session!.course.id && o.status === 3),
    ).toHaveLength(1);
    await context.close();
  });

  it('a shop order whose intent is in an unexpected state gets a new transaction and intent, and is paid once', async () => {
    const products = await api<Array<{ id: number; name: string; price: number }>>('/products?limit=50');
    const pens = products.find((p) => p.name === 'ロゴ入りボールペン（3本セット）');
    expect(pens).toBeTruthy();
    const { context, page } = await stripePage(DESKTOP);
    const line = {
      key: 'stripe-e2e',
      id: pens!.id,
      name: pens!.name,
      price: pens!.price,
      thumbnail: null,
      quantity: 2,
      attributes: [],
      buy_once_per_user: false,
    };
    await context.addInitScript((value) => localStorage.setItem('mels.cart', value), JSON.stringify([line]));
    await page.goto('/cart/payment');
    await page.getByLabel('別の住所にお届けする').check();
    await page.getByLabel(/^郵便番号/).fill('1000001');
    await page.getByLabel(/^住所/).fill('東京都千代田区千代田1-1');
    await page.getByLabel(/^お届け先のお名前/).fill('決済 太郎');
    await page.getByTestId('to-payment').click();
    await page.getByTestId('stand-in-card-number').waitFor();
    await fillStripeCard(page, '4242 4242 4242 4242');
    const before = standIn.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    ).length;
    cancelBeforeConfirm = true;
    await payButton(page).click();
    await page.getByRole('heading', { name: '決済完了' }).waitFor({ timeout: 30_000 });
    const created = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    // the cancelled intent, then a new one (of a new transaction) for the server's amount
    expect(created.length - before).toBe(2);
    expect(created.slice(-2).map((r) => Number(r.body.get('amount')))).toEqual([1760, 1760]);
    const keys = created.slice(-2).map((r) => r.body.get('metadata[t_key]'));
    expect(new Set(keys).size).toBe(2);
    const orders =
      await api<Array<{ amount: number; status: number; customer_name: string }>>('/products/orders');
    expect(orders.filter((o) => o.customer_name === '決済 太郎')).toEqual([
      expect.objectContaining({ amount: 1760, status: 3 }),
    ]);
    await context.close();
  });

  it('the Stripe card form at 375 px', async () => {
    expect(second, 'a second unpaid paid course').toBeTruthy();
    const { context, page } = await stripePage(MOBILE);
    await page.goto(`/session/${second!.id}/${second!.user_type.id}/payment`);
    await page.getByTestId('stand-in-card-number').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'stripe-card-375');
    await context.close();
  });
});
