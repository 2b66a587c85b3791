import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, paySandbox, registerMember, staysOpen } from './support/api.ts';
import {
  axeSerious,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  receivedMails,
  screenshot,
  waitForMail,
} from './support/browser.ts';

/**
 * Issue 6's journey through a lottery session, as the attendee and the office each see it:
 * the attendee (a new member) has paid the course registration and finished the pre-video and
 * pre-test (through the API: those pages have their own test), then in the browser applies,
 * the office closes the applications and draws the lottery on its console, the attendee wins,
 * pays the session fee by card in the sandbox, accepts the agreement and prints the ticket, the
 * office checks the ticket in, and the session page shows the post-test step active.
 * Then a first-come recruitment filled to capacity shows the 'full' message to the next member.
 */

type Card = {
  id: number;
  name: string;
  selection: string;
  recruiting: string;
  apply_date: { start: string; end: string };
  is_active: number;
  capacity: number;
  participant: number;
  price: number;
  user_type: { id: number };
  course: { id: number; price: number; certificate_prefix: string | null };
  payments_methods: Array<{ payment_method_id: number }>;
};
type Lesson = { id: number; duration: number };
type Quiz = {
  questions: Array<{ id: number; input_type: 0 | 1 | 2; quiz_question_metas: Array<{ value: string }> }>;
};
type Detail = { steps: Array<{ step: number; state: string }>; step_status: number | null };

let browser: Browser;
let member: { email: string; token: string };
let officeToken: string;
let session: Card;

async function cards(userType: number, token: string): Promise<Card[]> {
  const out: Card[] = [];
  for (let page = 1; page <= 4; page++) {
    const batch = await apiCall<Card[]>(`/trainings?user_type[]=${userType}&limit=100&page=${page}`, {
      token,
    });
    out.push(...batch);
    if (batch.length < 100) break;
  }
  return out;
}

const detailOf = (id: number, typeId: number, token: string) =>
  apiCall<Detail>(`/trainings/${id}/enrollments/detail?user_type=${typeId}`, { token });

const stepState = (page: Page, step: number) => page.getByTestId(`step-${step}`).getAttribute('data-state');

/** Steps 2 and 3 through the API: every lesson really played (the server times it), the pre-test answered. */
async function finishPreCourse(id: number, token: string) {
  const base = `/trainings/${id}/enrollments`;
  const { lessons } = await apiCall<{ lessons: Lesson[] }>(`${base}/pre-videos?user_type=4`, { token });
  for (const lesson of lessons)
    await apiCall(`${base}/pre-videos/progress`, {
      token,
      body: { user_type: 4, lesson_id: lesson.id, ranges: [], position: 0 },
    });
  // The videos are seconds long; the server credits at most the wall-clock time since the last report.
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

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
  member = await registerMember('journey', '抽選');
  // A lottery session for attendees, paid by card only, whose applications are open, of a course a
  // new member may take (no course condition: step 1 open to them).
  const candidates = (await cards(4, member.token)).filter(
    (c) =>
      c.selection === 'lottery' &&
      staysOpen(c) &&
      c.is_active === 1 &&
      c.price >= 50 &&
      c.course.price >= 50 &&
      c.course.certificate_prefix !== 'BI' &&
      c.payments_methods.length === 1 &&
      c.payments_methods[0]?.payment_method_id === 1,
  );
  let found: Card | undefined;
  for (const c of candidates) {
    const d = await detailOf(c.id, 4, member.token);
    if (d.steps.find((v) => v.step === 1)?.state === 'active') {
      found = c;
      break;
    }
  }
  if (!found) throw new Error('no open lottery session paid by card in the demo data');
  session = found;
  await paySandbox(member.token, { object_type: 1, object_id: session.course.id, training_id: session.id });
  await finishPreCourse(session.id, member.token);
});

afterAll(async () => {
  await browser?.close();
});

