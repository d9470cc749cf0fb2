/**
 * A department administrator in the browser (the data scope of the last wave's admin screens): a
 * role of data scope 3 (技术部 and below) and an administrator of 技术部 are created through the
 * API, with two learners of this spec, one of 技术部 and one of 市场部, who sit one exam. The
 * department administrator opens the 监考 console and 成绩报表: only the 技术部 learner is listed,
 * the 市场部 one nowhere (console rows, department comparison, the transcript's learner picker).
 */
import { sysMenuTree, sysRoleSave, sysRoleSaveMenus } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, signInBrowser } from '../fixtures/api';
import {
  createExamWithQuestions,
  createLearner,
  deptNamed,
  type Learner,
  questionIds,
  sitPaper,
  startPaper,
} from '../fixtures/exam-setup';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.DEPT_ADMIN_SHOTS ?? 'test-results/screens';
const stamp = Date.now().toString(36);
const EXAM = `E2E 部门管理员考试 ${stamp}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let deptAdminToken: string;
let examId: string;
let tech: Learner;
let market: Learner;
let late: Learner;

interface MenuNode {
  id: string;
  children?: MenuNode[];
}
const allIds = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

test.beforeAll(async ({ request }) => {
  const adminToken = await apiLogin(request, ACCOUNTS.admin);
  const techDept = await deptNamed(request, '技术部');
  const marketDept = await deptNamed(request, '市场部');
  // A role of data scope 3 (department and below) holding every menu: only the scope limits it.
  const code = `da${stamp}`;
  const { id: roleId } = await api<{ id: string }>(
    request,
    sysRoleSave.path,
    { code, name: `部门管理员${stamp}`, roleType: 2, dataScope: 3 },
    adminToken,
  );
  const menus = await api<MenuNode[]>(request, sysMenuTree.path, {}, adminToken);
  await api(request, sysRoleSaveMenus.path, { id: roleId, menuIds: allIds(menus) }, adminToken);
  deptAdminToken = (
    await createLearner(request, adminToken, {
      userName: `da${stamp}`,
      realName: `技术部管理员${stamp}`,
      deptId: techDept.id,
      role: code,
    })
  ).token;
  tech = await createLearner(request, adminToken, {
    userName: `dat${stamp}`,
    realName: `技术考生${stamp}`,
    deptId: techDept.id,
  });
  market = await createLearner(request, adminToken, {
    userName: `dam${stamp}`,
    realName: `市场考生${stamp}`,
    deptId: marketDept.id,
  });
  late = await createLearner(request, adminToken, {
    userName: `dal${stamp}`,
    realName: `技术考生乙${stamp}`,
    deptId: techDept.id,
  });
  const quIds = await questionIds(request, adminToken, { size: 2 });
  ({ examId } = await createExamWithQuestions(request, adminToken, {
    paperTitle: `E2E 部门管理员试卷 ${stamp}`,
    quIds,
    title: EXAM,
    userIds: [tech.id, market.id, late.id],
  }));
  await sitPaper(request, tech.token, examId);
  await sitPaper(request, market.token, examId);
  await startPaper(request, late.token, examId); // sitting now
});

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/dept-admin-${name}.png`, fullPage: true });
}

test('[ADMIN][SCOPE] the 监考 console of a department administrator lists only the learners of the department', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(page.context(), baseURL as string, deptAdminToken);
  await page.goto(`/admin/exam/exam/invigilate/${examId}`);
  // The first read waits for a cold server on a busy machine.
  await expect(page.getByTestId(`inv-row-${late.userName}`).getByTestId('inv-status')).toHaveText('考试中', {
    timeout: 60_000,
  });
  await expect(page.getByTestId(`inv-row-${tech.userName}`)).toBeVisible();
  await expect(page.getByTestId(`inv-row-${market.userName}`)).toHaveCount(0);
  await expect(page.getByTestId('inv-stats')).toContainText('应考人数2');
  await expect(page.getByText(market.realName)).toHaveCount(0);
  await shot(page, 'invigilate');
});

test('[ADMIN][SCOPE] 成绩报表 of a department administrator compares and lists only the department', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(page.context(), baseURL as string, deptAdminToken);
  await page.goto('/admin/exam/report');
  await expect(page.getByRole('tab', { name: '考试趋势' })).toBeVisible();
  await page.getByPlaceholder('考试名称').fill(stamp);
  await page.getByPlaceholder('考试名称').press('Enter');
  await expect(page.locator('.ant-table-row', { hasText: EXAM })).toHaveCount(1);
  await shot(page, 'trend');

  await page.getByRole('tab', { name: '部门对比' }).click();
  await page.getByTestId('dept-exam').click();
  await page.keyboard.type(stamp);
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: EXAM }).first().click();
  await expect(page.locator('.ant-table-row', { hasText: '技术部' })).toHaveCount(1);
  await expect(page.locator('.ant-table-row')).toHaveCount(1); // no 市场部 row
  await shot(page, 'dept');

  await page.getByRole('tab', { name: '学员成绩单' }).click();
  await page.getByTestId('transcript-learner').click();
  await page.keyboard.type(stamp);
  const options = page.locator(`${OPEN_POPUP} .ant-select-item-option`);
  await expect(options.filter({ hasText: tech.realName })).toHaveCount(1);
  await expect(options.filter({ hasText: market.realName })).toHaveCount(0);
  await options.filter({ hasText: tech.realName }).first().click();
  await expect(page.locator('.ant-table-row', { hasText: EXAM })).toHaveCount(1);
  await shot(page, 'transcript');
});
