/**
 * 按题阅卷 and 重新评分 in the browser. Two learners created through the API for this
 * spec sit an exam of a single choice and a short answer. The administrator marks the short answer
 * by question, blind (考生1, 考生2, no names), first alone, then with second marking on (a second
 * administrator gives the other score through the API). Then the single choice's key is corrected
 * and the exam regraded: the job's progress, the before/after report with the pass/fail changes.
 */
import { paperMarkQuSave } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, settledShot, signInBrowser } from '../fixtures/api';
import {
  choiceKey,
  createExamWithQuestions,
  createLearner,
  type Learner,
  questionIds,
  sitPaper,
} from '../fixtures/exam-setup';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.REGRADE_SHOTS ?? 'test-results/screens';
const stamp = Date.now().toString(36);
const EXAM = `E2E 重新评分考试 ${stamp}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let adminToken: string;
let examId: string;
let singleId: string;
let shortId: string;
let wrongOption: { key: string; content: string };
const learners: (Learner & { paperId?: string })[] = [];

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  [singleId] = await questionIds(request, adminToken, { size: 1, type: 1, bank: null });
  [shortId] = await questionIds(request, adminToken, { size: 1, type: 4, bank: null });
  const key = await choiceKey(request, adminToken, singleId);
  const right = key.right;
  wrongOption = key.wrong;
  for (const [i, name] of ['重评甲', '重评乙'].entries())
    learners.push(
      await createLearner(request, adminToken, { userName: `rg${stamp}${i}`, realName: `${name}${stamp}` }),
    );
  ({ examId } = await createExamWithQuestions(request, adminToken, {
    paperTitle: `E2E 重新评分试卷 ${stamp}`,
    section: '第一部分',
    quIds: [singleId, shortId],
    title: EXAM,
    userIds: learners.map((l) => l.id),
  }));
  // 甲 answers the (wrongly) keyed option, 乙 the one that is really right; both write a short answer.
  for (const [i, l] of learners.entries())
    l.paperId = await sitPaper(request, l.token, examId, [
      { quId: singleId, answer: i === 0 ? right.key : wrongOption.key },
      { quId: shortId, answer: `这是第${i + 1}位考生的简答` },
    ]);
});

async function pickExam(page: Page) {
  await page.getByTestId('exam-picker').click();
  await page.keyboard.type(stamp);
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: EXAM }).first().click();
}

const shot = (page: Page, name: string) => settledShot(page, `${SHOTS}/regrade-${name}.png`);

test('[ADMIN][MARK_BY_QUESTION] marks a short answer across papers, blind, then with second marking', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto('/admin/exam/mark-qu');
  await pickExam(page);
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText('2');
  await row.getByRole('button', { name: /开始阅卷/ }).click();
  await expect(page.getByTestId('double-mark-rule')).toContainText('未开启双评');
  await expect(page.getByTestId('answer-考生1')).toBeVisible();
  await expect(page.getByTestId('answer-考生2')).toBeVisible();
  // Blind: no learner's name anywhere on the board.
  for (const l of learners) await expect(page.locator('body')).not.toContainText(l.realName);
  await shot(page, 'mark-by-question');

  const first = page.getByTestId('answer-考生1');
  await first.getByRole('spinbutton').fill('2');
  await first.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('已评分，最终得分 2 分')).toBeVisible();
  await expect(page.getByTestId('answer-考生1')).toHaveCount(0);

  // Second marking on, gap 2: the administrator's score waits for a second marker.
  await page.getByRole('button', { name: /返回题目列表/ }).click();
  await page.getByRole('switch', { name: '双评' }).click();
  await page.getByRole('spinbutton', { name: '分差阈值' }).fill('2');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('双评设置已保存')).toBeVisible();
  await page
    .locator('.ant-table-row')
    .first()
    .getByRole('button', { name: /开始阅卷/ })
    .click();
  await expect(page.getByTestId('double-mark-rule')).toContainText('相差不超过 2 分时取平均分');
  const second = page.getByTestId('answer-考生2');
  await second.getByRole('spinbutton').fill('4');
  await second.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('已记录，等待第二位阅卷人评分')).toBeVisible();
  await shot(page, 'double-mark');

  // Another administrator gives 6: within the gap, the average 5 is final.
  const other = await createLearner(request, adminToken, {
    userName: `rgadm${stamp}`,
    realName: '第二阅卷人',
    role: 'sa',
  });
  const res = await api<{ outcome: string; finalScore: number }>(
    request,
    paperMarkQuSave.path,
    { examId, quId: shortId, paperId: learners[1].paperId, score: 6 },
    other.token,
  );
  expect(res).toEqual({ paperId: learners[1].paperId, outcome: 'final', finalScore: 5 });
});

test('[ADMIN][REGRADE] corrects the single choice key and regrades the exam with a before/after report', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto('/admin/exam/regrade');
  await pickExam(page);
  const row = page.locator('.ant-table-row', { hasText: '单选题' }).first();
  await row.getByRole('button', { name: /更正/ }).click();
  const dialog = page.locator('.ant-modal').last();
  await expect(dialog).toContainText('更正第 1 题并重新评分');
  // Make the option 乙 chose the right one, and only it.
  for (const box of await dialog.locator('.ant-checkbox-wrapper-checked').all()) await box.click();
  await dialog.locator('.ant-checkbox-wrapper', { hasText: wrongOption.content.replace(/<[^>]*>/g, '') }).click();
  await dialog.getByPlaceholder('例如：标准答案有误').fill('标准答案有误');
  await shot(page, 'correct-dialog');
  await dialog.getByRole('button', { name: '更正并重新评分' }).click();
  await expect(page.getByText('已开始重新评分')).toBeVisible();

  const job = page.locator('.ant-table-row', { hasText: '标准答案有误' }).first();
  await expect(job).toContainText('已完成');
  await expect(job).toContainText('2/2');
  await expect(job).toContainText('2 份（通过→未通过 1）');
  await shot(page, 'jobs');
  await job.getByRole('button', { name: /查看/ }).click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toContainText('未通过→通过 1');
  // 甲: 10 + 2 = 12 (passed) → 2 (failed); 乙: 0 + 5 → 15 (passed).
  const a = drawer.locator('.ant-table-row', { hasText: learners[0].realName });
  await expect(a).toContainText('12 → 2');
  await expect(a).toContainText('通过 → 未通过');
  const b = drawer.locator('.ant-table-row', { hasText: learners[1].realName });
  await expect(b).toContainText('5 → 15');
  await expect(b).toContainText('未通过 → 通过');
  await shot(page, 'report');
});