describe('a lottery session from application to check-in', () => {
  const root = () => `/session/${session.id}/4`;
  let receptionCode = '';
  let checkInPath = '';

  it('the attendee applies and waits for the draw', async () => {
    const detail = await detailOf(session.id, 4, member.token);
    expect(detail.steps.filter((s) => s.step <= 3).map((s) => s.state)).toEqual([
      'finished',
      'finished',
      'finished',
    ]);
    const { context, page } = await newPage(browser, DESKTOP, member.token);
    await page.goto(root());
    await expect.poll(() => stepState(page, 4)).toBe('active');
    await page.getByRole('link', { name: '申込へ進む' }).click();
    await page.getByRole('heading', { level: 1, name: '講習会の申込' }).waitFor();
    await page.getByLabel('個人情報保護方針に同意する').check();
    await page.getByRole('button', { name: '申し込む' }).click();
    await page.getByRole('heading', { level: 1, name: 'お申し込みを受け付けました' }).waitFor();
    expect(await page.getByTestId('application-result').innerText()).toContain('抽選');
    await screenshot(page, 'journey-applied-desktop');
    await page.goto(root());
    await expect.poll(() => stepState(page, 4)).toBe('finished');
    await page.getByText('抽選待ち').first().waitFor();
    expect(await stepState(page, 5)).toBe('disabled');
    await context.close();
  });

  it('the office closes the applications and draws the lottery on its console', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto(`/office/trainings/${session.id}`);
    const panel = page.getByTestId('lottery-4');
    await panel.waitFor();
    await panel.getByRole('button', { name: '申込受付を締め切る' }).click();
    const close = page.getByRole('dialog');
    await close.getByText('締め切ると', { exact: false }).waitFor();
    await page.waitForTimeout(500);
    expect(await axeSerious(page)).toEqual([]);
    await close.getByRole('button', { name: '締め切る' }).click();
    await panel.getByRole('button', { name: '抽選を実施する' }).waitFor();
    await panel.getByLabel(/シード値/).fill('journey-e2e');
    await panel.getByRole('button', { name: '抽選を実施する' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '実施する' }).click();
    await expect.poll(() => panel.getByTestId('lottery-notice').innerText()).toContain('当選 1名');
    await expect.poll(() => panel.getByTestId('lottery-seed').innerText()).toBe('journey-e2e');
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'journey-office-lottery-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'journey-office-lottery-375');
    await context.close();
    const mail = await waitForMail(member.email, /当選/);
    expect(mail).toContain(`/session/${session.id}/4`);
  });

  it('the attendee wins, pays the session fee by card, accepts the agreement and prints the ticket', async () => {
    const { context, page } = await newPage(browser, DESKTOP, member.token);
    await page.goto(root());
    await expect.poll(() => stepState(page, 5)).toBe('active');
    await page.getByText('お支払い待ち', { exact: false }).first().waitFor();
    await screenshot(page, 'journey-won-desktop');
    // Card payers pay the session fee on the agreement page, after agreeing to its notes.
    await page.getByRole('link', { name: '受講料を支払う' }).click();
    await page.getByRole('heading', { level: 1, name: '受講にあたっての注意事項' }).waitFor();
    await page.getByRole('button', { name: '同意してお支払いへ進む' }).click();
    await page.getByText('上記内容に同意する必要があります。').waitFor();
    await page.getByLabel('上記内容に同意する').check();
    await page.getByRole('button', { name: '同意してお支払いへ進む' }).click();
    await page.getByRole('button', { name: /を支払う$/ }).waitFor();
    expect(await page.getByTestId('course-fee').textContent()).toBe(
      `${session.price.toLocaleString('ja-JP')}円`,
    );
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'journey-session-fee-desktop');
    await page.getByLabel(/^カード番号/).fill('4242424242424242');
    await page.getByLabel(/^有効期限/).fill('12/34');
    await page.getByLabel(/^セキュリティコード/).fill('123');
    await page.getByLabel(/^メールアドレス/).fill(member.email);
    await page.getByRole('button', { name: /を支払う$/ }).click();
    await page
      .getByRole('heading', { name: /^決済(完了|失敗)$|^エラーが発生しました$/ })
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'journey-session-fee-stuck-desktop');
        throw error;
      });
    await screenshot(page, 'journey-session-fee-paid-desktop');
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([]);
    expect(await page.getByTestId('payment-error').count()).toBe(0);
    await page.getByRole('heading', { name: '決済完了' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    // Back with ?payment=true: the page reloads its data and drops the flag.
    await page.getByRole('link', { name: '講習会の詳細に戻る' }).click();
    await page.waitForURL((url) => url.pathname === root() && !url.search.includes('payment'));
    await expect.poll(() => stepState(page, 5)).toBe('active');
    await page.getByText('申込状況: 受講予定').waitFor();
    // The ticket's QR code encodes the check-in URL the ticket call answers ({PUBLIC_URL}/check-in/{signed
    // code}); beside it the page shows the short 受付コード that reception may type instead.
    const ticketAnswer = page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' &&
        new URL(r.url()).pathname.endsWith(`/trainings/${session.id}/enrollments/ticket`),
    );
    await page.getByRole('link', { name: '受講票を表示する' }).click();
    const ticket = (
      (await (await ticketAnswer).json()) as { data: { check_in_url: string; reception_code: string } }
    ).data;
    await page.getByRole('heading', { level: 1, name: '受講票' }).waitFor();
    await page.getByTestId('ticket-qr').locator('svg').waitFor();
    await page.getByText('受付コード', { exact: true }).waitFor();
    await screenshot(page, 'journey-ticket-desktop');
    receptionCode = (await page.getByTestId('ticket-reception-code').innerText()).trim();
    expect(receptionCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{1,5}-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(receptionCode.length).toBeLessThanOrEqual(12);
    expect(receptionCode).toBe(ticket.reception_code);
    checkInPath = new URL(ticket.check_in_url).pathname;
    expect(checkInPath).toMatch(/^\/check-in\/[^/]{20,}$/);
    await context.close();
  });

  it('the office checks the ticket in; a forged code is refused', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto('/office/check-in');
    const code = page.getByLabel(/^受付コード/);
    await code.waitFor();
    // A forged 受付コード (the enrolment part kept, the check characters changed) and a forged QR code
    // (the signed code's last characters changed) are refused.
    const token = decodeURIComponent(checkInPath.slice('/check-in/'.length));
    const forge = (value: string) => `${value.slice(0, -4)}${value.endsWith('ZZZZ') ? 'YYYY' : 'ZZZZ'}`;
    for (const forged of [forge(receptionCode), forge(token)]) {
      await code.fill(forged);
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/office/check-in'),
      );
      await code.press('Enter');
      expect((await answer).status()).toBeGreaterThanOrEqual(400);
      await page.getByTestId('check-in-error').waitFor();
      expect(await page.getByTestId('check-in-success').count()).toBe(0);
    }
    // The ticket's QR code holds {PUBLIC_URL}/check-in/{code}: a phone camera opens it and checks in.
    await page.goto(checkInPath);
    await page.waitForURL(/\/office\/check-in\//);
    await page.getByTestId('check-in-success').getByText('抽選 陽子', { exact: false }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'journey-office-check-in-desktop');
    // The same ticket again by its typed 受付コード (lower case, as reception may type it): recognised,
    // and already used.
    await code.fill(receptionCode.toLowerCase());
    await code.press('Enter');
    await page.getByText('この受講票はすでに受付済みです。').first().waitFor();
    // And again through the QR link: already used too.
    await page.goto('/office/check-in');
    await page.goto(checkInPath);
    await page.getByText('この受講票はすでに受付済みです。').first().waitFor();
    await context.close();
  });

  it('the session page then shows the post-test step active', async () => {
    const { context, page } = await newPage(browser, MOBILE, member.token);
    await page.goto(root());
    await expect.poll(() => stepState(page, 5)).toBe('finished');
    await expect.poll(() => stepState(page, 6)).toBe('active');
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'journey-post-test-open-375');
    await context.close();
    const detail = await detailOf(session.id, 4, member.token);
    expect(detail.step_status).toBe(10);
  });

  it("the journey's mails arrive through SMTP, each in the one layout (issue 13 §5)", async () => {
    const course = await waitForMail(member.email, /内容：コース登録料/);
    const applied = await waitForMail(member.email, /お申し込みを受け付けました/);
    expect(applied).toMatch(/申込締切（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}）後に抽選を行い/);
    const won = await waitForMail(member.email, /当選となりました/);
    const fee = await waitForMail(member.email, /内容：受講料/);
    expect(fee).toMatch(/注文番号：\d{10}/);
    expect(fee).toContain(`金額：${session.price.toLocaleString('ja-JP')}円`);
    expect(fee).toContain('/order-history');
    const ticket = await waitForMail(member.email, /受講票を発行しました/);
    expect(ticket).toContain(`/session/${session.id}/4/ticket`);
    for (const text of [course, applied, won, fee, ticket]) expect(text).toMatch(/お問い合わせ：\S+@\S+/);
    // registration, course fee, application, lottery result, session fee, ticket (and the day-before
    // reminder when the demo session is tomorrow): each once.
    const mine = (await receivedMails()).filter((m) => m.to.includes(member.email));
    expect(mine.length).toBeGreaterThanOrEqual(6);
    expect(mine.length).toBeLessThanOrEqual(7);
  });
});

