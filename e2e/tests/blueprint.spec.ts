/**
 * The blueprint editor (智能组卷) in Chromium at 1280 px: the demo blueprint paper shows its cells
 * with available vs needed per cell; a new blueprint asking too much shows the shortfall live and
 * the save is refused with it; parallel forms beyond the bound are refused, within it the overlap
 * figures appear.
 */
import { paperTmplPaging } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, signInBrowser } from '../fixtures/api';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
/** The input of an antd InputNumber whose test id sits on the input itself or on its wrapper. */
const INPUT = 'xpath=descendant-or-self::input';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(({ isMobile }) => isMobile, 'the template editor is an administrator screen (1280 px)');

let adminToken: string;

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/blueprint-${name}.png`, fullPage: true });
}

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
});

test('[ADMIN] the demo blueprint paper: cells, live check, parallel forms', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  const list = await api<{ records: { id: string }[] }>(
    request,
    paperTmplPaging.path,
    { current: 1, size: 5, params: { title: '安全生产蓝图试卷' } },
    adminToken,
  );
  await page.goto(`/admin/exam/tmpl/edit/${list.records[0].id}`);
  const bp = page.getByTestId('blueprint');
  await expect(bp.getByTestId('blueprint-check')).toContainText('蓝图可以满足');
  await expect(bp.getByTestId('cell-available').first()).toBeVisible();
  await expect(bp.getByTestId('cell-short')).toHaveCount(0);
  await expect(page.getByTestId('forms-overlap')).toContainText('已生成 2 套');
  await shot(page, 'demo');

  // Ten forms with nothing in common: the bank cannot give that, and says why.
  await page.getByTestId('forms-count').locator(INPUT).first().fill('10');
  await page.getByTestId('forms-share').locator(INPUT).first().fill('0');
  await page.getByTestId('forms-generate').click();
  await expect(page.getByTestId('forms-error')).toContainText('无法生成10套');
  await shot(page, 'forms-refused');
  await page.getByTestId('forms-count').locator(INPUT).first().fill('2');
  await page.getByTestId('forms-share').locator(INPUT).first().fill('60');
  await page.getByTestId('forms-generate').click();
  await expect(page.getByTestId('forms-overlap')).toContainText('上限');
  await expect(page.getByTestId('forms-error')).toHaveCount(0);
});

test('[ADMIN] a new blueprint asking too much: shortfall per cell, save refused, then saved', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  await page.goto('/admin/exam/tmpl/edit');
  await page.getByLabel('试卷名称').fill('E2E 蓝图试卷');
  await page.locator('.ant-radio-button-wrapper', { hasText: '随机组卷' }).click();
  await page.getByTestId('blueprint-add').click();
  const card = page.getByTestId('blueprint-0');
  await card.getByTestId('blueprint-repos').click();
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: '安全生产知识题库' }).first().click();
  await page.keyboard.press('Escape');
  // One cell: 单选题, any point, 难, 200 questions — more than the bank holds.
  await card.getByTestId('cell-band').click();
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: '难' }).first().click();
  await card.getByTestId('cell-count').locator(INPUT).first().fill('200');
  await card.getByTestId('cell-score').locator(INPUT).first().fill('2');
  await page.getByText('试卷总分').click();
  await expect(page.getByTestId('blueprint-check')).toContainText('蓝图无法满足');
  await expect(card.getByTestId('cell-short')).toBeVisible();
  await expect(page.getByTestId('blueprint-totals')).toContainText('200 题，400 分');
  await page.getByTestId('tmpl-save').click();
  await expect(page.getByTestId('tmpl-error')).toContainText('还差');
  await shot(page, 'short');

  await card.getByTestId('cell-band').click();
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: '不限' }).first().click();
  await card.getByTestId('cell-count').locator(INPUT).first().fill('3');
  await page.getByText('试卷总分').click();
  await expect(page.getByTestId('blueprint-check')).toContainText('蓝图可以满足');
  await expect(page.locator('.ant-statistic', { hasText: '试卷总分' })).toContainText('6');
  await shot(page, 'met');
  await page.getByTestId('tmpl-save').click();
  await expect(page).toHaveURL(/\/admin\/exam\/tmpl$/);
  await expect(page.getByText('E2E 蓝图试卷')).toBeVisible();
});
