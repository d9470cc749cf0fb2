/**
 * Question banks through the browser: bank list, one question of each type created in the
 * editor, an import with one bad row (report shown, nothing imported), then fixed and imported,
 * and the learner's question view.
 */
import { repoQuImportTemplate, repoQuPaging, repoRepoListStat, repoRepoPaging } from '@exam/contracts';
import ExcelJS from 'exceljs';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
test.describe.configure({ mode: 'serial' });

let adminToken: string;
let repoId: string;

const editor = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).first();

async function typeInto(page: Page, testId: string, text: string) {
  await editor(page, testId).click();
  await page.keyboard.type(text);
}

async function openNew(page: Page, typeLabel: string) {
  await page.goto(`/admin/repo/qu-edit/new?repoId=${repoId}`);
  await expect(page.getByText('实时预览')).toBeVisible({ timeout: 30_000 });
  await page.locator('.ant-radio-button-wrapper', { hasText: typeLabel }).click();
}

async function save(page: Page) {
  await page.getByTestId('qu-save').click();
  await expect(page).toHaveURL(new RegExp(`/admin/repo/detail/${repoId}`), { timeout: 30_000 });
}

async function count(request: Parameters<typeof api>[0]): Promise<number> {
  const stats = await api(request, repoRepoListStat.path, { ids: [repoId] }, adminToken);
  return stats[0].total;
}

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
});

test('[ADMIN][REPO_LIST] lists the demo banks and creates a bank', async ({ page, context, baseURL }) => {
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto('/admin/repo/repo');
  // Other specs add banks on this server; the demo banks are found by name, not by being on page 1.
  for (const title of ['安全生产知识题库', '计算机基础题库']) {
    await page.getByPlaceholder('题库名称').fill(title);
    await page.getByRole('button', { name: '查 询' }).click();
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await page.getByPlaceholder('题库名称').fill('');
  await page.getByRole('button', { name: '查 询' }).click();
  await page.screenshot({ path: `${SCREENS}/repo-list.png` });
  await page.getByTestId('repo-add').click();
  await page.getByTestId('repo-title').fill('E2E 测试题库');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('E2E 测试题库')).toBeVisible();
  const list = await api(
    page.request,
    repoRepoPaging.path,
    { current: 1, size: 50, params: { title: 'E2E' } },
    adminToken,
  );
  repoId = list.records[0].id;
});

