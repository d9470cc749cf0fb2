/**
 * Runs in the phone projects only (playwright.config.ts). On a phone: the exam room at 390×844 and 360×800 — timer and 交卷 always in
 * view, the answer card as a drawer, 44 px tap targets, no horizontal scroll; a full-screen exam on
 * a browser without the Fullscreen API (iPhone Safari) goes on in focus mode and leaving is still
 * counted; reminders at 5 minutes, next unanswered, and the count before hand-in.
 */
import { paperPaperAbandon } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInAs } from '../fixtures/api';
import { createExamWithQuestions, questionIds, startPaper } from '../fixtures/exam-setup';
import { inViewAndTappable, noFullscreen, noHorizontalScroll } from '../fixtures/phone';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SCREENS = 'test-results/screens';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let examId: string;

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  ({ examId } = await createExamWithQuestions(request, admin, {
    paperTitle: 'E2E 手机考试试卷',
    quIds: await questionIds(request, admin, { size: 3 }),
    title: 'E2E 手机上的全屏考试（标题很长，用来检查页头不会把交卷按钮挤出屏幕）',
    duration: 5, // opens inside the 5-minute reminder
    fullScreen: true,
  }));
});

test('[WEB][EXAM_PHONE] the exam room on a phone: focus mode, drawer card, timer and 交卷 in view, reminders, next unanswered, counts', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await signInAs(context, baseURL as string, ACCOUNTS.student);
  const paperId = await startPaper(page.request, token, examId);
  await noFullscreen(page);
  await page.goto(`/web/exam/start/${paperId}`);

  // Full screen impossible: the SPEC warning stays, and the exam goes on in focus mode.
  await expect(page.getByText('you browser can not work')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-exam-focus-prompt.png` });
  await page.getByTestId('enter-focus').click();
  await expect(page.getByTestId('focus-mode')).toBeVisible();
  await expect(page.locator('.room-reminder')).toContainText('距离考试结束还有 5 分钟');

  // Timer and 交卷 on the first screen; the card is a drawer, the first question is in view.
  await expect(page.getByTestId('countdown')).toBeInViewport();
  await inViewAndTappable(page, 'hand-in');
  await inViewAndTappable(page, 'open-sheet');
  await expect(page.getByTestId('answer-sheet')).toBeHidden();
  await expect(page.getByTestId('question-1')).toBeInViewport();
  const option = page.getByTestId('question-1').locator('.ant-radio-wrapper').first();
  expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-exam-room.png` });

  await page.getByTestId('open-sheet').click();
  await expect(page.getByTestId('answer-sheet')).toBeVisible();
  // layout height (the drawer may still be sliding in: its transform shrinks the box)
  expect(await page.getByTestId('sheet-2').evaluate((el) => (el as HTMLElement).offsetHeight)).toBeGreaterThanOrEqual(
    44,
  );
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-exam-sheet.png` });
  await page.getByTestId('sheet-2').click();
  await expect(page.getByTestId('answer-sheet')).toBeHidden();
  await page.getByTestId('question-2').locator('.ant-radio-wrapper').first().click();
  await expect(page.getByTestId('sync-state')).toContainText('答案已保存');

  // Next unanswered goes to question 3, then wraps to 1.
  await expect(page.getByTestId('next-unanswered')).toContainText('第 3 题');
  await page.getByTestId('next-unanswered').click();
  await expect(page.getByTestId('question-3')).toBeVisible();
  await page.getByTestId('question-3').getByTestId('flag').click();
  await page.getByTestId('next-unanswered').click();
  await expect(page.getByTestId('question-1')).toBeVisible();

  // Leaving the page is still counted in focus mode.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByText('请勿离开考试页面，离开记录已上报')).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'visible', configurable: true });
  });

  // Before hand-in: what is left open and flagged.
  await page.getByTestId('hand-in').click();
  await expect(page.getByTestId('hand-in-summary')).toHaveText('您还有 2 题未作答、1 题已标记待检查，确定要交卷吗？');
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-exam-hand-in.png` });
  await page.getByRole('button', { name: '继续答题' }).click();

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByTestId('countdown')).toBeInViewport();
  await inViewAndTappable(page, 'hand-in');
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-360-exam-room.png` });
  await api(page.request, paperPaperAbandon.path, { paperId }, token);
});
