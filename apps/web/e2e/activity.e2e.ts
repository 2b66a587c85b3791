import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registrationBody } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, screenshot } from './support/browser.ts';
import { runDatabaseScript, startPortalServer } from './support/server.ts';

/**
 * The my-page activities tab (受講履歴) of the demo attendee, on a server of this file's own. The
 * seed gives the attendee records of the older system but no enrolment, and a certificate needs the
 * whole learning journey (learning.e2e.ts walks it); so while the server is stopped, one script gives
 * the attendee enrolments in seeded sessions (upcoming ones in progress, one of them paid; past ones
 * done, lost and attended) and two certificates (one of the completed enrolment, ending in 90 days; one expired),
 * then the server starts again on the same data.
 */
const EMAIL = 'attendee@mels.example.jp';

let browser: Browser;
let server: Awaited<ReturnType<typeof startPortalServer>>;
let dataDir: string;
let base = '';
let token = '';

type Row = { id: number; name: string; event_date: string; user_type: { id: number }; status_label: string };

async function request<T>(pathname: string, auth: string | null, body?: unknown) {
  const res = await fetch(`${base}/api/v1${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(auth ? { Authorization: `Token ${auth}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: T; pagination?: { total: number } };
}

const login = async (email: string, password = 'Demo1234') =>
  (await request<{ token: string }>('/users/login', null, { email, password })).data.token;

/** Enrolments and certificates for the demo attendee, written while the server is stopped. */
const SCRIPT = `
const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
const all = async (sql, params = []) => (await db.query(sql, params)).rows;
const { id: userId } = await one("select id from users where email = $1", [process.env.EMAIL]);
const sessions = (where, order) => all(
  "select t.id, t.course_id from trainings t join training_user_types u on u.training_id = t.id and u.user_type_id = 4 " +
  "join courses c on c.id = t.course_id where t.is_active and c.certificate_prefix is not null and " + where +
  " order by " + order + " limit 400");
const future = await sessions("t.event_date >= current_date + 14", "t.event_date, t.id");
const past = await sessions("t.event_date < current_date - 14", "t.event_date desc, t.id");
// One session per course, so that no place won makes another read 'won elsewhere'.
const used = new Set();
const pick = (list) => { const s = list.find((x) => !used.has(x.course_id)); if (!s) throw new Error('no session'); used.add(s.course_id); return s; };
const plan = [[pick(past), 12], [pick(future), 4], [pick(future), 5], [pick(past), 7], [pick(past), 9]];
// A paid, upcoming one (9) in the course of the past 9: two places held never read 'won elsewhere'.
const paid = future.find((x) => x.course_id === plan[4][0].course_id);
if (!paid) throw new Error('no upcoming session of the course');
plan.push([paid, 9]);
// The 7 is a lottery lost (落選): in a first-come recruitment only a cancellation leads to 7 (キャンセル済み).
await db.query("update training_user_types set selection = 'lottery' where training_id = $1 and user_type_id = 4", [plan[3][0].id]);
let completed = 0;
for (const [s, status] of plan) {
  const e = await one("insert into enrollments (training_id, user_id, user_type_id, status) values ($1, $2, 4, $3) returning id", [s.id, userId, status]);
  const step = status <= 7 ? 4 : status <= 10 ? 5 : 7;
  await db.query("insert into enrollment_steps (enrollment_id, step, status) values ($1, $2, $3)", [e.id, step, status]);
  if (status === 12) completed = { enrollment: e.id, training: s.id, course: s.course_id };
}
const stamp = Date.now().toString(36);
await db.query(
  "insert into certificates (user_id, course_id, training_id, enrollment_id, certificate_number, verification_code, holder_name, start_date, end_date) " +
  "values ($1, $2, $3, $4, $5, $6, '佐藤 美咲', (select event_date from trainings where id = $3), current_date + 90)",
  [userId, completed.course, completed.training, completed.enrollment, 'E2E-' + stamp + '-1', 'e2e-activity-' + stamp + '-1']);
await db.query(
  "insert into certificates (user_id, course_id, certificate_number, verification_code, holder_name, start_date, end_date) " +
  "values ($1, $2, $3, $4, '佐藤 美咲', current_date - 2000, current_date - 30)",
  [userId, plan[3][0].course_id, 'E2E-' + stamp + '-2', 'e2e-activity-' + stamp + '-2']);
await db.close();
`;

