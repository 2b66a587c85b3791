import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, registerMember } from './support/api.ts';
import { axeSerious, DESKTOP, launchBrowser, MOBILE, newPage, screenshot } from './support/browser.ts';

/**
 * Issue 16, decision 035: the office gives a course its pre-videos and documents in the console. It
 * creates a course, uploads two small WebM videos (the demo's own files, 24 KB each; their durations
 * read from the files), reorders them by the keyboard's buttons, previews the member's player, uploads a
 * PDF; a member's browser then plays the video from storage with Range requests (206).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const media = (name: string) => path.resolve(here, '../public/media/lessons', name);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let browser: Browser;
let officeToken: string;
const stamp = Date.now().toString(36);
const courseName = `E2E動画コース${stamp}`;

type Lesson = { id: number; title: string; duration: number; link: string; source: string };

beforeAll(async () => {
  browser = await launchBrowser();
  officeToken = await apiLogin('office@mels.example.jp');
});
afterAll(async () => {
  await browser?.close();
});

async function addLesson(page: Page, title: string, file: string) {
  await page.getByRole('button', { name: '動画を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '動画を追加' });
  await dialog.getByRole('textbox', { name: 'タイトル' }).fill(title);
  await dialog.getByRole('textbox', { name: '講師' }).fill('産婦人科専門医 山本 恵子');
  await dialog.locator('input[type="file"]').first().setInputFiles(media(file));
  await dialog.getByRole('button', { name: '保存する' }).click();
  await page.getByText('動画を追加しました。').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('the office gives a course its videos and documents', () => {
  it('uploads two videos, reorders them, uploads a document; the player plays from storage', async () => {
    const courseId = (
      await apiCall<{ id: number }>('/office/courses', { token: officeToken, body: { name: courseName } })
    ).id;
    const { context, page } = await newPage(browser, DESKTOP, officeToken);
    await page.goto(`/office/courses/${courseId}`);
    await page.getByRole('tab', { name: '事前学習動画' }).click();
    await page.getByText('動画はまだありません。').waitFor();

    await addLesson(page, '初期対応と一次評価', 'lesson-1.webm');
    await addLesson(page, '危機的出血への対応', 'lesson-2.webm');
    const listed = async () =>
      (
        await apiCall<{ lessons: Lesson[] }>(`/office/courses/${courseId}/lessons?kind=pre`, {
          token: officeToken,
        })
      ).lessons;
    const uploaded = await listed();
    expect(uploaded.map((l) => [l.title, l.duration, l.source])).toEqual([
      ['初期対応と一次評価', 8, 'upload'],
      ['危機的出血への対応', 7, 'upload'],
    ]);

    // Keyboard reorder: the second one up, saved at once.
    await page.getByRole('button', { name: '危機的出血への対応を上へ移動' }).click();
    await page.getByText('並び順を保存しました。').waitFor();
    expect((await listed()).map((l) => l.title)).toEqual(['危機的出血への対応', '初期対応と一次評価']);
    expect(await axeSerious(page)).toEqual([]);

    // The member's player, previewed: it plays the stored file, asking for ranges.
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/lessons/')) ranges.push(response.status());
    });
    await page.getByRole('button', { name: 'プレビュー', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: '受講者の画面での表示' });
    await dialog.locator('video').waitFor();
    const played = await dialog.locator('video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      return { time: video.currentTime, duration: video.duration, error: video.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.time).toBeGreaterThan(0);
    expect(Math.ceil(played.duration)).toBe(7);
    expect(ranges).toContain(206);
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'office-content-preview-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'office-content-videos-desktop');

    // A document: uploaded with its name, shown on the public course page.
    await page.getByRole('tab', { name: '資料' }).click();
    await page.getByText('資料はまだありません。').waitFor();
    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'guide.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('textbox', { name: '表示名' }).fill('受講の手引き');
    await page.getByRole('button', { name: '資料をアップロード' }).click();
    await page.getByText('資料を追加しました。').waitFor();
    await page.getByRole('link', { name: '受講の手引き' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'office-content-documents-desktop');
    const course = await apiCall<{ documents: { name: string }[] }>(`/courses/${courseId}`);
    expect(course.documents.map((d) => d.name)).toEqual(['受講の手引き']);
    await context.close();

    // At 375 px: both tabs usable, nothing wider than the screen.
    const phone = await newPage(browser, MOBILE, officeToken);
    await phone.page.goto(`/office/courses/${courseId}`);
    for (const [tab, ready, name] of [
      ['事前学習動画', '初期対応と一次評価', 'videos'],
      ['資料', '受講の手引き', 'documents'],
    ] as const) {
      await phone.page.getByRole('tab', { name: tab }).click();
      await phone.page.getByText(ready).first().waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, name).toBeLessThanOrEqual(0);
      expect(await axeSerious(phone.page)).toEqual([]);
      await screenshot(phone.page, `office-content-${name}-375`);
    }
    await phone.context.close();

    // A member's browser plays the first video: the stored file, answered in ranges.
    const member = await registerMember('content');
    const visit = await newPage(browser, DESKTOP, member.token);
    await visit.page.goto('/');
    const first = (await listed())[0]!;
    const answer = await visit.page.evaluate(async (link) => {
      const res = await fetch(link, { headers: { Range: 'bytes=0-99' } });
      return {
        status: res.status,
        range: res.headers.get('content-range'),
        bytes: (await res.arrayBuffer()).byteLength,
      };
    }, first.link);
    expect(answer.status).toBe(206);
    expect(answer.range).toMatch(/^bytes 0-99\/\d+$/);
    expect(answer.bytes).toBe(100);
    await visit.context.close();
  });
});
