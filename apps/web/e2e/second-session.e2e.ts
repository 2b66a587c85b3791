import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin, paySandbox, registerMember, staysOpen } from './support/api.ts';
import {
  axeSerious,
  baseUrl,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
  useOwnServer,
} from './support/browser.ts';
import { changeOneRow, startPortalServer } from './support/server.ts';

/**
 * Issue 13 §1, §2 and §7 as a member lives them: a lottery session of a paid course draws more
 * applicants than it has places; a member who lost applies to another session of the same course,
 * finds the course registration and the pre-learning already done (step 4 active), books it, reads
 * the organiser, the notes and the payment methods on the session page, chooses bank transfer among
 * the methods the session offers, sees the association's account, the amount and the deadline, and
 * the office confirms the transfer from its queue: the ticket follows. A visitor who opens a session
 * is told at the login why.
 *
 * On a server of this file's own: the worker's server is shared with the files before it in the same
 * worker (journey.e2e.ts closes and draws an open lottery of the same course), and the seed (dated from
 * the real clock) does not hold a lottery with few places every day. So the lottery is any open paid
 * lottery of a course with a first-come session taking bank transfer, and while the server is stopped
 * one statement leaves it two free places (three applicants: one loses), as office.e2e.ts does.
 */

type Card = {
  id: number;
  event_date: string;
  selection: string;
  recruiting: string;
  apply_date: { start: string; end: string };
  is_active: number;
  capacity: number;
  participant: number;
  price: number;
  course: { id: number; price: number; certificate_prefix: string | null };
  payments_methods: Array<{ payment_method_id: number }>;
};
type Lesson = { id: number; duration: number };
type Quiz = {
  questions: Array<{ id: number; input_type: 0 | 1 | 2; quiz_question_metas: Array<{ value: string }> }>;
};
type Detail = { steps: Array<{ step: number; state: string }>; step_status: number | null };
type Member = { email: string; token: string };

let browser: Browser;
let officeToken: string;
let lottery: Card;
let second: Card;
let loser: Member;
let server: Awaited<ReturnType<typeof startPortalServer>> | undefined;
let dataDir = '';

async function startServer() {
  server = await startPortalServer({ webDist: inject('webDist'), dataDir });
  useOwnServer(server.baseUrl);
}

/** Stops the server, runs one statement (changing exactly one row) on its database, starts it again. */
async function restartWith(statement: string, params: number[]) {
  await server?.stop();
  await new Promise((r) => setTimeout(r, 1500));
  changeOneRow({ dataDir, statement, params });
  await startServer();
}

async function cards(token: string): Promise<Card[]> {
  const out: Card[] = [];
  for (let page = 1; page <= 6; page++) {
    const batch = await apiCall<Card[]>(`/trainings?user_type[]=4&limit=100&page=${page}`, { token });
    out.push(...batch);
    if (batch.length < 100) break;
  }
  return out;
}

const detailOf = (id: number, token: string) =>
  apiCall<Detail>(`/trainings/${id}/enrollments/detail?user_type=4`, { token });

const stepState = (page: Page, step: number) => page.getByTestId(`step-${step}`).getAttribute('data-state');

/** Steps 2 and 3 through the API (the learning pages have their own test): every lesson played, the pre-test answered. */
async function finishPreCourse(id: number, token: string) {
  const base = `/trainings/${id}/enrollments`;
  const { lessons } = await apiCall<{ lessons: Lesson[] }>(`${base}/pre-videos?user_type=4`, { token });
  for (const lesson of lessons)
    await apiCall(`${base}/pre-videos/progress`, {
      token,
      body: { user_type: 4, lesson_id: lesson.id, ranges: [], position: 0 },
    });
  const longest = Math.max(0, ...lessons.map((l) => l.duration));
  await new Promise((resolve) => setTimeout(resolve, (longest + 1) * 1000));
  for (const lesson of lessons) {
    await apiCall(`${base}/pre-videos/progress`, {
      token,
      body: { user_type: 4, lesson_id: lesson.id, ranges: [[0, lesson.duration]], position: lesson.duration },
    });
    await apiCall(`${base}/pre-videos/view`, { token, body: { user_type: 4, lesson_id: lesson.id } });
  }
  const quiz = await apiCall<Quiz>(`${base}/pre-tests?user_type=4`, { token });
  for (const q of quiz.questions)
    await apiCall(`${base}/pre-test/answer`, {
      token,
      body: {
        user_type: 4,
        question_id: q.id,
        answer: q.input_type === 2 ? ['事前学習の回答です。'] : [q.quiz_question_metas[0]?.value ?? ''],
      },
    });
}

