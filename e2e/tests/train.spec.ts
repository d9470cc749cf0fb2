/**
 * Practice (刷题训练) and spaced review in the browser: a sequential session resumed after a
 * reload, recite mode, a mock session scored at the end, and a wrong answer that shows up for
 * review the next day (the server runs on a test clock moved through POST /api/test/clock).
 */
import { trainFill, trainNext, trainRepoList, trainReviewStat, trainStart } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, confirmDialog, signInBrowser } from '../fixtures/api';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const BANK = '安全生产知识题库';
const WANGWU = { userName: 'wangwu', password: 'student123' };

async function signIn(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  account: { userName: string; password: string },
) {
  const token = await apiLogin(request, account);
  await signInBrowser(context, baseURL, token);
  return token;
}

async function bankId(request: APIRequestContext, token: string): Promise<string> {
  const list = await api<{ id: string; title: string }[]>(request, trainRepoList.path, {}, token);
  const bank = list.find((r) => r.title === BANK);
  if (!bank) throw new Error(`${BANK} is not open to practice`);
  return bank.id;
}

/** Picks an option of the current question by its text, and submits. */
async function answer(page: Page, optionText: string) {
  await page.getByTestId('question-answer').getByText(optionText, { exact: true }).click();
  await page.getByTestId('submit-answer').click();
}

test('[LEARNER][TRAIN_SEQUENTIAL] a sequential session left mid-way resumes after a reload', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signIn(context, request, baseURL as string, ACCOUNTS.student);
  await page.goto('/web/repo');
  await expect(page.getByTestId('review-due-card')).toBeVisible();
  const card = page.getByTestId('train-repo-card').filter({ hasText: BANK });
  await expect(card).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/train-repo-list.png`, fullPage: true });

  await card.click();
  await expect(page.getByTestId('repo-title')).toHaveText(BANK);
  await page.screenshot({ path: `${SCREENS}/train-repo-view.png`, fullPage: true });

  await page
    .getByTestId('mode-1')
    .getByRole('button', { name: /开始练习/ })
    .click();
  await expect(page.getByTestId('question-index')).toContainText('第 1 /');
  await answer(page, '安全第一、预防为主、综合治理');
  await expect(page.getByTestId('verdict')).toContainText('回答正确');
  await page.getByTestId('next-question').click();
  await expect(page.getByTestId('question-index')).toContainText('第 2 /');
  await answer(page, '负部分责任');
  await expect(page.getByTestId('verdict')).toContainText('回答错误');
  await expect(page.getByTestId('right-answer')).toHaveText('B');
  await page.screenshot({ path: `${SCREENS}/train-feedback.png`, fullPage: true });

  await page.reload();
  await expect(page.getByTestId('question-index')).toContainText('第 3 /');
  const answered = page.getByTestId('answer-card');
  await expect(answered.locator('.train-card-btn--right')).toHaveCount(1);
  await expect(answered.locator('.train-card-btn--wrong')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENS}/train-resumed.png`, fullPage: true });

  // Going back shows the stored answer with its feedback.
  await answered.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByTestId('verdict')).toContainText('回答错误');

  await page.getByTestId('finish-train').click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/web\/repo\/repo\//);
  await expect(page.getByTestId('result-title')).toContainText('顺序练习已完成');
  await page.screenshot({ path: `${SCREENS}/train-result.png`, fullPage: true });
});

test('[LEARNER][TRAIN_RECITE] recite mode shows answer and analysis at once', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const token = await signIn(context, request, baseURL as string, ACCOUNTS.lisi);
  const id = await bankId(request, token);
  await page.goto(`/web/repo/training/${id}/5`);
  await expect(page.getByTestId('question-index')).toContainText('第 1 /');
  await expect(page.getByTestId('right-answer')).toHaveText('A');
  await expect(page.getByTestId('reveal')).toContainText('安全第一、预防为主、综合治理的方针');
  await page.screenshot({ path: `${SCREENS}/train-recite.png`, fullPage: true });
  await page.getByTestId('next-question').click();
  await expect(page.getByTestId('right-answer')).toHaveText('B');
});

