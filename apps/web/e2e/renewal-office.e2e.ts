import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, useOwnServer } from './support/browser.ts';
import { startPortalServer } from './support/server.ts';

/**
 * Issue 17, around the renewal (decision 038): renewal@ sees the expiry warning and the renewal link on my
 * page; the office sees the expiring certificates (dashboard count, list, CSV), a renewal's details, and
 * extends one and revokes another by hand with a reason, both in the audit log. Its own server: it extends
 * and revokes the renewal accounts' certificates, which renewal.e2e.ts renews.
 */
let browser: Browser;
let server: Awaited<ReturnType<typeof startPortalServer>>;
let office = '';
let renewal = '';
const shots = process.env.EXPIRIES_SHOTS_DIR ?? '/tmp/shots-D';

type Certificate = { id: number; certificate_number: string; course: { certificate_prefix: string | null } };

async function login(email: string) {
  const res = await fetch(`${server.baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Screenshots at 1280 and 375 px; at 375 nothing wider than the screen; axe finds nothing serious. */
async function shootBoth(token: string, url: string, name: string, ready: (p: Page) => Promise<unknown>) {
  fs.mkdirSync(shots, { recursive: true });
  for (const [suffix, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page } = await newPage(browser, viewport, token);
    await page.goto(url);
    await ready(page);
    await page.screenshot({ path: path.join(shots, `${name}-${suffix}.png`), fullPage: true });
    if (suffix === '375') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
    }
    expect(await axeSerious(page), `${name} ${suffix}`).toEqual([]);
    await context.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-expiries-e2e-'));
  server = await startPortalServer({ webDist: inject('webDist'), dataDir });
  useOwnServer(server.baseUrl);
  office = await login('office@mels.example.jp');
  renewal = await login('renewal@mels.example.jp');
});
afterAll(async () => {
  useOwnServer(undefined);
  await browser?.close();
  await server?.stop();
});

describe('certificate expiries', () => {
  it('renewal@ sees the warning and the renewal link on my page', async () => {
    const [cert] = (await apiCall<Certificate[]>('/certificates/user', { token: renewal })).filter(
      (c) => c.course.certificate_prefix === 'BI',
    );
    expect(cert).toBeTruthy();
    const { context, page } = await newPage(browser, DESKTOP, renewal);
    await page.goto('/my-page/activities');
    await page.getByTestId('certificate-warning').waitFor();
    const link = page.getByRole('link', { name: `認定 ${cert!.certificate_number} の更新手続きへ` });
    expect(await link.getAttribute('href')).toMatch(
      new RegExp(`^/certificate/\\d+/extend-certificate/basic-instructor/extend/${cert!.id}$`),
    );
    await link.click();
    await page.waitForURL(new RegExp(`/extend-certificate/basic-instructor/extend/${cert!.id}$`));
    await context.close();
    await shootBoth(renewal, '/my-page/activities', 'mypage-renewal', (p) =>
      p.getByTestId('certificate-renew').waitFor(),
    );
  });

  it('the office: count, list, CSV, a renewal, extend and revoke with a reason, in the audit log', async () => {
    // renewal@ starts its renewal (fee unpaid): the list links to its details.
    const [cert] = (await apiCall<Certificate[]>('/certificates/user', { token: renewal })).filter(
      (c) => c.course.certificate_prefix === 'BI',
    );
    const started = await apiCall<{ id: number }>('/certificates/basic_instructor_course/renewal', {
      token: renewal,
      method: 'POST',
      body: { certificate_type: 3, certificate_id: cert!.id },
    });

    const { context, page } = await newPage(browser, DESKTOP, office);
    await page.goto('/office');
    const card = page.getByTestId('count-expiries');
    await expect
      .poll(async () => Number((await card.getByTestId('count-value').textContent())?.match(/\d+/)?.[0]))
      .toBeGreaterThanOrEqual(2);
    await card.click();
    await page.getByRole('heading', { level: 1, name: '認定の有効期限' }).waitFor();
    const rows = page.getByTestId('expiries-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const mine = page.getByTestId(`expiry-${cert!.id}`);
    await expect.poll(() => mine.textContent()).toContain('更新料のお支払い待ち');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('expiries-csv').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^certificate-expiries-\d{8}\.csv$/);
    const body = fs.readFileSync((await file.path())!, 'utf8');
    expect(body.startsWith('\uFEFF認定番号,会員ID,氏名,メールアドレス,')).toBe(true);
    expect(body).toContain(cert!.certificate_number);

    // The renewal's details.
    await mine.getByRole('link', { name: '更新の詳細' }).click();
    await page.waitForURL(new RegExp(`/office/renewals/${started.id}$`));
    await expect.poll(() => page.getByTestId('renewal-facts').textContent()).toContain('0 / 2 本');
    await page.getByRole('link', { name: '一覧へ戻る' }).click();

    // Extend the other one (renewal-short@) by hand: a reason is required.
    const other = rows.filter({ hasNotText: cert!.certificate_number }).first();
    const otherNumber = ((await other.locator('td').nth(1).textContent()) ?? '').trim();
    await other.getByRole('button', { name: `手動で更新 ${otherNumber}` }).click();
    await page.getByTestId('action-confirm').click();
    await page.getByText('理由を入力してください').first().waitFor();
    await page.getByTestId('action-reason').fill('更新書類を郵送で受領（e2e）');
    await page.getByTestId('action-confirm').click();
    await expect
      .poll(() => page.getByTestId('action-notice').textContent())
      .toContain(`認定 ${otherNumber} を更新しました`);

    // Revoke renewal@'s with a reason.
    await mine.getByRole('button', { name: `失効 ${cert!.certificate_number}` }).click();
    await page.getByTestId('action-reason').fill('重複発行のため（e2e）');
    await page.getByTestId('action-confirm').click();
    await expect
      .poll(() => page.getByTestId('action-notice').textContent())
      .toContain(`認定 ${cert!.certificate_number} を失効させました`);
    await expect.poll(() => mine.count()).toBe(0);

    // Both in the audit log, with their reasons.
    await page.goto('/office/audit?action=certificate');
    const log = page.getByRole('region', { name: '操作履歴' });
    await expect.poll(() => log.textContent()).toContain('更新書類を郵送で受領（e2e）');
    expect(await log.textContent()).toContain('重複発行のため（e2e）');
    expect(await log.textContent()).toContain('certificate.extend');
    expect(await log.textContent()).toContain('certificate.revoke');
    await context.close();

    await shootBoth(office, '/office/expiries?state=all', 'office-expiries', (p) =>
      p.getByTestId('expiries-table').waitFor(),
    );
    await shootBoth(office, `/office/renewals/${started.id}`, 'office-renewal', (p) =>
      p.getByTestId('renewal-facts').waitFor(),
    );
  });
});
