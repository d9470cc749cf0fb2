/**
 * In the browser: an administrator imports a GIFT file and a Moodle XML file with an
 * image, reads the preview report (per type, skipped items with place and reason), confirms, and
 * sees the questions in the bank, the image shown; the same with an IMS QTI content package. A
 * large GIFT file shows the import's progress (上传中, 解析中, 校验中 n/N, 写入中 n/N) and ends in the
 * preview, then in the confirmed import.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRepoListStat, repoRepoSave } from '@exam/contracts';
import { qtiPackage } from '../../apps/server/src/modules/repo/interchange/test/qti-fixtures';
import { bigInterchangeFile } from '../../apps/server/src/test/big-interchange';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, openDialog, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/modules/repo/interchange/fixtures',
);
test.describe.configure({ mode: 'serial' });

let adminToken: string;
let repoId: string;

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  repoId = (await api(request, repoRepoSave.path, { title: `互通导入 ${Date.now()}` }, adminToken)).id;
});

const count = async (page: Page) =>
  (await api(page.request, repoRepoListStat.path, { ids: [repoId] }, adminToken))[0].total;

async function importWith(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
  format: string | null,
) {
  await page.getByTestId('qu-import').click();
  // A select opened while the dialog still zooms in measures its popup at the zoom's scale.
  const dialog = await openDialog(page);
  await expect(dialog).toContainText('导入试题');
  if (format) {
    await dialog.getByTestId('import-format').click();
    await page.locator(OPEN_POPUP).getByText(format, { exact: true }).click();
  }
  await dialog.locator('input[type=file]').setInputFiles(typeof file === 'string' ? path.join(FIXTURES, file) : file);
  await dialog.getByTestId('import-preview').click();
  return dialog;
}

test('[ADMIN][REPO_IMPORT] GIFT and Moodle XML: preview, confirm, see the questions', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto(`/admin/repo/detail/${repoId}`);

  const gift = await importWith(page, 'moodle-doc.gift', 'GIFT');
  const report = gift.getByTestId('import-report');
  await expect(report).toContainText('将导入 13 道试题，跳过 1 项');
  await expect(gift.getByTestId('import-by-type')).toContainText('单选题');
  await expect(gift.getByTestId('import-skipped')).toContainText('第39行');
  await expect(gift.getByTestId('import-skipped')).toContainText('描述（没有答案的文字），不是试题');
  await page.screenshot({ path: `${SCREENS}/interchange-gift-preview.png` });
  expect(await count(page)).toBe(0);
  await gift.getByTestId('import-submit').click();
  await expect(report).toContainText('导入成功：共 13 道试题');
  expect(await count(page)).toBe(13);
  await gift.locator('.ant-modal-close').click();

  const moodle = await importWith(page, 'moodle-doc.xml', null);
  await expect(moodle.getByTestId('import-report')).toContainText('将导入 11 道试题，跳过 2 项');
  await expect(moodle.getByTestId('import-skipped')).toContainText('不支持的题型“ddwtos”');
  await page.screenshot({ path: `${SCREENS}/interchange-moodle-preview.png` });
  await moodle.getByTestId('import-submit').click();
  await expect(moodle.getByTestId('import-report')).toContainText('导入成功：共 11 道试题');
  await moodle.locator('.ant-modal-close').click();
  expect(await count(page)).toBe(24);

  await page.reload();
  // 24 questions: the image question is on the second page of the newest first; found by its text.
  await page.getByPlaceholder('题目关键字').fill('下图');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('下图是什么标志').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/interchange-bank.png` });
});

test('[ADMIN][REPO_IMPORT] IMS QTI package: preview, confirm, see the questions', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  const qtiRepo = (await api(page.request, repoRepoSave.path, { title: `QTI 导入 ${Date.now()}` }, adminToken)).id;
  await page.goto(`/admin/repo/detail/${qtiRepo}`);
  const zip = { name: 'qti-package.zip', mimeType: 'application/zip', buffer: qtiPackage() };
  const dialog = await importWith(page, zip, 'IMS QTI 2.1/2.2/3.0（.xml 或 .zip）');
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('将导入 8 道试题，跳过 2 项');
  await expect(dialog.getByTestId('import-by-type')).toContainText('排序题');
  await expect(dialog.getByTestId('import-skipped')).toContainText('items/slider.xml（slider）');
  await expect(dialog.getByTestId('import-skipped')).toContainText('不支持的交互类型 sliderInteraction');
  await page.screenshot({ path: `${SCREENS}/interchange-qti-preview.png` });
  const total = async () => (await api(page.request, repoRepoListStat.path, { ids: [qtiRepo] }, adminToken))[0].total;
  expect(await total()).toBe(0);
  await dialog.getByTestId('import-submit').click();
  await expect(report).toContainText('导入成功：共 8 道试题');
  await dialog.locator('.ant-modal-close').click();
  expect(await total()).toBe(8);
  await page.reload();
  await expect(page.getByText('Grand Prix of Bahrain', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/interchange-qti-bank.png` });
});

test('[ADMIN][REPO_IMPORT] a file with errors: the preview says what each setting imports, and nothing is said to succeed', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  const target = (await api(page.request, repoRepoSave.path, { title: `有误导入 ${Date.now()}` }, adminToken)).id;
  await page.goto(`/admin/repo/detail/${target}`);
  const dialog = await importWith(page, 'one-bad.gift', 'GIFT');
  const message = dialog.getByTestId('import-message');
  await expect(message).toContainText(
    '发现 1 处错误，按当前设置将不导入任何试题；勾选“只导入正确的试题”可导入其余 3 道',
  );
  await expect(dialog.getByTestId('import-submit')).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/interchange-errors-preview.png` });
  await dialog.getByTestId('import-only-valid').click();
  await expect(message).toContainText('将只导入正确的 3 道试题');
  await expect(message).not.toContainText('不导入任何试题');
  await page.screenshot({ path: `${SCREENS}/interchange-errors-only-valid.png` });
  await dialog.getByTestId('import-submit').click();
  await expect(message).toContainText('已导入 3 道试题');
  expect((await api(page.request, repoRepoListStat.path, { ids: [target] }, adminToken))[0].total).toBe(3);
  await dialog.locator('.ant-modal-close').click();

  const empty = await importWith(
    page,
    { name: 'notes.gift', mimeType: 'text/plain', buffer: Buffer.from('$CATEGORY: 安全\n\n这只是一段说明文字。\n') },
    'GIFT',
  );
  await expect(empty.getByTestId('import-message')).toContainText('文件中没有可导入的试题');
  await expect(empty.getByTestId('import-skipped')).toContainText('描述（没有答案的文字），不是试题');
  await expect(empty.getByTestId('import-submit')).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/interchange-nothing-preview.png` });
});

test('[ADMIN][REPO_IMPORT] Moodle categories as target banks: the preview lists the banks', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  const chosen = (await api(page.request, repoRepoSave.path, { title: `分类题库 ${Date.now()}` }, adminToken)).id;
  await page.goto(`/admin/repo/detail/${chosen}`);
  await page.getByTestId('qu-import').click();
  const dialog = await openDialog(page);
  await expect(dialog).toContainText('导入试题');
  await dialog.getByTestId('import-category').click();
  await page.locator(OPEN_POPUP).getByText('作为目标题库', { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'moodle-doc.xml'));
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('import-banks')).toContainText('安全/机械');
  await expect(dialog.getByTestId('import-banks')).toContainText(/11 道（(将新建题库|已有题库)）/);
  await page.screenshot({ path: `${SCREENS}/interchange-category-banks.png` });
});

test('[ADMIN][REPO_IMPORT] a large GIFT file shows its progress, then the preview and the import', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, adminToken);
  const bigRepo = (await api(page.request, repoRepoSave.path, { title: `大文件导入 ${Date.now()}` }, adminToken)).id;
  await page.goto(`/admin/repo/detail/${bigRepo}`);
  const buffer = await bigInterchangeFile('gift', 3000, 200);
  const dialog = await importWith(page, { name: 'big.gift', mimeType: 'text/plain', buffer }, 'GIFT');
  const progress = dialog.getByTestId('import-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/上传中|解析中|校验中/);
  await page.screenshot({ path: `${SCREENS}/interchange-big-progress.png` });
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('将导入 3000 道试题', { timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/interchange-big-preview.png` });

  await dialog.getByTestId('import-submit').click();
  await expect(progress).toContainText(/写入中 \d+\/3000/, { timeout: 60_000 });
  // Done only when the server answered: no success while the progress shows.
  await expect(report).not.toContainText('导入成功');
  await page.screenshot({ path: `${SCREENS}/interchange-big-writing.png` });
  await expect(report).toContainText('导入成功：共 3000 道试题', { timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  const total = (await api(page.request, repoRepoListStat.path, { ids: [bigRepo] }, adminToken))[0].total;
  expect(total).toBe(3000);
});
