import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, useOwnServer } from './support/browser.ts';
import { startPortalServer } from './support/server.ts';

/**
 * Issue 18, content (decision 039): the office publishes a news item with a picture uploaded in the
 * editor, and one dated three days ahead that stays off /news until the server's clock reaches it (the
 * server started again with TEST_CLOCK); it edits an FAQ item and moves it; the audit log has each.
 * Its own server: the clock is moved.
 */
let browser: Browser;
let server: Awaited<ReturnType<typeof startPortalServer>>;
let dataDir: string;
let officeToken: string;
const stamp = Date.now().toString(36);
const shots = process.env.PAGES_SHOTS_DIR ?? '/tmp/shots-E';
const DAY = 86_400_000;

async function login(email: string) {
  const res = await fetch(`${server.baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function startServer(env: Record<string, string> = {}) {
  server = await startPortalServer({ webDist: inject('webDist'), dataDir, env });
  useOwnServer(server.baseUrl);
}

/** Japan time 'YYYY-MM-DDTHH:MM' (a datetime-local value). */
const japanLocal = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');

async function expectAxeClean(page: Page, name: string) {
  expect(await axeSerious(page), name).toEqual([]);
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: wider than the screen`).toBeLessThanOrEqual(0);
}

const editor = (page: Page) => page.getByRole('textbox', { name: /^本文/ });

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-pages-e2e-'));
  await startServer();
  officeToken = await login('office@mels.example.jp');
});
afterAll(async () => {
  useOwnServer(undefined);
  await browser?.close();
  await server?.stop();
});

