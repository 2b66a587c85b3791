import path from 'node:path';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeLandmarks,
  axeSerious,
  launchBrowser,
  MOBILE,
  DESKTOP,
  newPage,
  screenshot,
  waitForMail,
} from './support/browser.ts';
import { apiCall, apiLogin, registerMember } from './support/api.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An input by its label (in the page or a dialog), whether or not the label carries the required asterisk. */
const field = (page: Page | Locator, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()（）]/g, (c) => `\\${c}`)}\\s*\\*?$`));

const email = `hanako.e2e.${Date.now()}@example.jp`;
const password = 'Hanako2026';
const newPassword = 'Sakura2027';

async function fillRegistration(page: Page) {
  await field(page, '姓').fill('山田');
  await field(page, '名').fill('花子');
  // Hiragana typed into the kana fields becomes katakana when they lose focus.
  await field(page, 'セイ').fill('やまだ');
  await field(page, 'メイ').fill('はなこ');
  await field(page, '姓（ローマ字）').fill('YAMADA');
  await field(page, '名（ローマ字）').fill('HANAKO');
  await field(page, '職種').selectOption('2');
  await page.getByRole('checkbox', { name: 'なし' }).check();
  await field(page, '勤務先').fill('東京母子医療センター');
  await field(page, '勤務先都道府県').selectOption('13');
  // Full-width digits are made half-width.
  await field(page, '郵便番号').fill('１０００００１');
  await page.getByRole('button', { name: '住所を検索' }).click();
  await expect.poll(() => field(page, '都道府県').inputValue()).toBe('13');
  await expect.poll(() => field(page, '市区町村').inputValue()).toBe('千代田区千代田');
  await field(page, '番地・建物名').fill('1-1 千代田ビル3階');
  await page.getByLabel('電話番号 1').fill('03');
  await page.getByLabel('電話番号 2').fill('1234');
  await page.getByLabel('電話番号 3').fill('5678');
  await page.getByRole('radio', { name: '女性' }).check();
  await page.getByLabel('生年月日 年').selectOption('1990');
  await page.getByLabel('生年月日 月').selectOption('04');
  await page.getByLabel('生年月日 日').selectOption('15');
  await field(page, 'メールアドレス').fill(email);
  await field(page, 'パスワード').fill(password);
  await field(page, 'パスワード（確認）').fill(password);
  await page.getByLabel('個人情報の取り扱いに同意する').check();
}

describe('accounts', () => {
  it('registers: input → confirm → complete, logged in, and the notice mail arrives', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: '新規会員登録' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    // Submitting empty shows the spec's messages under the fields.
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.getByText('メールアドレスは必須です').waitFor();
    await page.getByText('個人情報の取り扱いに同意してください').waitFor();
    await screenshot(page, 'account-register-errors-desktop');
    await fillRegistration(page);
    await field(page, 'セイ').blur();
    expect(await field(page, 'セイ').inputValue()).toBe('ヤマダ');
    await screenshot(page, 'account-register-desktop');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.getByRole('heading', { level: 1, name: '入力内容の確認' }).waitFor();
    await page.getByText('〒1000001').waitFor();
    await page.getByText('東京都千代田区千代田 1-1 千代田ビル3階').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-register-confirm-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'account-register-confirm-375');
    await page.setViewportSize(DESKTOP);
    // In English the rows that name two fields join them with the English separator, not ・.
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm your details' }).waitFor();
    await page.getByText('Last name · First name', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('・');
    await page.getByText('日本語', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '入力内容の確認' }).waitFor();
    await page.getByText('姓・名', { exact: true }).waitFor();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL((url) => url.pathname !== '/register-confirm');
    if (new URL(page.url()).pathname === '/register')
      throw new Error(
        `registration refused: ${await page.getByRole('alert').first().innerText()} ${(await page.locator('.mantine-InputWrapper-error').allInnerTexts()).join(' / ')}`,
      );
    await page.getByRole('heading', { level: 1, name: '会員登録が完了しました' }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByTestId('user-name').getByText('山田 花子').waitFor();
    await screenshot(page, 'account-register-complete-desktop');
    const mail = await waitForMail(email, /会員登録/);
    expect(mail).toContain('山田');
    // A reload of the confirm page has no draft and goes back to the input page.
    await page.goto('/register-confirm');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('logs out, sends a protected page to login and comes back after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill(password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
    await page.goto('/my-page/info');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill('wrongpass1');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません。').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-login-error-desktop');
    await field(page, 'パスワード').fill(password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/my-page/info');
    await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor();
    // An unknown tab goes to the profile.
    await page.goto('/my-page/unknown');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/my-page/info');
    await context.close();
  });

  it('uploads a cropped avatar that shows in the header', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-'));
    const file = path.join(dir, 'photo.png');
    await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 80, b: 120 } } })
      .png()
      .toFile(file);
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill(password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByTestId('user-name').waitFor();
    await page.goto('/my-page/info');
    await page.getByRole('heading', { name: 'プロフィール画像' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('avatar-choose').click();
    await (await chooser).setFiles(file);
    await page.getByRole('dialog', { name: '画像の切り抜き' }).waitFor();
    await screenshot(page, 'account-avatar-crop-desktop');
    // The modal's header is no second banner landmark.
    expect(await axeLandmarks(page)).toEqual([]);
    await page.getByTestId('avatar-apply').click();
    await page.getByText('プロフィール画像を保存しました。').waitFor();
    await expect
      .poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src'))
      .toMatch(/^\/api\/v1\/avatars\/[A-Za-z0-9_-]+\.jpg$/);
    const src = (await page.getByTestId('user-menu').locator('img').getAttribute('src')) ?? '';
    const response = await page.request.get(src);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    const meta = await sharp(await response.body()).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(3 / 4, 1);
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-my-page-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'account-my-page-375');
    await context.close();
  });

  it('fits the birthday selects (year, month, day) inside the form at 375 px, on registration and profile', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const fits = async () => {
      const fieldset = page.locator('fieldset', { has: page.getByLabel('生年月日 日') }).first();
      await fieldset.waitFor();
      const outer = await fieldset.boundingBox();
      for (const part of ['年', '月', '日']) {
        const box = await page.getByLabel(`生年月日 ${part}`).boundingBox();
        expect(
          box && outer && box.x >= outer.x && box.x + box.width <= outer.x + outer.width + 0.5,
          part,
        ).toBe(true);
        expect(box && box.x + box.width <= MOBILE.width - 8, part).toBe(true);
      }
    };
    await page.goto('/register');
    await fits();
    await screenshot(page, 'account-register-375');
    await context.close();
    const member = await registerMember('birthday');
    const profile = await newPage(browser, MOBILE, member.token);
    await profile.page.goto('/my-page/info');
    const fitsIn = async (p: Page) => {
      const fieldset = p.locator('fieldset', { has: p.getByLabel('生年月日 日') }).first();
      await fieldset.waitFor();
      const outer = await fieldset.boundingBox();
      for (const part of ['年', '月', '日']) {
        const select = p.getByLabel(`生年月日 ${part}`);
        const box = await select.boundingBox();
        expect(box && outer && box.x + box.width <= outer.x + outer.width + 0.5, part).toBe(true);
        expect(box && box.x + box.width <= MOBILE.width - 8, part).toBe(true);
        // The chosen value is not cut off by the arrow ('31日', not '31E').
        const room = await select.evaluate((el: HTMLSelectElement) => {
          const style = getComputedStyle(el);
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return 0;
          context.font = style.font;
          const text = el.options[el.selectedIndex]?.text ?? '';
          const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return inner - context.measureText(text).width;
        });
        expect(room, `${part}: room left beside the value`).toBeGreaterThanOrEqual(0);
      }
    };
    await fitsIn(profile.page);
    await screenshot(profile.page, 'account-profile-375');
    await profile.context.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/forgot-password');
    expect(await axeSerious(page)).toEqual([]);
    await field(page, 'メールアドレス').fill(email);
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByRole('heading', { level: 1, name: 'メールを送信しました' }).waitFor();
    const text = await waitForMail(email, /forgot-password\//);
    const link = /(https?:\/\/\S+\/forgot-password\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: '新しいパスワードの設定' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-reset-desktop');
    await field(page, 'パスワード').fill(newPassword);
    await field(page, 'パスワード（確認）').fill(newPassword);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await page.getByRole('heading', { level: 1, name: 'パスワードを再設定しました' }).waitFor();
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill(newPassword);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByTestId('user-name').getByText('山田 花子').waitFor();
    // The used link does not work twice.
    await page.goto(link!);
    await field(page, 'パスワード').fill('Another123');
    await field(page, 'パスワード（確認）').fill('Another123');
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await page.getByText(/既に使用されています|無効です/).waitFor();
    await context.close();
  });

  it('changes the login address only through the link mailed to the new address', async () => {
    const member = await registerMember('email-change');
    const next = `moved.${Date.now()}@example.jp`;
    const { context, page } = await newPage(browser, DESKTOP, member.token);
    await page.goto('/my-page/info');
    await field(page, 'メールアドレス').fill(next);
    await page.getByRole('button', { name: '変更を保存する' }).click();
    // A new login address needs the current password.
    const dialog = page.getByRole('dialog', { name: '現在のパスワードの確認' });
    await field(dialog, '現在のパスワード').fill('Demo1234');
    await dialog.getByRole('button', { name: '確認して保存する' }).click();
    await page.getByTestId('email-pending').waitFor();
    expect(await page.getByTestId('email-pending').textContent()).toContain(next);
    // Until the link is opened, the old address is the login address.
    expect(await field(page, 'メールアドレス').inputValue()).toBe(member.email);
    expect(await waitForMail(member.email, /変更後のメールアドレス/)).toContain(next);
    const text = await waitForMail(next, /email-change\//);
    const link = /(https?:\/\/\S+\/email-change\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByTestId('email-change-done').waitFor();
    expect(await page.getByTestId('email-change-done').textContent()).toContain(next);
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-email-change-done-desktop');
    await page.getByRole('link', { name: 'マイページへ' }).click();
    await expect.poll(() => field(page, 'メールアドレス').inputValue()).toBe(next);
    // The link works once.
    await page.goto(new URL(link!).pathname);
    await page.getByTestId('email-change-error').getByText('既に使用されています').waitFor();
    await context.close();
  });

  it('asks for the current password in a dialog before a new password is saved', async () => {
    const member = await registerMember('current-password');
    const { context, page } = await newPage(browser, DESKTOP, member.token);
    await page.goto('/my-page/info');
    await field(page, '新しいパスワード').fill('Kirin2031');
    await field(page, 'パスワード（確認）').fill('Kirin2031');
    await page.getByRole('button', { name: '変更を保存する' }).click();
    const dialog = page.getByRole('dialog', { name: '現在のパスワードの確認' });
    await dialog.waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-current-password-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'account-current-password-375');
    await page.setViewportSize(DESKTOP);
    // A wrong one: the server's message under the input; nothing changes.
    await field(dialog, '現在のパスワード').fill('Wrong123');
    await dialog.getByRole('button', { name: '確認して保存する' }).click();
    await dialog.getByText('現在のパスワードが正しくありません。').waitFor();
    await screenshot(page, 'account-current-password-wrong-desktop');
    await expect(apiLogin(member.email, 'Kirin2031')).rejects.toThrow(/400/);
    // The right one: saved, and the new password logs in.
    await field(dialog, '現在のパスワード').fill('Demo1234');
    await dialog.getByRole('button', { name: '確認して保存する' }).click();
    await page.getByText('会員情報を保存しました。').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await apiLogin(member.email, 'Kirin2031')).toBeTruthy();
    await context.close();
  });

  it('signs out of every device after a confirmation', async () => {
    const member = await registerMember('logout-all');
    const otherDevice = await apiLogin(member.email);
    const { context, page } = await newPage(browser, DESKTOP, member.token);
    await page.goto('/my-page/info');
    await page.getByRole('button', { name: 'すべての端末からログアウト' }).click();
    const dialog = page.getByRole('dialog', { name: 'すべての端末からログアウトしますか？' });
    await dialog.waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'account-logout-all-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'account-logout-all-375');
    await dialog.getByRole('button', { name: 'ログアウトする' }).click();
    await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mels.token'))).toBeNull();
    // The sign-in hint goes with the token: the member's pages are a visitor's login again.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('mels_signed_in');
    // Every token of the member is revoked, the other device's too.
    await expect(apiCall('/users/me', { token: otherDevice })).rejects.toThrow(/401/);
    await expect(apiCall('/users/me', { token: member.token })).rejects.toThrow(/401/);
    await context.close();
  });

  it('shows the stored prefectures even when the list of prefectures arrives after the profile', async () => {
    const member = await registerMember('prefecture');
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(browser, viewport, member.token);
      // The list of prefectures answers late (a slow network, a cold cache): the form must still show 東京都.
      await page.route('**/api/v1/areas?**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await route.continue();
      });
      await page.goto('/my-page/info');
      const workArea = field(page, '勤務先都道府県');
      const area = field(page, '都道府県');
      await workArea.locator('option', { hasText: '東京都' }).waitFor({ state: 'attached' });
      await area.locator('option', { hasText: '東京都' }).waitFor({ state: 'attached' });
      await expect.poll(() => workArea.inputValue()).toBe('13');
      await expect.poll(() => area.inputValue()).toBe('13');
      expect(await workArea.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
        '東京都',
      );
      expect(await area.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).toBe('東京都');
      await screenshot(page, `account-profile-${viewport === DESKTOP ? 'desktop' : '375'}`);
      expect(await axeSerious(page)).toEqual([]);
      await context.close();
    }
  });

  it('saves screenshots of the account pages at desktop and 375 px', async () => {
    for (const [url, name] of [
      ['/login', 'account-login'],
      ['/register', 'account-register'],
      ['/forgot-password', 'account-forgot'],
    ] as const) {
      for (const [suffix, viewport] of [
        ['desktop', DESKTOP],
        ['375', MOBILE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screenshot(page, `${name}-${suffix}-blank`);
        await context.close();
      }
    }
  });
});
