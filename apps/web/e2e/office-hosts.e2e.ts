import type { Browser, Page } from 'playwright-core';
import { ja } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registerMember } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { shootChecked } from './support/checked-shots.ts';

/**
 * Issue 18 (decision 041): a visitor registers a local holding; the office approves it in the console;
 * the host signs in with the registered email and password and sees only its own session's roster;
 * the approval is in the audit log. Also the staff page of an office admin.
 */
let browser: Browser;
let officeToken: string;
const stamp = Date.now().toString(36);
const email = `host.${stamp}@example.org`;
const password = `Hosts${stamp}`.replace(/[^A-Za-z0-9]/g, '');
const organization = `湘南テスト周産期ネットワーク${stamp}`;
const shots = process.env.HOSTS_SHOTS_DIR ?? '/tmp/shots-G';

const notFound = ja.errors.notFound;

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });

function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}(?: \\*)?$`));
}

/** Screenshots at 1280 and 375 px of a page as `token` sees it; at 375 nothing is wider than the screen; axe clean. */
function shootBoth(token: string, url: string, name: string, ready: (p: Page) => Promise<unknown>) {
  return shootChecked(browser, { dir: shots, token, url, name, ready });
}

type OfficeTraining = { id: number; name: string; recruitments: Array<{ applicants: number }> };

/** Two seeded sessions with applicants: one for the new host, one that stays another's. */
async function sessionsWithApplicants(): Promise<[OfficeTraining, OfficeTraining]> {
  const found: OfficeTraining[] = [];
  for (let page = 1; page <= 5 && found.length < 2; page += 1) {
    const list = await apiCall<OfficeTraining[]>(`/office/trainings?limit=50&page=${page}`, {
      token: officeToken,
    });
    found.push(...list.filter((t) => t.recruitments.some((r) => r.applicants > 0)));
  }
  if (found.length < 2) throw new Error('the seed has no two sessions with applicants');
  return [found[0]!, found[1]!];
}

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
});
afterAll(async () => {
  await browser?.close();
});

describe('local hosts', () => {
  it('a visitor registers, the office approves, the host sees only its own session, the approval is audited', async () => {
    // The visitor's registration through the public form.
    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto('/seminar-register');
    await visitor.page.getByRole('heading', { level: 1, name: '地域開催団体の登録' }).waitFor();
    await field(visitor.page, '団体名').fill(organization);
    await field(visitor.page, '事務局担当者名').fill('藤沢 恵美');
    await field(visitor.page, '事務局所在地').fill('神奈川県藤沢市藤沢2-1-4');
    await field(visitor.page, '事務局電話番号').fill('0466-21-3310');
    await field(visitor.page, '事務局メールアドレス').fill(email);
    await field(visitor.page, 'パスワード').fill(password);
    await visitor.page.getByRole('button', { name: '確認画面へ進む' }).click();
    await visitor.page.getByTestId('seminar-register-confirm').waitFor();
    await visitor.page.getByRole('button', { name: '登録を申請する' }).click();
    await visitor.page.getByTestId('seminar-register-finish').waitFor();
    await visitor.context.close();

    // The office finds it awaiting approval and approves it.
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office');
    await page
      .getByRole('navigation', { name: '事務局' })
      .getByRole('link', { name: '地域開催団体' })
      .click();
    await page.getByRole('heading', { level: 1, name: '地域開催団体の登録申請' }).waitFor();
    await page.goto('/office/local-holdings?status=0');
    await page.getByRole('heading', { level: 1, name: '地域開催団体の登録申請' }).waitFor();
    const card = page.locator('[data-testid^="holding-"]').filter({ hasText: organization });
    await card.waitFor();
    expect(await card.textContent()).toContain(email);
    expect(await axeSerious(page)).toEqual([]);
    await card.getByRole('button', { name: '承認する' }).click();
    const dialog = page.getByRole('dialog', { name: '承認する' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(organization);
    expect(await axeSerious(page)).toEqual([]);
    await dialog.getByRole('button', { name: '承認する' }).click();
    await page.getByRole('status').filter({ hasText: '承認し、アカウントを作成しました。' }).waitFor();

    // Approved: the office assigns it a session through the console.
    await page.goto('/office/local-holdings?status=1');
    const approved = page.locator('[data-testid^="holding-"]').filter({ hasText: organization });
    await approved.waitFor();
    const holdingId = Number((await approved.getAttribute('data-testid'))?.replace('holding-', ''));
    const [own, other] = await sessionsWithApplicants();
    await approved.getByLabel('講習会ID').fill(String(own.id));
    await approved.getByRole('button', { name: '担当にする' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `講習会 ${own.id} をこの団体の担当にしました。` })
      .waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await context.close();

    // The host signs in with the normal login, the email and password it registered.
    const host = await newPage(browser, DESKTOP);
    await host.page.goto('/login');
    await field(host.page, 'メールアドレス').fill(email);
    await field(host.page, 'パスワード').fill(password);
    await host.page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await poll(() => new URL(host.page.url()).pathname).toBe('/host');
    await host.page.getByRole('heading', { level: 1, name: '開催団体ページ' }).waitFor();
    await host.page.getByTestId('host-organization').filter({ hasText: organization }).waitFor();
    const cards = host.page.locator('[data-testid^="host-session-"]');
    await poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('data-testid')).toBe(`host-session-${own.id}`);
    expect(await axeSerious(host.page)).toEqual([]);
    await cards.first().getByRole('link', { name: '名簿と受付' }).click();
    await poll(() => new URL(host.page.url()).pathname).toBe(`/host/trainings/${own.id}`);
    await host.page.getByRole('heading', { level: 1, name: own.name }).waitFor();
    const rows = host.page.getByRole('region', { name: '名簿と受付' }).locator('tbody tr');
    await poll(() => rows.count()).toBeGreaterThan(0);
    // No email address (nor phone or payment) in the host's roster.
    expect(await host.page.getByRole('region', { name: '名簿と受付' }).innerText()).not.toContain('@');
    // A wrong ticket code: the office's refusal, in words.
    await host.page.getByTestId('host-check-in-code').fill('not-a-ticket');
    await host.page.getByRole('button', { name: '受付する' }).click();
    await host.page.getByRole('alert').waitFor();
    expect(await axeSerious(host.page)).toEqual([]);

    // Another holding's session and the office console are not the host's.
    await host.page.goto(`/host/trainings/${other.id}`);
    // The API answers 404: the page says the data is not found.
    await host.page.locator('main').getByRole('status').filter({ hasText: notFound }).waitFor();
    expect(await host.page.locator('main').textContent()).not.toContain(other.name);
    await host.page.goto('/office');
    await host.page.getByTestId('office-forbidden').waitFor();
    const token = await host.page.evaluate(() => localStorage.getItem('mels.token'));
    await host.context.close();

    // The approval is in the audit log.
    const audit = await newPage(browser, DESKTOP, officeToken);
    await audit.page.goto('/office');
    await audit.page.getByRole('link', { name: '操作履歴', exact: true }).click();
    await audit.page.getByRole('heading', { level: 1, name: '操作履歴' }).waitFor();
    await audit.page.getByLabel('操作', { exact: true }).fill('local_holding.approve');
    await audit.page.getByRole('button', { name: '検索', exact: true }).click();
    const auditRows = audit.page.getByRole('region', { name: '操作履歴' }).getByRole('row');
    await poll(() => auditRows.count()).toBeGreaterThan(1);
    expect(await auditRows.nth(1).textContent()).toContain('local_holding.approve');
    expect(await auditRows.nth(1).textContent()).toContain(String(holdingId));
    await audit.context.close();

    // Screenshots of the three pages at 1280 and 375 px.
    await shootBoth(officeToken, '/office/local-holdings?status=1', 'office-local-holdings', (p) =>
      p.locator('[data-testid^="holding-"]').first().waitFor(),
    );
    await shootBoth(token ?? '', '/host', 'host', (p) =>
      p.locator('[data-testid^="host-session-"]').first().waitFor(),
    );
    await shootBoth(token ?? '', `/host/trainings/${own.id}`, 'host-roster', (p) =>
      p.getByRole('region', { name: '名簿と受付' }).waitFor(),
    );
  });

  it("the office admin's staff page: roles listed, the role given by email", async () => {
    const { email: member } = await registerMember('staff');
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office');
    await page.getByRole('navigation', { name: '事務局' }).getByRole('link', { name: 'スタッフ' }).click();
    await page.getByRole('heading', { level: 1, name: '事務局スタッフ' }).waitFor();
    await page.getByText('30,000円を超える返金はできません').waitFor();
    await page.getByTestId('grant-email').fill(member);
    await page.getByRole('button', { name: '付与する' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${member} に事務局の権限を付与しました。` })
      .waitFor();
    await page.getByRole('row').filter({ hasText: member }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
    await shootBoth(officeToken, '/office/staff', 'office-staff', (p) =>
      p.getByRole('row').filter({ hasText: member }).waitFor(),
    );
  });
});
