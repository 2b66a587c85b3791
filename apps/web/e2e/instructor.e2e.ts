import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import {
  axeLandmarks,
  axeSerious,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
  useOwnServer,
} from './support/browser.ts';
import { startPortalServer } from './support/server.ts';

/**
 * Issue 15: the my-page instructor tab (/my-page/completed) of the demo instructor (rank インストラクター,
 * six sessions taught): the rank list and teaching history, the performance certificate zip of two
 * sessions (unzipped, its Japanese read with pdftotext), a rank-up request from the choice of the
 * evaluation session to the office's approval, after which the tab shows the new rank; and the refusal
 * modal (server HTML, the requirements link, いいえ) for a member without a rank. On a server of its own:
 * it changes the instructor's rank.
 */
let browser: Browser;
let server: Awaited<ReturnType<typeof startPortalServer>> | undefined;
let dataDir = '';
let instructor = '';
let office = '';
let attendee = '';
const shots = '/tmp/shots-instructor';

async function expectAxeClean(page: Page, withLandmarks = false) {
  expect(await axeSerious(page)).toEqual([]);
  if (withLandmarks) expect(await axeLandmarks(page)).toEqual([]);
}

/** The page at 1280 and 375 px (then back to 1280): no sideways scrolling on the phone. */
async function shootBoth(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await screenshot(page, `${name}-desktop`);
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await screenshot(page, `${name}-375`);
  await page.screenshot({ path: path.join(shots, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  expect(overflow, `${name}: no sideways scrolling at 375 px`).toBe(false);
}

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-instructor-e2e-'));
  server = await startPortalServer({ webDist: inject('webDist'), dataDir });
  useOwnServer(server.baseUrl);
  instructor = await apiLogin('instructor@mels.example.jp');
  office = await apiLogin('office@mels.example.jp');
  attendee = await apiLogin('attendee@mels.example.jp');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  useOwnServer(undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the instructor tab (/my-page/completed)', () => {
  it('shows the rank and the teaching history, and downloads a performance zip of two sessions', async () => {
    const { context, page } = await newPage(browser, DESKTOP, instructor);
    await page.goto('/my-page/completed');
    await page.getByRole('tab', { name: 'インストラクター', selected: true }).waitFor();
    const current = page.getByTestId('rank-I');
    await current.waitFor();
    expect(await current.getAttribute('data-current')).toBe('true');
    await current.getByText('現在のランク').waitFor();
    expect(await page.getByTestId('rank-D').getByText('未認定').count()).toBe(1);

    const history = page.getByTestId('teaching-history');
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(7);
    await history.getByText('アシスタント').first().waitFor();

    // The memo stays in this browser.
    await page.getByTestId('instructor-memo-input').fill('次回はブース2を担当');
    await page.reload();
    await page.getByTestId('instructor-memo-input').waitFor();
    expect(await page.getByTestId('instructor-memo-input').inputValue()).toBe('次回はブース2を担当');

    // Nothing chosen: the spec's message, no download.
    const performance = page.getByTestId('instructor-performance');
    await performance.getByTestId('performance-download').click();
    await performance.getByTestId('performance-error').getByText('講習会を選択してください。').waitFor();

    const boxes = performance.locator('input[type="checkbox"]:not([disabled])');
    await boxes.first().waitFor();
    expect(await boxes.count()).toBe(7);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      performance.getByTestId('performance-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^実績証明書_\d{8}\.zip$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-performance-'));
    try {
      const file = path.join(dir, 'performance.zip');
      await download.saveAs(file);
      const bytes = fs.readFileSync(file);
      expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
      expect(bytes.readUInt16LE(6) & 0x0800).toBe(0x0800);
      execFileSync('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
      const pdfs = fs.readdirSync(path.join(dir, 'out')).sort();
      expect(pdfs).toHaveLength(2);
      for (const name of pdfs) {
        expect(name).toMatch(/^実績証明書_\d{8}_.+_インストラクター\.pdf$/);
        const text = execFileSync('pdftotext', [path.join(dir, 'out', name), '-'], { encoding: 'utf8' });
        expect(text).toContain('中村 直樹');
        expect(text).toContain('一般社団法人 日本母体救命システム普及協議会');
        expect(text).toContain('インストラクターとして参加したことを証明します');
        expect(text).toContain('照合番号');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await page.getByText('ダウンロードしました').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'instructor-tab');
    await context.close();
  });

  it('a member without a rank sees the server’s refusal in a modal, with the requirements link and いいえ', async () => {
    const { context, page } = await newPage(browser, DESKTOP, attendee);
    await page.goto('/my-page/completed');
    await page
      .getByTestId('performance-trainings')
      .or(page.getByText('表示する活動記録はありません').first())
      .waitFor();
    await page.getByTestId('rank-up-request').click();
    const dialog = page.getByRole('dialog', { name: 'ランクアップ申請' });
    await dialog.waitFor();
    await dialog
      .getByText('ランクアップ申請は、ベーシックインストラクター以上の認定を受けた方のみ行えます。')
      .waitFor();
    await dialog.getByRole('link', { name: 'ランクアップの要件を見る' }).waitFor();
    await expectAxeClean(page, true);
    await shootBoth(page, 'instructor-rank-up-refusal');
    await dialog.getByRole('button', { name: 'いいえ' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The link leads to the requirements of every level.
    await page.getByTestId('rank-up-request').click();
    await dialog.getByRole('link', { name: 'ランクアップの要件を見る' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByTestId('rank-up-requirements')
      .getByText(/ディレクター：現在のランクの認定から2年以上/)
      .waitFor();
    await context.close();
  });

  it('requests a rank-up, chooses the evaluation session; the office approves; the tab shows ディレクター', async () => {
    const { context, page } = await newPage(browser, DESKTOP, instructor);
    await page.goto('/my-page/completed');
    const section = page.getByTestId('instructor-rank-up');
    await section.getByText('次のランク：ディレクター').first().waitFor();
    await section.getByTestId('rank-up-request').click();
    await section.getByTestId('rank-up-status').getByText('講習会の選択待ち').waitFor();
    const candidates = section.getByTestId('rank-up-candidates');
    await candidates.waitFor();
    expect(await candidates.getByRole('listitem').count()).toBe(1);
    const session = (await candidates.getByRole('listitem').locator('p').first().textContent()) ?? '';
    await expectAxeClean(page);
    await shootBoth(page, 'instructor-rank-up-choose');
    await candidates.getByRole('button', { name: /この講習会で評価を受ける/ }).click();
    await section.getByTestId('rank-up-status').getByText('事務局の審査待ち').waitFor();
    await section.getByTestId('rank-up-session').getByText(session, { exact: false }).waitFor();

    // The office approves in its console.
    const officePage = await newPage(browser, DESKTOP, office);
    await officePage.page.goto('/office/rank-up-requests');
    const table = officePage.page.getByTestId('office-rank-ups');
    await table.waitFor();
    const row = table.locator('tbody tr').filter({ hasText: '中村 直樹' });
    await row.getByText('ディレクター').waitFor();
    await expectAxeClean(officePage.page);
    await shootBoth(officePage.page, 'office-rank-ups');
    await row.getByRole('button', { name: '承認する' }).click();
    await officePage.page.getByTestId('office-rank-up-notice').getByText('承認しました').waitFor();
    await row.getByText('承認されました').waitFor();
    await officePage.context.close();

    await page.reload();
    const director = page.getByTestId('rank-D');
    await director.waitFor();
    await expect.poll(() => director.getAttribute('data-current')).toBe('true');
    await director.getByText('現在のランク').waitFor();
    await section.getByTestId('rank-up-status').getByText('承認されました').waitFor();
    await section.getByText('次のランク：シニアディレクター').first().waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});
