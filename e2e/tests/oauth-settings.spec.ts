/**
 * 第三方登录设置 on the system configuration page at 1280 px: the WeChat, DingTalk
 * and OpenID Connect columns, a saved secret shown masked, and a discovery address that is not a
 * web address refused in Chinese before anything is saved.
 */
import { ACCOUNTS, apiLogin, signInBrowser } from '../fixtures/api';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.OAUTH_SHOTS ?? 'test-results/screens';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/oauth-${name}.png` });
}

test('[ADMIN][OAUTH] the third-party sign-in settings: three providers, masked secrets, checked addresses', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await apiLogin(request, ACCOUNTS.admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(page.context(), baseURL as string, token);
  await page.goto('/admin/sys/config');
  const card = page.getByTestId('oauth-settings');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('微信（开放平台网站应用）')).toBeVisible();
  await expect(card.getByText('钉钉', { exact: true })).toBeVisible();
  await expect(card.getByText('企业统一认证（OpenID Connect）')).toBeVisible();

  // A discovery address that is not a web address is refused by the form, in Chinese.
  await card.getByLabel('发现地址（Issuer）').fill('sso.example.com');
  await page.getByRole('button', { name: /保存配置/ }).click();
  await expect(card.getByText('发现地址（Issuer）必须是以 http:// 或 https:// 开头的网址')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'invalid');

  await card.getByLabel('发现地址（Issuer）').fill('https://sso.example.com/realms/exam');
  await card.getByLabel('AppID', { exact: true }).fill('wx0123456789abcdef');
  await card.getByLabel('AppSecret', { exact: true }).fill('wechat-secret-value');
  await page.getByRole('button', { name: /保存配置/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByLabel('AppID', { exact: true })).toHaveValue('wx0123456789abcdef');
  await expect(card.getByLabel('AppSecret', { exact: true })).toHaveValue('******');
  await expect(card.getByLabel('发现地址（Issuer）')).toHaveValue('https://sso.example.com/realms/exam');
  await shot(page, 'settings');
  await page.screenshot({ path: `${SHOTS}/oauth-page.png`, fullPage: true });
});
