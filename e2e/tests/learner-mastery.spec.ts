/**
 * Mastery in the browser: the learner's "points to work on" chart on the home page and in the user
 * centre (desktop 1280 and iPhone 14 390 px, no sideways scroll), and the administrator's heat map
 * of departments × knowledge points with its export (desktop). The demo data gives the history.
 */
import fs from 'node:fs';
import { ACCOUNTS, settledShot, signInAs } from '../fixtures/api';
import { noHorizontalScroll } from '../fixtures/phone';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

test.describe.configure({ timeout: 120_000 });

test('[WEB][MASTERY_CHART] the learner sees the points to work on at home and in the user centre', async ({
  page,
  context,
  baseURL,
}, info) => {
  await signInAs(context, baseURL as string, ACCOUNTS.student);
  await page.goto('/web/index');
  const card = page.getByTestId('weak-points');
  await expect(card).toContainText('需要加强的知识点');
  const chart = card.getByTestId('weak-points-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  // The chart names the weakest points with their mastery for screen readers.
  await expect(chart).toHaveAttribute('aria-label', /需要加强的知识点：.+ \d+%/);
  const box = await chart.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  await noHorizontalScroll(page, 'home');
  await card.scrollIntoViewIfNeeded();
  await settledShot(page, `${SHOTS}/mastery-home-${info.project.name}.png`);

  await page.goto('/web/uc?tab=mastery');
  const uc = page.getByTestId('weak-points');
  await expect(uc.getByTestId('weak-points-chart').locator('canvas').first()).toBeVisible();
  await noHorizontalScroll(page, 'user centre');
  await settledShot(page, `${SHOTS}/mastery-uc-${info.project.name}.png`);

  // The way to practise them leads to the banks, where the weakest-points mode is offered.
  await uc.getByRole('button', { name: '去练习薄弱点' }).click();
  await page.getByTestId('train-repo-card').filter({ hasText: '数学公式练习题库' }).first().click();
  await expect(page.getByTestId('mode-8')).toContainText('薄弱知识点');
});

test('[ADMIN][MASTERY_HEATMAP] the administrator reads the department heat map and exports it', async ({
  page,
  context,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'the back-office is a desktop page');
  await signInAs(context, baseURL as string, ACCOUNTS.admin);
  await page.goto('/admin/train/mastery');
  const map = page.getByTestId('mastery-heatmap');
  await expect(map.locator('canvas').first()).toBeVisible();
  await settledShot(page, `${SHOTS}/mastery-heatmap-${info.project.name}.png`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/知识点掌握度.*\.xlsx$/);
  const saved = await file.path();
  expect(fs.statSync(saved).size).toBeGreaterThan(1000);
  // A point with sub-points opens them: 数学, whose questions the demo learners practised (a root
  // without practised questions below it opens to the empty state instead).
  const sub = page.locator('.ant-tag-checkable').filter({ hasText: /^数学$/ });
  await sub.click();
  await expect(page.locator('.ant-breadcrumb', { hasText: '全部知识点' })).toContainText('数学');
  await expect(page.getByTestId('mastery-heatmap').locator('canvas').first()).toBeVisible();
  await settledShot(page, `${SHOTS}/mastery-heatmap-sub-${info.project.name}.png`);
});
