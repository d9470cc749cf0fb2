/**
 * Learner pages' own content at the project's screen (desktop, and in the phone projects iPhone 14
 * 390×844 and Android 360×800). That every learner page fits each width, with a screenshot, is the
 * screen sweep's (screen-sweep.spec.ts).
 */
import { paperPaperAbandon } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInAs } from '../fixtures/api';
import { createExamWithQuestions, questionIds, sitPaper, startPaper } from '../fixtures/exam-setup';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = 'test-results/screens';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let examId: string;
let paperId: string;

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const quIds = await questionIds(request, admin, { size: 2 });
  ({ examId } = await createExamWithQuestions(request, admin, {
    paperTitle: 'E2E 页面巡检试卷',
    quIds,
    title: 'E2E 页面巡检考试',
  }));
  const student = await apiLogin(request, ACCOUNTS.student);
  paperId = await sitPaper(request, student, examId);
});

test('[WEB][RESULT_BREAKDOWN] the result page gives the score by question type and by section', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(context, baseURL as string, ACCOUNTS.student);
  await page.goto(`/web/exam/result/${paperId}`);
  await expect(page.getByTestId('score-by-type')).toContainText('单选题（2 题）');
  await expect(page.getByTestId('score-by-type')).toContainText('0 / 20');
  await expect(page.getByTestId('score-by-section')).toContainText('单选题（2 题）');
  await page.getByTestId('score-by-type').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-result-breakdown.png` });
});

test('[WEB][EXAM_RULES_CONFIRM] the check page shows 考试须知 and starts only once they are confirmed', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(context, baseURL as string, ACCOUNTS.student);
  await page.goto(`/web/exam/check/${examId}`);
  const rules = page.locator('.exam-check__rules');
  for (const label of ['考试时长', '考试次数', '及格分', '防作弊']) await expect(rules).toContainText(label);
  await expect(rules).toContainText('30 分钟');
  await expect(page.getByTestId('exam-start')).toBeDisabled();
  await page.getByTestId('exam-agree').click();
  await expect(page.getByTestId('exam-start')).toBeEnabled();
  const box = await page.getByTestId('exam-start').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
});

test('[WEB][HOME_TODAY] the home page says what to do now: the paper left open, today’s review, practice', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await signInAs(context, baseURL as string, ACCOUNTS.student);
  const open = await startPaper(page.request, token, examId);
  try {
    await page.goto('/web/index');
    // one open paper per learner; the phone projects add exams of the same title
    const left = page.getByTestId('today-exam').filter({ hasText: '您有未交卷的试卷' });
    await expect(left).toContainText('E2E 页面巡检考试');
    await expect(page.getByTestId('review-due-text')).toContainText('今日待复习');
    await expect(page.getByTestId('today-practice')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-home-today.png`, fullPage: true });
    await left.getByRole('button', { name: /继续考试/ }).click();
    await expect(page).toHaveURL(new RegExp(`/web/exam/start/${open}`));
  } finally {
    await api(page.request, paperPaperAbandon.path, { paperId: open }, token);
  }
});
