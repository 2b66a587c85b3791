import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeSerious,
  launchBrowser,
  MOBILE,
  newPage,
  receivedMails,
  screenshot,
  screenshotBoth,
} from './support/browser.ts';

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
  for (const m of raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
  )) {
    decoded.push(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (seq) => Buffer.from(seq.replace(/=/g, ''), 'hex').toString('utf8'));
  decoded.push(qp);
  return decoded.join('\n');
}

/** expect.poll with time for the API and the lazily loaded chunks. */
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });

async function mailsTo(address: string) {
  return (await receivedMails()).filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The input labelled exactly `label` (Mantine appends an aria-hidden ' *' to required labels). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}(?: \\*)?$`));
}

function fieldError(page: Page, label: string) {
  // Mantine links the error to its input with aria-describedby; read the description of the input.
  return field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}

describe('contact form', () => {
  it('checks the fields, sends the message and the mails arrive', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    // Let the home page settle (lazily loaded search form and course cards) so the footer stays put.
    await page.getByTestId('search-form').waitFor();
    await page.locator('section[aria-labelledby="home-courses"] a').first().waitFor();
    await page.locator('footer').getByRole('link', { name: 'お問い合わせ' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/contact-us');
    await page.getByRole('heading', { level: 1, name: 'お問い合わせ' }).waitFor();
    await poll(() => page.title()).toBe('お問い合わせ | 母体救命 MELS ポータル');
    expect(await axeSerious(page)).toEqual([]);

    // Empty form: every required field says so, in the domain schema's words.
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByText('お名前は必須です').waitFor();
    await page.getByText('勤務先は必須です').waitFor();
    await page.getByText('メールアドレスは必須です').waitFor();
    await page.getByText('件名を選択してください').waitFor();
    await page.getByText('お問い合わせ内容は必須です').waitFor();
    expect(await axeSerious(page)).toEqual([]);

    await field(page, 'お名前').fill('  山田 花子  ');
    await field(page, '勤務先').fill('東京母子医療センター');
    await field(page, 'メールアドレス').fill('hanako@example');
    await field(page, 'メールアドレス').blur();
    await poll(() => fieldError(page, 'メールアドレス')).toContain(
      'メールアドレスの形式は正しくありません。',
    );
    // Values are trimmed when the field is left.
    expect(await field(page, 'お名前').inputValue()).toBe('山田 花子');

    // 'Other' needs a description of at most 50 characters.
    await page.getByRole('radio', { name: 'その他' }).check();
    await field(page, '件名（その他）').fill('あ'.repeat(51));
    await page.getByRole('button', { name: '送信する' }).click();
    await poll(() => fieldError(page, '件名（その他）')).toContain('50文字以内で入力してください');
    await field(page, '件名（その他）').fill('領収書の再発行');

    const email = `hanako.${Date.now()}@example.jp`;
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'お問い合わせ内容').fill('領収書を紛失しました。\n再発行は可能でしょうか。');

    // Field errors from the server show under their fields, the message above the form.
    await page.route('**/api/v1/contacts/send', (route) =>
      route.fulfill({
        status: 400,
        json: {
          meta: { message: '入力内容に誤りがあります。', code: 'VALIDATION_ERROR' },
          errors: { client_email: ['このアドレスには送信できません'] },
        },
      }),
    );
    await page.getByRole('button', { name: '送信する' }).click();
    await poll(() => fieldError(page, 'メールアドレス')).toContain('このアドレスには送信できません');
    await page.getByRole('alert').filter({ hasText: '入力内容に誤りがあります。' }).waitFor();
    await page.unroute('**/api/v1/contacts/send');

    await page.getByRole('button', { name: '送信する' }).click();

    await page.getByTestId('contact-thanks').waitFor();
    await page.getByRole('heading', { level: 1, name: 'お問い合わせを受け付けました' }).waitFor();
    expect(await page.getByTestId('contact-thanks').textContent()).toContain('1週間以内');
    expect(await page.getByTestId('contact-thanks').textContent()).toContain(email);
    await poll(() => page.title()).toBe('お問い合わせを受け付けました | 母体救命 MELS ポータル');
    expect(await axeSerious(page)).toEqual([]);

    // The sender's acknowledgement and the office's copy, through the real SMTP server.
    await poll(async () => (await mailsTo(email)).length).toBe(1);
    const ack = mailText((await mailsTo(email))[0]?.raw ?? '');
    // The acknowledgement names the listed subject only; the office's copy keeps what was typed.
    expect(ack).toContain('件名：その他');
    expect(ack).not.toContain('領収書の再発行');
    await poll(async () => (await mailsTo(OFFICE)).some((m) => mailText(m.raw).includes(email))).toBe(true);
    const copy = (await mailsTo(OFFICE)).find((m) => mailText(m.raw).includes(email));
    expect(mailText(copy?.raw ?? '')).toContain('その他（領収書の再発行）');
    await context.close();
  });
});

describe('local holding registration', () => {
  async function fillInput(page: Page, email: string) {
    await field(page, '団体名').fill(' 〇〇県母体救命研究会 ');
    await field(page, '事務局担当者名').fill('佐藤 一郎');
    await field(page, '事務局所在地').fill('〇〇県〇〇市1-2-3');
    await field(page, '事務局電話番号').fill('03-1234-5678');
    await field(page, '事務局メールアドレス').fill(email);
    await field(page, 'パスワード').fill('Holding99');
  }

  it('goes input → confirm → finish and mails the secretariat', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/seminar-info');
    await page.getByRole('link', { name: '地域開催団体として登録する' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/seminar-register');
    await page.getByRole('heading', { level: 1, name: '地域開催団体の登録' }).waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('入力');
    expect(await axeSerious(page)).toEqual([]);

    // Required fields and the formats.
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await page.getByText('団体名は必須です').waitFor();
    await page.getByText('パスワードは必須です').waitFor();
    await field(page, '事務局メールアドレス').fill('office.example.org');
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await poll(() => fieldError(page, '事務局メールアドレス')).toContain(
      'メールアドレスの形式は正しくありません。',
    );
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
    expect(await field(page, '事務局メールアドレス').inputValue()).toBe(email);
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await confirm.waitFor();

    await page.getByRole('button', { name: '登録を申請する' }).click();
    await page.getByTestId('seminar-register-finish').waitFor();
    await page.getByRole('heading', { name: '登録の申請を受け付けました' }).waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('完了');
    expect(await axeSerious(page)).toEqual([]);
    await poll(async () => (await mailsTo(email)).length).toBeGreaterThanOrEqual(1);

    // The same email again: the field error comes back on the input step.
    await page.goto('/seminar-register');
    await fillInput(page, email);
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await confirm.waitFor();
    await page.getByRole('button', { name: '登録を申請する' }).click();
    await poll(() => fieldError(page, '事務局メールアドレス')).toContain(
      'このメールアドレスは既に登録されています。',
    );
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('入力');
    expect(await field(page, '団体名').inputValue()).toBe('〇〇県母体救命研究会');
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
    expect(await field(page, '団体名').inputValue()).toBe('');
    await context.close();
  });
});

describe('screenshots', () => {
  it('saves the form pages at desktop and 375 px', async () => {
    await screenshotBoth(browser, '/contact-us', 'public-contact', (page) =>
      page.getByRole('button', { name: '送信する' }).waitFor(),
    );
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
    await field(page, '団体名').fill('〇〇県母体救命研究会');
    await field(page, '事務局担当者名').fill('佐藤 一郎');
    await field(page, '事務局所在地').fill('〇〇県〇〇市1-2-3');
    await field(page, '事務局電話番号').fill('03-1234-5678');
    await field(page, '事務局メールアドレス').fill('shot@example.org');
    await field(page, 'パスワード').fill('Holding99');
    await page.getByRole('button', { name: '確認画面へ進む' }).click();
    await page.getByTestId('seminar-register-confirm').waitFor();
    await screenshot(page, 'public-seminar-register-confirm-375');
    await context.close();
  });
});
