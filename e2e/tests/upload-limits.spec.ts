import { commonFileUpload } from '@exam/contracts';
import { ACCOUNTS, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const PHONE = { width: 390, height: 844 };
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.from('1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'),
]);

test('[WEB][AVATAR_UPLOAD] an avatar upload is checked as an avatar: a PDF is refused in Chinese, a PNG taken', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const token = await apiLogin(request, ACCOUNTS.lisi);
  await signInBrowser(context, baseURL as string, token);
  await page.setViewportSize(PHONE);
  await page.goto('/web/uc');
  const input = page.locator('input[type="file"]').first();
  // The purpose field travels before the file, so the server applies the avatar rule (images only);
  // sent after it, the PDF would have been stored as an attachment.
  await input.setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(page.getByText('头像仅支持 png、jpg、jpeg、gif、webp').last()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/upload-avatar-refused-390.png` });
  await expect(page.locator('.ant-message-notice').last()).toBeInViewport();
  const uploaded = page.waitForResponse((r) => r.url().includes(commonFileUpload.path));
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  expect((await (await uploaded).json()).code).toBe(0);
  await expect(page.locator('.ant-avatar img')).toHaveAttribute('src', /\/api\/common\/file\//);
});
