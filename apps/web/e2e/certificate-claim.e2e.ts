import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, screenshot } from './support/browser.ts';

/**
 * データ移行 (spec 001 §2): the demo attendee claims the basic-course certificate of the older system
 * by its attendance code, pays the fee by card and gets the PDF. Only this file claims it.
 */
const EMAIL = 'attendee@mels.example.jp';

/** The seed's codes carry the year of a day so many days before today (Japan time). */
function yearOfDaysAgo(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 4);
}
const ATTENDEE_CODE = `A${yearOfDaysAgo(1660)}-000123`;
const OTHER_EMAIL_CODE = `A${yearOfDaysAgo(1400)}-000318`;

/** The code as a Japanese IME would type it: full-width letters, digits and dash. */
const fullWidth = (value: string) =>
  value.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/-/g, '－');

type ClaimCourse = { id: number; name: string; certificate_prefix: string | null };

let browser: Browser;
let token = '';
let basic: ClaimCourse;

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

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

async function codePage(kind: 'input-code' | 'certificate-no' = 'input-code') {
  const opened = await newPage(browser, DESKTOP, token);
  await opened.page.goto(`/certificate/${basic.id}/${kind}`);
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  return opened;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(EMAIL);
  const courses = await apiCall<ClaimCourse[]>('/certificates/claim-courses', { token });
  const found = courses.find((c) => c.name === 'ベーシックコース');
  if (!found) throw new Error('the basic course is not among the claim courses');
  basic = found;
});
afterAll(async () => {
  await browser?.close();
});

