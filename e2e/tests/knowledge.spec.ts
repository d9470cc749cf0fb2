/**
 * 知识点 through the browser at 1280 px: the demo tree on the admin screen; a point created,
 * given a child and renamed there; a question's points picked in the editor's tree-select; the
 * bank's counts per point, kind and band; the question list filtered by a point with its
 * descendants; a point deleted with its question kept.
 */
import { repoKnowledgeTree, repoQuDetail, repoQuSave, repoRepoSave, type TKpNode } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, openDialog, settledShot, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SHOTS = process.env.KP_SHOTS ?? 'test-results/screens';
test.describe.configure({ mode: 'serial' });

let adminToken: string;
let repoId: string;
let quTagged: string;
let quOther: string;

const single = (content: string, tags: string[]) => ({
  type: 1,
  level: 1,
  content: `<p>${content}</p>`,
  analysis: null,
  options: [
    { key: 'A', content: '<p>甲</p>', isRight: true },
    { key: 'B', content: '<p>乙</p>', isRight: false },
  ],
  answer: {},
  tags,
  repoIds: [repoId],
  children: [],
});

const tree = async (page: Page): Promise<TKpNode[]> => api(page.request, repoKnowledgeTree.path, {}, adminToken);

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  repoId = (await api(request, repoRepoSave.path, { title: 'E2E 知识点题库' }, adminToken)).id;
  quTagged = (await api(request, repoQuSave.path, single('E2E 标了子点的题', ['E2E 设备/锅炉']), adminToken)).id;
  quOther = (await api(request, repoQuSave.path, single('E2E 另一道题', ['E2E 其他']), adminToken)).id;
});

test('[ADMIN][KNOWLEDGE] the tree screen: demo points, create, child, rename', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto('/admin/repo/knowledge');
  await expect(page.getByTestId('kp-node-安全生产')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('kp-node-消防安全')).toBeVisible();
  await page.getByTestId('kp-node-消防安全').click();
  await expect(page.getByTestId('kp-path')).toHaveText('安全生产/消防安全');
  await settledShot(page, `${SHOTS}/knowledge-tree.png`);

  await page.getByTestId('kp-add-root').click();
  let dialog = await openDialog(page);
  await dialog.getByTestId('kp-title').fill('E2E 新根');
  await dialog.getByTestId('kp-ok').click();
  await expect(page.getByTestId('kp-path')).toHaveText('E2E 新根');
  await page.getByTestId('kp-add-child').click();
  dialog = await openDialog(page);
  await dialog.getByTestId('kp-title').fill('E2E 下级');
  await dialog.getByTestId('kp-ok').click();
  await expect(page.getByTestId('kp-path')).toHaveText('E2E 新根/E2E 下级');
  await page.getByTestId('kp-rename').click();
  dialog = await openDialog(page);
  await dialog.getByTestId('kp-title').fill('E2E 改名后');
  await dialog.getByTestId('kp-ok').click();
  await expect(page.getByTestId('kp-path')).toHaveText('E2E 新根/E2E 改名后');
  expect((await tree(page)).some((n) => n.path === 'E2E 新根/E2E 改名后')).toBe(true);
  // a second sibling of the same title is refused with the server's words
  await page.getByTestId('kp-node-E2E 新根').click();
  await page.getByTestId('kp-add-child').click();
  dialog = await openDialog(page);
  await dialog.getByTestId('kp-title').fill('E2E 改名后');
  await dialog.getByTestId('kp-ok').click();
  await expect(page.getByText('同一上级下已有知识点「E2E 改名后」')).toBeVisible();
});

test('[ADMIN][KNOWLEDGE] the editor picks points from the tree', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto(`/admin/repo/qu-edit/${quTagged}?repoId=${repoId}`);
  const select = page.getByTestId('qu-kp-select');
  await expect(select.getByText('锅炉')).toBeVisible({ timeout: 30_000 });
  await select.click();
  // the popup's list is virtual: search brings the point into view
  await page.keyboard.type('E2E 改名后');
  await page.locator(OPEN_POPUP).getByTitle('E2E 改名后').click();
  await page.keyboard.press('Escape');
  await settledShot(page, `${SHOTS}/knowledge-editor.png`);
  await page.getByTestId('qu-save').click();
  await expect(page).toHaveURL(new RegExp(`/admin/repo/detail/${repoId}`), { timeout: 30_000 });
  const detail = await api(page.request, repoQuDetail.path, { id: quTagged }, adminToken);
  expect(detail.tags).toEqual(['E2E 设备/锅炉', 'E2E 新根/E2E 改名后'].sort((a, b) => a.localeCompare(b, 'zh')));
});

test('[ADMIN][KNOWLEDGE] the bank counts per point and filters by a point with its descendants', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto(`/admin/repo/detail/${repoId}`);
  const matrix = page.getByTestId('kp-matrix');
  const root = matrix.locator('tr', { hasText: 'E2E 设备' });
  await expect(root).toBeVisible({ timeout: 30_000 });
  // 单选 1, 中 1, 合计 1 (a level-1 question with no measured difficulty is 中)
  await expect(root.locator('td').last()).toHaveText('1');
  await expect(matrix.locator('tr', { hasText: 'E2E 其他' })).toBeVisible();
  await page.getByTestId('filter-kp').click();
  await page.keyboard.type('E2E 设备');
  await page.locator(OPEN_POPUP).getByTitle('E2E 设备').click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('E2E 标了子点的题')).toBeVisible();
  await expect(page.getByText('E2E 另一道题')).toHaveCount(0);
  await settledShot(page, `${SHOTS}/knowledge-bank.png`);
});

test('[ADMIN][KNOWLEDGE] deleting a point keeps its question, untagged', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto('/admin/repo/knowledge');
  await page.getByTestId('kp-node-E2E 其他').click({ timeout: 30_000 });
  await page.getByTestId('kp-delete').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText('1 道试题去掉了该知识点（试题保留）')).toBeVisible();
  await expect(page.getByTestId('kp-node-E2E 其他')).toHaveCount(0);
  const detail = await api(page.request, repoQuDetail.path, { id: quOther }, adminToken);
  expect(detail.tags).toEqual([]);
});
