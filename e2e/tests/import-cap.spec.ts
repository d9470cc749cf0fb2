/**
 * The import dialog states the size of an import file, and a file over it is refused with that
 * size in the message (the server counts the questions before parsing them).
 */
import { MAX_IMPORT_QUESTIONS, repoRepoSave } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';

test('[ADMIN][REPO_IMPORT] the dialog states the cap; a GIFT file over it is refused with it', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const token = await apiLogin(request, ACCOUNTS.admin);
  const repoId = (await api(request, repoRepoSave.path, { title: `导入上限 ${Date.now()}` }, token)).id;
  await signInBrowser(context, baseURL as string, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/repo/detail/${repoId}`);
  await page.getByTestId('qu-import').click();
  const dialog = page.locator('.ant-modal', { hasText: '导入试题' });
  await expect(dialog.getByTestId('import-cap')).toContainText('每个文件最多 10,000 道试题');
  const gift = Array.from({ length: MAX_IMPORT_QUESTIONS + 1 }, (_, i) => `::q${i}:: 第${i}题 {=对 ~错}`).join('\n\n');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'big.gift', mimeType: 'text/plain', buffer: Buffer.from(gift) });
  await dialog.getByTestId('import-preview').click();
  await expect(page.getByText(`一次最多导入${MAX_IMPORT_QUESTIONS}道试题`).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/import-cap-1280.png` });
});
