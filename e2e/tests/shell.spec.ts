import { ACCOUNTS, confirmDialog, setRegistration } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';

async function signInThroughForm(page: Page, account: { userName: string; password: string }) {
  await page.getByPlaceholder('用户名').fill(account.userName);
  await page.getByPlaceholder('密码').fill(account.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * Opens a tag's context menu and answers one of its items, once it holds still: the previous menu
 * must be gone first (a menu still fading out while the next one zooms in never holds still for a
 * click), and the new one done zooming in.
 */
async function tagMenuItem(page: Page, path: string, item: string) {
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]')).toHaveCount(0);
  await page.locator(`[data-testid=tag][data-path="${path}"]`).click({ button: 'right' });
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(menuItem).toBeVisible();
  await expect(page.locator('.ant-dropdown').filter({ has: menuItem })).not.toHaveClass(/ant-slide-up-(appear|enter)/);
  return menuItem;
}

test('[SHELL][OPEN_PAGES] login, register, forgot and help open without a token', async ({ page, request }) => {
  // A new site keeps registration closed (no link); an administrator opens it.
  await setRegistration(request, false);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect(page.getByRole('link', { name: /立即注册/ })).toHaveCount(0);
  await setRegistration(request, true);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect(page.getByText('记住我')).toBeVisible();
  await expect(page).toHaveTitle(/用户登录 - /);
  await page.screenshot({ path: `${SCREENS}/shell-login.png` });

  await page.getByRole('link', { name: /立即注册/ }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByPlaceholder('手机号码').fill('123');
  await expect(page.getByText('手机号码格式不正确!')).toBeVisible();
  await page.getByPlaceholder(/^密码/).fill('abcdef');
  await expect(page.getByText('密码至少6位，且必须同时包含字母和数字')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-register.png` });

  await page.goto('/forgot');
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-forgot.png` });

  await page.goto('/help');
  await expect(page.getByText('学员常见问题')).toBeVisible();
  await page.getByRole('tab', { name: /管理员常见问题/ }).click();
  await expect(page.getByText('如何进入管理后台？')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-help.png` });

  await page.goto('/#');
  await expect(page).toHaveURL(/\/login/);
});

test('[SHELL][ADMIN] administrator: sidebar, tags, context menu, search, size, theme', async ({ page, context }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInThroughForm(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('admin-layout')).toBeVisible();
  await expect(page).toHaveTitle(/控制台 - /);

  // Sidebar: 系统管理 > 用户管理
  const sidebar = page.getByTestId('admin-sidebar');
  await sidebar.getByText('系统管理').click();
  await sidebar.getByText('用户管理').click();
  await expect(page).toHaveURL(/\/admin\/sys\/user$/);
  await expect(page).toHaveTitle(/^用户管理 - /);
  await sidebar.getByText('角色管理').click();
  await expect(page).toHaveURL(/\/admin\/sys\/role$/);

  const tags = page.getByTestId('tag');
  await expect(tags).toHaveText(['控制台', '用户管理', '角色管理']);

  // Context menu: close others keeps the affix dashboard
  await page.locator('[data-testid=tag][data-path="/admin/sys/user"]').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '刷新' })).toBeVisible();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/user$/);
  await expect(tags).toHaveText(['控制台', '用户管理']);

  // Refresh goes through /redirect and comes back.
  await (await tagMenuItem(page, '/admin/sys/user', '刷新')).click();
  await expect(page).toHaveURL(/:\d+\/admin\/sys\/user$/);
  await expect(page.locator('[data-testid=tag][data-path="/admin/sys/user"]')).toHaveClass(/active/);

  // Close current falls back to the last tag
  await (await tagMenuItem(page, '/admin/sys/user', '关闭当前')).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(tags).toHaveText(['控制台']);

  // Search over route titles
  await page.getByTestId('header-search').click();
  await page.keyboard.type('角色');
  await page.locator('.ant-select-item-option', { hasText: '角色管理' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/role$/);

  // Size selector, kept after reload
  await page.getByTestId('size-select').click();
  await page.getByRole('menuitem', { name: '较小' }).click();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'size')?.value).toBe('small');
  await page.reload();
  await expect(page.getByTestId('admin-layout')).toBeVisible();
  await page.getByTestId('size-select').click();
  await expect(page.locator('.ant-dropdown-menu-item-selected')).toHaveText('较小');
  await page.keyboard.press('Escape');

  // Settings drawer and theme colour
  await page.getByTestId('settings-open').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('系统布局设置')).toBeVisible();
  await expect(drawer.getByText('标签栏')).toBeVisible();
  await drawer.locator('.ant-color-picker-trigger').click();
  await page.locator('.ant-color-picker-presets-color').nth(6).click();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('layout-settings') ?? '{}').theme))
    .toBe('#722ed1');
  await page.screenshot({ path: `${SCREENS}/shell-admin-settings.png` });
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('admin-layout')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--app-primary').trim()))
    .toBe('#722ed1');
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await page.getByTestId('sidebar-toggle').click();
  await page.screenshot({ path: `${SCREENS}/shell-admin-layout.png` });

  // Dropdown: personal centre inside the admin layout
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/profile\/index$/);
  await expect(page.getByRole('tab', { name: /个人资料/ })).toBeVisible();

  // Logout through the confirmation
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByText('确实要退出吗？')).toBeVisible();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/login/);
});

test('[SHELL][LEARNER] learner: home, barred from admin, unread badge, user centre, logout', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signInThroughForm(page, ACCOUNTS.student);
  await expect(page).toHaveURL(/\/web\/index$/);
  await expect(page.getByRole('button', { name: /课程学习/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /在线考试/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /用户中心/ })).toBeVisible();
  await expect(page.getByText('管理中心')).toHaveCount(0);
  await expect(page.getByTestId('unread-badge').locator('.ant-badge-count')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.full-page-loading')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/shell-learner-home.png` });

  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/web\/index$/);

  await page.goto('/course');
  await expect(page).toHaveURL(/\/web\/course$/);
  await expect(page.getByTestId('year-hours')).toBeVisible(); // the course catalogue, no longer a placeholder

  await page.getByTestId('unread-badge').click();
  await expect(page).toHaveURL(/\/web\/uc\?tab=msg$/);
  await expect(page.getByRole('tab', { name: /我的消息/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-uc-msg.png` });
  await page.getByRole('tab', { name: /个人资料/ }).click();
  await expect(page.getByLabel('姓名')).toHaveValue(/.+/);
  await page.getByLabel('手机号码').fill('13912340000');
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('个人资料已保存')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-uc-profile.png` });
  await page.getByRole('tab', { name: /修改密码/ }).click();
  await page.getByLabel('新密码', { exact: true }).fill('abcdef');
  await expect(page.getByText('密码至少6位，且必须同时包含字母和数字')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-uc-password.png` });

  await page.goto('/no/such/page');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/shell-404.png` });

  await page.goto('/web/index');
  await page.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page.getByText('确实要退出吗？')).toBeVisible();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/web/index');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('[SHELL][REDIRECT] a page asked for before sign-in opens after it', async ({ page }) => {
  await page.goto('/web/uc?tab=password');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fweb%2Fuc%3Ftab%3Dpassword$/);
  await signInThroughForm(page, ACCOUNTS.student);
  await expect(page).toHaveURL(/\/web\/uc\?tab=password$/);
  // The page chunk can be slow on a busy machine.
  await expect(page.getByRole('tab', { name: /修改密码/ })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
});
