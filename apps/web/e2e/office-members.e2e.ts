import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registrationBody } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, waitForMail } from './support/browser.ts';
import { shootChecked } from './support/checked-shots.ts';

/**
 * Issue 18 (decision 042): the office finds a member who phones in by the kana of their name, sends a
 * password-reset link (the mail arrives), deactivates and reactivates the account, and finds these
 * actions in the audit log.
 */
let browser: Browser;
let officeToken: string;
const shots = process.env.MEMBERS_SHOTS_DIR ?? '/tmp/shots-h';

type Entry = { action: string; object_id: number | null };

/** Screenshots at 1280 and 375 px; at 375 nothing is wider than the screen, and axe finds nothing serious. */
function shootBoth(url: string, name: string, ready: (p: Page) => Promise<unknown>) {
  return shootChecked(browser, { dir: shots, token: officeToken, url, name, ready });
}

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
});
afterAll(async () => {
  await browser?.close();
});

describe('the office finds a member and acts on the account', () => {
  it('finds a member by kana, sends a reset link, deactivates and reactivates, and sees it all in the audit log', async () => {
    const email = `e2e-members-${Date.now().toString(36)}@example.jp`;
    await apiCall('/users', {
      body: registrationBody({
        email,
        last_name: '榊原',
        first_name: '澪',
        last_name_kana: 'サカキバラ',
        first_name_kana: 'ミオ',
        last_name_alpha: 'SAKAKIBARA',
        first_name_alpha: 'MIO',
      }),
    });

    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office');
    await page.getByRole('link', { name: '会員', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '会員' }).waitFor();
    // As heard on the phone: hiragana, with a space.
    await page.getByLabel('氏名（漢字・カナ）').fill('さかきばら みお');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL(/name=/);
    await page.getByRole('link', { name: '榊原 澪' }).first().click();
    await page.getByRole('heading', { level: 1, name: /^会員 #\d+$/ }).waitFor();
    const memberId = Number(/\/office\/members\/(\d+)/.exec(page.url())?.[1]);
    expect(memberId).toBeGreaterThan(0);
    expect(await axeSerious(page)).toEqual([]);

    // A reset link, confirmed in a dialog; the mail reaches the member.
    await page.getByRole('button', { name: 'パスワード再設定のメールを送る' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(email).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await dialog.getByRole('button', { name: '実行する' }).click();
    await page.getByRole('status').getByText(`${email} にパスワード再設定のメールを送りました。`).waitFor();
    const mail = await waitForMail(email, /\/forgot-password\/[A-Za-z0-9_-]{20,}/);
    expect(mail).toContain('パスワード再設定');

    // Deactivated: the member cannot log in; reactivated: they can again.
    await page.getByRole('button', { name: '利用を停止する' }).click();
    await page.getByRole('dialog').getByLabel('理由').fill('本人から電話で依頼（退職のため）');
    await page.getByRole('dialog').getByRole('button', { name: '実行する' }).click();
    await page.getByTestId('member-status').getByText('利用停止').waitFor();
    await expect(apiLogin(email)).rejects.toThrow(/400/);
    await page.getByRole('button', { name: '利用を再開する' }).click();
    await page.getByRole('dialog').getByLabel('理由').fill('本人から再開の依頼');
    await page.getByRole('dialog').getByRole('button', { name: '実行する' }).click();
    await page.getByTestId('member-status').getByText('利用中').waitFor();
    expect(await apiLogin(email)).toBeTruthy();

    // The audit log, from the member's page.
    await page.getByRole('link', { name: 'この会員の操作履歴' }).click();
    await page.getByRole('heading', { level: 1, name: '操作履歴' }).waitFor();
    const region = page.getByRole('region', { name: '操作履歴' });
    for (const action of ['member.password_reset', 'member.deactivate', 'member.reactivate'])
      await region.getByText(action, { exact: true }).waitFor();
    const entries = await apiCall<Entry[]>(`/office/audit?member_id=${memberId}&action=member&limit=10`, {
      token: officeToken,
    });
    expect(entries.map((e) => e.action)).toEqual([
      'member.reactivate',
      'member.deactivate',
      'member.password_reset',
    ]);
    await context.close();

    await shootBoth(`/office/members?name=${encodeURIComponent('さかきばら')}`, 'members', (p) =>
      p.getByRole('link', { name: '榊原 澪' }).first().waitFor({ state: 'attached' }),
    );
    await shootBoth(`/office/members/${memberId}`, 'member', (p) => p.getByTestId('member-status').waitFor());
    // A member of the seed with an enrolment trail: the page's sections with records.
    const [step] = await apiCall<Array<{ details: string | null }>>(
      '/office/audit?action=enrollment.step&limit=1',
      { token: officeToken },
    );
    const enrolled = (JSON.parse(step!.details!) as { user_id: number }).user_id;
    await shootBoth(`/office/members/${enrolled}`, 'member-enrolled', (p) =>
      p.locator('ol li').first().waitFor(),
    );
    // The erasure's second confirmation, at 375 px (nothing erased).
    const mobile = await newPage(browser, MOBILE, officeToken);
    await mobile.page.goto(`/office/members/${memberId}`);
    await mobile.page.getByRole('button', { name: '個人情報を削除する' }).click();
    await mobile.page.getByRole('dialog').getByLabel('理由').fill('本人からの削除依頼');
    await mobile.page.getByRole('dialog').getByRole('button', { name: '次へ' }).click();
    await mobile.page.getByRole('dialog').getByLabel('会員ID').waitFor();
    expect(await axeSerious(mobile.page)).toEqual([]);
    await mobile.page.screenshot({ path: path.join(shots, 'member-erase-375.png') });
    await mobile.context.close();

    // A correction with a reason: the kana typed in hiragana is stored in katakana; before/after audited.
    const desk = await newPage(browser, DESKTOP, officeToken);
    await desk.page.goto(`/office/members/${memberId}`);
    await desk.page.getByRole('button', { name: 'プロフィールを訂正する' }).click();
    const correct = desk.page.getByRole('dialog');
    await correct.getByRole('textbox', { name: '訂正する項目' }).click();
    await desk.page.getByRole('option', { name: 'メイ', exact: true }).click();
    await correct.getByRole('textbox', { name: 'メイ', exact: true }).fill('みおこ');
    await correct.getByLabel('理由').fill('本人から読み仮名の訂正依頼');
    expect(await axeSerious(desk.page)).toEqual([]);
    await correct.getByRole('button', { name: '訂正を保存する' }).click();
    await desk.page.getByRole('status').getByText('プロフィールを訂正しました。').waitFor();
    await desk.page.getByText('サカキバラ ミオコ').waitFor();
    const [corrected] = await apiCall<Array<{ action: string; before: string | null; after: string | null }>>(
      `/office/audit?member_id=${memberId}&action=member.correct&limit=1`,
      { token: officeToken },
    );
    expect(corrected).toMatchObject({
      before: '{"firstNameKana":"ミオ"}',
      after: '{"firstNameKana":"ミオコ"}',
    });
    await desk.context.close();
  });
});
