import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import {
  axeLandmarks,
  axeSerious,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
} from './support/browser.ts';

/**
 * Issue 15, the basic-instructor certification request (decision 029): bi-candidate goes through the
 * criteria page, the pledge of an emergency doctor with a qualification, the application form, the card
 * payment of the certification fee and the recommendation letter; the office approves; the member sees and
 * downloads the certificate and the instructor tab shows the BI rank. bi-nurse sees the requirements-unmet
 * page. Only this file uses the two accounts.
 */
let browser: Browser;
let candidate = '';
let nurse = '';
let office = '';
let biCourse = 0;
const shots = '/tmp/shots-bi';

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function expectAxeClean(page: Page, withLandmarks = false) {
  expect(await axeSerious(page)).toEqual([]);
  if (withLandmarks) expect(await axeLandmarks(page)).toEqual([]);
}

/** The page at 1280 and 375 px (then back to 1280): no sideways scrolling on the phone. */
async function shootBoth(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await screenshot(page, `bi-${name}-desktop`);
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await page.screenshot({ path: path.join(shots, `${name}-375.png`), fullPage: true });
  await screenshot(page, `bi-${name}-375`);
  await page.setViewportSize(DESKTOP);
  expect(overflow, `${name}: no sideways scrolling at 375 px`).toBe(false);
}

beforeAll(async () => {
  browser = await launchBrowser();
  candidate = await apiLogin('bi-candidate@mels.example.jp');
  nurse = await apiLogin('bi-nurse@mels.example.jp');
  office = await apiLogin('office@mels.example.jp');
  const courses =
    await apiCall<{ id: number; certificate_prefix: string | null; is_renewal?: boolean }[]>(
      '/courses?limit=999',
    );
  biCourse = courses.find((c) => c.certificate_prefix === 'BI')?.id ?? 0;
  expect(biCourse).toBeGreaterThan(0);
});
afterAll(async () => {
  await browser?.close();
});

const start = () => `/certificate/${biCourse}/enrolled/basic-instructor/request-certificate`;

