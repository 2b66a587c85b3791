import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  axeLandmarks,
  axeSerious,
  baseUrl,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
  screenshotBoth,
  screenshotDir,
} from './support/browser.ts';

/** Home search, search results with infinite scroll, and the course pages with their video library. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Card = {
  id: number;
  name: string;
  event_date: string;
  area: { id: number; name: string };
  course: { id: number; name: string };
  user_type: { id: number };
};
type List<T> = { data: T[]; pagination: { page: number; pages: number; limit: number; total: number } };

/** The API's own answer, to compare what the page shows with the real data. */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const cards = (page: Page) => page.getByTestId('session-card');
/** A search without dates starts today (Japan): the same condition for the API's expected counts. */
const FROM_TODAY = `open_only=1&event_date$ge=${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date())}%2000:00:00`;

async function waitForResults(page: Page) {
  await page.getByTestId('search-total').or(page.getByText('該当する講習会はありません')).first().waitFor();
}

/** YYYY-MM-DD of a Date in Japan time. */
function ymd(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The day button's accessible name in the Japanese calendar: 2026年12月5日. */
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/** Opens a date picker, pages to the day's month (header: 2026年11月) and clicks the day. */
async function pickDate(page: Page, testId: string, date: string) {
  await page.getByTestId(testId).click();
  const dialog = page.locator('.mantine-Popover-dropdown').last();
  await dialog.waitFor();
  const [ty, tm] = date.split('-').map(Number) as [number, number];
  const header = await dialog.locator('.mantine-DatePickerInput-calendarHeaderLevel').textContent();
  const [, cy, cm] = (/(\d{4})年(\d{1,2})月/.exec(header ?? '') ?? []).map(Number) as [
    number,
    number,
    number,
  ];
  const diff = ty * 12 + tm - (cy * 12 + cm);
  for (let i = 0; i < Math.abs(diff); i++) {
    await dialog.getByRole('button', { name: diff > 0 ? '次の月' : '前の月' }).click();
  }
  await dialog.getByRole('button', { name: dayLabel(date), exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** expect.poll with time for the API and the lazily loaded chunks. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** Waits until every card on the page passes the check (and there is at least one). */
async function everyCard(page: Page, check: (text: string) => boolean) {
  await poll(async () => {
    const texts = await cards(page).allTextContents();
    return texts.length > 0 && texts.every(check);
  }).toBe(true);
}

describe('home page', () => {
  it('shows the search form, the course cards and no serious axe violation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await poll(() => page.title()).toBe('母体救命 MELS ポータル');
    const form = page.getByTestId('search-form');
    await form.getByLabel('都道府県', { exact: true }).waitFor();
    await poll(() => form.getByLabel('都道府県', { exact: true }).locator('option').count()).toBe(48);
    await form.getByRole('button', { name: '開催日（開始）' }).waitFor();
    // Attendee (4) is the default recruitment; the advanced section opens with a visible toggle.
    const toggle = form.getByRole('button', { name: '詳細条件' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const recruitment = form.getByRole('group', { name: 'その他の条件（募集区分）' });
    for (const label of ['インストラクター', 'アシスタント', '見学者', '受講者']) {
      await recruitment.getByLabel(label).waitFor();
    }
    expect(await recruitment.getByLabel('受講者').isChecked()).toBe(true);
    expect(await recruitment.getByLabel('見学者').isChecked()).toBe(false);
    await poll(() =>
      form.getByRole('group', { name: '都道府県（複数選択可）' }).getByRole('checkbox').count(),
    ).toBe(47);

    // One card per course, each leading to /course/{id}.
    const courses = await api<List<{ id: number; name: string }>>('/courses?limit=999');
    const section = page.locator('section[aria-labelledby="home-courses"]');
    await poll(() => section.getByRole('link').count()).toBe(courses.data.length);
    for (const course of courses.data) {
      expect(await section.getByRole('link', { name: course.name, exact: true }).getAttribute('href')).toBe(
        `/course/${course.id}`,
      );
    }
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  });

  it('has no serious axe violation with the date picker open (weekend days, dialog name, month button)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const form = page.getByTestId('search-form');
    await form.getByRole('button', { name: '開催日（開始）' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The dialog is named after its field; the month button's name is its visible text.
    expect(await dialog.getAttribute('aria-label')).toBe('開催日（開始）');
    const month = dialog.locator('.mantine-DatePickerInput-calendarHeaderLevel');
    const text = (await month.textContent()) ?? '';
    expect(text).toMatch(/^\d{4}年\d{1,2}月$/);
    await dialog.getByRole('button', { name: text, exact: true }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('searches by prefecture', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const form = page.getByTestId('search-form');
    await poll(() => form.getByLabel('都道府県', { exact: true }).locator('option').count()).toBe(48);
    await form.getByLabel('都道府県', { exact: true }).selectOption({ label: '東京都' });
    await form.getByRole('button', { name: 'この条件で検索' }).click();
    await poll(() => page.url()).toMatch(/\/search-result\?area=13&recruitment=4$/);
    await waitForResults(page);
    const expected = await api<List<Card>>(`/trainings?area[]=13&user_type[]=4&limit=10&${FROM_TODAY}`);
    expect(expected.pagination.total).toBeGreaterThan(0);
    expect(await page.getByTestId('search-total').textContent()).toBe(`${expected.pagination.total}件`);
    await poll(() => cards(page).count()).toBe(Math.min(10, expected.pagination.total));
    for (const text of await cards(page).allTextContents()) expect(text).toContain('東京都');
    expect(await cards(page).first().getByRole('heading').textContent()).toBe(expected.data[0]?.name);
    // The conditions stay on the page, filled in from the URL.
    expect(await page.getByLabel('都道府県', { exact: true }).inputValue()).toBe('13');
    expect(await page.getByTestId('search-summary').textContent()).toContain('東京都');
    await poll(() => page.title()).toBe('講習会検索結果 | 母体救命 MELS ポータル');
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  });

  it('searches by course', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const form = page.getByTestId('search-form');
    await poll(() => form.getByLabel('コース', { exact: true }).locator('option').count()).toBeGreaterThan(1);
    await form.getByLabel('コース', { exact: true }).selectOption({ label: 'インストラクターコース' });
    // Every session of the course, whatever its recruiting (the demo's instructor sessions may all be closed).
    await form.getByRole('checkbox', { name: '募集中のみ' }).uncheck();
    await form.getByRole('button', { name: 'この条件で検索' }).click();
    const courses = await api<List<{ id: number; name: string }>>('/courses?limit=999');
    const instructor = courses.data.find((c) => c.name === 'インストラクターコース');
    await poll(() => page.url()).toMatch(
      new RegExp(`/search-result\\?course_id=${instructor?.id}&recruitment=4&open_only=0$`),
    );
    await waitForResults(page);
    const expected = await api<List<Card>>(
      `/trainings?course_id[]=${instructor?.id}&limit=1&${FROM_TODAY.replace('open_only=1&', '')}`,
    );
    expect(await page.getByTestId('search-total').textContent()).toBe(`${expected.pagination.total}件`);
    const chips = await page.getByTestId('card-course').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips) expect(chip).toBe('インストラクターコース');
    await context.close();
  });

  it('searches by date range, and a start after the end moves the end', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const form = page.getByTestId('search-form');
    await form.getByRole('button', { name: '開催日（開始）' }).waitFor();
    const now = new Date();
    const start = ymd(new Date(now.getTime() + 10 * 86400_000));
    const end = ymd(new Date(now.getTime() + 70 * 86400_000));
    const later = ymd(new Date(now.getTime() + 80 * 86400_000));

    // End first, then a start after it: the end follows the start.
    await pickDate(page, 'search-end-date', end);
    await pickDate(page, 'search-start-date', later);
    expect(await page.getByTestId('search-end-date').textContent()).toBe(later.replaceAll('-', '/'));
    // Now the range we search.
    await pickDate(page, 'search-start-date', start);
    expect(await page.getByTestId('search-start-date').textContent()).toBe(start.replaceAll('-', '/'));
    await pickDate(page, 'search-end-date', end);
    expect(await page.getByTestId('search-end-date').textContent()).toBe(end.replaceAll('-', '/'));

    await form.getByRole('button', { name: 'この条件で検索' }).click();
    await poll(() => page.url()).toMatch(
      new RegExp(`/search-result\\?recruitment=4&event_start_date=${start}&event_end_date=${end}$`),
    );
    await waitForResults(page);
    const expected = await api<List<Card>>(
      `/trainings?open_only=1&event_date$ge=${start}%2000:00:00&event_date$le=${end}%2000:00:00&limit=1`,
    );
    expect(expected.pagination.total).toBeGreaterThan(0);
    expect(await page.getByTestId('search-total').textContent()).toBe(`${expected.pagination.total}件`);
    for (const date of await cards(page)
      .locator('time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''))) {
      expect(date >= start && date <= end, date).toBe(true);
    }
    // The card shows the date with the weekday in Japanese.
    expect(await cards(page).first().locator('time').textContent()).toMatch(
      /^\d{4}\/\d{2}\/\d{2}（[日月火水木金土]）$/,
    );
    await context.close();
  });

  it('searches with the advanced checkboxes and edits the conditions on the result page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const form = page.getByTestId('search-form');
    await form.getByRole('button', { name: '詳細条件' }).click();
    const areas = form.getByRole('group', { name: '都道府県（複数選択可）' });
    await areas.getByLabel('大阪府').check();
    await areas.getByLabel('北海道').check();
    const recruitment = form.getByRole('group', { name: 'その他の条件（募集区分）' });
    await recruitment.getByLabel('インストラクター').check();
    await form.getByRole('button', { name: 'この条件で検索' }).click();
    await poll(() => page.url()).toMatch(/\/search-result\?areas=1,27&recruitment=1,4$/);
    await waitForResults(page);
    const expected = await api<List<Card>>(
      `/trainings?area[]=1&area[]=27&user_type[]=1&user_type[]=4&limit=1&${FROM_TODAY}`,
    );
    await poll(() => page.getByTestId('search-total').textContent()).toBe(`${expected.pagination.total}件`);
    await everyCard(page, (text) => /大阪府|北海道/.test(text));

    // The filter bar on the result page changes the URL (bookmarkable) and the list.
    const bar = page.getByTestId('search-form');
    await bar.getByRole('group', { name: '都道府県（複数選択可）' }).getByLabel('北海道').uncheck();
    await bar.getByRole('button', { name: 'この条件で検索' }).click();
    await poll(() => page.url()).toMatch(/\/search-result\?areas=27&recruitment=1,4$/);
    await everyCard(page, (text) => text.includes('大阪府'));
    await context.close();
  });

  it('on a phone, the result page loads its conditions form when its panel opens, and searches with it', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/search-result?area=13&recruitment=4');
    await waitForResults(page);
    // Closed on a phone: neither the form nor its code.
    expect(await page.getByTestId('search-form').count()).toBe(0);
    expect(scripts.filter((file) => /\/search-form-/.test(file))).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: '条件を変更' }).click();
    const form = page.getByTestId('search-form');
    await form.getByLabel('都道府県', { exact: true }).selectOption({ label: '大阪府' });
    expect(scripts.filter((file) => /\/search-form-/.test(file))).toHaveLength(1);
    await form.getByRole('button', { name: 'この条件で検索' }).click();
    await poll(() => page.url()).toMatch(/\/search-result\?area=27&recruitment=4$/);
    // The panel closes on a phone once the search is made.
    await page.getByRole('main').getByRole('button', { name: '条件を変更' }).waitFor();
    await everyCard(page, (text) => text.includes('大阪府'));
    await context.close();
  });

  it("lists open recruitings only by default ('募集中のみ'); unticked, the URL keeps open_only=0 and closed ones show too", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/search-result?recruitment=4');
    await waitForResults(page);
    const openOnly = page.getByTestId('search-form').getByRole('checkbox', { name: '募集中のみ' });
    expect(await openOnly.isChecked()).toBe(true);
    expect(await page.getByTestId('search-summary').textContent()).toContain('募集中のみ');
    const open = await api<List<Card>>(`/trainings?user_type[]=4&limit=1&${FROM_TODAY}`);
    await poll(() => page.getByTestId('search-total').textContent()).toBe(`${open.pagination.total}件`);
    // A cancelled session is not recruiting: not among them (listed with the closed ones, unticked).
    await everyCard(page, (text) => text.includes('募集中') && !text.includes('開催中止'));

    await openOnly.uncheck();
    await page.getByTestId('search-form').getByRole('button', { name: 'この条件で検索' }).click();
    await poll(() => page.url()).toMatch(/\/search-result\?recruitment=4&open_only=0$/);
    const all = await api<List<Card>>(
      `/trainings?user_type[]=4&limit=1&${FROM_TODAY.replace('open_only=1&', '')}`,
    );
    expect(all.pagination.total).toBeGreaterThan(open.pagination.total);
    await poll(() => page.getByTestId('search-total').textContent()).toBe(`${all.pagination.total}件`);
    // Open ones still come first: no closed card before an open one on the first page.
    const texts = await cards(page).allTextContents();
    const firstClosed = texts.findIndex((text) => text.includes('募集終了'));
    if (firstClosed >= 0)
      expect(texts.slice(firstClosed).some((text) => text.includes('募集中'))).toBe(false);

    // The shared URL keeps the choice.
    await page.reload();
    await waitForResults(page);
    expect(await openOnly.isChecked()).toBe(false);
    await poll(() => page.getByTestId('search-total').textContent()).toBe(`${all.pagination.total}件`);
    await context.close();
  });

  it('loads the next page when the end of the list comes into view', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/search-result?recruitment=4');
    await waitForResults(page);
    await poll(() => cards(page).count()).toBe(10);
    await page.getByRole('button', { name: 'さらに読み込む' }).scrollIntoViewIfNeeded();
    await poll(() => cards(page).count()).toBeGreaterThanOrEqual(20);
    // Keyboard users get the same through the button.
    await page.getByRole('button', { name: 'さらに読み込む' }).waitFor();
    const before = await cards(page).count();
    await page.getByRole('button', { name: 'さらに読み込む' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => cards(page).count()).toBeGreaterThan(before);
    await context.close();
  });

  it('opens the session page from a card; type 5 cards have no link', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/search-result?recruitment=1');
    await waitForResults(page);
    const first = cards(page).first();
    const href = await first.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/session\/\d+\/1$/);
    await first.getByRole('link').click();
    // The session page needs a login: a visitor ends on /login, which remembers the session page.
    await poll(() => new URL(page.url()).pathname).toBe('/login');

    await page.goto('/search-result?recruitment=4');
    await waitForResults(page);
    expect(await cards(page).first().getByRole('link').getAttribute('href')).toMatch(/^\/session\/\d+\/4$/);
    // The fee shows only on attendee cards.
    expect(await cards(page).first().textContent()).toContain('受講料');

    await page.goto('/search-result?recruitment=5&open_only=0');
    await waitForResults(page);
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    expect(await cards(page).getByRole('link').count()).toBe(0);
    expect(await cards(page).first().textContent()).not.toContain('受講料');
    await context.close();
  });

  it("shows a logged-in user's own status badge, and the cancelled badge alone on a cancelled session", async () => {
    const { context, page } = await newPage(browser);
    // The demo data has no enrolments yet: the user and their cards come from the API with a badge set.
    await context.addInitScript(() => localStorage.setItem('mels.token', 'e2e-token'));
    await page.route('**/api/v1/users/me', (route) =>
      route.fulfill({
        json: {
          data: {
            id: 1,
            email: 'e2e@example.jp',
            last_name: '佐藤',
            first_name: '美咲',
            fullname: '佐藤 美咲',
            avatar: null,
            role: 'member',
            occupation: 3,
          },
        },
      }),
    );
    // The user menu asks for the rank (instructor documents): no rank. (A 401 would log the page out.)
    await page.route('**/api/v1/users/current-rank', (route) =>
      route.fulfill({ json: { data: { level: null, rank: null } } }),
    );
    const body = await api<List<Card & Record<string, unknown>>>('/trainings?user_type[]=4&limit=10');
    body.data[0] = { ...body.data[0]!, badge: 'awaitingLottery' };
    body.data[1] = { ...body.data[1]!, badge: 'wonElsewhere' };
    body.data[2] = { ...body.data[2]!, is_active: 0, badge: null, recruiting: 'open' };
    await page.route('**/api/v1/trainings?*', (route) => route.fulfill({ json: body }));
    await page.goto('/search-result?recruitment=4');
    await waitForResults(page);
    expect(await cards(page).nth(0).textContent()).toContain('抽選待ち');
    expect(await cards(page).nth(1).textContent()).toContain('落選（他の講習会で当選）');
    // A cancelled session is not recruiting: its card says 開催中止 and no recruitment state.
    expect(await cards(page).nth(2).textContent()).toContain('開催中止');
    expect(await cards(page).nth(2).textContent()).not.toMatch(/募集中|募集前|募集終了/);
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'search-result-badges-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'search-result-badges-375');
    await context.close();
  });

  it('says 「1,000件以上」 when the server stopped counting (pagination.total_capped)', async () => {
    const { context, page } = await newPage(browser);
    const body = await api<List<Card>>('/trainings?user_type[]=4&limit=10');
    const capped = {
      ...body,
      pagination: { page: 1, pages: 101, limit: 10, total: 1000, total_capped: true },
    };
    await page.route('**/api/v1/trainings?*', (route) => route.fulfill({ json: capped }));
    await page.goto('/search-result?recruitment=4');
    await waitForResults(page);
    expect(await page.getByTestId('search-total').textContent()).toBe('1,000件以上');
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'search-result-capped-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'search-result-capped-375');
    await context.close();
  });

  it('shows "no sessions found" for a search without results', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/search-result?event_start_date=1999-01-01&event_end_date=1999-01-02');
    await page.getByText('該当する講習会はありません').waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  });
});