describe('the office writes the public pages', () => {
  const title = `会場が新しくなりました ${stamp}`;
  const futureTitle = `来週からの受付時間 ${stamp}`;
  let newsId = 0;
  let futureAt = new Date();

  it('publishes a news item with a picture uploaded in the editor: /news shows it as previewed', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office');
    await page.getByRole('navigation', { name: '事務局' }).getByRole('link', { name: 'コンテンツ' }).click();
    await page.getByRole('heading', { level: 1, name: 'コンテンツ管理' }).waitFor();
    await expectAxeClean(page, 'content news tab');
    await page.getByRole('link', { name: '新規作成' }).click();
    await page.getByRole('heading', { level: 1, name: 'お知らせの作成' }).waitFor();
    await page.getByRole('textbox', { name: /^タイトル/ }).fill(title);
    await editor(page).click();
    await page.keyboard.type('新しい会場の写真です。');
    await page.getByRole('button', { name: '太字' }).click();
    await page.keyboard.type('駅から徒歩3分');
    await page.getByRole('button', { name: '太字' }).click();
    await page.keyboard.press('Enter');

    // The picture: uploaded from the editor's dialog, with its alternative text.
    await page.getByRole('button', { name: '画像を挿入' }).click();
    const dialog = page.getByRole('dialog', { name: '画像を挿入' });
    await dialog.waitFor();
    const png = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><rect width="640" height="320" fill="#f5d0dc"/><rect x="40" y="160" width="560" height="120" fill="#b0325a"/><circle cx="520" cy="90" r="50" fill="#ffd166"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'venue.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('textbox', { name: /画像の説明/ }).fill('新しい会場の外観');
    await expectAxeClean(page, 'image dialog');
    await dialog.getByRole('button', { name: '画像を挿入' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await editor(page).locator('img[alt="新しい会場の外観"]').waitFor();
    const preview = page.getByTestId('html-preview');
    await preview.locator('img[alt="新しい会場の外観"]').waitFor();
    await preview.getByText('駅から徒歩3分').waitFor();
    await expectAxeClean(page, 'news editor');
    await shot(page, 'editor-news-1280');
    const previewHtml = await preview.locator('.rich-text > div').innerHTML();
    expect(previewHtml).toMatch(
      /<img src="\/api\/v1\/content-images\/[A-Za-z0-9_-]{43}\.png" alt="新しい会場の外観">/,
    );
    expect(previewHtml).toContain('<strong>駅から徒歩3分</strong>');

    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('status').filter({ hasText: '作成しました。' }).waitFor();
    newsId = Number(/\/office\/content\/news\/(\d+)$/.exec(page.url())?.[1]);
    expect(newsId).toBeGreaterThan(0);
    await context.close();

    // The editor at 375 px, on the saved item.
    {
      const { context: c, page: p } = await newPage(browser, MOBILE, officeToken);
      await p.goto(`/office/content/news/${newsId}`);
      await editor(p).locator('img').waitFor();
      await p.getByTestId('html-preview').locator('img').waitFor();
      await expectAxeClean(p, 'news editor 375');
      await shot(p, 'editor-news-375');
      await c.close();
    }

    // The public pages, at once: the list, then the item, exactly as previewed.
    for (const [suffix, viewport] of [
      ['1280', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      const visitor = await newPage(browser, viewport);
      await visitor.page.goto('/news');
      await visitor.page.getByRole('link', { name: title }).click();
      await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
      const img = visitor.page.locator('article img[alt="新しい会場の外観"]');
      await img.waitFor();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBe(640);
      expect(await visitor.page.locator('article .rich-text > div').innerHTML()).toBe(previewHtml);
      await expectAxeClean(visitor.page, `public news ${suffix}`);
      await shot(visitor.page, `public-news-${suffix}`);
      await visitor.context.close();
    }
  });

  it('schedules an item three days ahead: not on /news until the clock reaches its date', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office/content/news/new');
    await page.getByRole('heading', { level: 1, name: 'お知らせの作成' }).waitFor();
    await page.getByRole('textbox', { name: /^タイトル/ }).fill(futureTitle);
    futureAt = new Date(Date.now() + 3 * DAY);
    await page.getByLabel(/^公開日時/).fill(japanLocal(futureAt));
    await editor(page).click();
    await page.keyboard.type('受付時間が9時からになります。');
    await page.getByTestId('html-preview').getByText('受付時間が9時からになります。').waitFor();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('status').filter({ hasText: '作成しました。' }).waitFor();
    await page.goto('/office/content');
    const row = page.getByRole('row').filter({ hasText: futureTitle });
    await row.getByText('公開予約').waitFor();
    await expectAxeClean(page, 'news list');
    await shot(page, 'content-news-list-1280');
    await context.close();

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto('/news');
    await visitor.page.getByRole('link', { name: title }).waitFor();
    expect(await visitor.page.getByRole('link', { name: futureTitle }).count()).toBe(0);
    await visitor.context.close();

    // The server again on the same data, its clock one minute past the item's date.
    await server.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await startServer({
      NODE_ENV: 'development',
      TEST_CLOCK: new Date(futureAt.getTime() + 60_000).toISOString(),
    });
    officeToken = await login('office@mels.example.jp');
    const later = await newPage(browser, DESKTOP);
    await later.page.goto('/news');
    await later.page.getByRole('link', { name: futureTitle }).waitFor();
    await later.context.close();
  });

  it('edits an FAQ item and moves it first; /faq follows; the audit log has each action', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office/content?tab=faqs');
    const list = page.getByRole('tabpanel');
    const items = list.getByRole('listitem');
    await items.first().waitFor();
    const count = await items.count();
    expect(count).toBeGreaterThan(1);
    const last = items.nth(count - 1);
    const name = (await last.getByRole('link').innerText()).trim();
    await last.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'よくある質問の編集' }).waitFor();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
    try {
      await editor(page).waitFor({ timeout: 15_000 });
    } catch (failure) {
      await page.screenshot({ path: path.join(shots, 'debug-faq-editor.png'), fullPage: true });
      throw new Error(`no editor: ${errors.join('\n')}`, { cause: failure });
    }
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`追記 ${stamp}：当日の持ち物は受講票のみです。`);
    await page.getByTestId('html-preview').getByText(`追記 ${stamp}`).waitFor();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('status').filter({ hasText: '保存しました。' }).waitFor();
    await expectAxeClean(page, 'faq editor');
    await page.getByRole('link', { name: /一覧へ戻る/ }).click();

    // Moved to the top with the keyboard: focus the button, press Enter, until it is first.
    for (let i = count - 1; i > 0; i -= 1) {
      const up = page.getByRole('button', { name: `${name}を上へ移動` });
      await expect.poll(() => up.isEnabled()).toBe(true);
      await up.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: '並び順を保存しました。' }).waitFor();
      await expect
        .poll(() =>
          list
            .getByRole('listitem')
            .nth(i - 1)
            .getByRole('link')
            .innerText(),
        )
        .toBe(name);
    }
    await expectAxeClean(page, 'faq list');
    await shot(page, 'content-faq-1280');
    await context.close();
    {
      const { context: c, page: p } = await newPage(browser, MOBILE, officeToken);
      await p.goto('/office/content?tab=faqs');
      await p.getByRole('tabpanel').getByRole('listitem').first().waitFor();
      await expectAxeClean(p, 'faq list 375');
      await shot(p, 'content-faq-375');
      await c.close();
    }

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto('/faq');
    await visitor.page.getByText(name).first().waitFor();
    const main = await visitor.page.locator('main').innerText();
    expect(main.indexOf(name)).toBeGreaterThanOrEqual(0);
    await visitor.context.close();

    // The audit log: the news item created, the FAQ item changed and reordered.
    const office = await newPage(browser, DESKTOP, officeToken);
    await office.page.goto('/office/audit?action=news.create');
    await office.page.getByText(title).first().waitFor();
    await office.page.getByText(futureTitle).first().waitFor();
    await office.page.goto('/office/audit?action=faq');
    await office.page.getByText('faq.update').first().waitFor();
    await office.page.getByText('faq.reorder').first().waitFor();
    await office.page.getByText(`追記 ${stamp}`).first().waitFor();
    await expectAxeClean(office.page, 'audit');
    await office.context.close();
  });
});
