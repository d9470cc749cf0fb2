/**
 * 成绩报表 and printing in the browser. Two learners created through the API for
 * this spec sit an exam of one single choice (one right, one wrong) and hand in. The administrator
 * reads the exam-over-time view, the department comparison and a transcript (tables and ECharts),
 * exports one report, prints the exam's key paper from the exam list and a learner's answered paper
 * from the answer-sheet page; the PDFs' text is read with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { ACCOUNTS, apiLogin, OPEN_POPUP, settledShot, signInBrowser } from '../fixtures/api';
import {
  choiceKey,
  createExamWithQuestions,
  createLearner,
  deptNamed,
  type Learner,
  questionIds,
  sitPaper,
} from '../fixtures/exam-setup';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.REPORT_SHOTS ?? 'test-results/screens';
const stamp = Date.now().toString(36);
const EXAM = `E2E 报表考试 ${stamp}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let adminToken: string;
const learners: (Learner & { paperId?: string })[] = [];

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  const depts = [await deptNamed(request, '技术部'), await deptNamed(request, '市场部')];
  for (const [i, name] of ['报表甲', '报表乙'].entries())
    learners.push(
      await createLearner(request, adminToken, {
        userName: `rp${stamp}${i}`,
        realName: `${name}${stamp}`,
        deptId: depts[i].id,
      }),
    );
  const [singleId] = await questionIds(request, adminToken, { size: 1, type: 1, bank: null });
  const { right, wrong } = await choiceKey(request, adminToken, singleId);
  const { examId } = await createExamWithQuestions(request, adminToken, {
    paperTitle: `E2E 报表试卷 ${stamp}`,
    section: '单选',
    quIds: [singleId],
    title: EXAM,
    userIds: learners.map((l) => l.id),
  });
  for (const [i, l] of learners.entries())
    l.paperId = await sitPaper(request, l.token, examId, [{ quId: singleId, answer: (i === 0 ? right : wrong).key }]);
});

const shot = (page: Page, name: string) => settledShot(page, `${SHOTS}/reports-${name}.png`);

/** Saves the download the action starts and answers the PDF's text. */
async function pdfOf(page: Page, action: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const file = `${SHOTS}/${stamp}-${download.suggestedFilename()}`;
  await download.saveAs(file);
  return {
    name: download.suggestedFilename(),
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  };
}

test('[ADMIN][REPORT] exam over time, department comparison and a transcript, with charts and export', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(page.context(), baseURL as string, adminToken);
  await page.goto('/admin/exam/report');
  await expect(page.getByRole('tab', { name: '考试趋势' })).toBeVisible();

  await page.getByPlaceholder('考试名称').fill(stamp);
  await page.getByPlaceholder('考试名称').press('Enter');
  const row = page.locator('.ant-table-row', { hasText: EXAM });
  await expect(row).toHaveCount(1);
  // 1 of 2 papers passed; scores 10 and 0 of 10.
  await expect(row).toContainText('50%');
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await shot(page, 'trend');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
  expect(xlsx.suggestedFilename()).toBe('考试成绩趋势.xlsx');

  await page.getByRole('tab', { name: '部门对比' }).click();
  await page.getByTestId('dept-exam').click();
  await page.keyboard.type(stamp);
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: EXAM }).first().click();
  // 甲 (技术部) answered right, 乙 (市场部) wrong: one learner each, 100% and 0% passed.
  const deptRow = (name: string) => page.locator('.ant-table-row', { hasText: name });
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await expect(deptRow('技术部').locator('td').nth(1)).toHaveText('1');
  await expect(deptRow('技术部').locator('td').nth(4)).toHaveText('100%');
  await expect(deptRow('市场部').locator('td').nth(4)).toHaveText('0%');
  await expect(page.getByTestId('dept-chart').locator('canvas')).toBeVisible();
  await shot(page, 'dept');

  await page.getByRole('tab', { name: '学员成绩单' }).click();
  await page.getByTestId('transcript-learner').click();
  await page.keyboard.type(`rp${stamp}0`);
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: learners[0].realName }).first().click();
  const exam = page.locator('.ant-table-row', { hasText: EXAM });
  await expect(exam).toContainText('通过');
  await expect(exam).toContainText('100%');
  await shot(page, 'transcript');
});

test('[ADMIN][PRINT] the key paper from the exam list and an answered paper from the answer sheet', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(page.context(), baseURL as string, adminToken);
  await page.goto('/admin/exam/exam');
  await page.getByPlaceholder('考试名称').fill(stamp);
  await page.getByPlaceholder('考试名称').press('Enter');
  const row = page.locator('.ant-table-row', { hasText: EXAM });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '打印' }).click();
  await expect(page.getByRole('menuitem', { name: /答案卷/ })).toBeVisible();
  await shot(page, 'exam-print-menu');
  const key = await pdfOf(page, () => page.getByRole('menuitem', { name: /答案卷/ }).click());
  expect(key.name).toBe(`${EXAM}-答案卷.pdf`);
  expect(key.text).toContain(EXAM);
  expect(key.text).toContain('【答案】');

  await row.getByRole('button', { name: '打印' }).click();
  const blank = await pdfOf(page, () => page.getByRole('menuitem', { name: '空白卷' }).click());
  expect(blank.text).toContain(EXAM);
  expect(blank.text).not.toContain('【答案】');

  await page.goto(`/admin/exam/result/paper/${learners[1].paperId}`);
  await expect(page.getByRole('button', { name: '打印答卷' })).toBeVisible();
  await shot(page, 'answer-sheet');
  const answered = await pdfOf(page, () => page.getByRole('button', { name: '打印答卷' }).click());
  expect(answered.text).toContain(learners[1].realName);
  expect(answered.text).toContain('【作答】');
  expect(answered.text).toContain('0 / 10 分');
});
