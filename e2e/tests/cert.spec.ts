/**
 * Certificates: an administrator places a field on a template by dragging it; a
 * learner downloads the PDF; the QR code read from the rendered PDF opens the public verification
 * page (no sign-in), on desktop and at 390 px, and a revocation shows there.
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { certCertIssue, certTmplPaging, sysUserPaging } from '@exam/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const TITLE = `安全合格证${Date.now() % 100000}`;
let pdfFile = '';
let certNo = '';

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENS}/cert-${name}.png`, fullPage });
}

/** Renders the PDF's first page and reads its QR code: what a phone camera would open. */
function decodeQr(pdf: string): string {
  const out = pdf.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', pdf, out]);
  fs.copyFileSync(`${out}.png`, `${SCREENS}/cert-pdf-page1.png`);
  const png = PNG.sync.read(fs.readFileSync(`${out}.png`));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found on the rendered certificate');
  return code.data;
}

test.describe
  .serial('certificates', () => {
    test('[ADMIN][CERT_DESIGN] places a field on the template by dragging it, then saves', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      fs.mkdirSync(SCREENS, { recursive: true });
      await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.admin));
      await page.goto('/admin/cert/tmpl');
      await page.getByRole('button', { name: /新建模板/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '新建证书模板' });
      await dialog.getByPlaceholder('如：安全生产合格证').fill(TITLE);

      const name = dialog.getByTestId('cert-field-realName');
      await expect(name).toHaveText('张三');
      const before = Number(await name.getAttribute('data-y'));
      // The dialog zooms in: take the field's box only once it has stopped moving, or the drag
      // starts beside the field on a loaded machine.
      let box = { x: 0, y: 0, width: 0, height: 0 };
      await expect(async () => {
        const first = await name.boundingBox();
        await page.waitForTimeout(100);
        const second = await name.boundingBox();
        expect(first && second && Math.abs(first.x - second.x) + Math.abs(first.y - second.y)).toBe(0);
        box = second as typeof box;
      }).toPass();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 40, { steps: 8 });
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 80, { steps: 8 });
      await page.mouse.up();
      const after = Number(await name.getAttribute('data-y'));
      expect(after).toBeGreaterThan(before + 0.1);
      // The selected field's style panel: a bigger font, shown at once on the page.
      const panel = dialog.getByTestId('cert-field-panel');
      await expect(panel.getByText('姓名', { exact: true })).toBeVisible();
      const size = panel.locator('.ant-input-number input');
      await size.fill('44');
      // The issuer: the organisation's name printed by its field, a seal uploaded and placed, a border.
      await dialog.getByLabel('发证机构').fill('云帆安全培训学院');
      await dialog.getByRole('button', { name: '发证机构', exact: true }).click();
      await dialog.getByLabel('边框样式').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '金色花角' }).click();
      await dialog
        .locator('input[type=file]')
        .first()
        .setInputFiles(path.join(import.meta.dirname, '../../apps/server/assets/demo/seal.png'));
      await expect(dialog.getByTestId('cert-field-seal')).toHaveCSS('background-image', /api\/common\/file/);
      await expect(dialog.getByTestId('cert-field-issuer')).toHaveText('云帆安全培训学院');
      await shot(page, 'designer');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).first()).toBeVisible();
      await expect(page.locator('.ant-table-row').filter({ hasText: TITLE })).toBeVisible();

      const token = await apiLogin(request, ACCOUNTS.admin);
      const tmpls = await api(request, certTmplPaging.path, { params: { title: TITLE } }, token);
      const tmpl = tmpls.records[0];
      const field = tmpl.fields.find((f: { kind: string }) => f.kind === 'realName');
      expect(field.y).toBeCloseTo(after, 3);
      expect(field.fontSize).toBe(44);
      // Issue one to 张三 by hand (the automatic path is covered by the API tests).
      const users = await api(request, sysUserPaging.path, { params: { keyword: 'student' } }, token);
      const student = users.records.find((u: { userName: string }) => u.userName === 'student');
      const issued = await api(
        request,
        certCertIssue.path,
        { tmplId: tmpl.id, userIds: [student.id], achievement: '2026年安全生产培训合格' },
        token,
      );
      expect(issued.issued).toBe(1);
    });

    test('[WEB][CERT_DOWNLOAD] a learner finds the certificate in 我的证书 and downloads the PDF', async ({
      page,
      context,
      request,
      baseURL,
    }, testInfo) => {
      await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.student));
      await page.goto('/web/uc?tab=cert');
      const item = page.getByTestId('my-cert').filter({ hasText: '2026年安全生产培训合格' });
      // The first visit loads the user centre's code; on a busy two-core machine that took over 10 s once.
      await expect(item).toBeVisible({ timeout: 30_000 });
      await expect(item.getByText('有效')).toBeVisible();
      certNo = ((await item.textContent()) ?? '').match(/[A-Z]+-\d{4}-\d{6}/)?.[0] ?? '';
      expect(certNo).not.toBe('');
      await shot(page, 'my-certs');
      const downloading = page.waitForEvent('download');
      await item.getByRole('button', { name: /下\s*载/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${certNo}.pdf`);
      pdfFile = path.join(testInfo.outputDir, 'cert.pdf');
      await download.saveAs(pdfFile);
      const text = execFileSync('pdftotext', [pdfFile, '-']).toString();
      expect(text).toContain('张三');
      expect(text).toContain(certNo);
      expect(text).toContain('云帆安全培训学院');

      // The same list on a phone: no sideways scroll, buttons reachable.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(item.getByRole('button', { name: /下\s*载/ })).toBeVisible();
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);
      await shot(page, 'my-certs-390', true);
    });

    test('[PUBLIC][CERT_VERIFY] the QR code opens the verification page, signed out, on desktop and at 390 px', async ({
      browser,
      request,
      baseURL,
    }) => {
      const url = decodeQr(pdfFile);
      expect(url).toMatch(new RegExp(`^${baseURL}/cert/verify/[A-Za-z0-9_-]{22}$`));
      const anon = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      const page = await anon.newPage();
      await page.goto(url);
      const result = page.getByTestId('cert-verify-result');
      await expect(result.getByText('证书有效')).toBeVisible();
      await expect(result.getByText('张*')).toBeVisible();
      await expect(result.getByText(certNo)).toBeVisible();
      await expect(result.getByText('云帆安全培训学院')).toBeVisible();
      await expect(page).toHaveURL(url);
      await shot(page, 'verify-desktop');

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
      const mobile = await phone.newPage();
      // The link of the printed number: the number filled in, the holder's name asked for.
      await mobile.goto(`/cert/verify/${certNo}`);
      await expect(mobile.getByLabel('证书编号或验证码')).toHaveValue(certNo);
      await expect(mobile.getByTestId('cert-verify-need-name')).toBeVisible();
      await expect(mobile.getByText('未找到该证书')).toHaveCount(0);
      await expect(mobile.getByLabel('持证人姓名')).toBeFocused();
      await shot(mobile, 'verify-number-390', true);
      await mobile.getByLabel('持证人姓名').fill('张三');
      await mobile.getByRole('button', { name: /查\s*询/ }).click();
      await expect(mobile.getByTestId('cert-verify-result').getByText('证书有效')).toBeVisible();
      const widths = await mobile.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);
      await shot(mobile, 'verify-390', true);

      // Revoked by an administrator in 证书管理: the same QR code now says so.
      const adminCtx = await browser.newContext({
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        viewport: { width: 1440, height: 900 },
      });
      await signInBrowser(adminCtx, baseURL as string, await apiLogin(request, ACCOUNTS.admin));
      const admin = await adminCtx.newPage();
      await admin.goto('/admin/cert/cert');
      await admin.getByPlaceholder('姓名或证书编号').fill(certNo);
      await admin.getByPlaceholder('姓名或证书编号').press('Enter');
      const row = admin.locator('.ant-table-row').filter({ hasText: certNo });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('有效')).toBeVisible();
      await row.getByRole('button', { name: /撤\s*销/ }).click();
      const dialog = admin.locator('.ant-modal-confirm').last();
      await dialog.getByPlaceholder(/撤销原因/).fill('培训记录有误');
      await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
      await dialog.getByRole('button', { name: /撤\s*销/ }).click();
      await expect(row.getByText('已撤销')).toBeVisible();
      await shot(admin, 'admin-list');
      await adminCtx.close();
      await page.reload();
      await expect(result.getByText('证书已撤销')).toBeVisible();
      await expect(result.getByText('撤销原因：培训记录有误')).toBeVisible();
      await shot(page, 'verify-revoked');
      await anon.close();
      await phone.close();
    });
  });
