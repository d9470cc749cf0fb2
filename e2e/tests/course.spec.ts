/**
 * Courses: an administrator creates a course with a short generated video and a PDF;
 * a learner watches part, reloads and resumes at the same second, is pulled back when seeking
 * ahead, finishes, and sees the course complete and the linked exam unlocked; at 390 px too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { courseCourseDetail, courseCoursePaging, courseCourseSave, examExamPaging } from '@exam/contracts';
import PDFDocument from 'pdfkit';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const TITLE = `消防安全课程${Date.now() % 100000}`;
const VIDEO_S = 20;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-e2e-'));
const VIDEO = path.join(dir, '消防演练.webm');
const PDF = path.join(dir, '消防手册.pdf');

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENS}/course-${name}.png` });
}

const video = (page: Page) => page.getByTestId('course-media');
const mediaTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test.beforeAll(async () => {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${VIDEO_S}:size=160x120:rate=10`,
    '-c:v',
    'libvpx',
    '-b:v',
    '100k',
    VIDEO,
  ]);
  await new Promise<void>((resolve) => {
    const doc = new PDFDocument();
    doc.pipe(fs.createWriteStream(PDF)).on('finish', () => resolve());
    doc.fontSize(28).text('Fire safety handbook - page 1');
    doc.addPage().fontSize(28).text('Page 2 - evacuation routes');
    doc.end();
  });
});

test.describe
  .serial('courses', () => {
    let courseId = '';
    let examTitle = '';

    test('[ADMIN][COURSE_CREATE] creates a course, uploads a video and a PDF with progress, links an exam, publishes', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000); // the first visit may wait for the lazy admin chunk on a loaded machine
      const token = await apiLogin(request, ACCOUNTS.admin);
      await signInBrowser(context, baseURL as string, token);
      await page.goto('/admin/course/index');
      await expect(page.getByRole('button', { name: /新建课程/ })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: /新建课程/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '新建课程' });
      await dialog.getByPlaceholder('请输入课程名称').fill(TITLE);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      // A new course opens its chapters: add one, then the two files.
      const drawer = page.locator('.ant-drawer').filter({ hasText: '章节课件' });
      await drawer.getByPlaceholder('章节名称').fill('第一章 火灾预防');
      await drawer.getByRole('button', { name: /添加章节/ }).click();
      const chapter = drawer.getByTestId('chapter-第一章 火灾预防');
      await expect(chapter).toBeVisible();
      await chapter.locator('.ant-input-number input').fill('3');
      await chapter.locator('input[type=file]').setInputFiles(VIDEO);
      await expect(chapter.getByText('消防演练')).toBeVisible({ timeout: 30_000 });
      await expect(chapter.getByText('0:20')).toBeVisible(); // duration read on the server
      await chapter.locator('input[type=file]').setInputFiles(PDF);
      await expect(chapter.getByText('消防手册')).toBeVisible({ timeout: 30_000 });
      await shot(page, 'admin-chapters');
      await drawer.locator('.ant-drawer-close').click();

      const list = await api(
        request,
        courseCoursePaging.path,
        { current: 1, size: 10, params: { title: TITLE } },
        token,
      );
      courseId = list.records[0].id;
      const exams = await api(request, examExamPaging.path, { current: 1, size: 50, params: {} }, token);
      const exam = exams.records.find((e: { title: string }) => e.title === '年度综合知识考试');
      examTitle = exam.title;
      const d = await api(request, courseCourseDetail.path, { id: courseId }, token);
      await api(
        request,
        courseCourseSave.path,
        { id: courseId, title: d.title, openType: 1, hours: 2, examIds: [exam.id] },
        token,
      );
      await page.reload();
      const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
      await row.getByRole('button', { name: '发布' }).click();
      await expect(row.getByText('已发布')).toBeVisible();
      await shot(page, 'admin-list');
    });

    test('[WEB][COURSE_STUDY] watches, resumes, is pulled back from skipping, finishes; the linked exam unlocks', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.student));
      await page.goto('/web/index');
      await expect(page.getByText(`请先完成课程《${TITLE}》`)).toBeVisible({ timeout: 30_000 });
      await shot(page, 'exam-locked');

      await page.goto('/web/course');
      await page.getByText(TITLE).first().click();
      await expect(page.getByTestId('course-continue')).toBeVisible();
      await shot(page, 'detail');
      await page.getByTestId('course-continue').click();
      await expect(video(page)).toBeVisible();
      await video(page).evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await page.waitForTimeout(12_500); // past one heartbeat
      await video(page).evaluate((v: HTMLVideoElement) => v.pause());
      const stoppedAt = await mediaTime(page);
      expect(stoppedAt).toBeGreaterThan(10);
      await page.waitForTimeout(1_000); // the pause heartbeat
      await shot(page, 'player');

      await page.reload();
      await expect(video(page)).toBeVisible();
      await expect.poll(() => mediaTime(page)).toBeGreaterThan(stoppedAt - 1);
      expect(Math.abs((await mediaTime(page)) - stoppedAt)).toBeLessThan(1);

      // Seeking past the furthest watched point (+5 s) is pulled back with a message.
      await video(page).evaluate((v: HTMLVideoElement) => {
        v.currentTime = 19;
      });
      await expect(page.getByText('不能拖动到尚未观看的位置')).toBeVisible();
      expect(await mediaTime(page)).toBeLessThan(stoppedAt + 1);
      await shot(page, 'seek-pulled-back');

      await video(page).evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
      await expect(
        page
          .getByTestId(/course-file-/)
          .first()
          .getByText('已完成'),
      ).toBeVisible({ timeout: 15_000 });

      // The PDF: the last page shown and 3 s of reading.
      await page.getByRole('button', { name: '下一个' }).click();
      await expect(page.getByTestId('pdf-page')).toContainText('/ 2');
      await page.getByRole('button', { name: '下一页' }).click();
      await expect(page.getByTestId('pdf-page')).toContainText('第 2 / 2 页');
      await shot(page, 'pdf');
      // Heartbeats every 10 s: done once a heartbeat has seen page 2 and the reading time passed.
      await expect(page.getByTestId(/course-file-/).getByText('已完成')).toHaveCount(2, { timeout: 45_000 });
      await expect(page.getByTestId('course-progress')).toHaveClass(/ant-progress-status-success/);

      await page.getByRole('button', { name: '课程介绍' }).click();
      await expect(page.getByTestId('course-complete')).toBeVisible();
      await expect(page.getByRole('button', { name: '去考试' })).toBeVisible();
      await shot(page, 'complete');
      await page.goto('/web/index');
      await expect(page.getByText(examTitle).first()).toBeVisible();
      await expect(page.getByText(`请先完成课程《${TITLE}》`)).toHaveCount(0);
    });

    test('[WEB][COURSE_PHONE] the catalogue and the course work at 390 px', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.student));
      await page.goto('/web/course');
      await expect(page.getByText(TITLE).first()).toBeVisible({ timeout: 30_000 });
      const widths = () =>
        page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
      let w = await widths();
      expect(w.scroll).toBeLessThanOrEqual(w.client);
      await shot(page, 'phone-list');
      await page.goto(`/web/course/view/${courseId}`);
      await expect(page.getByTestId('course-complete')).toBeVisible();
      w = await widths();
      expect(w.scroll).toBeLessThanOrEqual(w.client);
      await shot(page, 'phone-detail');
      // 学习记录 in the user centre: the study time of today's bar and the course just finished.
      await page.goto('/web/uc?tab=study');
      const study = page.getByTestId('my-study');
      await expect(study.getByText('本年已获学时')).toBeVisible();
      await expect(study.getByText(TITLE)).toBeVisible();
      await expect(study.getByTestId('study-day')).toHaveCount(14);
      const today = study.getByTestId('study-day').last();
      expect((await today.boundingBox())?.height ?? 0).toBeGreaterThan(2); // studied today: not the empty bar
      w = await widths();
      expect(w.scroll).toBeLessThanOrEqual(w.client);
      await shot(page, 'phone-my-study');
    });
  });
