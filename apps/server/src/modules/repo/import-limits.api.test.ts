/**
 * A 7.6 MB question xlsx ran the server out of memory and a 23 MB user import froze
 * every request. Imports are read in a worker with size, row and heap limits, refusals are clear,
 * and the server keeps answering while a large import is read.
 */
import {
  ErrorCode,
  repoQuImport,
  repoRepoSave,
  sysConfigDetail,
  sysUserImport,
  USER_IMPORT_COLUMNS,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigXlsx, questionRows } from '../../test/big-xlsx.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_IMPORT_ROWS, XLSX_COLUMNS } from './qu-xlsx.js';

let t: TestApp;
let admin: string;
let repoId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  repoId = (await t.call(repoRepoSave.path, { title: '导入限制题库' }, admin)).data.id;
});
afterAll(async () => t.close());

function multipart(fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = '----import-limits';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importFile(url: string, content: Buffer, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipart(fields, 'data.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, token: admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const importQuestions = (content: Buffer) => importFile(repoQuImport.path, content, { repoId });
const importUsers = (content: Buffer) => importFile(sysUserImport.path, content);
const bigFile = (mb: number) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(mb * 1024 * 1024, 7)]);

describe('import limits', () => {
  it('refuses files over 20 MB with a clear message, for questions and users', async () => {
    const q = await importQuestions(bigFile(21));
    expect(q.code).toBe(ErrorCode.BAD_PARAMS);
    expect(q.msg).toBe('文件：导入文件大小不能超过20MB，请拆分后分批导入');
    const u = await importUsers(bigFile(21));
    expect(u.msg).toBe('文件：导入文件大小不能超过20MB，请拆分后分批导入');
  });

  it('refuses more rows than one import takes, before checking them', async () => {
    const file = await bigXlsx({ rows: MAX_IMPORT_ROWS + 1, header: XLSX_COLUMNS, row: questionRows(5) });
    const q = await importQuestions(file);
    expect(q).toMatchObject({
      code: ErrorCode.BAD_PARAMS,
      msg: `文件：一次最多导入${MAX_IMPORT_ROWS}行数据，请拆分后分批导入`,
    });
    const users = await bigXlsx({
      rows: 5001,
      header: [...USER_IMPORT_COLUMNS],
      row: (i) => [`u${i}`, `用户${i}`, '', 'D001', 'student', 'abc123', '正常'],
    });
    const u = await importUsers(users);
    expect(u).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件：一次最多导入5000行数据，请拆分后分批导入' });
  });

  it('answers a file that is no xlsx with the report, not a 500', async () => {
    const q = await importQuestions(Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(q.code).toBe(ErrorCode.BAD_PARAMS);
    expect(q.data.errors[0].reason).toBe('文件不是有效的 xlsx 文件');
    const u = await importUsers(Buffer.from('hello'));
    expect(u).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件不是有效的xlsx文件，请使用导入模板' });
  });

  it('keeps answering other requests while a large workbook is read', async () => {
    // 3,000 questions of 300 characters (about 1.9 MB); the type is wrong so nothing is stored.
    const file = await bigXlsx({ rows: 3000, header: XLSX_COLUMNS, row: questionRows(300, '未知题型') });
    let done = false;
    const running = importQuestions(file).finally(() => {
      done = true;
    });
    const gaps: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await t.call(sysConfigDetail.path, { id: '1' });
      expect(res.code).toBe(0);
      gaps.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
    const report = await running;
    expect(report.code).toBe(ErrorCode.BAD_PARAMS);
    expect(report.data.total).toBe(3000);
    expect(report.data.imported).toBe(0);
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(1000);
  }, 60_000);
});
