/** System notices: an administrator composes and publishes; a learner reads, on desktop and phone. */
import { noticePaging, noticePublish, noticeSave, sysUserMsgCountUnread } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { type APIRequestContext, expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const TITLE = `安全生产月通知${Date.now() % 100000}`;

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SCREENS}/notice-${name}.png`, fullPage });
}

const unreadCount = async (request: APIRequestContext, token: string): Promise<number> =>
  (await api<{ count: number }>(request, sysUserMsgCountUnread.path, {}, token)).count;

/** The header badge shows the count (hidden at 0). */
async function expectBadge(page: Page, count: number) {
  const sup = page.getByTestId('unread-badge').locator('.ant-badge-count');
  if (count === 0) await expect(sup).toHaveCount(0);
  else await expect(sup).toHaveAttribute('title', String(count));
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe
  .serial('notices', () => {
    test('[ADMIN][NOTICE_PUBLISH] composes a notice in the rich-text editor and publishes it to everyone', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.admin));
      await page.goto('/admin/notice/index');
      // A cached page (the dashboard's quick links) may also name 通知公告: wait for this page's own button.
      await expect(page.getByRole('button', { name: /新建公告/ })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: /新建公告/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '新建公告' });
      await dialog.getByPlaceholder('请输入公告标题').fill(TITLE);
      await dialog.getByTestId('notice-content').click();
      await page.keyboard.type('各部门：本月为安全生产月，请于周五前完成安全培训。');
      await dialog.getByRole('switch').click();
      await shot(page, 'admin-compose');
      await dialog.getByRole('button', { name: '保存并发布' }).click();

      const publish = page.locator('.ant-modal').filter({ hasText: '发布方式' });
      await expect(publish).toBeVisible();
      await expect(publish.getByLabel('立即发布')).toBeChecked();
      await publish.getByRole('button', { name: /发\s*布/ }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '发布成功' }).first()).toBeVisible();

      const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
      await expect(row.getByText('已发布')).toBeVisible();
      await expect(row.getByText('置顶')).toBeVisible();
      // read / audience size: the audience grows with the users other specs create.
      await expect(row.getByText(/^0\/\d+$/)).toBeVisible();
      await shot(page, 'admin-list');
    });

    test('[WEB][NOTICE_READ] the learner sees it unread, opens it (read), and the badge drops', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const token = await apiLogin(request, ACCOUNTS.student);
      await signInBrowser(context, baseURL as string, token);
      const before = await unreadCount(request, token);
      expect(before).toBeGreaterThan(0);

      await page.goto('/web/index');
      await page.getByTestId('notice-link').click();
      await expect(page).toHaveURL(/\/web\/notice$/);
      await expectBadge(page, before);
      const item = page.locator('.notice-list .ant-list-item').filter({ hasText: TITLE });
      await expect(item.getByText('未读')).toBeVisible();
      await expect(item.getByText('置顶')).toBeVisible();
      await shot(page, 'web-list-unread');

      await item.getByText(TITLE).click();
      await expect(page).toHaveURL(/\/web\/notice\/detail\//);
      await expect(page.locator('.notice-detail__title')).toContainText(TITLE);
      await expect(page.getByText('请于周五前完成安全培训')).toBeVisible();
      await expectBadge(page, before - 1);
      expect(await unreadCount(request, token)).toBe(before - 1);
      await shot(page, 'web-detail');

      await page.getByRole('button', { name: /返回公告列表/ }).click();
      await expect(
        page.locator('.notice-list .ant-list-item').filter({ hasText: TITLE }).getByText('已读'),
      ).toBeVisible();

      // The administrator's read rate counts the reader.
      const admin = await apiLogin(request, ACCOUNTS.admin);
      const list = await api(request, noticePaging.path, { params: { title: TITLE } }, admin);
      // everyone: the 5 demo accounts and whoever other specs created before this one
      expect(list.records[0].readCount).toBe(1);
      expect(list.records[0].audienceSize).toBeGreaterThanOrEqual(5);
    });

    test('[WEB][NOTICE_MOBILE] list and detail fit a 390 px phone without horizontal scroll', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const admin = await apiLogin(request, ACCOUNTS.admin);
      const long = `${TITLE}（手机）关于调整冬季作息时间及考勤安排的通知说明`;
      const { id } = await api(
        request,
        noticeSave.path,
        {
          title: long,
          openType: 1,
          content: `<p>${'冬季作息自十二月一日起执行，上午九点上班，下午五点下班。'.repeat(6)}</p><p>https://example.com/a/very/long/link/that/should/wrap/and/not/push/the/page/wider/than/the/phone</p>`,
        },
        admin,
      );
      await api(request, noticePublish.path, { id }, admin);

      await page.setViewportSize({ width: 390, height: 844 });
      await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.lisi));
      await page.goto('/web/notice');
      const item = page.locator('.notice-list .ant-list-item').filter({ hasText: long });
      await expect(item.getByText('未读')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shot(page, 'mobile-list', true);

      await item.getByText(long).click();
      await expect(page.locator('.notice-detail__title')).toContainText(long);
      await expectNoHorizontalScroll(page);
      await shot(page, 'mobile-detail', true);
    });
  });