async function startServer() {
  server = await startPortalServer({ webDist: inject('webDist'), dataDir });
  base = server.baseUrl;
}

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-activity-e2e-'));
  await startServer();
  await server.stop();
  await new Promise((r) => setTimeout(r, 1500));
  runDatabaseScript({ dataDir, script: SCRIPT, env: { EMAIL } });
  await startServer();
  token = await login(EMAIL);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const open = async (viewport: { width: number; height: number }, auth = token) => {
  const { context, page } = await newPage(browser, viewport, auth);
  await page.goto(`${base}/my-page/activities`);
  return { context, page };
};

async function expectAxeClean(page: Page) {
  const violations = await axeSerious(page);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

const historyRows = (page: Page) => page.getByTestId('activity-history-table').locator('tbody tr');

describe('my-page activities', () => {
  it('shows the demo attendee their applications, history, certificates and older records', async () => {
    const { context, page } = await open(DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.first().textContent()).toBe('受講履歴');
    expect(await page.getByRole('tab', { name: '受講履歴' }).getAttribute('aria-selected')).toBe('true');

    const pending = page.getByTestId('activity-pending');
    await pending.getByRole('heading', { name: 'お申し込み中の講習会' }).waitFor();
    // A paid, upcoming session (9) is still in progress: here, not in the history.
    await expect.poll(() => pending.locator('li').count()).toBe(3);
    await pending.getByText('申込中').waitFor();
    await pending.getByText('抽選待ち').waitFor();
    await pending.getByText('受講予定').waitFor();

    await expect.poll(() => historyRows(page).count()).toBe(3);
    const history = page.getByTestId('activity-history');
    for (const label of ['受講完了', '落選', '受講予定'])
      await history.getByText(label, { exact: true }).waitFor();

    const certs = page.getByTestId('activity-certificates');
    await certs.getByTestId('certificate-expiring').waitFor();
    await certs.getByTestId('certificate-expired').getByText('期限切れ').waitFor();
    await certs.getByText('期限間近').waitFor();
    await certs
      .getByText(/^\d{4}\/\d{2}\/\d{2}〜\d{4}\/\d{2}\/\d{2}$/)
      .first()
      .waitFor();

    const legacy = page.getByTestId('activity-legacy');
    await legacy.getByRole('heading', { name: '以前のシステムでの受講履歴' }).waitFor();
    await expect.poll(() => legacy.locator('tbody tr').count()).toBe(3);
    await legacy.getByText('アシスタント').waitFor(); // the newest of the seeded four

    await expectAxeClean(page);
    await screenshot(page, 'activity-desktop');
    await context.close();
  });

  it('sorts the history by event date with aria-sort, and a row opens its session page', async () => {
    const { context, page } = await open(DESKTOP);
    await expect.poll(() => historyRows(page).count()).toBe(3);
    const dateHeader = page.getByRole('columnheader', { name: /開催日/ });
    expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
    const dates = () =>
      historyRows(page).evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
    const newestFirst = await dates();
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());

    await page.getByTestId('sort-event_date').click();
    await expect.poll(() => dateHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(dates).toEqual([...newestFirst].reverse());
    const api = await request<Row[]>('/users/activity/trainings?sort=event_date&direction=asc', token);
    const first = api.data[0]!;

    await page.getByTestId('sort-name').click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /講習会名/ }).getAttribute('aria-sort'))
      .toBe('ascending');
    expect(await dateHeader.getAttribute('aria-sort')).toBe('none');
    await page.getByTestId('sort-event_date').click();
    await page.getByTestId('sort-event_date').click();
    await expect.poll(() => dateHeader.getAttribute('aria-sort')).toBe('ascending');

    await historyRows(page).first().getByRole('link', { name: first.name }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/session/${first.id}/4`);
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    await context.close();
  });

  it('downloads certificate PDFs, of a session and of one without a session here', async () => {
    const { context, page } = await open(DESKTOP);
    const button = page.getByRole('button', { name: /^修了証 E2E-.+-1 のPDFをダウンロード$/ });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^certificate_E2E-.+-1\.pdf$/);
    await page.getByText('修了証のPDFをダウンロードしました。').waitFor();
    // The expired one has no enrolment here (as a certificate claimed from the older system): still its own PDF.
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^修了証 E2E-.+-2 のPDFをダウンロード$/ }).click(),
    ]);
    expect(second.suggestedFilename()).toMatch(/^certificate_E2E-.+-2\.pdf$/);
    await context.close();
  });

  it('turns the tables into cards at 375 px without sideways scrolling', async () => {
    const { context, page } = await open(MOBILE);
    await expect.poll(() => historyRows(page).count()).toBe(3);
    await page.getByTestId('certificate-expiring').waitFor();
    await page.getByTestId('activity-legacy').locator('tbody tr').nth(2).waitFor();
    const display = await historyRows(page)
      .first()
      .evaluate((tr) => getComputedStyle(tr).display);
    expect(display).toBe('block');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectAxeClean(page);
    await screenshot(page, 'activity-375');
    await context.close();
  });

  it('a new member sees the empty state in every section; unknown tabs go to /my-page/info', async () => {
    const email = `activity.e2e.${Date.now()}@example.jp`;
    await request('/users', null, registrationBody({ email, last_name: '新規', password: 'Kirin2031' }));
    const member = await login(email, 'Kirin2031');
    const { context, page } = await open(DESKTOP, member);
    for (const id of ['activity-pending', 'activity-history', 'activity-certificates', 'activity-legacy'])
      await page.getByTestId(id).getByText('表示するデータはありません').waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'activity-empty-desktop');
    await page.goto(`${base}/my-page/unknown`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/my-page/info');
    await context.close();
  });

  it("turns on the member's calendar feed, which serves their sessions; a session page offers its .ics", async () => {
    const { context, page } = await open(DESKTOP);
    const card = page.getByRole('region', { name: 'カレンダー連携' });
    await card.getByText('カレンダー連携は現在オフです。').waitFor();
    await card.getByRole('button', { name: 'カレンダー連携の URL を発行する' }).click();
    const field = card.getByRole('textbox', { name: 'カレンダー購読用 URL' });
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar\/feeds\/[A-Za-z0-9_-]{43}$/);
    await card.getByText(/から有効です。$/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectAxeClean(page);
    await screenshot(page, 'calendar-feed-desktop');
    // The feed is read as a calendar app would: no login, the URL is the credential.
    const feed = await fetch(`${base}${new URL(url).pathname}`);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const text = await feed.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const uids = [...text.matchAll(/^UID:training-(\d+)@/gm)].map((m) => Number(m[1]));
    // Applied, awaiting the lottery, paid and attended, done: five live places (the lost lottery is not one).
    expect(uids.length).toBe(5);
    // A session page's 'add to calendar' link gives that one session.
    await page.goto(`${base}/session/${uids[0]}/4`);
    const link = page.getByRole('link', { name: 'カレンダーに追加' });
    await link.waitFor();
    const one = await fetch(`${base}${await link.getAttribute('href')}`);
    expect(await one.text()).toContain(`UID:training-${uids[0]}@`);
    // Turning it off stops the URL.
    await page.goto(`${base}/my-page/activities`);
    await card.getByRole('button', { name: '連携を停止する' }).click();
    await card.getByText('カレンダー連携は現在オフです。').waitFor();
    expect((await fetch(`${base}${new URL(url).pathname}`)).status).toBe(404);
    await context.close();
    const mobile = await open(MOBILE);
    const small = mobile.page.getByRole('region', { name: 'カレンダー連携' });
    await small.scrollIntoViewIfNeeded();
    await small.getByText('カレンダー連携は現在オフです。').waitFor();
    const overflow = await mobile.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await screenshot(mobile.page, 'calendar-feed-375');
    await mobile.context.close();
  });

  it('shows 5 skeleton rows while the older records load', async () => {
    const { context, page } = await newPage(browser, DESKTOP, token);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/users/activity/legacy', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}/my-page/activities`);
    await expect.poll(() => page.getByTestId('legacy-skeleton').count()).toBe(5);
    release();
    await expect.poll(() => page.getByTestId('legacy-skeleton').count()).toBe(0);
    await context.close();
  });
});