describe('data transfer (データ移行)', () => {
  it('lists only B / BI courses and asks for the course; the header links to it', async () => {
    const courses = await apiCall<ClaimCourse[]>('/certificates/claim-courses', { token });
    expect(courses.length).toBeGreaterThan(0);
    for (const c of courses) expect(['B', 'BI']).toContain(c.certificate_prefix);

    const { context, page } = await newPage(browser, DESKTOP, token);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
    await nav.getByRole('link', { name: 'データ移行' }).click();
    await page.waitForURL(/\/certificate$/);
    await page.getByRole('heading', { level: 1, name: 'データ移行' }).waitFor();
    await expect.poll(() => page.title()).toContain('データ移行');
    const select = field(page, 'コース');
    await select.waitFor();
    const options = await select.locator('option').allTextContents();
    expect(options.slice(1).sort()).toEqual(courses.map((c) => c.name).sort());
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByText('コースを選択してください').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'claim-start');

    // 認定番号 → certificate-no; the help link → forgot-certificate-no.
    await select.selectOption({ label: 'ベーシックコース' });
    await page.getByRole('radio', { name: /認定番号/ }).check();
    await page.getByRole('button', { name: '次へ' }).click();
    await page.waitForURL(new RegExp(`/certificate/${basic.id}/certificate-no$`));
    await page.getByRole('heading', { level: 1, name: '認定番号の入力' }).waitFor();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByText('認定番号を入力してください').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: '認定番号がわからない場合' }).click();
    await page.waitForURL(/\/forgot-certificate-no$/);
    await page.getByRole('heading', { level: 1, name: '認定番号がわからない場合' }).waitFor();
    expect(await page.getByRole('link', { name: 'お問い合わせフォームへ' }).getAttribute('href')).toBe(
      '/contact-us',
    );
    await expectAxeClean(page);
    await shootBoth(page, 'claim-forgot');
    await page.getByRole('link', { name: '受講コードで移行する' }).click();
    await page.waitForURL(new RegExp(`/certificate/${basic.id}/input-code$`));
    await page.getByRole('heading', { level: 1, name: '受講コードの入力' }).waitFor();
    await context.close();
  });

  it('sends an unknown type to /404, says an unknown course is missing, and needs the code first', async () => {
    const { context, page } = await newPage(browser, DESKTOP, token);
    await page.goto(`/certificate/${basic.id}/somewhere`);
    await page.waitForURL(/\/404$/);
    await page.getByText('PAGE NOT FOUND').waitFor();
    await page.goto('/certificate/999999/input-code');
    await page.getByText('データが見つかりません').waitFor();
    await page.goto('/certificate/abc/input-code');
    await page.getByText('データが見つかりません').waitFor();
    // The confirmation without the code step's state goes back to the code.
    await page.goto(`/certificate/${basic.id}/attendance-code`);
    await page.waitForURL(new RegExp(`/certificate/${basic.id}/input-code$`));
    await context.close();
  });

  it('shows the server message and the help text for a wrong code', async () => {
    const { context, page } = await codePage();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByText('受講コードを入力してください').waitFor();
    await field(page, '受講コード').fill('A1999-999999');
    await page.getByRole('button', { name: '確認する' }).click();
    const error = page.getByTestId('claim-code-error');
    await error.waitFor();
    await error.getByText(/事務局までお問い合わせください/).waitFor();
    await error.getByText(/該当する受講記録が見つかりませんでした/).waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'claim-code-wrong');
    await context.close();
  });

  it('offers the email used at the course after a code is not found, and accepts only the right one', async () => {
    const { context, page } = await codePage();
    // A code that does not exist and one recorded with another address read alike (decision 020).
    await field(page, '受講コード').fill('A1999-999998');
    await page.getByRole('button', { name: '確認する' }).click();
    const unknownText = (await page.getByTestId('claim-code-error').textContent()) ?? '';
    await field(page, '受講コード').fill(OTHER_EMAIL_CODE.toLowerCase());
    await page.getByRole('button', { name: '確認する' }).click();
    await expect
      .poll(async () => (await page.getByTestId('claim-code-error').textContent()) ?? '')
      .toBe(unknownText);
    expect(unknownText).toMatch(/該当する受講記録が見つかりませんでした/);
    await expectAxeClean(page);
    await page.getByRole('button', { name: '受講時のメールアドレスを入力する' }).click();
    await page.getByRole('heading', { name: 'メールアドレスの確認' }).waitFor();
    // The code was kept (upper case, as normalised).
    await page.getByText(OTHER_EMAIL_CODE, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'メールアドレスを確認する' }).click();
    await page.getByText('メールアドレスを入力してください', { exact: true }).waitFor();
    await field(page, '受講時のメールアドレス').fill('someone.else@example.jp');
    await page.getByRole('button', { name: 'メールアドレスを確認する' }).click();
    const input = field(page, '受講時のメールアドレス');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('この番号とメールアドレスに一致する受講記録が見つかりません').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'claim-email');
    await page.getByRole('button', { name: '番号の入力に戻る' }).click();
    await field(page, '受講コード').waitFor();
    // The address of the time proves the record: the confirmation shows its holder.
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByRole('button', { name: '受講時のメールアドレスを入力する' }).click();
    await field(page, '受講時のメールアドレス').fill('Tanaka.Yumi@example.jp');
    await page.getByRole('button', { name: 'メールアドレスを確認する' }).click();
    await page.getByRole('heading', { level: 1, name: '受講内容の確認' }).waitFor();
    expect(await page.getByTestId('claim-holder').textContent()).toBe('田中 由美');
    await context.close();
  });

  it('claims the attendee’s basic certificate: confirmation, card payment, the PDF frame and download', async () => {
    const { context, page } = await newPage(browser, DESKTOP, token);
    await page.goto('/certificate');
    await field(page, 'コース').selectOption({ label: 'ベーシックコース' });
    await page.getByRole('radio', { name: /受講コード/ }).check();
    await page.getByRole('button', { name: '次へ' }).click();
    await page.waitForURL(new RegExp(`/certificate/${basic.id}/input-code$`));
    await field(page, '受講コード').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'claim-code');
    // Typed in full width, as a Japanese IME would.
    await field(page, '受講コード').fill(fullWidth(ATTENDEE_CODE));
    await page.getByRole('button', { name: '確認する' }).click();

    await page.waitForURL(new RegExp(`/certificate/${basic.id}/attendance-code$`));
    await page.getByRole('heading', { level: 1, name: '受講内容の確認' }).waitFor();
    expect(await page.getByTestId('claim-holder').textContent()).toBe('佐藤 美咲');
    expect(await page.getByTestId('claim-fee').textContent()).toBe('3,300円');
    const facts = (await page.getByTestId('claim-facts').textContent()) ?? '';
    expect(facts).toContain('ベーシックコース');
    expect(facts).toMatch(/\d{4}\/\d{2}\/\d{2}/);
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByText('個人情報の取り扱いに同意してください').waitFor();
    await expectAxeClean(page);
    await shootBoth(page, 'claim-confirm');
    await page.getByRole('checkbox', { name: /個人情報の取り扱いに同意する/ }).check();
    await page.getByRole('button', { name: '次へ' }).click();

    await page.getByRole('heading', { name: '修了証発行手数料のお支払い' }).waitFor();
    await field(page, 'カード番号').fill('4242 4242 4242 4242');
    await field(page, '有効期限（MM/YY）').fill('12/34');
    await field(page, 'セキュリティコード').fill('123');
    await field(page, 'メールアドレス').fill(EMAIL);
    await expectAxeClean(page);
    await shootBoth(page, 'claim-card');
    await page.getByRole('button', { name: /を支払う$/ }).click();
    await page.getByRole('heading', { name: '決済完了' }).waitFor({ timeout: 30_000 });
    await expectAxeClean(page);
    await shootBoth(page, 'claim-paid');
    await page.getByRole('button', { name: '修了証を表示する' }).click();

    await page.getByRole('heading', { name: 'データ移行が完了しました' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('claim-certificate').getByText('佐藤 美咲', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('修了証');
    const frame = page.getByTestId('claim-certificate-frame');
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toContain('#toolbar=0');
    expect(await frame.getAttribute('title')).toBe('修了証（PDF）');
    expect(Math.round((await frame.boundingBox())?.height ?? 0)).toBe(580);
    const pdf = await page.request.get(new URL(src.split('#')[0] ?? '', page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(await page.getByRole('link', { name: 'マイページの受講履歴へ' }).getAttribute('href')).toBe(
      '/my-page/activities',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('claim-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.getByText('ダウンロードを開始しました。').waitFor();
    await expectAxeClean(page);
    // The PDF viewer draws the page a moment after the frame loads.
    await page.waitForTimeout(2000);
    await shootBoth(page, 'claim-certificate');

    // Claimed already: the same code goes straight to the certificate, without a payment.
    await page.goto(`/certificate/${basic.id}/input-code`);
    await field(page, '受講コード').fill(ATTENDEE_CODE);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByRole('checkbox', { name: /個人情報の取り扱いに同意する/ }).check();
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByRole('heading', { name: 'データ移行が完了しました' }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