describe('a full first-come recruitment', () => {
  it('tells the next member the session is full and keeps the application step closed', async () => {
    const token = (await registerMember('observer')).token;
    const candidates = (await cards(3, token)).filter(
      (c) => c.selection === 'first_come' && staysOpen(c) && c.is_active === 1 && c.price === 0,
    );
    let target: Card | undefined;
    for (const c of candidates.sort((a, b) => a.capacity - a.participant - (b.capacity - b.participant))) {
      const d = await detailOf(c.id, 3, token);
      if (d.steps.find((s) => s.step === 4)?.state === 'active') {
        target = c;
        break;
      }
    }
    if (!target) throw new Error('no open first-come observer session without a fee');
    // Fill the remaining places with new members.
    for (let i = target.participant; i < target.capacity; i++) {
      const other = await registerMember('filler');
      await apiCall(`/trainings/${target.id}/enrollments/user`, {
        token: other.token,
        body: { user_type: 3 },
      });
    }
    const { context, page } = await newPage(browser, DESKTOP, token);
    await page.goto(`/session/${target.id}/3`);
    await page
      .getByTestId('session-warnings')
      .getByText('定員に達したため、お申し込みいただけません。')
      .waitFor();
    expect(await stepState(page, 4)).toBe('disabled');
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'journey-full-desktop');
    await context.close();
  });
});
