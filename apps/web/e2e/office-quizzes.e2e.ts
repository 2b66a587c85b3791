import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registerMember } from './support/api.ts';
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
 * Issue 16 (decision 036): the office writes a course's pre-test, post-test (three questions each) and
 * survey in the console (keyboard and drag reordering, correct answers marked, the member's view, the
 * server's field messages). The office's published session of that course recruits attendees and
 * assistants; a member finds it in the search, applies, watches the two pre-videos the office uploaded
 * to their end, takes the pre-test, passes the post-test and answers the survey in the browser: with
 * office-catalogue.e2e.ts (the course and session forms, the cancellation) and office-content.e2e.ts (the
 * upload in the lessons tab), issue 16's journey.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const LESSONS = [
  { title: '初期対応と一次評価', file: 'lesson-1.webm' },
  { title: '危機的出血への対応', file: 'lesson-2.webm' },
];

/** Uploads a pre-video as the console's lessons tab does: multipart, the WebM file as `video`. */
async function uploadLesson(courseId: number, title: string, file: string) {
  const body = new FormData();
  body.append('kind', 'pre');
  body.append('title', title);
  body.append('tutor', '産婦人科専門医 山本 恵子');
  body.append('duration', '');
  const bytes = fs.readFileSync(path.resolve(here, '../public/media/lessons', file));
  body.append('video', new Blob([bytes], { type: 'video/webm' }), file);
  const res = await fetch(`${baseUrl()}/api/v1/office/courses/${courseId}/lessons`, {
    method: 'POST',
    headers: { Authorization: `Token ${officeToken}` },
    body,
  });
  if (!res.ok) throw new Error(`upload ${file}: ${res.status} ${await res.text()}`);
}

/** Plays the open lesson's <video> from the start at twice the speed (muted, so a script may start it). */
async function playToEnd(page: Page) {
  await page.getByTestId('lesson-video').evaluate(async (node) => {
    const video = node as HTMLVideoElement;
    if (video.readyState < 1)
      await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
    video.muted = true;
    video.currentTime = 0;
    video.playbackRate = 2;
    await video.play();
  });
}
let browser: Browser;
let officeToken: string;
const stamp = Date.now().toString(36);
const world = { courseId: 0, sessionId: 0, root: '', member: { email: '', token: '' } };

