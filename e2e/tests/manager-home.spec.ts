/**
 * The training manager's home and marking, at 1280 px on the demo data: the home says what to do
 * next (the demo's paper waiting to be marked, today's exams with their sittings, the set-up list
 * with its links); marking shows the keyword suggestion beside an empty score, refuses to submit
 * until the marker scores, takes the suggestion with one click and shows afterwards that it did.
 */
import { dashboardTrainingOverview, type TTrainingOverview } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SCREENS}/manager-${name}.png`, fullPage: true });
};

test.use({ viewport: { width: 1280, height: 900 } });
test.describe.configure({ mode: 'serial' });

let admin = '';
test.beforeEach(async ({ context, request, baseURL }) => {
  admin = await apiLogin(request, ACCOUNTS.admin);
  await signInBrowser(context, baseURL as string, admin);
});

test('[ADMIN][HOME] the home shows what to do next, each with its link', async ({ page, request }) => {
  await page.goto('/admin/dashboard');
  const marking = page.getByTestId('dash-marking');
  await expect(marking).toContainText('全题型体验考试');
  await expect(marking).toContainText('1 份');
  await expect(page.getByTestId('fig-marking')).toContainText('待阅试卷');
  // Other specs of this worker add exams of today: the table shows what the server lists first (the
  // demo exam's place among them is the API test's, on a fresh database).
  const overview = await api<TTrainingOverview>(request, dashboardTrainingOverview.path, {}, admin);
  const firstToday = overview.examsToday?.[0]?.title;
  expect(firstToday).toBeTruthy();
  await expect(page.getByTestId('dash-today')).toContainText(firstToday as string);
  await expect(page.getByTestId('dash-courses')).toContainText('人');
  // the browser specs' servers run with a media server (playwright.config.ts) and no SMS sender
  await expect(page.getByTestId('setup-live')).toContainText('推流');
  await expect(page.getByTestId('setup-live').getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('setup-sms').getByRole('link', { name: '设置短信发送' })).toBeVisible();
  await expect(page.getByText('快捷入口')).toHaveCount(0);
  await shot(page, 'home');
  await page.getByTestId('setup-assistant').getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/sys\/assistant$/);
  await page.goto('/admin/dashboard');
  await marking.getByRole('link', { name: '去阅卷' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/mark$/);
});

test('[ADMIN][EXAM_MARK] the keyword suggestion sits beside an empty score; one click takes it', async ({ page }) => {
  await page.goto('/admin/exam/mark');
  const row = page.locator('.ant-table-row', { hasText: '周八' }).filter({ hasText: '全题型体验考试' });
  await row.getByRole('button', { name: /阅卷/ }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/mark\/detail\//);
  const item = page.locator('.ant-card[data-testid^="mark-"]').filter({ has: page.getByTestId('mark-take-suggest') });
  await expect(item.first()).toBeVisible();
  const score = item.first().getByRole('spinbutton');
  await expect(score).toHaveValue('');
  await expect(item.first().getByTestId('mark-suggest')).toContainText('关键词建议');
  await shot(page, 'mark-empty');
  await page.getByTestId('mark-submit').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: /道题未给分/ })).toBeVisible();
  for (let i = 0; i < (await item.count()); i++) await item.nth(i).getByTestId('mark-take-suggest').click();
  // questions without a keyword suggestion are scored by hand
  const others = page
    .locator('.ant-card[data-testid^="mark-"]')
    .filter({ hasNot: page.getByTestId('mark-take-suggest') });
  for (let i = 0; i < (await others.count()); i++) await others.nth(i).getByRole('button', { name: '零分' }).click();
  await expect(score).not.toHaveValue('');
  await page.getByTestId('mark-submit').click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: '阅卷完成' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('mark-suggest-taken').first()).toHaveText('上次评分采用了建议分');
  await shot(page, 'mark-reviewed');
});
