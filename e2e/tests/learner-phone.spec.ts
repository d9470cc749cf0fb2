/**
 * Runs in the phone projects only (playwright.config.ts). Issue 12 §1-2 on a phone: the exam room at 390×844 and 360×800 — timer and 交卷 always in
 * view, the answer card as a drawer, 44 px tap targets, no horizontal scroll; a full-screen exam on
 * a browser without the Fullscreen API (iPhone Safari) goes on in focus mode and leaving is still
 * counted; reminders at 5 minutes, next unanswered, and the count before hand-in.
 */
import {
  examExamSave,
  paperPaperAbandon,
  paperPaperCreate,
  paperTmplSave,
  repoQuPaging,
  repoRepoPaging,
} from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SCREENS = 'test-results/screens';
const BANK = '安全生产知识题库';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let examId: string;

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const repos = await api<{ records: { id: string; title: string }[] }>(
    request,
    repoRepoPaging.path,
    { current: 1, size: 50, params: {} },
    admin,
  );
  const repoId = repos.records.find((r) => r.title === BANK)?.id;
  const qus = await api<{ records: { id: string }[] }>(
    request,
    repoQuPaging.path,
    { current: 1, size: 3, params: { repoId, type: 1 } },
    admin,
  );
  const tmpl = await api<{ id: string }>(
    request,
    paperTmplSave.path,
    {
      title: 'E2E 手机考试试卷',
      kind: 1,
      fixedSections: [{ title: '单选题', items: qus.records.map((q) => ({ quId: q.id, score: 10 })) }],
    },
    admin,
  );
  const now = Date.now();
  examId = (
    await api<{ id: string }>(
      request,
      examExamSave.path,
      {
        title: 'E2E 手机上的全屏考试（标题很长，用来检查页头不会把交卷按钮挤出屏幕）',
        tmplId: tmpl.id,
        openType: 1,
        startTime: new Date(now - 3600_000).toISOString(),
        endTime: new Date(now + 86400_000).toISOString(),
        duration: 5, // opens inside the 5-minute reminder
        passScore: 10,
        tryLimit: 0,
        handMinMinutes: 0,
        lateMinutes: 0,
        fullScreen: true,
        state: 1,
      },
      admin,
    )
  ).id;
});

/** Like iPhone Safari: no Fullscreen API for pages. */
const noFullscreen = (page: Page) =>
  page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'horizontal scroll').toBeLessThanOrEqual(client);
}

async function inViewAndTappable(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, testId).not.toBeNull();
  expect(box!.x + box!.width, `${testId} inside the screen`).toBeLessThanOrEqual(width);
  expect(box!.height, `${testId} at least 44 px high`).toBeGreaterThanOrEqual(44);
}

test('[WEB][EXAM_PHONE] the exam room on a phone: focus mode, drawer card, timer and 交卷 in view, reminders, next unanswered, counts', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await apiLogin(page.request, ACCOUNTS.student);
  await signInBrowser(context, baseURL as string, token);
  const paperId = (await api<{ paperId: string }>(page.request, paperPaperCreate.path, { examId }, token)).paperId;
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
