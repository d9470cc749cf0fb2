import { sysUserInfo } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('[SMOKE] the product serves the web app and the API', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/考试/);
  const token = await apiLogin(request, ACCOUNTS.admin);
  const info = await api(request, sysUserInfo.path, {}, token);
  expect(info.roleType).toBe(2);
});
