import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, screenshot } from './support/browser.ts';

/**
 * インストラクター資料 (spec 001): the demo instructor (rank インストラクター, level 2) reads the
 * documents from the user menu; the demo attendee (no rank) is sent to /404 and has no link.
 */
let browser: Browser;
let instructor = '';
let attendee = '';

async function expectAxeClean(page: Page) {
  expect(await axeSerious(page)).toEqual([]);
}

/** The page as it is at desktop width and at 375 px (then back to desktop). */
async function shootBoth(page: Page, name: string) {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  expect(overflow, `${name}: no sideways scrolling at 375 px`).toBe(false);
}

beforeAll(async () => {
  browser = await launchBrowser();
  instructor = await apiLogin('instructor@mels.example.jp');
  attendee = await apiLogin('attendee@mels.example.jp');
});
afterAll(async () => {
  await browser?.close();
});

describe('instructor documents (インストラクター資料)', () => {
  it('the instructor opens the list from the user menu, by category, then a document and back', async () => {
    const { context, page } = await newPage(browser, DESKTOP, instructor);
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'インストラクター資料' }).click();
    await page.waitForURL(/\/instructor-document$/);
    await page.getByRole('heading', { level: 1, name: 'インストラクター資料' }).waitFor();
    await expect.poll(() => page.title()).toContain('インストラクター資料');

    // Category groups (level 1 and 2 documents); the director-only minutes are not listed.
    const groups = page.getByRole('heading', { level: 2 });
    await groups.first().waitFor();
    expect((await groups.allTextContents()).sort()).toEqual(
      ['コース運営', '指導技法', '各種様式', '会議・研修会'].sort(),
    );
    const operations = page.getByRole('region', { name: 'コース運営' });
    await operations.getByRole('link', { name: 'ベーシックコース 標準タイムテーブル' }).waitFor();
    expect(await operations.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => page.getByText('ディレクター会議 議事要旨').count()).toBe(0);
    const dates = await page.locator('main time').allTextContents();
    expect(dates.length).toBe(7);
    for (const d of dates) expect(d).toMatch(/^\d{4}\.\d{2}\.\d{2}$/);
    await expectAxeClean(page);
    await shootBoth(page, 'instructor-documents');

    // A document with a table; and one with a list.
    await operations.getByRole('link', { name: 'ベーシックコース 標準タイムテーブル' }).click();
    await page.waitForURL(/\/instructor-document\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'ベーシックコース 標準タイムテーブル' }).waitFor();
    const table = page.locator('article table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(8);
    await page.getByRole('cell', { name: 'ブース2：産科危機的出血' }).waitFor();
    await page.locator('article').getByText('コース運営', { exact: true }).waitFor();
    expect(await page.locator('article time').textContent()).toMatch(/^\d{4}\.\d{2}\.\d{2}$/);
    await expectAxeClean(page);
    await shootBoth(page, 'instructor-document');

    await page.getByRole('link', { name: /インストラクター資料一覧へ戻る/ }).click();
    await page.waitForURL(/\/instructor-document$/);
    await page.getByRole('link', { name: 'シナリオ運営のポイント' }).click();
    await page.getByRole('heading', { level: 1, name: 'シナリオ運営のポイント' }).waitFor();
    expect(await page.locator('article ul li').count()).toBe(4);
    await context.close();
  });

  it('the attendee (no rank) goes to /404 from both pages and has no menu link', async () => {
    const { context, page } = await newPage(browser, DESKTOP, attendee);
    await page.goto('/instructor-document');
    await page.waitForURL(/\/404$/);
    await page.getByText('PAGE NOT FOUND').waitFor();
    await page.goto('/instructor-document/1');
    await page.waitForURL(/\/404$/);
    await page.getByText('PAGE NOT FOUND').waitFor();

    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'マイページ' }).waitFor();
    // The rank has been read (the menu asks once the user is logged in).
    await page.waitForTimeout(500);
    expect(await page.getByRole('link', { name: 'インストラクター資料' }).count()).toBe(0);
    await context.close();
  });
});