test('[ADMIN][QU_CREATE] creates one question of each type in the editor', async ({ page, context, baseURL }) => {
  test.setTimeout(300_000);
  await signInBrowser(context, baseURL as string, adminToken);

  await openNew(page, '单选题');
  await typeInto(page, 'content-editor', '下列哪个是中国的首都？');
  for (const [k, t] of [
    ['A', '上海'],
    ['B', '北京'],
    ['C', '广州'],
    ['D', '深圳'],
  ])
    await typeInto(page, `option-${k}`, t);
  await page.getByTestId('options-editor').locator('.ant-radio-wrapper').nth(1).click();
  await expect(page.locator('.qu-preview__option--right')).toContainText('北京');
  await page.screenshot({ path: `${SCREENS}/repo-editor-single.png`, fullPage: true });
  await save(page);

  await openNew(page, '多选题');
  await typeInto(page, 'content-editor', '下列属于可再生能源的有');
  for (const [k, t] of [
    ['A', '太阳能'],
    ['B', '风能'],
    ['C', '煤炭'],
    ['D', '水能'],
  ])
    await typeInto(page, `option-${k}`, t);
  for (const i of [0, 1, 3]) await page.getByTestId('options-editor').locator('.ant-checkbox-wrapper').nth(i).click();
  await save(page);

  await openNew(page, '判断题');
  await typeInto(page, 'content-editor', '地球绕太阳公转。');
  await save(page);

  await openNew(page, '简答题');
  await typeInto(page, 'content-editor', '简述火灾逃生的要点。');
  await typeInto(page, 'reference-editor', '用湿毛巾捂住口鼻，低姿前进，走安全出口。');
  await page.getByRole('button', { name: '添加关键词' }).click();
  await page.getByPlaceholder('关键词').fill('湿毛巾');
  await save(page);

  await openNew(page, '填空题');
  await typeInto(page, 'content-editor', '水的化学式是');
  await page.getByTestId('insert-blank').click();
  await page.keyboard.type('，勾股定理是 ');
  await page.getByTestId('insert-formula').first().click();
  await page.getByTestId('formula-input').fill('a^2+b^2=c^2');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /^插\s*入$/ })
    .click();
  await page.locator('.ant-select', { hasText: '输入可接受的答案后回车' }).first().click();
  await page.keyboard.type('H2O');
  await page.keyboard.press('Enter');
  await expect(page.locator('.qu-preview .katex').first()).toBeVisible();
  await expect(page.locator('.qu-preview .qu-blank')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENS}/repo-editor-fill.png`, fullPage: true });
  await save(page);

  await openNew(page, '匹配题');
  await typeInto(page, 'content-editor', '将国家与首都匹配');
  await page.getByTestId('left-1').fill('中国');
  await page.getByTestId('left-2').fill('日本');
  await page.getByTestId('right-A').fill('东京');
  await page.getByTestId('right-B').fill('北京');
  await page.getByTestId('right-C').fill('巴黎');
  // Each pick fills one select, so the next empty one is again the first with the placeholder.
  for (const r of ['B', 'A']) {
    await page.locator('.ant-select', { hasText: '选择右侧项' }).first().click();
    // The newest popup is the open one; the previous select's popup may still be fading out.
    await page.locator(OPEN_POPUP).locator('.ant-select-item-option', { hasText: r }).click();
  }
  await page.screenshot({ path: `${SCREENS}/repo-editor-matching.png`, fullPage: true });
  await save(page);

  await openNew(page, '组合题');
  await typeInto(page, 'content-editor', '阅读材料：某车间发生机械伤害事故。');
  await page.getByTestId('add-child').click();
  await typeInto(page, 'child-content', '事故的直接原因是');
  await typeInto(page, 'option-A', '设备老化');
  await typeInto(page, 'option-B', '未停机清理');
  await typeInto(page, 'option-C', '照明不足');
  await typeInto(page, 'option-D', '天气');
  await page.getByTestId('options-editor').locator('.ant-radio-wrapper').nth(1).click();
  await page.screenshot({ path: `${SCREENS}/repo-editor-composite.png`, fullPage: true });
  await save(page);

  await expect(page.getByTestId('repo-total')).toHaveText('7');
  const list = await api(page.request, repoQuPaging.path, { current: 1, size: 20, params: { repoId } }, adminToken);
  expect(list.records.map((r: { type: number }) => r.type).sort((a: number, b: number) => a - b)).toEqual([
    1, 2, 3, 4, 5, 6, 99,
  ]);
  await page.screenshot({ path: `${SCREENS}/repo-detail.png`, fullPage: true });
});

test('[ADMIN][QU_IMPORT] reports a bad row and imports nothing, then imports the fixed file', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  const res = await page.request.post(repoQuImportTemplate.path, { data: {}, headers: { token: adminToken } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const answerCol = (sheet.getRow(1).values as string[]).indexOf('答案');
  sheet.getRow(2).getCell(answerCol).value = 'Z';
  const bad = Buffer.from(await wb.xlsx.writeBuffer());
  sheet.getRow(2).getCell(answerCol).value = 'B';
  const good = Buffer.from(await wb.xlsx.writeBuffer());
  const before = await count(page.request);

  await page.goto(`/admin/repo/detail/${repoId}`);
  await page.getByTestId('qu-import').click();
  const dialog = page.locator('.ant-modal', { hasText: '导入试题' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '试题.xlsx', mimeType: 'application/octet-stream', buffer: bad });
  await page.getByTestId('import-preview').click();
  await expect(page.getByTestId('import-report')).toContainText('不导入任何试题');
  await expect(page.getByTestId('import-report')).toContainText('答案“Z”无法识别');
  await page.screenshot({ path: `${SCREENS}/repo-import-error.png` });
  expect(await count(page.request)).toBe(before);

  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '试题.xlsx', mimeType: 'application/octet-stream', buffer: good });
  await page.getByTestId('import-preview').click();
  await expect(page.getByTestId('import-report')).toContainText('将导入 7 道试题');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-report')).toContainText('导入成功：共 7 道试题');
  await page.screenshot({ path: `${SCREENS}/repo-import-ok.png` });
  expect(await count(page.request)).toBe(before + 7);
});

test('[WEB][QU_VIEW] a learner views questions, answers only for a practice bank', async ({
  page,
  context,
  baseURL,
}) => {
  const banks = await api(page.request, repoRepoPaging.path, { current: 1, size: 50, params: {} }, adminToken);
  const bank = (code: string) => banks.records.find((b: { code: string }) => b.code === code).id;
  const first = async (repo: string, type: number) =>
    (await api(page.request, repoQuPaging.path, { current: 1, size: 1, params: { repoId: repo, type } }, adminToken))
      .records[0].id;
  const practice = await first(bank('SAFETY'), 99);
  const exam = await first(bank('COMPUTER'), 1);
  // 李四 sits no exam in these tests: the exam specs' rule paper may have drawn this question for
  // 张三, whose handed-in paper then rightly shows its answer.
  const learner = await apiLogin(page.request, ACCOUNTS.lisi);
  await signInBrowser(context, baseURL as string, learner);

  await page.goto(`/web/qu/view/${practice}`);
  await expect(page.getByText('试题详情').first()).toBeVisible();
  await page.getByTestId('toggle-answer').click();
  await expect(page.locator('.qu-preview__answer').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/repo-web-view-practice.png`, fullPage: true });

  await page.goto(`/web/qu/view/${exam}`);
  await expect(page.getByText('答案与解析将在考试结束')).toBeVisible();
  await expect(page.locator('.qu-preview__answer')).toHaveCount(0);
  await expect(page.locator('.qu-preview__option--right')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/repo-web-view-exam.png`, fullPage: true });
});
