/**
 * 考生名单 in the browser at 1280 px: candidates register through the exam's link (API), two sit
 * and hand in; the organiser opens the list from the exam's row, sees masked mobiles, filters by
 * status and keyword, exports the list (the download is a real workbook with the rows), marks two
 * for interview, and downloads the link's poster (a PNG).
 */

import fs from 'node:fs';
import {
  candidateLinkDetail,
  candidateLinkSave,
  candidateOpenRegister,
  candidateSelfStart,
  paperPaperHand,
} from '@exam/contracts';
import ExcelJS from 'exceljs';
import { ACCOUNTS, api, apiLogin, signInAs } from '../fixtures/api';
import { createExamWithQuestions, questionIds } from '../fixtures/exam-setup';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = process.env.CAND_SHOTS ?? 'test-results/screens';
const suffix = Date.now().toString(36).slice(-4);
const title = `E2E 招聘笔试 ${suffix}`;
const mobiles = ['13766660001', '13766660002', '13766660003'];
const names = ['陈一', '周二', '吴三'];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let examId: string;

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  ({ examId } = await createExamWithQuestions(request, admin, {
    paperTitle: `E2E 招聘试卷 ${suffix}`,
    quIds: await questionIds(request, admin, { size: 2 }),
    title,
  }));
  await api(
    request,
    candidateLinkSave.path,
    {
      examId,
      enabled: true,
      fields: { name: 2, mobile: 2, idNumber: 0, company: 1, custom: [] },
      smsVerify: false,
      limits: { onePer: 'mobile', cap: 0, invited: [] },
      retentionDays: 90,
      consentText: null,
    },
    admin,
  );
  const link = await api<{ token: string }>(request, candidateLinkDetail.path, { examId }, admin);
  for (const [i, mobile] of mobiles.entries()) {
    const session = await api<{ token: string }>(request, candidateOpenRegister.path, {
      token: link.token,
      name: names[i],
      mobile,
      company: '某某科技',
      consent: true,
    });
    if (i < 2) {
      const { paperId } = await api<{ paperId: string }>(request, candidateSelfStart.path, {}, session.token);
      await api(request, paperPaperHand.path, { paperId }, session.token);
    }
  }
});

test('[ADMIN][CANDIDATE_LIST] the organiser filters, exports and marks candidates for interview', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(context, baseURL as string, ACCOUNTS.admin);
  await page.goto('/admin/exam/exam');
  await page.getByPlaceholder('考试名称').fill(title);
  await page.getByPlaceholder('考试名称').press('Enter');
  const row = page.locator('tr', { hasText: title });
  await row.getByRole('button', { name: '考生' }).click();
  await expect(page.getByText(`考生名单：${title}`)).toBeVisible();
  // The exam list stays cached in its tab (hidden): only the rows shown count.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row:visible');
  await expect(rows).toHaveCount(3);
  // Masked in the list: 137****0001, never the whole number.
  await expect(page.getByText('137****0001')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('13766660001');
  await page.screenshot({ path: `${SHOTS}/candidate-list-1280.png` });

  // Status filter: the two who handed in (auto-marked).
  await page.getByTestId('candidate-status').click();
  await page.locator('.ant-select-item-option', { hasText: '已阅卷' }).click();
  await expect(page.getByTestId('candidate-status')).toContainText('已阅卷');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('吴三')).toHaveCount(0);

  // Export what the filter shows; the file is a workbook with those two rows.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出名单' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/考生名单\.xlsx$/);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(3);
  expect(sheet.getRow(1).getCell(1).text).toBe('姓名');
  const exported = [sheet.getRow(2).getCell(1).text, sheet.getRow(3).getCell(1).text].sort();
  expect(exported).toEqual(['周二', '陈一'].sort());

  // Mark both for interview.
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByRole('button', { name: '标记面试', exact: true }).click();
  await expect(page.getByText('已标记面试 2 人')).toBeVisible();
  await expect(rows.filter({ hasText: '面试' })).toHaveCount(2);

  // Keyword on the mobile's last digits.
  await page.getByTestId('candidate-keyword').locator('input').fill('0002');
  await page.getByTestId('candidate-keyword').locator('input').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('周二');
  await page.screenshot({ path: `${SHOTS}/candidate-list-filtered-1280.png` });

  // One candidate unmasked.
  await rows.first().getByRole('button', { name: '查看' }).click();
  const dialog = page.locator('.ant-modal:visible');
  await expect(dialog.getByText('13766660002')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/candidate-detail-1280.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The link's poster: a PNG.
  const posterPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载海报' }).click();
  const poster = await posterPromise;
  const png = fs.readFileSync(await poster.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  fs.writeFileSync(`${SHOTS}/candidate-poster.png`, png);
});
