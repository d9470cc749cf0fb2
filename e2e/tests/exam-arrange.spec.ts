/**
 * In the browser: the 安排 drawer of the exam list gives a learner (created for this
 * spec) another window and extra minutes for an exam whose window is over; that learner then sees
 * the exam open with the arrangement on the card and the check page. An exam with papers is
 * archived on delete, listed under 已归档 and restored; its form says why the paper and pass mark
 * are locked.
 */
import { ACCOUNTS, apiLogin, confirmDialog, OPEN_POPUP, signInBrowser } from '../fixtures/api';
import { createExam, createLearner, createTemplate, questionIds, sitPaper } from '../fixtures/exam-setup';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = process.env.ARRANGE_SHOTS ?? 'test-results/screens';
const tag = Date.now().toString(36);
const ENDED = `E2E 个别安排考试 ${tag}`;
const ARCHIVE = `E2E 归档考试 ${tag}`;
const userName = `arr${tag}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let adminToken: string;
let learnerToken: string;

/** A local Shanghai time as the pickers take it. */
const shanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/arrange-${name}.png`, fullPage: false });

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  const learner = await createLearner(request, adminToken, { userName, realName: '安排测试考生' });
  learnerToken = learner.token;
  const quIds = await questionIds(request, adminToken, { size: 3 });
  const tmplId = await createTemplate(request, adminToken, { title: `E2E 安排试卷 ${tag}`, quIds });
  const now = Date.now();
  const exam = (title: string, startTime: number, endTime: number) =>
    createExam(request, adminToken, tmplId, { title, userIds: [learner.id], startTime, endTime, tryLimit: 1 });
  // Over ten minutes ago: only an arrangement opens it again.
  await exam(ENDED, now - 3 * 3600_000, now - 10 * 60_000);
  // Running, with one handed-in paper of the spec's learner.
  await sitPaper(request, learnerToken, await exam(ARCHIVE, now - 3600_000, now + 86400_000));
});

async function openExamList(page: Page, title: string) {
  await page.goto('/admin/exam/exam');
  await page.getByPlaceholder('考试名称').fill(title);
  await page.getByPlaceholder('考试名称').press('Enter');
  await expect(page.locator('.ant-table-row', { hasText: title })).toHaveCount(1);
  return page.locator('.ant-table-row', { hasText: title });
}

test('[ADMIN][EXAM_ARRANGE] an arrangement gives one learner another window and extra minutes; they see the exam open', async ({
  page,
  baseURL,
  browser,
}) => {
  await signInBrowser(page.context(), baseURL as string, adminToken);
  const row = await openExamList(page, ENDED);
  await row.getByRole('button', { name: '安排' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '个别安排 - ' });
  await expect(drawer.getByText(`个别安排 - ${ENDED}`)).toBeVisible();
  await expect(drawer.getByText('暂无个别安排')).toBeVisible();

  await drawer.getByTestId('arrange-add').click();
  const modal = page.locator('.ant-modal').filter({ hasText: '新增个别安排' });
  await expect(modal).toBeVisible();
  // Nothing arranged yet: the server refuses in Chinese.
  await modal.getByTestId('arrange-user').click();
  await page.keyboard.type(userName);
  await page.locator(OPEN_POPUP).getByText(`安排测试考生（${userName}）`).click();
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请至少设置一项安排（时间窗口、延长时间、增加次数或考试密码）')).toBeVisible();

  const now = Date.now();
  await modal.getByPlaceholder('开始时间').click();
  await modal.getByPlaceholder('开始时间').fill(shanghai(now - 5 * 60_000));
  await page.keyboard.press('Enter');
  await modal.getByPlaceholder('结束时间').fill(shanghai(now + 2 * 3_600_000));
  await page.keyboard.press('Enter');
  // Escape closes the picker when Enter left it open; with the picker already closed it would
  // close the dialog (a slow machine closes it on Enter).
  if (await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').isVisible())
    await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByLabel('延长时间').fill('15');
  await modal.getByLabel('备注').fill('无障碍延时，另行安排');
  await shot(page, 'modal');
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await expect(modal).toBeHidden();
  const line = drawer.locator('.ant-table-row', { hasText: '安排测试考生' });
  await expect(line).toContainText('个别安排');
  await expect(line).toContainText('15分钟');
  await expect(line).toContainText(shanghai(now - 5 * 60_000));
  await shot(page, 'drawer');

  // 安排补考 lists nobody: the only learner now has an arrangement but no paper → 缺考.
  await drawer.getByTestId('arrange-resit').click();
  const resit = page.locator('.ant-modal').filter({ hasText: '安排补考' });
  await expect(resit.locator('.ant-table-row', { hasText: userName })).toContainText('缺考');
  await shot(page, 'resit');
  await resit.getByRole('button', { name: /取\s*消/ }).click();
  await page.keyboard.press('Escape');

  // The learner, in a browser of their own, sees the exam running in their window.
  const learner = await browser.newContext({ baseURL });
  await signInBrowser(learner, baseURL as string, learnerToken);
  const lp = await learner.newPage();
  await lp.goto('/web/index');
  const card = lp.locator('.exam-card', { hasText: ENDED });
  // The learner home loads its chunks lazily; on the shared 2-core machine that can take a while.
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText('个别安排：单独时间，延长15分钟');
  await expect(card).toContainText('进行中');
  await card.scrollIntoViewIfNeeded();
  await lp.screenshot({ path: `${SHOTS}/arrange-learner-card.png` });
  await card.getByRole('button').last().click();
  await expect(lp).toHaveURL(/\/web\/exam\/check\//);
  await expect(lp.getByTestId('check-arrangement')).toHaveText('个别安排：单独时间，延长15分钟');
  await expect(lp.getByText('考试时长')).toBeVisible();
  await lp.screenshot({ path: `${SHOTS}/arrange-learner-check.png` });
  await learner.close();
});

test('[ADMIN][EXAM_ARCHIVE] an exam with papers is archived, listed under 已归档 and restored; its form is locked', async ({
  page,
  baseURL,
}) => {
  await signInBrowser(page.context(), baseURL as string, adminToken);
  const row = await openExamList(page, ARCHIVE);
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByTestId('exam-locked')).toContainText('已有考生开始作答（1份答卷）');
  await expect(page.getByTestId('exam-pass-score')).toBeDisabled();
  await expect(page.getByLabel('考试名称')).toBeEnabled();
  await shot(page, 'locked-form');

  const again = await openExamList(page, ARCHIVE);
  await again.getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('将归档而不是删除');
  await confirmDialog(page);
  await expect(page.getByText('考试已有答卷，已归档（成绩保留，可在“已归档”中恢复）')).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: ARCHIVE })).toHaveCount(0);

  await page.getByTestId('exam-archived-filter').getByText('已归档').click();
  const archived = page.locator('.ant-table-row', { hasText: ARCHIVE });
  await expect(archived).toContainText('已归档');
  await shot(page, 'archived');
  await archived.getByRole('button', { name: '恢复' }).click();
  await expect(page.getByText('已恢复')).toBeVisible();
  await expect(archived).toHaveCount(0);
  await page.getByTestId('exam-archived-filter').getByText('考试列表').click();
  await expect(page.locator('.ant-table-row', { hasText: ARCHIVE })).toHaveCount(1);
});
