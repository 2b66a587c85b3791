import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  axeAll,
  axeLandmarks,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
} from './support/browser.ts';
import { registrationBody, staysOpen } from './support/api.ts';
import { changeOneRow, startPortalServer } from './support/server.ts';

/**
 * The office console against a server of this file's own. Members, applications, a cancellation
 * request, a ticket, a bank transfer and the early end of the lottery's window are made through the
 * API. One thing cannot be: a lottery recruitment open to a brand-new member (the seeded ones need
 * course registration, pre-videos and a pre-test first). For that the server is stopped, one statement
 * is run on its database (a first-come recruitment becomes a lottery with two free places) and it is
 * started again on the same data, before the members apply.
 */

let browser: Browser;
let server: Awaited<ReturnType<typeof startPortalServer>>;
let dataDir: string;
let base: string;
let officeToken: string;

type Card = {
  id: number;
  name: string;
  event_date: string;
  course: { id: number; price: number; certificate_prefix: string | null };
  user_type: { id: number };
  selection: string;
  recruiting: string;
  apply_date: { start: string; end: string };
  is_active: number;
  capacity: number;
  participant: number;
  price: number;
};
type Detail = {
  steps: { step: number; state: string }[];
  step_status: number | null;
  check_training: boolean;
};

async function request<T>(
  pathname: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}/api/v1${pathname}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(token ? { Authorization: `Token ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const login = async (email: string) =>
  (await request<{ token: string }>('/users/login', null, { body: { email, password: 'Demo1234' } })).token;

let serial = 0;
/** A new member registered through the API (a midwife in Tokyo). */
async function register(lastName: string) {
  serial += 1;
  const email = `office.e2e.${Date.now()}.${serial}@example.jp`;
  const data = await request<{ token: string }>('/users', null, {
    body: registrationBody({ email, last_name: lastName, password: 'Kirin2031' }),
  });
  if (!data?.token) throw new Error(`registration gave no token: ${JSON.stringify(data)}`);
  return { token: data.token, name: `${lastName} 花子` };
}

/** Open, free recruitments whose application step is active for this user. */
async function findSessions(
  token: string,
  userType: number,
  selection: 'first_come' | 'lottery',
  count: number,
  exclude: number[] = [],
  registered: number[] = [],
): Promise<Card[]> {
  const found: Card[] = [];
  for (let page = 1; page <= 8 && found.length < count; page++) {
    const res = await fetch(`${base}/api/v1/trainings?user_type[]=${userType}&limit=50&page=${page}`, {
      headers: { Authorization: `Token ${token}` },
    });
    const body = (await res.json()) as { data: Card[]; pagination: { pages: number } };
    for (const c of body.data) {
      if (found.length >= count) break;
      if (exclude.includes(c.id) || c.user_type.id !== userType) continue;
      const free =
        userType !== 4 ||
        c.course.price === 0 ||
        (c.course.certificate_prefix ?? '').toUpperCase() === 'BI' ||
        registered.includes(c.course.id);
      if (!free || c.selection !== selection || !staysOpen(c)) continue;
      if (c.is_active !== 1 || c.participant >= c.capacity) continue;
      const d = await request<Detail>(`/trainings/${c.id}/enrollments/detail?user_type=${userType}`, token);
      if (d.step_status !== null || d.check_training) continue;
      if (d.steps.find((s) => s.step === 4)?.state !== 'active') continue;
      found.push(c);
    }
    if (page >= body.pagination.pages) break;
  }
  return found;
}

const apply = (token: string, trainingId: number, userType: number) =>
  request<{ status: number; enrollment_id: number }>(`/trainings/${trainingId}/enrollments/user`, token, {
    body: { user_type: userType },
  });

/** Stops the server, runs one statement on its database, starts it again on the same data. */
async function restartWith(statement: string, params: number[]) {
  await server.stop();
  await new Promise((r) => setTimeout(r, 1500));
  changeOneRow({ dataDir, statement, params });
  await startServer();
}

/** An open first-come recruitment (observers first, then attendees) this user can apply to now. */
async function findOpenRecruitment(token: string, exclude: number[]) {
  for (const userType of [3, 4, 1]) {
    const [card] = await findSessions(token, userType, 'first_come', 1, exclude);
    if (card) return { card, userType };
  }
  throw new Error('no open recruitment for a new member');
}

/** The server on this file's data; `env` adds settings (TEST_CLOCK for reception on the session's day). */
async function startServer(env: Record<string, string> = {}) {
  server = await startPortalServer({ webDist: inject('webDist'), dataDir, env });
  base = server.baseUrl;
}

const world = {
  lottery: { id: 0, name: '', userType: 4 },
  lotteryApplicants: [] as string[],
  cancelSession: { id: 0, name: '' },
  cancelName: '',
  ticketCode: '',
  ticketSession: { id: 0, name: '', eventDate: '' },
  ticketName: '',
  assistantSession: 0,
  rejectSession: 0,
  transferName: '',
};

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-office-e2e-'));
  await startServer();

  const members = [await register('抽選一'), await register('抽選二'), await register('抽選三')];
  const [m1, m2, m3] = members;
  // Others for the cancellation and the ticket: a place in another session of the same course would
  // exclude a lottery applicant from the draw ('won elsewhere').
  const m4 = await register('取消');
  const m5 = await register('受付');
  if (!m1 || !m2 || !m3) throw new Error('no members');
  officeToken = await login('office@mels.example.jp');
  // A recruitment open to new members (observers first: their steps are 4 and 5 only), made a lottery
  // in the database before anyone applies.
  const target = await findOpenRecruitment(m1.token, []);
  world.lottery = { id: target.card.id, name: target.card.name, userType: target.userType };
  await restartWith(
    "update training_user_types set selection = 'lottery', capacity = participant + 2 where training_id = $1 and user_type_id = $2",
    [target.card.id, target.userType],
  );
  for (const m of members) {
    expect((await apply(m.token, target.card.id, target.userType)).status).toBe(5);
    world.lotteryApplicants.push(m.name);
  }
  // A cancellation request (member 4) and a ticket to check in (member 5) on first-come recruitments.
  const first = await findOpenRecruitment(m4.token, [target.card.id]);
  world.cancelSession = { id: first.card.id, name: first.card.name };
  await apply(m4.token, first.card.id, first.userType);
  await request(`/trainings/${first.card.id}/enrollments/user/request-cancel`, m4.token, {
    body: { user_type: first.userType, reason: '勤務の都合がつかなくなったため' },
  });
  world.cancelName = m4.name;
  const second = await findOpenRecruitment(m5.token, [target.card.id]);
  world.ticketSession = { id: second.card.id, name: second.card.name, eventDate: second.card.event_date };
  const applied = await apply(m5.token, second.card.id, second.userType);
  if (applied.status === 8)
    await request(`/office/enrollments/${applied.enrollment_id}/confirm-payment`, officeToken, {
      method: 'POST',
    });
  else
    await request(`/trainings/${second.card.id}/enrollments/agreement`, m5.token, {
      body: { user_type: second.userType, agree: true },
    });
  const ticket = await request<{ attendance_code: string }>(
    `/trainings/${second.card.id}/enrollments/ticket?user_type=${second.userType}`,
    m5.token,
  );
  world.ticketCode = ticket.attendance_code;
  world.ticketName = m5.name;
  // An assistant application awaiting approval (the demo assistant).
  const assistant = await login('assistant@mels.example.jp');
  const [assisting, ...others] = await findSessions(assistant, 2, 'first_come', 4);
  if (!assisting) throw new Error('no open assistant recruitment');
  expect((await apply(assistant, assisting.id, 2)).status).toBe(4);
  world.assistantSession = assisting.id;
  // A second one, which the office declines (the first session that takes it: same-time ones refuse).
  for (const other of others) {
    const applied = await apply(assistant, other.id, 2).catch(() => null);
    if (applied?.status !== 4) continue;
    world.rejectSession = other.id;
    break;
  }
  if (!world.rejectSession) throw new Error('no second assistant recruitment');
  // A bank transfer of a course registration fee awaiting confirmation (member 3).
  const courses = await request<Array<{ id: number; price: number; certificate_prefix: string | null }>>(
    '/courses?limit=999',
    m3.token,
  );
  const paid = courses.find((c) => c.price >= 50 && (c.certificate_prefix ?? '').toUpperCase() !== 'BI');
  if (!paid) throw new Error('no paid course');
  await request('/payments/create-offline-order', m3.token, {
    body: { object_type: 1, object_id: paid.id, payment_method_id: 2 },
  });
  world.transferName = m3.name;

  // The office ends the window now (POST …/close-applications), so that the draw can run.
  await request(`/office/trainings/${target.card.id}/close-applications`, officeToken, {
    body: { user_type: target.userType },
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function officePage(viewport: { width: number; height: number } = DESKTOP, token = officeToken) {
  const opened = await newPage(browser, viewport, token);
  return opened;
}

/** Desktop and 375 px screenshots of an office page (logged in), with no sideways scrolling of the page. */
async function shootBoth(
  url: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
  token = officeToken,
) {
  for (const [suffix, viewport] of [
    ['desktop', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page } = await officePage(viewport, token);
    await page.goto(`${base}${url}`);
    await ready(page);
    await screenshot(page, `${name}-${suffix}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `${name} ${suffix} overflows horizontally`).toBe(false);
    await context.close();
  }
}