/** An applicant of the lottery (a member registered here): the course fee paid, the pre-learning done, applied. */
async function enter(member: Member): Promise<Member> {
  await paySandbox(member.token, { object_type: 1, object_id: lottery.course.id, training_id: lottery.id });
  await finishPreCourse(lottery.id, member.token);
  await apiCall(`/trainings/${lottery.id}/enrollments/user`, {
    token: member.token,
    body: { user_type: 4, privacy: true },
  });
  return member;
}

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-second-session-e2e-'));
  await startServer();
  officeToken = await apiLogin('office@mels.example.jp');
  const all = await cards(officeToken);
  const paid = (c: Card) =>
    staysOpen(c) &&
    c.is_active === 1 &&
    c.price >= 50 &&
    c.course.price >= 50 &&
    c.course.certificate_prefix !== 'BI';
  // Lotteries that have a first-come session of the same course taking bank transfer among several methods.
  const pairs = all
    .filter((c) => paid(c) && c.selection === 'lottery' && c.participant < c.capacity)
    .map((l) => ({
      l,
      s: all.find(
        (c) =>
          paid(c) &&
          c.selection === 'first_come' &&
          c.course.id === l.course.id &&
          c.event_date !== l.event_date &&
          c.participant < c.capacity &&
          c.payments_methods.length > 1 &&
          c.payments_methods.some((p) => p.payment_method_id === 2),
      ),
    }))
    .filter((p): p is { l: Card; s: Card } => p.s !== undefined);
  // The first whose course a new member may take (no course condition): step 1 open to them.
  const first = await registerMember('lottery0', '抽選');
  let pair: { l: Card; s: Card } | undefined;
  for (const p of pairs) {
    const d = await detailOf(p.l.id, first.token);
    if (d.steps.find((v) => v.step === 1)?.state === 'active') {
      pair = p;
      break;
    }
  }
  if (!pair) throw new Error('no lottery with a second session of its course taking bank transfer');
  second = pair.s;
  // Two places left (the applicants are registered here): three apply, one loses.
  await restartWith(
    'update training_user_types set capacity = participant + 2 where training_id = $1 and user_type_id = 4',
    [pair.l.id],
  );
  lottery = { ...pair.l, capacity: pair.l.participant + 2 };
  // One more applicant than places: someone loses (whoever the seeded draw leaves out).
  const others: Member[] = [];
  for (let i = 1; i <= lottery.capacity - lottery.participant; i++)
    others.push(await registerMember(`lottery${i}`, '抽選'));
  const members = await Promise.all([first, ...others].map(enter));
  await apiCall(`/office/trainings/${lottery.id}/close-applications`, {
    token: officeToken,
    body: { user_type: 4 },
  });
  await apiCall(`/office/trainings/${lottery.id}/lottery`, {
    token: officeToken,
    body: { user_type: 4, seed: 'second-session-e2e' },
  });
  const statuses = await Promise.all(members.map((m) => detailOf(lottery.id, m.token)));
  const lost = members.find((_, i) => statuses[i]?.step_status === 7);
  if (!lost) throw new Error('nobody lost the draw');
  loser = lost;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  useOwnServer(undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('lost a lottery → another session of the same course, booked and paid by bank transfer', () => {
  const root = () => `/session/${second.id}/4`;

  it('a visitor opening the session is told at the login why, and returns to the session', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    // The server draws the login, with its notice, into the visitor's HTML (no script has run yet).
    const html = (path: string) =>
      page.request.get(path, { headers: { accept: 'text/html' } }).then((response) => response.text());
    const visitorHtml = await html(root());
    expect(visitorHtml).toContain('data-testid="login-session-notice"');
    expect(visitorHtml).toContain('<title>ログイン | 母体救命 MELS ポータル</title>');
    expect(await html('/login')).not.toContain('login-session-notice');
    await page.goto(root());
    await page.waitForURL('**/login');
    const notice = page.getByTestId('login-session-notice');
    expect(await notice.innerText()).toBe('ログインすると講習会の詳細と申込手続きをご覧いただけます');
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'second-session-login-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'second-session-login-375');
    await page.getByLabel(/^メールアドレス/).fill(loser.email);
    await page.getByLabel(/^パスワード/).fill('Demo1234');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`**${root()}`);
    // Signed in, the browser holds the hint, and the same address's HTML is the app's frame.
    expect((await context.cookies()).find((c) => c.name === 'mels_signed_in')?.value).toBe('1');
    expect(await html(root())).not.toContain('login-session-notice');
    await context.close();
    // A hint left without its token (the server then sends the app's frame): the app sends the visitor to
    // the same login, by the login-first paths the build wrote into the page's head.
    const stale = await newPage(browser, DESKTOP);
    await stale.context.addCookies([{ name: 'mels_signed_in', value: '1', url: baseUrl() }]);
    const frame = await stale.page.request.get(root(), { headers: { accept: 'text/html' } });
    expect(await frame.text()).not.toContain('login-session-notice');
    await stale.page.goto(root());
    await stale.page.waitForURL('**/login');
    await stale.page.getByTestId('login-session-notice').waitFor();
    expect(await stale.context.cookies()).toEqual([]);
    await stale.context.close();
    // The plain login shows no such notice.
    const plain = await newPage(browser, DESKTOP);
    await plain.page.goto('/login');
    await plain.page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
    expect(await plain.page.getByTestId('login-session-notice').count()).toBe(0);
    await plain.context.close();
  });

  it('the second session reads step 1–3 finished, shows the organiser, notes and methods, and takes the application', async () => {
    const { context, page } = await newPage(browser, DESKTOP, loser.token);
    await page.goto(root());
    await expect.poll(() => stepState(page, 4)).toBe('active');
    for (const step of [1, 2, 3]) expect(await stepState(page, step)).toBe('finished');
    // No dead end: the registration page sends a registered member on to the session.
    await page.goto(`${root()}/payment`);
    await page.waitForURL(`**${root()}`);
    await expect.poll(() => stepState(page, 4)).toBe('active');
    const facts = await page.locator('dl').first().innerText();
    expect(facts).toContain('主催');
    expect(facts).toContain('対象');
    expect(await page.getByTestId('session-payment-methods').innerText()).toContain('銀行振込');
    await page.getByTestId('session-notes').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'second-session-detail-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'second-session-detail-375');
    // Back at desktop width on a fresh load, so nothing of the 375 px layout is still settling.
    await page.setViewportSize(DESKTOP);
    await page.goto(root());
    await expect.poll(() => stepState(page, 4)).toBe('active');
    await page.getByRole('link', { name: '申込へ進む' }).click();
    await page.getByRole('heading', { level: 1, name: '講習会の申込' }).waitFor();
    await page.getByLabel('個人情報保護方針に同意する').check();
    await page.getByRole('button', { name: '申し込む' }).click();
    await page.getByRole('heading', { level: 1, name: 'お申し込みを受け付けました' }).waitFor();
    await context.close();
  });

  it('the member chooses bank transfer, sees the account, amount and deadline; the office confirms; the ticket follows', async () => {
    const { context, page } = await newPage(browser, DESKTOP, loser.token);
    await page.goto(root());
    await expect.poll(() => stepState(page, 5)).toBe('active');
    await page.getByRole('link', { name: 'お支払い方法を選ぶ' }).click();
    await page.getByRole('heading', { level: 2, name: 'お支払い方法の選択' }).waitFor();
    await page.getByRole('button', { name: 'このお支払い方法で進む' }).click();
    await page.getByText('お支払い方法を選択してください。').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'second-session-choose-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'second-session-choose-375');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('radio', { name: /銀行振込/ }).check();
    await page.getByRole('button', { name: 'このお支払い方法で進む' }).click();
    const details = page.getByTestId('transfer-details');
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain(`${second.price.toLocaleString('ja-JP')}円`);
    expect(text).toContain('1234567');
    expect(text).toMatch(/\d{4}\/\d{2}\/\d{2}/);
    await page.getByText('選択中のお支払い方法：銀行振込').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'second-session-transfer-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'second-session-transfer-375');
    await context.close();

    // The office's transfer queue holds the member's order; confirming it issues the ticket.
    const office = await newPage(browser, DESKTOP, officeToken);
    await office.page.goto('/office/payments?kind=transfer');
    const button = office.page.getByRole('button', { name: /^入金を確認（\d{10}）$/ }).last();
    await button.waitFor();
    await screenshot(office.page, 'second-session-office-transfers-desktop');
    await button.click();
    await office.page.getByRole('dialog').getByRole('button', { name: '入金を確認' }).click();
    await office.page.getByText('入金を確認しました。').waitFor();
    await office.context.close();

    await expect.poll(async () => (await detailOf(second.id, loser.token)).step_status).toBe(9);
    const after = await newPage(browser, DESKTOP, loser.token);
    await after.page.goto(root());
    await after.page.getByRole('link', { name: '受講票を表示する' }).click();
    await after.page.getByRole('heading', { level: 1, name: '受講票' }).waitFor();
    await after.context.close();
  });
});
