import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody, staysOpen } from './support/api.ts';
import {
  axeSerious,
  baseUrl,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
} from './support/browser.ts';

/**
 * Part 2 of the session journey (issue 7), as a member registered for this run: the course
 * registration fee, the application, the agreement and the check-in go through the API (part 1 is
 * tested elsewhere); the pre-videos, the pre-test, the post-test, the survey, the certificate and its
 * public verification page are done in the browser.
 */

let browser: Browser;
let memberToken = '';
let officeToken = '';

type Card = {
  id: number;
  name: string;
  course: { id: number; name: string; price: number; certificate_prefix: string | null };
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
  step: number;
  step_status: number | null;
  check_training: boolean;
};

async function request<T>(
  pathname: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${pathname}`, {
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

const login = async (email: string, password: string) =>
  (await request<{ token: string }>('/users/login', null, { body: { email, password } })).token;

const MEMBER = { last: '修了', first: '花子', alphaLast: 'SHURYO', alphaFirst: 'HANAKO' };

/** A new member registered through the API (a midwife in Tokyo). */
async function registerMember() {
  const data = await request<{ token: string }>('/users', null, {
    body: registrationBody({
      email: `learning.e2e.${Date.now()}@example.jp`,
      password: 'Kirin2031',
      last_name: MEMBER.last,
      first_name: MEMBER.first,
      last_name_kana: 'シュウリョウ',
      last_name_alpha: MEMBER.alphaLast,
      first_name_alpha: MEMBER.alphaFirst,
    }),
  });
  return data.token;
}

/**
 * An open first-come attendee recruitment of a paid course (so step 1, the registration fee, comes
 * first) whose first step is active for the new member.
 */
async function findSession(): Promise<Card> {
  for (let page = 1; page <= 8; page++) {
    const res = await fetch(`${baseUrl()}/api/v1/trainings?user_type[]=4&limit=50&page=${page}`, {
      headers: { Authorization: `Token ${memberToken}` },
    });
    const body = (await res.json()) as { data: Card[]; pagination: { pages: number } };
    for (const c of body.data) {
      const bi = (c.course.certificate_prefix ?? '').toUpperCase() === 'BI';
      if (c.user_type.id !== 4 || bi || c.course.price < 50) continue;
      if (c.selection !== 'first_come' || !staysOpen(c)) continue;
      if (c.is_active !== 1 || c.participant + 3 >= c.capacity) continue;
      const d = await request<Detail>(`/trainings/${c.id}/enrollments/detail?user_type=4`, memberToken);
      if (d.step_status !== null || d.check_training) continue;
      if (d.steps.find((s) => s.step === 1)?.state !== 'active') continue;
      return c;
    }
    if (page >= body.pagination.pages) break;
  }
  throw new Error('no open first-come session of a paid course for a new member');
}

const detail = (id: number) =>
  request<Detail>(`/trainings/${id}/enrollments/detail?user_type=4`, memberToken);

const memberPage = (viewport: { width: number; height: number } = DESKTOP) =>
  newPage(browser, viewport, memberToken);

async function expectAxeClean(page: Page) {
  const violations = await axeSerious(page);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

/** Desktop and 375 px screenshots (logged in unless told), with no sideways scrolling of the page. */
async function shootBoth(
  url: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
  token: string | null = memberToken,
) {
  for (const [suffix, viewport] of [
    ['desktop', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page } = await newPage(browser, viewport, token ?? undefined);
    await page.goto(url);
    await ready(page);
    await screenshot(page, `${name}-${suffix}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `${name} ${suffix} overflows horizontally`).toBe(false);
    await context.close();
  }
}

const atPath = (page: Page, pathname: string) =>
  expect.poll(() => new URL(page.url()).pathname).toBe(pathname);

/** Plays the open lesson's <video> from `from` at `rate` (muted, so the browser lets a script start it). */
async function play(page: Page, from: number, rate: number) {
  await page.getByTestId('lesson-video').evaluate(
    async (node, [start, speed]) => {
      const video = node as HTMLVideoElement;
      if (video.readyState < 1)
        await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
      video.muted = true;
      video.currentTime = start === -1 ? Math.max(0, video.duration - 0.3) : start;
      video.playbackRate = speed;
      await video.play();
    },
    [from, rate] as const,
  );
}

const world = {
  session: { id: 0, name: '', courseName: '' },
  root: '',
  verifyUrl: '',
};

