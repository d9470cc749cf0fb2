/** The rich-text editor's toolbar: the image button opens the file picker; no bare browser file input shows. */

import { ACCOUNTS, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The toolbar shows no native file input, and the image button opens the picker and inserts the image. */
async function expectImageButtonOnly(page: Page, scope: ReturnType<Page['locator']>) {
  const toolbar = scope.locator('.qu-editor__toolbar').first();
  await expect(toolbar).toBeVisible();
  await expect(toolbar.getByTestId('rte-image-input')).toBeHidden();
  await expect(toolbar).not.toContainText(/Choose File|No file chosen|未选择任何文件|选择文件/);
  const chooser = page.waitForEvent('filechooser');
  await toolbar.getByRole('button', { name: /picture/ }).click();
  await (await chooser).setFiles({ name: '示意图.png', mimeType: 'image/png', buffer: PNG });
  const img = scope.locator('.qu-editor__content img[src*="/api/common/file/"]').first();
  await expect(img).toBeAttached({ timeout: 15_000 });
  // The uploaded picture is served and decoded (not a broken image).
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test('[ADMIN][RTE_TOOLBAR] the notice compose editor hides the file input behind the image button', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.admin));
  await page.goto('/admin/notice/index');
  await expect(page.getByRole('button', { name: /新建公告/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /新建公告/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新建公告' });
  await dialog.getByTestId('notice-content').click();
  await page.keyboard.type('各部门：请查看附图。');
  await expectImageButtonOnly(page, dialog);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENS}/rte-notice-compose.png` });
});

test('[ADMIN][RTE_TOOLBAR] the question editor hides the file input behind the image button', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.admin));
  await page.goto('/admin/repo/qu-edit/new');
  await expect(page.getByText('实时预览')).toBeVisible({ timeout: 30_000 });
  await expectImageButtonOnly(page, page.locator('body'));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENS}/rte-question-editor.png` });
});
