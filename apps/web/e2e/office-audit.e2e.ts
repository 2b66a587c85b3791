import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { shootChecked } from './support/checked-shots.ts';

/**
 * Issue 18 (decision 033): the office opens the audit log, filters it by a member and downloads the
 * same filter as CSV.
 */
let browser: Browser;
let officeToken: string;
const shots = process.env.AUDIT_SHOTS_DIR ?? '/tmp/shots-audit';

type Entry = { key: string; action: string; details: string | null; object_id: number | null };

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

describe('the audit log', () => {
  it('filters by a member and downloads the same rows as CSV', async () => {
    // A member with an enrolment trail (the seed's), found through the API as the office would by phone.
    const [step] = await apiCall<Entry[]>('/office/audit?action=enrollment.step&limit=1', {
      token: officeToken,
    });
    expect(step, 'a trail step in the seed').toBeTruthy();
    const memberId = (JSON.parse(step!.details!) as { user_id: number }).user_id;
    const expected = await apiCall<Entry[]>(`/office/audit?member_id=${memberId}&limit=999`, {
      token: officeToken,
    });

    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office');
    await page.getByRole('link', { name: '操作履歴', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '操作履歴' }).waitFor();
    await page.getByLabel('会員ID').fill(String(memberId));
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL(new RegExp(`member_id=${memberId}`));
    await page.getByText(`${expected.length}件`).waitFor();
    const rows = page.getByRole('region', { name: '操作履歴' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(Math.min(expected.length, 50) + 1);
    expect(await rows.nth(1).textContent()).toContain(expected[0]!.action);
    expect(await axeSerious(page)).toEqual([]);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSVをダウンロード' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^audit-\d{8}\.csv$/);
    const body = fs.readFileSync((await file.path())!, 'utf8');
    expect(body.startsWith('\uFEFF日時,操作者ID,操作者,操作,')).toBe(true);
    expect(body.trimEnd().split('\r\n')).toHaveLength(expected.length + 1);
    await context.close();

    await shootBoth(`/office/audit?member_id=${memberId}`, 'audit', (p) =>
      p.getByText(`${expected.length}件`).waitFor(),
    );
  });
});
