/**
 * Every export writes times in the one site time zone (TIME_ZONE), through platform/xlsx.ts:
 * the exam results export and the certificate export, read back from the downloaded files, agree
 * with each other and with the zone, on a site set to New York at an hour when Shanghai (the old
 * fixed +8 h) is already on the next day. The certificate number's year follows the same zone.
 */
import {
  certCertExport,
  certCertIssue,
  certTmplSave,
  examResultExport,
  paperPaperCreate,
  paperPaperHand,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCert, sysUser } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const ZONE = 'America/New_York';
// 2025-12-31 22:30 in New York = 2026-01-01 03:30 UTC = 2026-01-01 11:30 in Shanghai.
const clock = testClock(Date.parse('2026-01-01T03:30:00Z'));
let t: TestApp;
let admin: string;
let examId: string;

async function download(path: string, body: unknown): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body as object, headers: { token: admin } });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

beforeAll(async () => {
  t = await createTestApp({ clock, config: { timeZone: ZONE } });
  admin = await t.login('admin', 'admin123');
  const bank = await seedBank(t.db);
  const tmpl = await saveFixedTmpl(t, admin, [bank.single]);
  examId = await saveExam(t, admin, tmpl, clock.ms(), { title: '时区考试', passScore: 5 });
});
afterAll(async () => t.close());

describe('export time zones', () => {
  it('writes the same zone in the results export and the certificate export', async () => {
    const student = await t.login('student', 'student123');
    const created = await t.call(paperPaperCreate.path, { examId }, student);
    expect(created.code).toBe(0);
    clock.add(5 * 60_000); // handed in at 22:35 New York time
    expect((await t.call(paperPaperHand.path, { paperId: created.data.paperId }, student)).code).toBe(0);

    const saved = await t.call(
      certTmplSave.path,
      { title: '时区证书', orientation: 'landscape', prefix: 'TZ', validMonths: 0, fields: [], rules: [] },
      admin,
    );
    expect(saved.code).toBe(0);
    const [holder] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const issued = await t.call(
      certCertIssue.path,
      { tmplId: saved.data.id, userIds: [holder.id], achievement: '时区测试' },
      admin,
    );
    expect(issued.data).toEqual({ issued: 1, skipped: 0 });

    const results = (await download(examResultExport.path, { examId })).getWorksheet('考试成绩');
    const header = results?.getRow(1).values as unknown[];
    const row = results?.getRow(2).values as unknown[];
    expect(row[header.indexOf('开始时间')]).toBe('2025-12-31 22:30:00');
    expect(row[header.indexOf('交卷时间')]).toBe('2025-12-31 22:35:00');

    const certs = (await download(certCertExport.path, { tmplId: saved.data.id })).getWorksheet('证书');
    const certHeader = certs?.getRow(1).values as unknown[];
    const certRow = certs?.getRow(2).values as unknown[];
    // Issued at 22:35 New York time: still the 31st there, though already 1 January in Shanghai and UTC.
    expect(certRow[certHeader.indexOf('发证日期')]).toBe('2025-12-31');
    expect(String(row[header.indexOf('交卷时间')]).slice(0, 10)).toBe(certRow[certHeader.indexOf('发证日期')]);

    const [cert] = await t.db.select({ certNo: elCert.certNo }).from(elCert).where(eq(elCert.userId, holder.id));
    expect(cert.certNo).toMatch(/^TZ-2025-\d{6}$/);
  });
});