beforeAll(async () => {
  browser = await launchBrowser();
  memberToken = await registerMember();
  officeToken = await login('office@mels.example.jp', 'Demo1234');
  const session = await findSession();
  world.session = { id: session.id, name: session.name, courseName: session.course.name };
  world.root = `/session/${session.id}/4`;
  // Step 1: the course registration fee, paid with the sandbox's test card 4242 through the API.
  const target = { object_type: 1, object_id: session.course.id, training_id: session.id };
  const { t_key } = await request<{ t_key: string }>('/payments/create-order-transaction', memberToken, {
    body: { ...target, meta: { products: [] } },
  });
  const intent = await request<{ clientSecret: string; paymentIntentId: string }>(
    '/payments/stripe/create-payment-intent',
    memberToken,
    { body: { ...target, t_key } },
  );
  await request('/payments/sandbox/confirm', memberToken, {
    body: {
      client_secret: intent.clientSecret,
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
      email: 'learning.e2e@example.jp',
    },
  });
  for (let i = 0; i < 20; i++) {
    const order = await request<{ status: number }>('/payments/stripe/create-payment-order', memberToken, {
      body: { ...target, payment_intent_id: intent.paymentIntentId, client_secret: intent.clientSecret },
    });
    if (order.status === 3) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  expect((await detail(session.id)).step_status).toBe(1);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('learning steps', () => {
  it('guards the step pages: a later step sends the member back to the session page', async () => {
    const d = await detail(world.session.id);
    expect(d.steps.find((s) => s.step === 2)?.state).toBe('active');
    const { context, page } = await memberPage();
    for (const sub of ['posttest', 'certificate', 'surveyComplete']) {
      await page.goto(`${world.root}/${sub}`);
      await atPath(page, world.root);
      await page.getByTestId('step-2').waitFor();
    }
    await context.close();
  });

  it('watches every pre-video to its end; seeking to the end does not count', async () => {
    const { context, page } = await memberPage();
    await page.goto(world.root);
    await page.getByRole('link', { name: '事前動画を視聴する' }).click();
    await atPath(page, `${world.root}/prevideo`);
    await page.getByRole('heading', { level: 1, name: '事前動画の視聴' }).waitFor();
    await page.getByTestId('lesson-progress').getByText('3本中0本視聴済み').waitFor();
    await expectAxeClean(page);
    await shootBoth(`${world.root}/prevideo`, 'learning-prevideo', (p) =>
      p.getByTestId('lesson-progress').waitFor(),
    );
    const lessons = page.locator('[data-testid^="lesson-"][data-seen]');
    const count = await lessons.count();
    expect(count).toBe(3);
    const ids: number[] = [];
    for (let i = 0; i < count; i++)
      ids.push(Number((await lessons.nth(i).getAttribute('data-testid'))!.replace('lesson-', '')));

    // Lesson 1: jump to the end and let it end: refused, still not seen.
    await page
      .getByRole('button', { name: /^再生する：/ })
      .first()
      .click();
    await page.getByTestId('lesson-player').waitFor();
    await expectAxeClean(page);
    await play(page, -1, 1);
    await expect
      .poll(() => page.getByTestId('lesson-notice').textContent(), { timeout: 15_000 })
      .toContain('動画を最後まで視聴してください');
    const afterSeek = await request<{ lessons: Array<{ id: number; is_seen: boolean }> }>(
      `/trainings/${world.session.id}/enrollments/pre-videos?user_type=4`,
      memberToken,
    );
    expect(afterSeek.lessons.find((l) => l.id === ids[0])?.is_seen).toBe(false);
    await screenshot(page, 'learning-prevideo-refused-desktop');

    // Now really play each one to its end (twice the normal speed: real playing).
    for (const [i, id] of ids.entries()) {
      if (i > 0) {
        await page.getByRole('button', { name: /一覧に戻る/ }).click();
        await page.getByTestId(`lesson-${id}`).getByRole('button').click();
        await page.getByTestId('lesson-player').waitFor();
      }
      await play(page, 0, 2);
      if (i === 0) {
        await page.waitForTimeout(1500);
        await screenshot(page, 'learning-prevideo-player-desktop');
      }
      await expect
        .poll(() => page.getByTestId('lesson-notice').textContent(), { timeout: 30_000 })
        .toBe('この動画を視聴済みにしました。');
    }
    await page.getByTestId('prevideo-complete').waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: /一覧に戻る/ }).click();
    await page.getByTestId('lesson-progress').getByText('3本中3本視聴済み').waitFor();
    expect(await page.getByTestId('lesson-seen').count()).toBe(3);
    await screenshot(page, 'learning-prevideo-complete-desktop');
    const d = await detail(world.session.id);
    expect(d.step_status).toBe(2);
    await page.getByTestId('prevideo-complete').getByRole('link', { name: '講習会ページへ戻る' }).click();
    await atPath(page, world.root);
    await expect.poll(() => page.getByTestId('step-2').getAttribute('data-state')).toBe('finished');
    await expect.poll(() => page.getByTestId('step-3').getAttribute('data-state')).toBe('active');
    await context.close();
  });

  it('the mobile player fits the screen', async () => {
    await shootBoth(`${world.root}/prevideo`, 'learning-prevideo-list-done', (p) =>
      p.getByTestId('prevideo-complete').waitFor(),
    );
    const { context, page } = await memberPage(MOBILE);
    await page.goto(`${world.root}/prevideo`);
    await page
      .getByRole('button', { name: /^もう一度見る：/ })
      .first()
      .click();
    await page.getByTestId('lesson-video').waitFor();
    const width = await page.getByTestId('lesson-video').evaluate((v) => v.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'learning-prevideo-player-375');
    await context.close();
  });

  it('completes the pre-test with a wrong answer; the field rules show the spec messages', async () => {
    const { context, page } = await memberPage();
    await page.goto(world.root);
    await page.getByRole('link', { name: '事前テストを受ける' }).click();
    await atPath(page, `${world.root}/pretest`);
    await page.getByRole('heading', { level: 1, name: '事前テスト' }).waitFor();
    await expectAxeClean(page);
    await shootBoth(`${world.root}/pretest`, 'learning-pretest', (p) =>
      p.getByTestId('question-1').waitFor(),
    );
    const total = await page.locator('[data-testid^="question-"]').count();
    expect(total).toBeGreaterThan(1);
    await page.getByRole('button', { name: '問1 回答する' }).click();
    const view = page.getByTestId('question-view');
    for (let i = 1; i <= total; i++) {
      await view.getByText(`問${i} / 全${total}問`).waitFor();
      const radios = view.getByRole('radio');
      const boxes = view.getByRole('checkbox');
      const text = view.getByRole('textbox');
      // Empty answers first: the spec's messages, nothing sent.
      await view.getByRole('button', { name: '回答する', exact: true }).click();
      if (await text.count()) {
        await view.getByText('入力してください。', { exact: true }).waitFor();
        await text.fill('あ'.repeat(501));
        await view.getByRole('button', { name: '回答する', exact: true }).click();
        await view.getByText('500文字以下で入力してください。').waitFor();
        if (i === 5) await screenshot(page, 'learning-pretest-text-error-desktop');
        await text.fill('院内緊急コール（コードピンク）で産科・麻酔科・救急科を招集します。');
      } else {
        await view.getByText('該当するものを選択してください。').waitFor();
        if (i === 1) {
          await expectAxeClean(page);
          await screenshot(page, 'learning-pretest-question-error-desktop');
        }
        // Question 1: a wrong choice (the second); others the first choice.
        if (await radios.count()) await radios.nth(i === 1 ? 1 : 0).check();
        else await boxes.nth(0).check();
      }
      await view.getByRole('button', { name: '回答する', exact: true }).click();
      await view.getByTestId('answer-notice').getByText('回答を送信しました。').waitFor();
      // Answered: read-only now.
      await view.getByText('事前テストの回答は1回のみです。').waitFor();
      if (i < total) await view.getByRole('button', { name: '次の問題' }).click();
    }
    await page.getByTestId('quiz-complete').getByText('事前テストが完了しました').waitFor();
    await view.getByRole('button', { name: /設問一覧に戻る/ }).click();
    await page.getByTestId('answered-count').getByText(`回答済み ${total} / ${total}問`).waitFor();
    // The right/wrong toggle: question 1 was wrong, and the pre-test is still complete.
    await page.getByTestId('results-toggle').check();
    await page.getByTestId('question-1').locator('[data-result="incorrect"]').waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'learning-pretest-results-desktop');
    await page.getByRole('button', { name: '問1 確認する' }).click();
    await view.getByText('正解の選択肢').waitFor();
    await screenshot(page, 'learning-pretest-question-result-desktop');
    const d = await detail(world.session.id);
    expect(d.step_status).toBe(3);
    await context.close();
    await shootBoth(`${world.root}/pretest`, 'learning-pretest-done', (p) =>
      p.getByTestId('quiz-complete').waitFor(),
    );
  });

  it('application, agreement and check-in through the API', async () => {
    const applied = await request<{ status: number; enrollment_id: number }>(
      `/trainings/${world.session.id}/enrollments/user`,
      memberToken,
      { body: { user_type: 4, privacy: true } },
    );
    if (applied.status === 8)
      await request(`/office/enrollments/${applied.enrollment_id}/confirm-payment`, officeToken, {
        method: 'POST',
      });
    else {
      expect(applied.status).toBe(6);
      await request(`/trainings/${world.session.id}/enrollments/agreement`, memberToken, {
        body: { user_type: 4, agree: true },
      });
    }
    const ticket = await request<{ attendance_code: string }>(
      `/trainings/${world.session.id}/enrollments/ticket?user_type=4`,
      memberToken,
    );
    await request('/office/check-in', officeToken, {
      body: { code: ticket.attendance_code, training_id: world.session.id },
    });
    expect((await detail(world.session.id)).step_status).toBe(10);
  });

  it('retries the post-test until every answer is correct', async () => {
    const { context, page } = await memberPage();
    await page.goto(world.root);
    await page.getByRole('link', { name: '事後テストを受ける' }).click();
    await atPath(page, `${world.root}/posttest`);
    await page.getByRole('heading', { level: 1, name: '事後テスト' }).waitFor();
    const toggle = page.getByTestId('results-toggle');
    expect(await toggle.isDisabled()).toBe(true);
    await page.getByText('すべての設問に回答すると、正誤を表示できます。').waitFor();
    await expectAxeClean(page);
    await shootBoth(`${world.root}/posttest`, 'learning-posttest', (p) =>
      p.getByTestId('question-1').waitFor(),
    );
    const total = await page.locator('[data-testid^="question-"]').count();
    await page.getByRole('button', { name: '問1 回答する' }).click();
    const view = page.getByTestId('question-view');
    for (let i = 1; i <= total; i++) {
      await view.getByText(`問${i} / 全${total}問`).waitFor();
      const radios = view.getByRole('radio');
      const boxes = view.getByRole('checkbox');
      const text = view.getByRole('textbox');
      if (await text.count()) await text.fill('1.5');
      else if (await radios.count()) await radios.nth(i === 1 ? 1 : 0).check();
      else {
        await boxes.nth(0).check();
        await boxes.nth(1).check();
      }
      await view.getByRole('button', { name: '回答する', exact: true }).click();
      await view.getByTestId('answer-notice').getByText('回答を送信しました。').waitFor();
      if (i < total) await view.getByRole('button', { name: '次の問題' }).click();
    }
    // All answered, one wrong: not passed; the toggle shows which.
    expect(await page.getByTestId('quiz-complete').count()).toBe(0);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await toggle.check();
    await view.getByRole('button', { name: /設問一覧に戻る/ }).click();
    await page.getByTestId('question-1').locator('[data-result="incorrect"]').waitFor();
    await page
      .getByTestId('correct-count')
      .getByText(`正解 ${total - 1} / ${total}問`)
      .waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'learning-posttest-wrong-desktop');
    expect((await detail(world.session.id)).step_status).toBe(10);
    // Answer it again: the wrong choice is marked, the correct one is answered.
    await page.getByRole('button', { name: '問1 回答し直す' }).click();
    await view.getByText('× 選択した回答').waitFor();
    await screenshot(page, 'learning-posttest-retry-desktop');
    await view.getByRole('radio').nth(0).check();
    await view.getByRole('button', { name: 'もう一度回答する' }).click();
    await view.getByTestId('answer-notice').getByText('正解です。').waitFor();
    await page.getByTestId('quiz-complete').getByText('事後テストに合格しました').waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'learning-posttest-passed-desktop');
    expect((await detail(world.session.id)).step_status).toBe(11);
    await page.getByTestId('quiz-complete').getByRole('link', { name: '講習会ページへ戻る' }).click();
    await atPath(page, world.root);
    await expect.poll(() => page.getByTestId('step-6').getAttribute('data-state')).toBe('finished');
    await expect.poll(() => page.getByTestId('step-7').getAttribute('data-state')).toBe('active');
    await context.close();
  });

  it('answers the survey (its rules first), then returns to the session with every step finished', async () => {
    const { context, page } = await memberPage();
    await page.goto(world.root);
    await page.getByRole('link', { name: 'アンケートに回答する' }).click();
    await atPath(page, `${world.root}/certificate`);
    await page.getByRole('heading', { level: 1, name: 'アンケート' }).waitFor();
    await page.getByTestId('respondent-group').waitFor();
    await expectAxeClean(page);
    await shootBoth(`${world.root}/certificate`, 'learning-survey', (p) =>
      p.getByRole('button', { name: '回答を送信する' }).waitFor(),
    );
    // '@@' in a title: the part after it is the unit next to the input.
    const years = page.getByLabel(/周産期医療に携わった経験年数/);
    await years.waitFor();
    expect(await page.getByText('年', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('@@').count()).toBe(0);
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await page.getByTestId('survey-errors').waitFor();
    expect(await page.getByText('この項目は必須です').count()).toBeGreaterThan(3);
    await expectAxeClean(page);
    await screenshot(page, 'learning-survey-errors-desktop');
    // Every radio group: its first option; the 'how did you hear' one: その他 with a text.
    const groups = page.getByRole('radiogroup');
    const n = await groups.count();
    for (let g = 0; g < n; g++) await groups.nth(g).getByRole('radio').first().check();
    await page.getByRole('radio', { name: 'その他' }).first().check();
    const other = page.getByLabel('その他の内容');
    await other.fill('あ'.repeat(201));
    await years.fill('8');
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await page.getByText('200文字以下で入力してください。').waitFor();
    await other.fill('病院の掲示板');
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await atPath(page, world.root);
    for (let step = 1; step <= 7; step++)
      await expect.poll(() => page.getByTestId(`step-${step}`).getAttribute('data-state')).toBe('finished');
    expect((await detail(world.session.id)).step_status).toBe(12);
    await screenshot(page, 'learning-session-finished-desktop');
    await context.close();
  });

  it('previews the certificate without the PDF toolbar and downloads it', async () => {
    const { context, page } = await memberPage();
    await page.goto(world.root);
    await page.getByRole('link', { name: '修了証を表示する' }).click();
    await atPath(page, `${world.root}/certificate`);
    await page.getByRole('heading', { level: 1, name: '修了証' }).waitFor();
    const frame = page.getByTestId('certificate-preview');
    expect(await frame.getAttribute('src')).toContain('#toolbar=0');
    expect(Math.round((await frame.boundingBox())?.height ?? 0)).toBe(685);
    await expectAxeClean(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('certificate-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^certificate_.+\.pdf$/);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
    expect(text).toContain(`${MEMBER.last}${MEMBER.first}`);
    expect(text).toContain(world.session.courseName.replace(/\s+/g, ''));
    await page.getByText('修了証をダウンロードしました。').waitFor();
    world.verifyUrl = (await page.getByTestId('verify-link').getAttribute('href')) ?? '';
    expect(world.verifyUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{16,}$/);
    await context.close();
    await shootBoth(`${world.root}/certificate`, 'learning-certificate', async (p) => {
      await p.getByTestId('certificate-preview').waitFor();
      // The PDF viewer draws the page a moment after the frame loads.
      await p.waitForTimeout(3000);
    });
    await shootBoth(`${world.root}/surveyComplete`, 'learning-survey-complete', (p) =>
      p.getByRole('heading', { level: 1 }).waitFor(),
    );
  });

  it('the public verification page shows a valid certificate; unknown codes say so', async () => {
    const url = new URL(world.verifyUrl);
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(url.pathname);
    await page.getByRole('heading', { level: 1, name: '修了証の確認' }).waitFor();
    const status = page.getByTestId('verify-status');
    expect(await status.getAttribute('data-status')).toBe('valid');
    await status.getByText('有効な修了証です').waitFor();
    const facts = page.getByTestId('verify-facts');
    await facts
      .getByText(`${MEMBER.last} ${MEMBER.first}`)
      .or(facts.getByText(`${MEMBER.last}${MEMBER.first}`))
      .first()
      .waitFor();
    await facts.getByText(world.session.courseName).waitFor();
    await expectAxeClean(page);
    await page.goto('/verify/AAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText('修了証が見つかりません').waitFor();
    expect(await page.getByTestId('verify-status').getAttribute('data-status')).toBe('unknown');
    await expectAxeClean(page);
    await context.close();
    await shootBoth(url.pathname, 'learning-verify', (p) => p.getByTestId('verify-facts').waitFor(), null);
    await shootBoth(
      '/verify/AAAAAAAAAAAAAAAAAAAAAAAA',
      'learning-verify-unknown',
      (p) => p.getByTestId('verify-status').waitFor(),
      null,
    );
  });
});