/** A day `days` from today, in Japan: YYYY-MM-DD. */
const japanDay = (days: number) =>
  new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function expectAxeClean(page: Page) {
  const violations = await axeSerious(page);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

const atPath = (page: Page, pathname: string) =>
  expect.poll(() => new URL(page.url()).pathname).toBe(pathname);

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
  world.courseId = (
    await apiCall<{ id: number }>('/office/courses', {
      token: officeToken,
      body: { name: `E2E設問コース${stamp}`, price: 0 },
    })
  ).id;
  world.sessionId = (
    await apiCall<{ id: number }>('/office/trainings', {
      token: officeToken,
      body: {
        course_id: world.courseId,
        name: `E2E設問講習会${stamp}`,
        area: 13,
        event_date: japanDay(10),
        event_start_time: '10:00',
        event_end_time: '16:00',
        sponsor_by: '東京都支部',
        venue: '東京都千代田区1-1',
        venue_name: '千代田会館',
        status: 'published',
        users_types: [
          {
            type_id: 4,
            capacity: 10,
            price: 0,
            selection: 'first_come',
            apply_start_date: `${japanDay(-1)} 09:00`,
            apply_end_date: `${japanDay(5)} 17:00`,
          },
          {
            type_id: 2,
            capacity: 4,
            price: 0,
            selection: 'first_come',
            apply_start_date: `${japanDay(-1)} 09:00`,
            apply_end_date: `${japanDay(5)} 17:00`,
          },
        ],
      },
    })
  ).id;
  for (const lesson of LESSONS) await uploadLesson(world.courseId, lesson.title, lesson.file);
  world.root = `/session/${world.sessionId}/4`;
  world.member = await registerMember('quizzes');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

type QuestionSpec = {
  title: string;
  type: '単一選択' | '複数選択' | '自由記述';
  choices?: Array<[string, boolean]>;
  accepted?: string[];
};

const PRE: QuestionSpec[] = [
  {
    title: '妊産婦の急変に気づいたとき、最初に行う対応はどれですか。',
    type: '単一選択',
    choices: [
      ['応援を呼び、一次評価を行う', true],
      ['経過を観察する', false],
    ],
  },
  {
    title: '産科危機的出血を疑う所見をすべて選んでください。',
    type: '複数選択',
    choices: [
      ['ショックインデックスが1以上', true],
      ['冷汗・顔面蒼白', true],
      ['血圧が安定している', false],
    ],
  },
  { title: '施設での応援要請の方法を書いてください。', type: '自由記述' },
];
const POST: QuestionSpec[] = [
  {
    title: 'ショックインデックスの求め方はどれですか。',
    type: '単一選択',
    choices: [
      ['心拍数 ÷ 収縮期血圧', true],
      ['収縮期血圧 ÷ 心拍数', false],
    ],
  },
  {
    title: '死戦期帝王切開について正しいものをすべて選んでください。',
    type: '複数選択',
    choices: [
      ['心停止から4分以内の開始を目指す', true],
      ['心肺蘇生を続けながら行う', true],
      ['手術室への移動を待つ', false],
    ],
  },
  {
    title: 'ショックインデックス1.0で推定される出血量は何リットルですか。',
    type: '自由記述',
    accepted: ['1.5'],
  },
];

/**
 * Chooses an option of a Select. A click on the field toggles its list, and one that lands while an
 * earlier list is still closing (a loaded machine) leaves it shut: click again until the option shows.
 */
async function pick(scope: Locator, page: Page, label: string, option: string) {
  const field = scope.getByRole('textbox', { name: label });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect
    .poll(async () => {
      if (await choice.isVisible()) return true;
      await field.click();
      return choice.waitFor({ state: 'visible', timeout: 2_000 }).then(
        () => true,
        () => false,
      );
    })
    .toBe(true);
  await choice.click();
}

/** Writes one question in the editor (the question's card is the i-th). */
async function writeQuestion(page: Page, editor: Locator, i: number, spec: QuestionSpec) {
  const card = editor.getByTestId('quiz-question').nth(i);
  await card.getByRole('textbox', { name: '問題文' }).fill(spec.title);
  if (spec.type !== '単一選択') await pick(card, page, '回答形式', spec.type);
  if (spec.type === '自由記述') {
    for (const [j, text] of (spec.accepted ?? []).entries()) {
      await card.getByRole('button', { name: '正解とする回答を追加' }).click();
      await card.getByRole('textbox', { name: `選択肢${j + 1}` }).fill(text);
    }
    return;
  }
  const choices = spec.choices ?? [];
  for (let j = 2; j < choices.length; j++) await card.getByRole('button', { name: '選択肢を追加' }).click();
  for (const [j, [label, correct]] of choices.entries()) {
    await card.getByRole('textbox', { name: `選択肢${j + 1}`, exact: true }).fill(label);
    if (correct) await card.getByRole('checkbox', { name: `選択肢${j + 1}：正解` }).check();
  }
}

const titlesOf = async (editor: Locator) =>
  editor
    .getByTestId('quiz-question')
    .evaluateAll((cards) =>
      cards.map((c) => (c.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? ''),
    );

async function writeTest(page: Page, kind: 'pre' | 'post', tab: string, specs: QuestionSpec[]) {
  await page.getByRole('tab', { name: tab }).click();
  const editor = page.getByTestId(`quiz-editor-${kind}`);
  await editor.getByText('まだ保存されていません。').waitFor();
  for (let i = 0; i < specs.length; i++) await editor.getByRole('button', { name: '問題を追加' }).click();
  for (const [i, spec] of specs.entries()) await writeQuestion(page, editor, i, spec);
  return editor;
}

describe('the office writes the tests and the survey; a member takes them', () => {
  it('writes a three-question pre-test: server field messages, keyboard and drag reordering, the member view', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto(`/office/courses/${world.courseId}`);
    await page.getByRole('tab', { name: '事前テスト' }).waitFor();
    const editor = await writeTest(page, 'pre', '事前テスト', PRE);

    // The server's rule, shown under the field: a single choice without a correct one.
    await editor.getByRole('checkbox', { name: '選択肢1：正解' }).first().uncheck();
    await editor.getByRole('button', { name: '保存する' }).click();
    await editor.getByText('正解の選択肢を1つ以上選んでください').waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-quizzes-error-desktop');
    await editor.getByRole('checkbox', { name: '選択肢1：正解' }).first().check();

    // Keyboard: question 3 up, then back down.
    await editor.getByRole('button', { name: '問3を上へ移動' }).click();
    expect(await titlesOf(editor)).toEqual([PRE[0]!.title, PRE[2]!.title, PRE[1]!.title]);
    await editor.getByRole('button', { name: '問2を下へ移動' }).click();
    expect(await titlesOf(editor)).toEqual(PRE.map((q) => q.title));
    // Choices too: the second choice of question 2 up and back.
    const second = editor.getByTestId('quiz-question').nth(1);
    await second.getByRole('button', { name: '選択肢2を上へ移動' }).click();
    expect(await second.getByRole('textbox', { name: '選択肢1', exact: true }).inputValue()).toBe(
      '冷汗・顔面蒼白',
    );
    await second.getByRole('button', { name: '選択肢1を下へ移動' }).click();
    // Drag: question 1's handle onto question 3, then back with the keyboard.
    await editor
      .getByRole('img', { name: '問1をドラッグして並べ替え' })
      .dragTo(editor.getByTestId('quiz-question').nth(2), { targetPosition: { x: 40, y: 6 } });
    expect(await titlesOf(editor)).toEqual([PRE[1]!.title, PRE[2]!.title, PRE[0]!.title]);
    await editor.getByRole('button', { name: '問3を上へ移動' }).click();
    await editor.getByRole('button', { name: '問2を上へ移動' }).click();
    expect(await titlesOf(editor)).toEqual(PRE.map((q) => q.title));

    await expectAxeClean(page);
    await screenshot(page, 'office-quizzes-editor-desktop');
    await editor.getByText('受講者の表示').click();
    await editor.getByRole('radio', { name: PRE[0]!.choices![0]![0] }).waitFor();
    await editor.getByText('当てはまるものをすべて選んでください。', { exact: false }).first().waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-quizzes-preview-desktop');
    await editor.getByText('編集', { exact: true }).click();

    await editor.getByRole('button', { name: '保存する' }).click();
    await editor.getByRole('status').getByText('保存しました。').waitFor();
    await editor.getByText('第1版').waitFor();
    const saved = await apiCall<{ questions: Array<{ title: string; input_type: number }> }>(
      `/office/courses/${world.courseId}/quizzes/pre`,
      { token: officeToken },
    );
    expect(saved.questions.map((q) => [q.title, q.input_type])).toEqual([
      [PRE[0]!.title, 1],
      [PRE[1]!.title, 0],
      [PRE[2]!.title, 2],
    ]);
    await context.close();

    // 375 px: the editor is usable (no sideways scrolling), with its member view.
    const phone = await newPage(browser, MOBILE, officeToken);
    await phone.page.goto(`/office/courses/${world.courseId}`);
    await phone.page.getByRole('tab', { name: '事前テスト' }).click();
    const small = phone.page.getByTestId('quiz-editor-pre');
    await small.getByText('第1版').waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(phone.page);
    await screenshot(phone.page, 'office-quizzes-editor-375');
    await small.getByText('受講者の表示').click();
    await screenshot(phone.page, 'office-quizzes-preview-375');
    await phone.context.close();
  });

  it('writes the post-test and the survey', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto(`/office/courses/${world.courseId}`);
    await page.getByRole('tab', { name: '事後テスト' }).waitFor();
    const editor = await writeTest(page, 'post', '事後テスト', POST);
    await editor.getByRole('button', { name: '保存する' }).click();
    await editor.getByRole('status').getByText('保存しました。').waitFor();

    await page.getByRole('tab', { name: 'アンケート' }).click();
    const survey = page.getByTestId('survey-editor');
    await survey.getByRole('button', { name: '問題を追加' }).click();
    await survey.getByRole('button', { name: '問題を追加' }).click();
    const q1 = survey.getByTestId('survey-question').nth(0);
    await q1.getByRole('textbox', { name: '質問文' }).fill('本講習会の満足度を教えてください。');
    await q1.getByRole('textbox', { name: '選択肢1', exact: true }).fill('満足');
    await q1.getByRole('textbox', { name: '選択肢2', exact: true }).fill('不満');
    const q2 = survey.getByTestId('survey-question').nth(1);
    await q2.getByRole('textbox', { name: '質問文' }).fill('周産期医療の経験年数@@年');
    await pick(q2, page, '質問の種類', '自由記述');
    // option_other without その他: the server's message under the options.
    await pick(q1, page, '質問の種類', '選択（「その他」に記入あり）');
    await survey.getByRole('button', { name: '保存する' }).click();
    await survey.getByText('「その他あり」の質問には「その他」の選択肢を入れてください').waitFor();
    await pick(q1, page, '質問の種類', '選択（1つ）');
    await survey.getByText('受講者の表示').click();
    await survey.getByText('年', { exact: true }).waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-quizzes-survey-preview-desktop');
    await survey.getByText('編集', { exact: true }).click();
    await survey.getByRole('button', { name: '保存する' }).click();
    await survey.getByRole('status').getByText('保存しました。').waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'office-quizzes-survey-desktop');
    await context.close();
  });

  it('a member of the session watches the pre-videos, takes the pre-test, passes the post-test and answers the survey', async () => {
    const token = world.member.token;
    const { context, page } = await newPage(browser, DESKTOP, token);

    // The member finds the office's session in the search; its steps start with the pre-videos.
    await page.goto(`/search-result?course_id=${world.courseId}&recruitment=4`);
    await page.getByText(`E2E設問講習会${stamp}`).first().click();
    await page.waitForURL(new RegExp(`/session/${world.sessionId}/4`));
    await page.getByRole('link', { name: '事前動画を視聴する' }).click();

    // The two videos the office uploaded, each played to its end.
    await page.getByRole('heading', { level: 1, name: '事前動画の視聴' }).waitFor();
    await page.getByTestId('lesson-progress').getByText('2本中0本視聴済み').waitFor();
    const lessons = page.locator('[data-testid^="lesson-"][data-seen]');
    expect(await lessons.count()).toBe(2);
    for (const [i, lesson] of LESSONS.entries()) {
      if (i > 0) await page.getByRole('button', { name: /一覧に戻る/ }).click();
      await lessons.filter({ hasText: lesson.title }).getByRole('button').click();
      await page.getByTestId('lesson-player').waitFor();
      await playToEnd(page);
      await expect
        .poll(() => page.getByTestId('lesson-notice').textContent(), { timeout: 30_000 })
        .toBe('この動画を視聴済みにしました。');
    }
    await page.getByTestId('prevideo-complete').waitFor();
    await page.getByRole('button', { name: /一覧に戻る/ }).click();
    await page.getByTestId('lesson-progress').getByText('2本中2本視聴済み').waitFor();
    expect(await page.getByTestId('lesson-seen').count()).toBe(2);
    const videos = await apiCall<{ lessons: Array<{ title: string; is_seen: boolean }> }>(
      `/trainings/${world.sessionId}/enrollments/pre-videos?user_type=4`,
      { token },
    );
    expect(videos.lessons.map((l) => [l.title, l.is_seen])).toEqual(LESSONS.map((l) => [l.title, true]));

    await page.goto(`${world.root}/pretest`);
    await page.getByRole('heading', { level: 1, name: '事前テスト' }).waitFor();
    await page.getByText(PRE[0]!.title).waitFor();
    expect(await page.locator('[data-testid^="question-"]').count()).toBe(3);
    await page.getByRole('button', { name: '問1 回答する' }).click();
    const view = page.getByTestId('question-view');
    const answerAll = async (text: string) => {
      for (let i = 1; i <= 3; i++) {
        await view.getByText(`問${i} / 全3問`).waitFor();
        if (i === 1) await view.getByRole('radio').nth(0).check();
        else if (i === 2) {
          await view.getByRole('checkbox').nth(0).check();
          await view.getByRole('checkbox').nth(1).check();
        } else await view.getByRole('textbox').fill(text);
        await view.getByRole('button', { name: '回答する', exact: true }).click();
        await view.getByTestId('answer-notice').waitFor();
        if (i < 3) await view.getByRole('button', { name: '次の問題' }).click();
      }
    };
    await answerAll('院内緊急コールで応援を呼びます。');
    await page.getByTestId('quiz-complete').getByText('事前テストが完了しました').waitFor();

    // The application, from the session page once the pre-test is done.
    await page.goto(world.root);
    await page.getByRole('link', { name: '申込へ進む' }).click();
    await page.getByLabel('個人情報保護方針に同意する').check();
    await page.getByRole('button', { name: '申し込む' }).click();
    await page.getByRole('heading', { level: 1, name: 'お申し込みを受け付けました' }).waitFor();

    // Agreement and check-in through the API, as in the learning journey.
    await apiCall(`/trainings/${world.sessionId}/enrollments/agreement`, {
      token,
      body: { user_type: 4, agree: true },
    });
    const ticket = await apiCall<{ attendance_code: string }>(
      `/trainings/${world.sessionId}/enrollments/ticket?user_type=4`,
      { token },
    );
    await apiCall('/office/check-in', {
      token: officeToken,
      body: { code: ticket.attendance_code, training_id: world.sessionId },
    });

    await page.goto(`${world.root}/posttest`);
    await page.getByRole('heading', { level: 1, name: '事後テスト' }).waitFor();
    await page.getByText(POST[0]!.title).waitFor();
    await page.getByRole('button', { name: '問1 回答する' }).click();
    await answerAll('1.5');
    await page.getByTestId('quiz-complete').getByText('事後テストに合格しました').waitFor();

    await page.goto(`${world.root}/certificate`);
    await page.getByRole('heading', { level: 1, name: 'アンケート' }).waitFor();
    await page.getByRole('radio', { name: '満足', exact: true }).check();
    await page.getByLabel(/周産期医療の経験年数/).fill('8');
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await atPath(page, world.root);
    const detail = await apiCall<{ step_status: number }>(
      `/trainings/${world.sessionId}/enrollments/detail?user_type=4`,
      { token },
    );
    expect(detail.step_status).toBe(12);
    await context.close();

    // The office sees that members answered: a change would now make a new version.
    const pre = await apiCall<{ answered_members: number }>(`/office/courses/${world.courseId}/quizzes/pre`, {
      token: officeToken,
    });
    expect(pre.answered_members).toBe(1);
  });
});