test('[LEARNER][TRAIN_MOCK] a mock session hides right and wrong until it is scored', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signIn(context, request, baseURL as string, ACCOUNTS.lisi);
  await page.goto('/web/repo');
  await page.getByTestId('train-repo-card').filter({ hasText: BANK }).click();
  const mock = page.getByTestId('mode-6');
  await mock.locator('input').first().fill('3');
  await mock.getByRole('button', { name: /开始练习/ }).click();
  await expect(page.getByTestId('mock-timer')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await expect(page.getByTestId('question-index')).toContainText(`第 ${i + 1} / 3 题`);
    const choice = page.getByTestId('question-answer').locator('.ant-radio-wrapper, .ant-checkbox-wrapper').first();
    if (await choice.count()) await choice.click();
    else {
      // Text answers only: a matching question's selects have read-only inputs and stay unanswered.
      const text = page.getByTestId('question-answer').locator('textarea, input[type="text"]:not([readonly])').first();
      if (await text.count()) await text.fill('模拟答案');
    }
    await expect(page.getByTestId('reveal')).toHaveCount(0);
    if (i === 1) await page.screenshot({ path: `${SCREENS}/train-mock.png`, fullPage: true });
    if (i < 2) await page.getByTestId('next-question').click();
  }
  // Every answer on the server before 交卷 (on a loaded machine a save can still be on its way; a
  // refused one stays named here as 未能保存).
  await expect(page.getByTestId('mock-sync')).toHaveText('答案已保存', { timeout: 30_000 });
  await page.getByTestId('finish-last').click();
  await confirmDialog(page);
  // Either the result, or the page's own word that an answer is not on the server yet: waiting for
  // both names the cause when the hand-in is refused, instead of a missing element.
  const unsaved = page.getByText(/未保存到服务器/);
  await expect(page.getByTestId('result-title').or(unsaved)).toBeVisible({ timeout: 30_000 });
  await expect(unsaved).toHaveCount(0);
  await expect(page.getByTestId('result-title')).toContainText(/模拟考试得分：\d+(\.\d+)? 分/);
  await page.screenshot({ path: `${SCREENS}/train-mock-result.png`, fullPage: true });
});

test('[LEARNER][TRAIN_REVIEW] a wrong answer shows up for review the next day', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const token = await signIn(context, request, baseURL as string, WANGWU);
  const id = await bankId(request, token);
  const s = await api<{ trainId: string }>(request, trainStart.path, { repoId: id, mode: 1 }, token);
  const first = await api<{ quId: string }>(request, trainNext.path, { trainId: s.trainId, sort: 0 }, token);
  await api(request, trainFill.path, { trainId: s.trainId, quId: first.quId, answer: 'B' }, token);

  await page.goto('/web/repo');
  await expect(page.getByTestId('review-due-text')).toHaveText('今日待复习 0 题');
  try {
    await api(request, '/api/test/clock', { offsetMs: 24 * 3600_000 + 60_000 });
    await page.reload();
    await expect(page.getByTestId('review-due-text')).toHaveText('今日待复习 1 题');
    await expect(page.getByTestId('review-start')).toBeEnabled();
    await page.screenshot({ path: `${SCREENS}/train-review-due.png`, fullPage: true });
    await page.getByTestId('review-start').click();
    await expect(page.getByTestId('training-card')).toContainText('错题复习');
    await answer(page, '安全第一、预防为主、综合治理');
    await expect(page.getByTestId('verdict')).toContainText('回答正确');
    await page.screenshot({ path: `${SCREENS}/train-review.png`, fullPage: true });
    await page.getByTestId('finish-last').click();
    await confirmDialog(page);
    await expect(page.getByTestId('result-title')).toContainText('错题复习已完成');
    const stat = await api<{ due: number; inBook: number }>(request, trainReviewStat.path, {}, token);
    expect(stat).toMatchObject({ due: 0, inBook: 1 });
  } finally {
    await api(request, '/api/test/clock', { offsetMs: 0 });
  }
});

test('[ADMIN][TRAIN_STAT] practice statistics per bank and per learner', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signIn(context, request, baseURL as string, ACCOUNTS.admin);
  await page.goto('/admin/train/stat');
  await expect(page.getByRole('cell', { name: BANK })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/train-admin-stat.png`, fullPage: true });
  await page.getByRole('tab', { name: '按学员' }).click();
  await expect(page.getByRole('cell', { name: '张三' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/train-admin-stat-user.png`, fullPage: true });
});
