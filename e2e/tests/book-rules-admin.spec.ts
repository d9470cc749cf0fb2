/**
 * The administrator's side of the wrong-answer book and composite scores (1280 px): the book's rules
 * in 系统配置 (saved as config items), and the composite editor stating how its score is split.
 */
import { bookSummary } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, settledShot, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';

test('[ADMIN][CONFIG] sets the book rules; the learner reads them', async ({ page, context, baseURL, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await apiLogin(request, ACCOUNTS.admin);
  await signInBrowser(context, baseURL as string, admin);
  await page.goto('/admin/sys/config');
  const card = page.getByTestId('book-rules-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.locator('input').first().fill('3');
  await card.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await settledShot(page, `${SCREENS}/admin-config-book-rules.png`);
  const learner = await apiLogin(request, ACCOUNTS.lisi);
  expect((await api(request, bookSummary.path, {}, learner)).leaveStreak).toBe(3);
  // Back to the default for the other specs.
  await card.locator('input').first().fill('2');
  await card.getByRole('button', { name: '保存规则' }).click();
  await expect.poll(async () => (await api(request, bookSummary.path, {}, learner)).leaveStreak).toBe(2);
});

test('[ADMIN][QU] the composite editor states how its score reaches the children', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.admin));
  await page.goto('/admin/repo/qu-edit/new');
  await expect(page.getByText('实时预览')).toBeVisible({ timeout: 30_000 });
  await page.locator('.ant-radio-button-wrapper', { hasText: '组合题' }).click();
  for (let i = 0; i < 3; i++) await page.getByTestId('add-child').click();
  await expect(page.getByTestId('composite-score-hint')).toContainText('6.5 / 6.5 / 7');
  await page.getByTestId('composite-score-hint').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/admin-composite-editor.png` });
});
