import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registerMember } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage } from './support/browser.ts';

/**
 * Issue 18 (decision 040): the office adds a product with a required attribute, a stock and an image in
 * /office/shop; a member buys it choosing the attribute and pays through the sandbox gateway; the stock
 * goes down by one and the office finds its action in /office/audit.
 */
let browser: Browser;
let officeToken: string;
let member: { email: string; token: string };
const shots = process.env.SHOP_SHOTS_DIR ?? '/tmp/shots-F';
const name = `事務局の新商品${Date.now() % 100000}`;

/** A 4×3 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4w8AARwgWOgcAxC8JkSUlBjgAAAAASUVORK5CYII=',
  'base64',
);

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Screenshots at 1280 and 375 px; at 375 nothing is wider than the screen, and axe finds nothing serious. */
async function shootBoth(url: string, shot: string, ready: (p: Page) => Promise<unknown>) {
  fs.mkdirSync(shots, { recursive: true });
  for (const [suffix, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page } = await newPage(browser, viewport, officeToken);
    await page.goto(url);
    await ready(page);
    await page.screenshot({ path: path.join(shots, `${shot}-${suffix}.png`), fullPage: true });
    if (suffix === '375') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, shot).toBeLessThanOrEqual(0);
    }
    expect(await axeSerious(page), `${shot} ${suffix}`).toEqual([]);
    await context.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
  member = await registerMember('shopadmin', '購入');
});
afterAll(async () => {
  await browser?.close();
});

describe('the office runs the shop', () => {
  let productId = 0;

  it('adds a product with a required attribute, a stock and a thumbnail', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office');
    await page.getByRole('link', { name: 'ショップ', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'ショップ' }).waitFor();
    await page.getByRole('link', { name: '商品を追加' }).click();
    await page.getByRole('heading', { level: 1, name: '商品を追加' }).waitFor();
    await field(page, '商品名').fill(name);
    await field(page, '価格（円）').fill('1800');
    await field(page, '在庫数').fill('5');
    await page.getByRole('button', { name: '属性を追加' }).click();
    await field(page, '属性名').fill('カラー');
    await field(page, '選択肢（カンマ区切り）').fill('赤, 青');
    await page.getByLabel('必須').check();
    // A choice attribute without choices is refused beside its field.
    await page.getByRole('button', { name: '属性を追加' }).click();
    await field(page, '属性名').nth(1).fill('サイズ');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('選択式の属性には選択肢を1つ以上入力してください。').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('button', { name: '属性を削除' }).nth(1).click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL(/\/office\/shop\/products\/\d+$/);
    productId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: '画像を追加' }).last().click();
    await page.getByTestId('product-image').first().waitFor();
    await page.getByText('サムネイル', { exact: true }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await context.close();

    const product = await apiCall<{
      stock: number;
      attributes: unknown[];
      images: Array<{ is_thumb: boolean }>;
    }>(`/office/shop/products/${productId}`, { token: officeToken });
    expect(product.stock).toBe(5);
    expect(product.attributes).toEqual([
      { attribute: 'カラー', type: 'select', value: '赤, 青', is_required: true },
    ]);
    expect(product.images.map((i) => i.is_thumb)).toEqual([true]);

    await shootBoth('/office/shop', 'office-shop-products', (p) => p.getByText(name).first().waitFor());
    await shootBoth(`/office/shop/products/${productId}`, 'office-shop-product', (p) =>
      p.getByTestId('product-image').first().waitFor(),
    );
    await shootBoth('/office/shop?tab=categories', 'office-shop-categories', (p) =>
      p.getByRole('button', { name: 'カテゴリーを追加' }).waitFor(),
    );
    await shootBoth('/office/shop?tab=template', 'office-shop-template', (p) =>
      p.getByTestId('template-source').waitFor(),
    );
  });

  it('a member buys it choosing the attribute, the stock goes down, and the office finds it in the audit log', async () => {
    const { context, page } = await newPage(browser, DESKTOP, member.token);
    await page.goto(`/store/${productId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByTestId('add-to-cart').click();
    await page.getByText('カラーを選択または入力してください').waitFor();
    await field(page, 'カラー').selectOption('青');
    await page.getByTestId('add-to-cart').click();
    await page.getByRole('link', { name: 'カートを見る' }).click();
    await page.getByTestId('checkout').click();
    await page.getByRole('heading', { level: 1, name: 'ご購入手続き' }).waitFor();
    await expect.poll(() => page.getByLabel('登録住所にお届けする').isChecked()).toBe(true);
    await page.getByTestId('to-payment').click();
    await page.getByTestId('deliver-to').waitFor();
    await field(page, 'カード番号').fill('4242424242424242');
    await field(page, '有効期限（MM/YY）').fill('12/34');
    await field(page, 'セキュリティコード').fill('123');
    await page.getByRole('button', { name: '1,800円を支払う' }).click();
    await page.getByRole('heading', { name: '決済完了' }).waitFor({ timeout: 30_000 });
    await context.close();

    const orders = await apiCall<Array<{ products: Array<{ name: string; attributes: unknown }> }>>(
      '/products/orders',
      { token: member.token },
    );
    expect(orders[0]?.products[0]).toMatchObject({
      name,
      attributes: [{ attribute: 'カラー', value: '青' }],
    });
    const product = await apiCall<{ stock: number; sold: number }>(`/office/shop/products/${productId}`, {
      token: officeToken,
    });
    expect(product).toMatchObject({ stock: 4, sold: 1 });

    const office = await newPage(browser, DESKTOP, officeToken);
    await office.page.goto('/office');
    await office.page.getByRole('link', { name: '操作履歴', exact: true }).click();
    await office.page.getByRole('heading', { level: 1, name: '操作履歴' }).waitFor();
    await office.page.getByLabel('操作', { exact: true }).fill('product.create');
    await office.page.getByRole('button', { name: '検索', exact: true }).click();
    await office.page.waitForURL(/action=product.create/);
    const rows = office.page.getByRole('region', { name: '操作履歴' }).getByRole('row');
    await expect.poll(() => rows.nth(1).textContent()).toContain('product.create');
    expect(await rows.nth(1).textContent()).toContain(String(productId));
    await office.context.close();
  });
});