describe('course page', () => {
  it('shows the course, plays its videos in a modal and links to its sessions', async () => {
    const { context, page } = await newPage(browser);
    const course = (
      await api<{ data: { id: number; name: string; video_previews: { name: string; link: string }[] } }>(
        '/courses/1',
      )
    ).data;
    await page.goto(`/course/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
    await poll(() => page.title()).toBe(`${course.name} | 母体救命 MELS ポータル`);
    for (const label of ['所要時間', '対象者', '教材', '修了・認定の基準', 'コース登録料']) {
      await page.locator('dt', { hasText: label }).first().waitFor();
    }
    expect(await axeSerious(page)).toEqual([]);

    // The demo previews are short files served by the portal itself: they play offline.
    const first = course.video_previews[0];
    expect(first?.link).toMatch(/^\/media\/lessons\/.+\.webm$/);
    await page.getByRole('button', { name: `「${first?.name}」を再生` }).click();
    const dialog = page.getByRole('dialog', { name: first?.name });
    const video = dialog.locator('video');
    await video.waitFor({ state: 'attached' });
    expect(await video.getAttribute('src')).toBe(first?.link);
    await poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
    expect(await axeSerious(page)).toEqual([]);
    // The modal's header is no second banner landmark.
    expect(await axeLandmarks(page)).toEqual([]);
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'このコースの講習会を探す' }).click();
    await poll(() => page.url()).toMatch(
      new RegExp(`/search-result\\?course_id=${course.id}&recruitment=4$`),
    );
    await waitForResults(page);
    for (const chip of await page.getByTestId('card-course').allTextContents())
      expect(chip).toBe(course.name);
    await context.close();
  });

  it('plays YouTube and Vimeo links in their own embed players', async () => {
    const { context, page } = await newPage(browser);
    const body = await api<{ data: { video_previews: object[] } }>('/courses/1');
    body.data.video_previews = [
      {
        id: 98,
        name: '母体急変時の初期対応',
        thumbnail: null,
        link: 'https://www.youtube.com/watch?v=H8pL3nWq2Zc',
        hostname: 'www.youtube.com',
      },
      {
        id: 99,
        name: '産科危機的出血への対応',
        thumbnail: null,
        link: 'https://vimeo.com/482915306',
        hostname: 'vimeo.com',
      },
    ];
    await page.route('**/api/v1/courses/1', (route) => route.fulfill({ json: body }));
    await page.goto('/course/1');
    await page.getByRole('button', { name: '「母体急変時の初期対応」を再生' }).click();
    const dialog = page.getByRole('dialog', { name: '母体急変時の初期対応' });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/H8pL3nWq2Zc?rel=0',
    );
    expect(await dialog.locator('iframe').getAttribute('title')).toBe('母体急変時の初期対応');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '「産科危機的出血への対応」を再生' }).click();
    expect(await page.getByRole('dialog').locator('iframe').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/482915306',
    );
    await context.close();
  });

  it('shows "データが見つかりません" for a missing course', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/course/999999');
    await page.getByText('データが見つかりません').waitFor();
    await page.goto('/course/abc');
    await page.getByText('データが見つかりません').waitFor();
    await context.close();
  });
});

describe('screenshots', () => {
  it('saves the search pages at desktop and 375 px', async () => {
    await screenshotBoth(browser, '/', 'public-home', (page) =>
      page.locator('section[aria-labelledby="home-courses"] a').first().waitFor(),
    );
    await screenshotBoth(browser, '/search-result?area=13&recruitment=4', 'public-search-result', (page) =>
      page.getByTestId('session-card').first().waitFor(),
    );
    await screenshotBoth(
      browser,
      '/search-result?event_start_date=1999-01-01&event_end_date=1999-01-02',
      'public-search-empty',
      (page) => page.getByText('該当する講習会はありません').waitFor(),
    );
    await screenshotBoth(browser, '/course/1', 'public-course', (page) =>
      page.getByRole('heading', { level: 1 }).waitFor(),
    );
    // The video modal at 375 px.
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/course/1');
    await page
      .getByRole('button', { name: /を再生$/ })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .locator('video')
      .evaluate((v: HTMLVideoElement) =>
        v.readyState >= 2 ? undefined : new Promise((resolve) => v.addEventListener('loadeddata', resolve)),
      );
    // The viewport only: a full-page capture would move the sticky header into the middle.
    await page.screenshot({ path: path.join(screenshotDir, 'public-course-video-375.png') });
    await context.close();
  });
});
