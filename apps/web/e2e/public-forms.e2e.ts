import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSerious, launchBrowser, MOBILE, newPage, receivedMails, screenshot, screenshotBoth } from './support/browser.ts';

/** The contact form and the local holding registration, end to end with the real SMTP sink. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OFFICE = 'office@mels.example.jp';

/** Decoded text of a raw MIME mail (quoted-printable or base64 bodies), enough to look for words. */
function mailText(raw: string): string {
  const decoded: string[] = [raw];
  for (const m of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    decoded.push(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (seq) => Buffer.from(seq.replace(/=/g, ''), 'hex').toString('utf8'));
  decoded.push(qp);
  return decoded.join('\n');
}

async function mailsTo(address: string) {
  return (await receivedMails()).filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

function fieldError(page: Page, label: string) {
  // Mantine links the error to its input with aria-describedby; read the description of the input.
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}

describe('contact form', () => {
  it('checks the fields, sends the message and the mails arrive', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'お問い合わせ' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contact-us');
    await page.getByRole('heading', { level: 1, name: 'お問い合わせ' }).waitFor();
    await expect.poll(() => page.title()).toBe('お問い合わせ | 母体救命 MELS ポータル');
    expect(await axeSerious(page)).toEqual([]);

    // Empty form: every required field says so, in the domain schema's words.
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByText('お名前は必須です').waitFor();
    await page.getByText('勤務先は必須です').waitFor();
    await page.getByText('メールアドレスは必須です').waitFor();
    await page.getByText('件名を選択してください').waitFor();
    await page.getByText('お問い合わせ内容は必須です').waitFor();
    expect(await axeSerious(page)).toEqual([]);

    await page.getByLabel('お名前', { exact: true }).fill('  山田 花子  ');
    await page.getByLabel('勤務先', { exact: true }).fill('東京母子医療センター');
    await page.getByLabel('メールアドレス', { exact: true }).fill('hanako@example');
    await page.getByLabel('メールアドレス', { exact: true }).blur();
    await expect.poll(() => fieldError(page, 'メールアドレス')).toContain('メールアドレスの形式は正しくありません。');
    // Values are trimmed when the field is left.
    expect(await page.getByLabel('お名前', { exact: true }).inputValue()).toBe('山田 花子');

    // 'Other' needs a description of at most 50 characters.
    await page.getByRole('radio', { name: 'その他' }).check();
    await page.getByLabel('件名（その他）', { exact: true }).fill('あ'.repeat(51));
    await page.getByRole('button', { name: '送信する' }).click();
    await expect.poll(() => fieldError(page, '件名（その他）')).toContain('50文字以内で入力してください');
    await page.getByLabel('件名（その他）', { exact: true }).fill('領収書の再発行');

    const email = `hanako.${Date.now()}@example.jp`;
    await page.getByLabel('メールアドレス', { exact: true }).fill(email);
    await page.getByLabel('お問い合わせ内容', { exact: true }).fill('領収書を紛失しました。\n再発行は可能でしょうか。');
    await page.getByRole('button', { name: '送信する' }).click();

    await page.getByTestId('contact-thanks').waitFor();
    await page.getByRole('heading', { level: 1, name: 'お問い合わせを受け付けました' }).waitFor();
    expect(await page.getByTestId('contact-thanks').textContent()).toContain('1週間以内');
    expect(await page.getByTestId('contact-thanks').textContent()).toContain(email);
    await expect.poll(() => page.title()).toBe('お問い合わせを受け付けました | 母体救命 MELS ポータル');
    expect(await axeSerious(page)).toEqual([]);

    // The sender's acknowledgement and the office's copy, through the real SMTP server.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
    const ack = mailText((await mailsTo(email))[0]?.raw ?? '');
    expect(ack).toContain('その他（領収書の再発行）');
    await expect
      .poll(async () => (await mailsTo(OFFICE)).some((m) => mailText(m.raw).includes(email)), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });
});

describe('local holding registration', () => {
  async function fillInput(page: Page, email: string) {
    await page.getByLabel('団体名', { exact: true }).fill(' 〇〇県母体救命研究会 ');
    await page.getByLabel('事務局担当者名', { exact: true }).fill('佐藤 一郎');
    await page.getByLabel('事務局所在地', { exact: true }).fill('〇〇県〇〇市1-2-3');
    await page.getByLabel('事務局電話番号', { exact: true }).fill('03-1234-5678');
    await page.getByLabel('事務局メールアドレス', { exact: true }).fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill('Holding99');
  }

  it('goes input → confirm → finish and mails the secretariat', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/seminar-info');
    await page.getByRole('link', { name: '地域開催団体として登録する' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/seminar-register');
    await page.getByRole('heading', { level: 1, name: '地域開催団体の登録' }).waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('入力');
    expect(await axeSerious(page)).toEqual([]);

    // Required fields and the formats.
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await page.getByText('団体名は必須です').waitFor();
    await page.getByText('パスワードは必須です').waitFor();
    await page.getByLabel('事務局メールアドレス', { exact: true }).fill('office.example.org');
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await expect.poll(() => fieldError(page, '事務局メールアドレス')).toContain('メールアドレスの形式は正しくありません。');
    expect(await axeSerious(page)).toEqual([]);

    const email = `host.${Date.now()}@example.org`;
    await fillInput(page, email);
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    const confirm = page.getByTestId('seminar-register-confirm');
    await confirm.waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('確認');
    const text = (await confirm.textContent()) ?? '';
    expect(text).toContain('〇〇県母体救命研究会');
    expect(text).not.toContain(' 〇〇県母体救命研究会 ');
    expect(text).toContain(email);
    expect(text).not.toContain('Holding99');
    expect(await axeSerious(page)).toEqual([]);

    // Back keeps the values.
    await page.getByRole('button', { name: '入力画面に戻る' }).click();
    expect(await page.getByLabel('事務局メールアドレス', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await confirm.waitFor();

    await page.getByRole('button', { name: '登録を申請する' }).click();
    await page.getByTestId('seminar-register-finish').waitFor();
    await page.getByRole('heading', { name: '登録の申請を受け付けました' }).waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('完了');
    expect(await axeSerious(page)).toEqual([]);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    // The same email again: the field error comes back on the input step.
    await page.goto('/seminar-register');
    await fillInput(page, email);
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await confirm.waitFor();
    await page.getByRole('button', { name: '登録を申請する' }).click();
    await expect.poll(() => fieldError(page, '事務局メールアドレス')).toContain('このメールアドレスは既に登録されています。');
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('入力');
    expect(await page.getByLabel('団体名', { exact: true }).inputValue()).toBe('〇〇県母体救命研究会');
    await context.close();
  });

  it('starts again at the input step after a reload of the confirmation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/seminar-register');
    await fillInput(page, `reload.${Date.now()}@example.org`);
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await page.getByTestId('seminar-register-confirm').waitFor();
    await page.reload();
    await page.getByRole('button', { name: '確認画面へ進む' }).waitFor();
    expect(await page.getByLabel('団体名', { exact: true }).inputValue()).toBe('');
    await context.close();
  });
});

describe('screenshots', () => {
  it('saves the form pages at desktop and 375 px', async () => {
    await screenshotBoth(browser, '/contact-us', 'public-contact', (page) => page.getByRole('button', { name: '送信する' }).waitFor());
    await screenshotBoth(browser, '/seminar-register', 'public-seminar-register', (page) =>
      page.getByRole('button', { name: '確認画面へ進む' }).waitFor(),
    );
    // Error state and confirm step at 375 px.
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/contact-us');
    await page.getByRole('radio', { name: 'その他' }).check();
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByText('お名前は必須です').waitFor();
    await screenshot(page, 'public-contact-errors-375');
    await page.goto('/seminar-register');
    await page.getByLabel('団体名', { exact: true }).fill('〇〇県母体救命研究会');
    await page.getByLabel('事務局担当者名', { exact: true }).fill('佐藤 一郎');
    await page.getByLabel('事務局所在地', { exact: true }).fill('〇〇県〇〇市1-2-3');
    await page.getByLabel('事務局電話番号', { exact: true }).fill('03-1234-5678');
    await page.getByLabel('事務局メールアドレス', { exact: true }).fill('shot@example.org');
    await page.getByLabel('パスワード', { exact: true }).fill('Holding99');
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await page.getByTestId('seminar-register-confirm').waitFor();
    await screenshot(page, 'public-seminar-register-confirm-375');
    await context.close();
  });
});
