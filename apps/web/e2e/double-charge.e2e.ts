import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registerMember } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, screenshot } from './support/browser.ts';

/**
 * One purchase is charged once (issue 12, decision 017): two tabs of one course registration fee
 * (the second shows 'お支払い済みです', nothing is charged twice), and the office's list of duplicate
 * charges on /office/payments.
 */
type Card = {
  id: number;
  user_type: { id: number };
  course: { id: number; price: number; certificate_prefix: string | null };
};
type Order = { status: number; object_type: number; object_id: number | null };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('one purchase, one charge', () => {
  it('two tabs of one registration fee: the first pays, the second shows already paid', async () => {
    const member = await registerMember('twotabs');
    const cards = await apiCall<Card[]>('/trainings?limit=100&page=1', { token: member.token });
    const session = cards.find((card) => card.course.certificate_prefix !== 'BI' && card.course.price >= 50);
    expect(session, 'a session of a paid course').toBeTruthy();
    const url = `/session/${session!.id}/${session!.user_type.id}/payment`;
    const tabs = [
      await newPage(browser, DESKTOP, member.token),
      await newPage(browser, MOBILE, member.token),
    ];
    for (const { page } of tabs) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'コース登録料のお支払い' }).waitFor();
      await page.getByLabel(/^カード番号/).fill('4242424242424242');
      await page.getByLabel(/^有効期限（MM\/YY）/).fill('12/34');
      await page.getByLabel(/^セキュリティコード/).fill('123');
      await page.getByLabel(/^メールアドレス/).fill(member.email);
    }
    const [first, second] = tabs.map((tab) => tab.page);
    await first!.getByRole('button', { name: /を支払う$/ }).click();
    await first!.getByRole('heading', { name: '決済完了' }).waitFor({ timeout: 20_000 });
    await second!.getByRole('button', { name: /を支払う$/ }).click();
    await second!.getByRole('heading', { name: 'お支払い済みです' }).waitFor({ timeout: 20_000 });
    await second!
      .getByText('このお申込みは既にお支払い済みです。二重に請求されることはありません。')
      .waitFor();
    expect(await axeSerious(second!)).toEqual([]);
    await screenshot(second!, 'double-charge-second-tab-375');
    const orders = await apiCall<Order[]>('/users/orders?limit=50', { token: member.token });
    expect(
      orders.filter((o) => o.object_type === 1 && o.object_id === session!.course.id && o.status === 3),
    ).toHaveLength(1);
    for (const { context } of tabs) await context.close();
  });

  it('the office payments screen lists duplicate charges in a tab of its own', async () => {
    const office = await apiLogin('office@mels.example.jp');
    for (const [suffix, viewport] of [
      ['desktop', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      const { context, page } = await newPage(browser, viewport, office);
      await page.goto('/office/payments?kind=duplicates');
      await page.getByText('二重決済はありません。').waitFor();
      expect(await axeSerious(page)).toEqual([]);
      await screenshot(page, `double-charge-office-${suffix}`);
      await context.close();
    }
  });
});