/**
 * No serious or critical axe violation, and no landmark one of any impact (issue 13 §8: a modal or
 * drawer open must not add a second banner): every scan below with a dialog open checks both.
 */
async function expectAxeClean(page: Page) {
  const violations = (await axeAll(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('landmark'),
  );
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

const countOf = async (page: Page, key: string) =>
  Number((await page.getByTestId(`count-${key}`).getByTestId('count-value').innerText()).replace(/\D/g, ''));

describe('office console', () => {
  it('a member opening /office sees the refusal page', async () => {
    const member = await login('attendee@mels.example.jp');
    const { context, page } = await officePage(DESKTOP, member);
    await page.goto(`${base}/office`);
    await page.getByTestId('office-forbidden').waitFor();
    await page.getByRole('heading', { name: 'この画面は事務局の方のみ利用できます' }).waitFor();
    await expectAxeClean(page);
    await context.close();
    await shootBoth(
      '/office',
      'office-forbidden',
      (p) => p.getByTestId('office-forbidden').waitFor(),
      member,
    );
  });

  it('the dashboard counts what waits and links to the lists; the user menu has the office link', async () => {
    const { context, page } = await officePage();
    await page.goto(`${base}/`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: '事務局画面' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/office');
    await page.getByTestId('count-lotteries').getByTestId('count-value').waitFor();
    expect(await countOf(page, 'lotteries')).toBeGreaterThanOrEqual(1);
    expect(await countOf(page, 'assistants')).toBeGreaterThanOrEqual(1);
    expect(await countOf(page, 'cancels')).toBeGreaterThanOrEqual(1);
    expect(await countOf(page, 'transfers')).toBeGreaterThanOrEqual(1);
    await expectAxeClean(page);
    await page.getByTestId('count-lotteries').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?waiting=lottery');
    await page.getByRole('link', { name: world.lottery.name }).waitFor();
    await expectAxeClean(page);
    await context.close();
    await shootBoth('/office', 'office-dashboard', (p) =>
      p.getByTestId('count-lotteries').getByTestId('count-value').waitFor(),
    );
    await shootBoth('/office/trainings', 'office-trainings', (p) =>
      p.getByTestId('office-training-row').first().waitFor(),
    );
  });

  it('names every pager button; the tab bar shows all its tabs at 375 px', async () => {
    const { context, page } = await officePage();
    await page.goto(`${base}/office/trainings`);
    await page.getByTestId('office-training-row').first().waitFor();
    const pager = page.locator('.mantine-Pagination-root');
    await pager.waitFor();
    for (const name of ['前のページ', '次のページ', '1ページ目'])
      await pager.getByRole('button', { name }).waitFor();
    await expectAxeClean(page);
    await context.close();

    const mobile = await officePage(MOBILE);
    await mobile.page.goto(`${base}/office`);
    const nav = mobile.page.getByRole('navigation', { name: '事務局' });
    const tabs = nav.getByRole('link');
    await tabs.first().waitFor();
    // Five groups; the demo office user is an admin, so the staff page is among the 18 tabs (decision 041).
    expect(await nav.getByRole('group').count()).toBe(5);
    expect(await tabs.count()).toBe(18);
    await nav.getByRole('group', { name: '管理' }).getByRole('link', { name: 'スタッフ' }).waitFor();
    await nav.getByRole('group', { name: '講師' }).getByRole('link', { name: '有効期限' }).waitFor();
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width, await tab.innerText()).toBe(true);
    }
    await screenshot(mobile.page, 'office-tabs-375');
    await mobile.context.close();
  });

  it('runs the lottery with a seed, shows the recorded seed and result', async () => {
    const { context, page } = await officePage();
    await page.goto(`${base}/office/trainings/${world.lottery.id}`);
    const panel = page.getByTestId(`lottery-${world.lottery.userType}`);
    await panel.getByRole('button', { name: '抽選を実施する' }).waitFor();
    await expectAxeClean(page);
    await panel.getByLabel('シード値（任意）').fill('not valid!');
    await panel.getByRole('button', { name: '抽選を実施する' }).click();
    await panel.getByText('シード値は半角英数字').waitFor();
    await panel.getByLabel('シード値（任意）').fill('office-e2e-2026');
    await panel.getByRole('button', { name: '抽選を実施する' }).click();
    const dialog = page.getByRole('dialog', { name: '抽選を実施しますか？' });
    await dialog.getByText('取り消すことはできません').waitFor();
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: '実施する' }).click();
    await panel.getByTestId('lottery-notice').waitFor();
    expect(await panel.getByTestId('lottery-seed').innerText()).toBe('office-e2e-2026');
    expect(await panel.getByTestId('lottery-winners').innerText()).toBe('2名');
    expect(await panel.getByTestId('lottery-losers').innerText()).toBe('1名');
    // Every place is taken: offering to the next applicant is refused with the API's message.
    await panel.getByRole('button', { name: '次点の方に繰り上げる' }).click();
    const offer = page.getByRole('dialog', { name: '繰り上げ当選を通知しますか？' });
    await offer.getByRole('button', { name: '繰り上げる' }).click();
    await offer.getByTestId('confirm-error').waitFor();
    await expectAxeClean(page);
    await offer.getByRole('button', { name: 'やめる' }).click();
    // The roster shows the applicants with their new statuses; the history drawer lists the steps.
    const row = page.getByTestId('roster-row').filter({ hasText: world.lotteryApplicants[0] ?? '' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/当選|落選/);
    await row.getByRole('button', { name: /履歴/ }).click();
    const drawer = page.getByRole('dialog', { name: /の履歴/ });
    await drawer.getByTestId('trail-table').getByText('抽選待ち').waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-trail-drawer-desktop');
    await drawer.getByRole('button', { name: '閉じる' }).click();
    await context.close();
    await shootBoth(`/office/trainings/${world.lottery.id}`, 'office-training-lottery', (p) =>
      p.getByTestId('lottery-seed').waitFor(),
    );
  });

  it('downloads the roster CSV with a BOM and the names', async () => {
    const { context, page } = await officePage();
    await page.goto(`${base}/office/trainings/${world.lottery.id}`);
    await page.getByTestId('roster-row').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('roster-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`roster_${world.lottery.id}.csv`);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('氏名');
    for (const name of world.lotteryApplicants) expect(text).toContain(name);
    await page.getByText('名簿をダウンロードしました。').waitFor();
    await context.close();
  });

  it('approves an assistant from the session roster', async () => {
    const { context, page } = await officePage();
    await page.goto(`${base}/office/trainings/${world.assistantSession}`);
    const approve = page.getByRole('button', { name: /^承認する（/ }).first();
    await approve.click();
    const dialog = page.getByRole('dialog', { name: 'アシスタントの申込を承認しますか？' });
    await dialog.getByRole('button', { name: '承認する' }).waitFor();
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: '承認する' }).click();
    await page.getByTestId('office-notice').getByText('アシスタントの申込を承認しました。').waitFor();
    await expectAxeClean(page);
    await context.close();
    await shootBoth(`/office/trainings/${world.assistantSession}`, 'office-training-assistant', (p) =>
      p.getByTestId('roster-row').first().waitFor(),
    );
  });

  it('declines an assistant with a reason the dialog asks for; the roster says 承認されませんでした', async () => {
    // The dialog at 375 px first (left with やめる: nothing is sent).
    const mobile = await officePage(MOBILE);
    await mobile.page.goto(`${base}/office/trainings/${world.rejectSession}`);
    await mobile.page
      .getByRole('button', { name: /^承認しない（/ })
      .first()
      .click();
    const small = mobile.page.getByRole('dialog', { name: 'アシスタントの申込を承認しませんか？' });
    await small.getByLabel('承認しない理由（必須）').fill('今回はアシスタントの定員に達したため');
    await expectAxeClean(mobile.page);
    await screenshot(mobile.page, 'office-reject-assistant-dialog-375');
    await small.getByRole('button', { name: 'やめる' }).click();
    await small.waitFor({ state: 'hidden' });
    await mobile.context.close();

    const { context, page } = await officePage();
    await page.goto(`${base}/office/trainings/${world.rejectSession}`);
    await page
      .getByRole('button', { name: /^承認しない（/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'アシスタントの申込を承認しませんか？' });
    await dialog.getByText('理由は申込者へのメールに記載されます', { exact: false }).waitFor();
    const confirm = dialog.getByRole('button', { name: '承認しない' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('承認しない理由（必須）').fill('今回はアシスタントの定員に達したため');
    expect(await confirm.isDisabled()).toBe(false);
    await expectAxeClean(page);
    await screenshot(page, 'office-reject-assistant-dialog-desktop');
    await confirm.click();
    await page
      .getByTestId('office-notice')
      .getByText('アシスタントの申込を承認しないことを申込者にお知らせしました。')
      .waitFor();
    const row = page.getByTestId('roster-row').filter({ hasText: '承認されませんでした' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^承認する（|^承認しない（/ }).count()).toBe(0);
    // The history drawer names the decision.
    await row.getByRole('button', { name: /^履歴（/ }).click();
    await page
      .getByRole('dialog', { name: /の履歴/ })
      .getByText('事務局が承認せず')
      .waitFor();
    await expectAxeClean(page);
    await context.close();
  });

  it('approves a cancellation request after a dialog stating the consequences', async () => {
    await shootBoth('/office/cancel-requests', 'office-cancel-requests', (p) =>
      p.getByTestId('cancel-request').first().waitFor(),
    );
    const { context, page } = await officePage();
    await page.goto(`${base}/office/cancel-requests`);
    const card = page.getByTestId('cancel-request').filter({ hasText: world.cancelName });
    await card.getByText('勤務の都合がつかなくなったため').waitFor();
    await expectAxeClean(page);
    await card.getByRole('button', { name: '承認する' }).click();
    const dialog = page.getByRole('dialog', { name: 'キャンセルを承認しますか？' });
    await dialog.getByText('確保していた枠が空きます', { exact: false }).waitFor();
    await dialog.getByText('返金の対象となる支払いはありません。').waitFor();
    await expectAxeClean(page);
    expect(await axeLandmarks(page)).toEqual([]);
    await screenshot(page, 'office-cancel-dialog-desktop');
    await dialog.getByRole('button', { name: '承認する' }).click();
    await page.getByTestId('office-notice').getByText('キャンセルを承認しました。').waitFor();
    expect(await page.getByTestId('cancel-request').filter({ hasText: world.cancelName }).count()).toBe(0);
    await context.close();
  });

  it('confirms a bank transfer', async () => {
    await shootBoth('/office/payments', 'office-payments', (p) =>
      p.getByTestId('order-row').first().waitFor(),
    );
    const { context, page } = await officePage();
    await page.goto(`${base}/office/payments`);
    const row = page.getByTestId('order-row').filter({ hasText: world.transferName });
    await row.waitFor();
    await expectAxeClean(page);
    await row.getByRole('button', { name: /入金を確認/ }).click();
    const dialog = page.getByRole('dialog', { name: '銀行振込の入金を確認しましたか？' });
    await dialog.getByRole('button', { name: '入金を確認' }).click();
    await page.getByTestId('office-notice').getByText('入金を確認しました。').waitFor();
    expect(await page.getByTestId('order-row').filter({ hasText: world.transferName }).count()).toBe(0);
    // Now among the paid orders; a registration fee is refused with the API's message.
    await page.getByText('支払い済み', { exact: true }).click();
    const paidRow = page.getByTestId('order-row').filter({ hasText: world.transferName });
    await paidRow.getByRole('button', { name: /返金する/ }).click();
    const refund = page.getByRole('dialog', { name: '返金しますか？' });
    await refund.getByRole('button', { name: '返金する' }).click();
    await refund.getByTestId('confirm-error').waitFor();
    expect(await refund.getByTestId('confirm-error').innerText()).toBe('コース登録料は返金できません。');
    await expectAxeClean(page);
    await screenshot(page, 'office-refund-refused-desktop');
    await context.close();
  });

  it('marks a shop order as being prepared, then shipped; the buyer sees 発送済み', async () => {
    // A member buys a polo shirt (size M, navy) by card in the sandbox, as the checkout page does.
    const buyer = await register('発送');
    const products = await request<
      Array<{
        id: number;
        name: string;
        attributes: Array<{ id: number; attribute: string; options: string[] }>;
        allow_buy_with_course: boolean;
        buy_once_per_user: boolean;
      }>
    >('/products?limit=50', buyer.token);
    const shirt = products.find(
      (p) => p.attributes.length >= 2 && p.allow_buy_with_course && !p.buy_once_per_user,
    );
    if (!shirt) throw new Error('no product with attributes');
    const attributes = shirt.attributes.map((a) => ({
      id: a.id,
      attribute: a.attribute,
      value: a.options[1] ?? a.options[0] ?? '',
    }));
    const delivery = {
      postal_code: '1000001',
      address: '東京都千代田区千代田1-1 発送テストビル2階',
      customer_name: '発送 花子',
      phone: '03-1234-5678',
    };
    const { t_key } = await request<{ t_key: string }>('/payments/create-order-transaction', buyer.token, {
      body: { object_type: 4, meta: { products: [{ id: shirt.id, quantity: 2, attributes }] }, ...delivery },
    });
    const intent = await request<{ clientSecret: string; paymentIntentId: string }>(
      '/payments/stripe/create-payment-intent',
      buyer.token,
      { body: { object_type: 4, t_key } },
    );
    await request('/payments/sandbox/confirm', buyer.token, {
      body: {
        client_secret: intent.clientSecret,
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2034,
        cvc: '123',
        email: 'e2e@example.jp',
      },
    });
    const order = await request<{ id: number; status: number }>(
      '/payments/stripe/create-payment-order',
      buyer.token,
      { body: { object_type: 4, payment_intent_id: intent.paymentIntentId, t_key } },
    );
    expect(order.status).toBe(3);
    const number = String(order.id).padStart(10, '0');

    await shootBoth('/office/payments?kind=shop', 'office-shipping', (p) =>
      p.getByTestId('shop-order').filter({ hasText: number }).waitFor(),
    );
    const { context, page } = await officePage();
    await page.goto(`${base}/office/payments`);
    await page.getByText('ショップ発送', { exact: true }).click();
    const row = page.getByTestId('shop-order').filter({ hasText: number });
    await row.waitFor();
    const text = (await row.innerText()).replace(/\u00a0/g, ' ');
    expect(text).toContain('〒100-0001');
    expect(text).toContain(delivery.address);
    expect(text).toContain('発送 花子 様');
    expect(text).toContain(`${shirt.name} × 2`);
    for (const a of attributes) expect(text).toContain(`${a.attribute}: ${a.value}`);
    expect(text).toContain('発送待ち');
    await expectAxeClean(page);

    await row.getByRole('button', { name: `発送準備中にする（${number}）` }).click();
    const prepare = page.getByRole('dialog', { name: '発送準備中にしますか？' });
    await prepare.getByText(number, { exact: false }).waitFor();
    await prepare.getByRole('button', { name: '発送準備中にする' }).click();
    await page.getByTestId('office-notice').getByText('発送準備中にしました。').waitFor();
    await row.getByText('発送準備中', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /発送準備中にする/ }).count()).toBe(0);
    await shootBoth('/office/payments?kind=shop', 'office-shipping-preparing', (p) =>
      p
        .getByTestId('shop-order')
        .filter({ hasText: number })
        .getByText('発送準備中', { exact: true })
        .waitFor(),
    );

    await row.getByRole('button', { name: `発送済みにする（${number}）` }).click();
    const ship = page.getByRole('dialog', { name: '発送済みにしますか？' });
    await ship.getByText('発送のお知らせメールを送信します', { exact: false }).waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-shipping-dialog-desktop');
    await ship.getByRole('button', { name: '発送済みにする' }).click();
    await page.getByTestId('office-notice').getByText('発送済みにしました。', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('shop-order').filter({ hasText: number }).count()).toBe(0);
    await expectAxeClean(page);
    await context.close();

    // The buyer's order history shows the order as shipped.
    const history = await request<Array<{ id: number; status: number; status_name: string }>>(
      '/users/orders',
      buyer.token,
    );
    expect(history.find((o) => o.id === order.id)).toMatchObject({ status: 5, status_name: '発送済み' });
  });

  it("refuses a ticket before the session's day with its date, checks it in on the day (clock set), undoes it with a reason", async () => {
    const [y, mo, d] = world.ticketSession.eventDate.split('-').map(Number);
    const dateJa = `${y}年${mo}月${d}日`;
    {
      const { context, page } = await officePage();
      await page.goto(`${base}/office/check-in`);
      const input = page.getByTestId('check-in-code');
      await input.waitFor();
      // Today is weeks before the session: reception refuses the real ticket and says when the day is.
      await input.fill(`${base}/check-in/${world.ticketCode}`);
      await input.press('Enter');
      await page.getByTestId('check-in-error').waitFor();
      const refusal = await page.getByTestId('check-in-error').innerText();
      expect(refusal).toContain(dateJa);
      expect(refusal).toContain('当日のみ');
      await screenshot(page, 'office-check-in-not-today-desktop');
      await context.close();
    }

    // The same data, the server's clock set to 09:30 in Japan on the session's day (TEST_CLOCK, a test
    // server's setting: refused in production). A new login: the earlier token would be idle by then.
    await server.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await startServer({
      NODE_ENV: 'development',
      TEST_CLOCK: `${world.ticketSession.eventDate}T09:30:00+09:00`,
    });
    officeToken = await login('office@mels.example.jp');

    const { context, page } = await officePage();
    await page.goto(`${base}/office/check-in`);
    const input = page.getByTestId('check-in-code');
    await input.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('check-in-code');
    await expectAxeClean(page);
    // A forged code: the API's Japanese message.
    await page.keyboard.type(`${world.ticketCode.slice(0, -3)}AAA`);
    await page.keyboard.press('Enter');
    await page.getByTestId('check-in-error').waitFor();
    expect(await page.getByTestId('check-in-error').innerText()).toMatch(/受講票/);
    // The real ticket, as a USB scanner types its QR content (the check-in URL) followed by Enter.
    await input.fill(`${base}/check-in/${world.ticketCode}`);
    await input.press('Enter');
    await page.getByTestId('check-in-success').getByText(world.ticketName).waitFor();
    await page.getByTestId('check-in-success').getByText(world.ticketSession.name).waitFor();
    await page.getByTestId('check-in-history').getByText(world.ticketName).waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-check-in-done-desktop');
    await input.fill(world.ticketCode);
    await input.press('Enter');
    await page.getByTestId('check-in-error').waitFor();
    expect(await page.getByTestId('check-in-error').innerText()).toMatch(/受付済み|すでに/);

    // The roster: undo the check-in, with a reason the dialog asks for.
    await shootBoth(`/office/trainings/${world.ticketSession.id}`, 'office-training-checked-in', (p) =>
      p.getByRole('button', { name: `受付を取り消す（${world.ticketName}）` }).waitFor(),
    );
    await page.goto(`${base}/office/trainings/${world.ticketSession.id}`);
    const row = page.getByTestId('roster-row').filter({ hasText: world.ticketName });
    await row.getByRole('button', { name: `受付を取り消す（${world.ticketName}）` }).click();
    const dialog = page.getByRole('dialog', { name: '受付を取り消しますか？' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: '受付を取り消す' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('理由（必須）').fill('別の方の受講票を読み取ったため');
    expect(await confirm.isDisabled()).toBe(false);
    await expectAxeClean(page);
    await screenshot(page, 'office-undo-check-in-dialog-desktop');
    await confirm.click();
    await page.getByTestId('office-notice').getByText('受付を取り消しました。').waitFor();
    await row.getByText('未受付').waitFor();
    expect(await row.getByRole('button', { name: /受付を取り消す/ }).count()).toBe(0);
    // The history drawer names the step, the office member and the note in Japanese.
    await row.getByRole('button', { name: `履歴（${world.ticketName}）` }).click();
    const trail = page.getByTestId('trail-table');
    await trail.getByText('受付取り消し').waitFor();
    expect(await trail.innerText()).not.toMatch(/ID \d|registered|paid|checked in/);
    await expectAxeClean(page);
    await screenshot(page, 'office-trail-drawer-desktop');
    await context.close();
    await shootBoth('/office/check-in', 'office-check-in', (p) => p.getByTestId('check-in-code').waitFor());
  });
});
