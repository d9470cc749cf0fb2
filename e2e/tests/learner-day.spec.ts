/**
 * Errors say what happened, in Chinese. A failed list is not an empty one, a refused
 * call shows the server's msg, an expired token lands on a login page that says so, and a learner
 * opening /profile gets the user centre.
 */

import { ACCOUNTS, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const ONLINE = '**/api/exam/exam/online-paging';

test.beforeEach(async ({ context, request, baseURL }) => {
  await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.student));
});

test('[WEB][LIST_FAILED] a failed exam list says so with a retry, never 暂无可参加的考试', async ({ page }) => {
  await page.route(ONLINE, (route) => route.abort('failed'));
  await page.goto('/web/index');
  const failed = page.getByTestId('load-failed');
  // the first page of a fresh server on a loaded machine may take a while
  await expect(failed).toContainText('考试列表加载失败', { timeout: 30_000 });
  await expect(failed).toContainText('啊哦，与服务器失去连接了~');
  await expect(page.getByText('暂无可参加的考试')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/learner-list-failed.png` });

  await page.unroute(ONLINE);
  await failed.getByRole('button', { name: /重\s*试/ }).click();
  await expect(page.getByTestId('load-failed')).toHaveCount(0);
  await expect(page.locator('.exam-card').first().or(page.getByText('暂无可参加的考试'))).toBeVisible();
});

test('[WEB][SERVER_MSG] a refused call shows the server msg, not axios English', async ({ page }) => {
  await page.route(ONLINE, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 10010004, msg: '您没有权限访问该考试列表', data: null }),
    }),
  );
  await page.goto('/web/index');
  // The home's lists say their failure in place (one message, no toast on top of it).
  await expect(page.getByTestId('load-failed')).toContainText('您没有权限访问该考试列表', { timeout: 30_000 });
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await expect(page.getByText(/Request failed/)).toHaveCount(0);
});

test('[WEB][SESSION_EXPIRED] an expired token lands on the login page saying the session expired', async ({
  page,
  context,
  baseURL,
}) => {
  await context.clearCookies();
  await signInBrowser(context, baseURL as string, 'expired-or-revoked-token');
  await page.goto('/web/paper');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByTestId('session-expired')).toContainText('登录已过期，请重新登录');
  await page.screenshot({ path: `${SCREENS}/learner-session-expired.png` });
  // said once: a later visit to the login page is a plain one
  await page.reload();
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect(page.getByTestId('session-expired')).toHaveCount(0);
});

test('[WEB][PROFILE_LEARNER] a learner opening /profile goes to the user centre', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/web\/uc$/);
  await expect(page.getByTestId('admin-layout')).toHaveCount(0);
});

/** A 1×1 PNG. */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.from('1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'),
]);

test('[WEB][AVATAR_SAVE] an uploaded avatar says it needs 保存资料, and is kept once saved', async ({ page }) => {
  await page.goto('/web/uc');
  const input = page.locator('input[type="file"]').first();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('avatar-unsaved')).toContainText('保存资料', { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENS}/${test.info().project.name}-avatar-unsaved.png` });
  await page.getByRole('button', { name: /保存资料/ }).click();
  await expect(page.getByTestId('avatar-unsaved')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.ant-form .ant-avatar img')).toHaveAttribute('src', /\/api\/common\/file\//);
  await expect(page.getByTestId('avatar-unsaved')).toHaveCount(0);
});
