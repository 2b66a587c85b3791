import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registerMember } from './support/api.ts';
import {
  axeLandmarks,
  axeSerious,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
  waitForMail,
} from './support/browser.ts';

/**
 * Issue 16: the office runs the catalogue from the console. It creates a course (with a preview video)
 * and a session with an attendee and an assistant recruitment, publishes it, and a member finds it in
 * the search and applies; then the office cancels another session with a member in it, after a
 * confirmation saying how many members will be mailed, and the member is mailed.
 */
let browser: Browser;
let officeToken: string;
const stamp = Date.now().toString(36);
const courseName = `E2E事務局コース${stamp}`;
const sessionName = `E2E事務局講習会${stamp}`;

/** A day `days` from today, in Japan: YYYY-MM-DD. */
function japanDay(days: number): string {
  return new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
const slash = (day: string) => day.replaceAll('-', '/');

/** Screenshots at 1280 and 375 px of the page as it is now (its URL reloaded at each width). */
async function shootBoth(page: Page, name: string, ready: (p: Page) => Promise<unknown>) {
  for (const [suffix, viewport] of [
    ['desktop', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    const { context, page: shot } = await newPage(browser, viewport, officeToken);
    await shot.goto(page.url());
    await ready(shot);
    await screenshot(shot, `office-catalogue-${name}-${suffix}`);
    if (suffix === '375') {
      // Usable on a phone: nothing wider than the screen but the tables' own scrolling regions.
      const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
    }
    await context.close();
  }
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
});
afterAll(async () => {
  await browser?.close();
});

describe('the office catalogue console', () => {
  let courseId = 0;

  // The office's whole console and a member's application in one journey: 29 s alone, 58–90 s beside two
  // other files on two cores, so it has the long journeys' time (activity, learning, office-inbox).
  it('creates a course and publishes a session with two recruitments; a member finds it and applies', async () => {
    const { context, page } = await newPage(browser, DESKTOP, officeToken);

    // The course: details, then a preview video.
    await page.goto('/office/courses/new');
    await page.getByRole('heading', { level: 1, name: 'コースを作成' }).waitFor();
    await page.getByRole('button', { name: '作成する' }).click();
    await page.getByText('名称は必須です').or(page.getByRole('alert')).first().waitFor();
    await page.getByRole('textbox', { name: '名称', exact: true }).fill(courseName);
    await page.getByRole('textbox', { name: '期間', exact: true }).fill('1日');
    await page.getByRole('button', { name: '作成する' }).click();
    await page.waitForURL(/\/office\/courses\/\d+$/).catch(async (error: unknown) => {
      await screenshot(page, 'office-catalogue-create-failed');
      throw error;
    });
    await page.getByText('作成しました。').waitFor();
    courseId = Number(page.url().split('/').pop());
    // A shown course links to its public page (a hidden one has none: the preview stands in).
    expect(await page.getByRole('link', { name: '公開ページを見る' }).getAttribute('href')).toBe(
      `/course/${courseId}`,
    );
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('tab', { name: '紹介動画' }).click();
    await page.getByRole('button', { name: '動画を追加' }).click();
    await page.getByRole('button', { name: '動画を追加' }).click();
    await page.getByRole('textbox', { name: '動画の名称' }).nth(0).fill('コースの紹介');
    await page.getByRole('textbox', { name: '動画のURL' }).nth(0).fill('https://example.jp/intro.mp4');
    await page.getByRole('textbox', { name: '動画の名称' }).nth(1).fill('講師より');
    await page.getByRole('textbox', { name: '動画のURL' }).nth(1).fill('http:/broken');
    await page.getByRole('button', { name: '保存する' }).click();
    // The server's field message appears under the broken link; nothing is saved until it is fixed.
    await page.getByText('動画のURLはhttps://から始まるURLを入力してください').waitFor();
    await page.getByRole('textbox', { name: '動画のURL' }).nth(1).fill('https://example.jp/tutor.mp4');
    await page.getByRole('button', { name: '講師よりを上へ移動' }).click();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('保存しました。').waitFor();
    const saved = await apiCall<{ video_previews: { name: string }[] }>(`/office/courses/${courseId}`, {
      token: officeToken,
    });
    expect(saved.video_previews.map((v) => v.name)).toEqual(['講師より', 'コースの紹介']);
    expect(await axeSerious(page)).toEqual([]);
    await shootBoth(page, 'course', (p) => p.getByRole('textbox', { name: '名称', exact: true }).waitFor());

    // The preview of the public course page: the saved course as a member will see it.
    const openPreview = async (p: Page) => {
      await p.getByRole('button', { name: '公開ページのプレビュー' }).click();
      const drawer = p.getByRole('dialog', { name: '公開ページのプレビュー' });
      await drawer.getByRole('heading', { level: 2, name: courseName }).waitFor();
      // Let the drawer's slide-in finish before anything is measured or shot.
      await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      return drawer;
    };
    const preview = await openPreview(page);
    await preview.getByRole('button', { name: /講師より/ }).waitFor();
    await preview.getByText('1日', { exact: true }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await shootBoth(page, 'course-preview', openPreview);
    // A course that is not public is previewed too, with a notice (the public API does not show it).
    const patchActive = (is_active: boolean) =>
      apiCall(`/office/courses/${courseId}`, { token: officeToken, method: 'PATCH', body: { is_active } });
    await patchActive(false);
    await page.reload();
    const hidden = await openPreview(page);
    await hidden.getByText('このコースは非公開です。公開するまで受講者には表示されません。').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await patchActive(true);

    // The session: one form, its recruitments as rows, published at once.
    const eventDay = japanDay(60);
    await page.goto('/office/sessions/new');
    await page.getByRole('heading', { level: 1, name: '講習会を作成' }).waitFor();
    await pickOption(page, 'コース', courseName);
    await page.getByRole('textbox', { name: '講習会名', exact: true }).fill(sessionName);
    await page.getByRole('textbox', { name: '開催日', exact: true }).fill(slash(eventDay));
    await page.getByRole('textbox', { name: '開催日', exact: true }).press('Tab');
    await pickOption(page, '都道府県', '東京都');
    await page.getByRole('textbox', { name: '主催', exact: true }).fill('日本母体救命システム普及協議会');
    await page.getByRole('textbox', { name: '会場名', exact: true }).fill('E2E会館');
    await page.getByRole('textbox', { name: '会場の住所', exact: true }).fill('東京都千代田区1-1-1');
    for (const [index, capacity] of [
      [0, '20'],
      [1, '3'],
    ] as const) {
      await page.getByRole('button', { name: '募集を追加' }).click();
      const row = page.getByTestId(`recruitment-${index}`);
      await row.getByRole('textbox', { name: '定員' }).fill(capacity);
      await row.getByRole('textbox', { name: '申込開始日時（日付）' }).fill(slash(japanDay(-1)));
      await row.getByRole('textbox', { name: '申込開始日時（日付）' }).press('Tab');
      await row.getByLabel('申込開始日時（時刻）').fill('09:00');
      await row.getByRole('textbox', { name: '申込締切日時（日付）' }).fill(slash(japanDay(30)));
      await row.getByRole('textbox', { name: '申込締切日時（日付）' }).press('Tab');
      await row.getByLabel('申込締切日時（時刻）').fill('17:00');
    }
    expect(await page.getByTestId('recruitment-0').innerText()).toContain('受講者');
    expect(await page.getByTestId('recruitment-1').innerText()).toContain('アシスタント');
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('button', { name: '公開する' }).click();
    await page.waitForURL(/\/office\/sessions\/\d+$/);
    await page.getByText('公開中', { exact: true }).first().waitFor();
    const sessionId = Number(page.url().split('/').pop());
    const form = await apiCall<{
      status: string;
      users_types: { type_id: number; apply_end_date: string }[];
    }>(`/office/trainings/${sessionId}/form`, { token: officeToken });
    expect(form.status).toBe('published');
    expect(form.users_types.map((r) => [r.type_id, r.apply_end_date])).toEqual([
      [4, `${japanDay(30)} 17:00`],
      [2, `${japanDay(30)} 17:00`],
    ]);
    expect(await axeSerious(page)).toEqual([]);
    await shootBoth(page, 'session', (p) => p.getByTestId('recruitment-1').waitFor());

    // The list, filtered to published sessions of the course.
    await page.goto(`/office/sessions?course=${courseId}&state=published`);
    await page.getByRole('link', { name: sessionName }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await shootBoth(page, 'sessions', (p) => p.getByRole('link', { name: sessionName }).waitFor());
    await context.close();

    // A member finds it in the search and applies.
    const member = await registerMember('catalogue');
    const visit = await newPage(browser, DESKTOP, member.token);
    await visit.page.goto(`/search-result?course_id=${courseId}&recruitment=4`);
    await visit.page.getByText(sessionName).first().click();
    await visit.page.waitForURL(new RegExp(`/session/${sessionId}/4`));
    await visit.page.getByRole('link', { name: '申込へ進む' }).click();
    await visit.page.getByLabel('個人情報保護方針に同意する').check();
    await visit.page.getByRole('button', { name: '申し込む' }).click();
    await visit.page.getByRole('heading', { level: 1, name: 'お申し込みを受け付けました' }).waitFor();
    await visit.context.close();
    const after = await apiCall<{ users_types: { type_id: number; applicants: number }[] }>(
      `/office/trainings/${sessionId}/form`,
      { token: officeToken },
    );
    expect(after.users_types.find((r) => r.type_id === 4)?.applicants).toBe(1);
  }, 180_000);

  it('cancels another session with a member in it, after saying who will be mailed', async () => {
    expect(courseId).toBeGreaterThan(0);
    const created = await apiCall<{ id: number }>('/office/trainings', {
      token: officeToken,
      body: {
        course_id: courseId,
        name: `${sessionName}（中止）`,
        area: 27,
        event_date: japanDay(45),
        event_start_time: '13:00',
        event_end_time: '17:00',
        sponsor_by: '大阪府支部',
        venue: '大阪市北区1-1',
        venue_name: '北区会館',
        status: 'published',
        users_types: [
          {
            type_id: 4,
            capacity: 10,
            price: 0,
            selection: 'first_come',
            apply_start_date: `${japanDay(-1)} 09:00`,
            apply_end_date: `${japanDay(20)} 17:00`,
          },
        ],
      },
    });
    const member = await registerMember('catalogue-cancel');
    await apiCall(`/trainings/${created.id}/enrollments/user`, {
      token: member.token,
      body: { user_type: 4 },
    });

    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto(`/office/sessions/${created.id}`);
    await page.getByRole('button', { name: '開催中止にする' }).click();
    const dialog = page.getByRole('dialog', { name: 'この講習会を開催中止にします' });
    await dialog.getByTestId('cancel-impact').waitFor();
    expect(await dialog.getByTestId('cancel-impact').innerText()).toBe(
      '申込者 1人にメールでお知らせします。お支払い済みの受講料はありません。',
    );
    expect(await dialog.getByRole('button', { name: '開催中止にする' }).isDisabled()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    expect(await axeLandmarks(page)).toEqual([]);
    await screenshot(page, 'office-catalogue-cancel-dialog-desktop');
    await dialog.getByRole('textbox', { name: '中止の理由' }).fill('会場の都合により');
    await dialog.getByRole('button', { name: '開催中止にする' }).click();
    await page.getByText('開催中止にしました。申込者 1人にメールを送りました。').waitFor();
    await page.getByText('開催中止', { exact: true }).first().waitFor();
    await screenshot(page, 'office-catalogue-cancelled-desktop');
    await context.close();

    const detail = await apiCall<{ is_active: number }>(`/trainings/${created.id}`, { token: member.token });
    expect(detail.is_active).toBe(0);
    const mail = await waitForMail(member.email, /開催を中止/);
    expect(mail).toContain('中止の理由：会場の都合により');
  });
});