describe('BI certification request', () => {
  it('bi-nurse: the requirements-unmet page says what is missing', async () => {
    const { context, page } = await newPage(browser, DESKTOP, nurse);
    await page.goto(start());
    await page.getByRole('heading', { level: 2, name: '認定要件を満たしていません' }).waitFor();
    const missing = page.getByTestId('bi-missing');
    await expect.poll(() => missing.textContent()).toContain('あと2回のアシスタント参加が必要です。');
    expect(await missing.textContent()).toMatch(
      /コース修了から1年が経過していません。\d{4}\/\d{2}\/\d{2}から申請できます。/,
    );
    expect(await page.getByText(/対象となるアシスタント参加（1回／必要3回）/).count()).toBe(1);
    await expectAxeClean(page, true);
    await shootBoth(page, 'unmet');
    await context.close();
  });

  it('bi-candidate: criteria, pledge, form, card payment, recommendation letter; the office approves; the certificate', async () => {
    const { context, page } = await newPage(browser, DESKTOP, candidate);
    await page.goto(start());
    await page.getByRole('heading', { level: 2, name: '認定基準' }).waitFor();
    await page.getByText('アシスタント参加：3回（必要1回）').waitFor();
    await page.getByText('認定申請料：¥11,000').or(page.getByText('認定申請料：11,000円')).first().waitFor();
    await expectAxeClean(page, true);
    await shootBoth(page, 'criteria');
    await page.getByTestId('bi-start').click();

    // The pledge of an emergency doctor holding a simulation qualification; consent required.
    await page.getByRole('heading', { level: 2, name: '誓約書' }).waitFor();
    await page.waitForURL(/\/basic-instructor\/request-certificate\/\d+$/);
    const requestId = Number(page.url().split('/').pop());
    expect(await page.getByTestId('bi-pledge-variant').textContent()).toBe(
      '医師（救急科・麻酔科・集中治療科／他のシミュレーション資格あり）',
    );
    await page.getByTestId('bi-pledge-submit').click();
    await page.getByText('個人情報の取り扱いに同意してください').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'pledge');
    await page.getByLabel('個人情報の取り扱いおよび上記の誓約事項に同意します').check();
    await page.getByTestId('bi-pledge-submit').click();

    // The application form: all required; then the fee.
    await page.getByRole('heading', { level: 2, name: '申請フォーム' }).waitFor();
    await page.getByText('お申し込み後、2〜4日以内に協会よりご連絡いたします。').waitFor();
    expect(await field(page, '氏名').inputValue()).toBe('渡辺 翔');
    await page.getByTestId('bi-application-submit').click();
    await page.getByText('申請内容は必須です').waitFor();
    await field(page, '申請内容').fill(
      '所属：横浜みなと救命救急センター 救急科\n推薦者：中村 直樹（インストラクター）',
    );
    await expectAxeClean(page);
    await shootBoth(page, 'application');
    await page.getByTestId('bi-application-submit').click();

    await page.getByRole('heading', { level: 2, name: '認定申請料のお支払い' }).waitFor();
    await field(page, 'カード番号').fill('4242 4242 4242 4242');
    await field(page, '有効期限（MM/YY）').fill('12/34');
    await field(page, 'セキュリティコード').fill('123');
    await expectAxeClean(page);
    await shootBoth(page, 'payment');
    await page.getByRole('button', { name: /を支払う$/ }).click();
    await page.getByTestId('bi-continue').click({ timeout: 30_000 });

    // The recommendation letter: the template downloads as 推薦書.docx, then 'sent by post'.
    await page.getByRole('heading', { level: 2, name: '推薦書のご提出' }).waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'recommendation');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bi-template').click(),
    ]);
    expect(template.suggestedFilename()).toBe('推薦書.docx');
    const docx = fs.readFileSync((await template.path())!);
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    await page.getByTestId('bi-mailed').click();
    await page.getByRole('heading', { level: 2, name: '申請が完了しました' }).waitFor();
    await page.getByText('申請状況：審査中').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'complete');

    // The office reviews and approves.
    const desk = await newPage(browser, DESKTOP, office);
    await desk.page.goto('/office/instructor-requests');
    await desk.page.getByTestId('office-bi-list').waitFor();
    await expectAxeClean(desk.page, true);
    await shootBoth(desk.page, 'office-list');
    await desk.page.getByRole('link', { name: `#${requestId}` }).click();
    await desk.page.getByRole('heading', { level: 1, name: `認定申請 #${requestId}` }).waitFor();
    expect(await desk.page.getByTestId('office-bi-records').textContent()).toBe(
      '現在の記録で要件を満たしています',
    );
    expect(await desk.page.getByTestId('office-bi-payment').textContent()).toContain('11,000');
    await expectAxeClean(desk.page, true);
    await shootBoth(desk.page, 'office-review');
    await desk.page.getByTestId('office-bi-approve').click();
    await desk.page.getByRole('dialog').waitFor();
    await expectAxeClean(desk.page, true);
    await desk.page.getByTestId('office-bi-approve-confirm').click();
    await desk.page.getByText('承認し、認定証を発行しました。').waitFor();
    const issued = (await desk.page.getByTestId('office-bi-certificate').textContent()) ?? '';
    expect(issued).toMatch(/認定証：BI-\d{6}/);
    await shootBoth(desk.page, 'office-approved');
    await desk.context.close();

    // The member sees the certificate and downloads its PDF.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'ベーシックインストラクター認定証' }).waitFor();
    const number = (await page.getByTestId('bi-certificate-number').textContent()) ?? '';
    expect(issued).toContain(number);
    await page.getByTestId('bi-certificate-frame').waitFor();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bi-certificate-download').click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`certificate_${number}.pdf`);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectAxeClean(page);
    await shootBoth(page, 'certificate');

    // The BI rank is granted: the instructor tab marks it current.
    const rank = await apiCall<{ level: number | null }>('/users/current-rank', { token: candidate });
    expect(rank.level).toBe(1);
    await page.goto('/my-page/completed');
    await page.locator('[data-testid="rank-BI"][data-current]').waitFor();
    await context.close();
  });
});
