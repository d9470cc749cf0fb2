/**
 * Printing as PDF: the text of each PDF is extracted with pdftotext (poppler-utils)
 * and checked: titles, options, keys present in the key paper and absent from the blank one, the
 * learner's answers and marks on the answered paper; the data scope on answered papers.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DataScope,
  ErrorCode,
  examPrintAnsweredPreview,
  examPrintPaperPreview,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainEvents } from '../../../test/events.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin } from '../../system/user/user.test-helpers.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let tmplId: string;
let examId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-test-'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [
    bank.single,
    bank.multi,
    bank.judge,
    bank.short,
    bank.fill,
    bank.match,
    bank.comp,
  ]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '打印测试考试', passScore: 30 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** POSTs a download call; answers the PDF's text (pdftotext) or the JSON envelope of a refusal. */
async function pdfText(
  url: string,
  body: object,
  token: string | null,
): Promise<{ text?: string; code?: number; msg?: string }> {
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: token ? { token } : {} });
  if (!String(res.headers['content-type']).includes('application/pdf')) return res.json();
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(16).slice(2)}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  return { text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }) };
}

describe('the paper of an exam', () => {
  it('blank: title, stems and options, no key, no analysis', async () => {
    const { text } = await pdfText(examPrintPaperPreview.path, { examId, withKey: false }, admin);
    expect(text).toContain('打印测试考试');
    for (const s of ['单选题：1+1=?', '多选题：哪些是偶数', '判断题：地球是圆的', '简答题：什么是事务', '中国首都'])
      expect(text).toContain(s);
    expect(text).toContain('A. 选项A');
    expect(text).toContain('组合小题1');
    expect(text).toContain('猫'); // the matching columns
    expect(text).toContain('姓名：');
    for (const s of ['【答案】', '单选解析', '事务是一组原子操作', '北京', '得分关键词']) expect(text).not.toContain(s);
  });

  it('with the key: right options, reference answers, blanks, pairs and analysis', async () => {
    const { text } = await pdfText(examPrintPaperPreview.path, { examId, withKey: true }, admin);
    expect(text).toContain('【答案】');
    expect(text).toContain('单选解析');
    expect(text).toContain('事务是一组原子操作');
    expect(text).toContain('北京');
    expect(text).toMatch(/猫\s*→\s*喵/);
    expect(text).toContain('含答案与解析');
  });

  it('prints a template by its id too, and refuses bad input, no token and a learner', async () => {
    const { text } = await pdfText(examPrintPaperPreview.path, { tmplId, withKey: false }, admin);
    expect(text).toContain('测试试卷');
    const bad = await pdfText(examPrintPaperPreview.path, { withKey: true }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('考试ID');
    expect((await pdfText(examPrintPaperPreview.path, { examId }, null)).code).toBe(ErrorCode.NOT_LOGIN);
    const student = await t.login('student', 'student123');
    expect((await pdfText(examPrintPaperPreview.path, { examId, withKey: true }, student)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await pdfText(examPrintPaperPreview.path, { examId: 'nope' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe("a learner's answered paper", () => {
  let paperId: string;
  it('refuses an open paper', async () => {
    const student = await t.login('student', 'student123');
    const created = await t.request(paperPaperCreate, { examId }, student);
    paperId = created.data.paperId;
    await t.request(paperPaperFillAnswer, { paperId, quId: bank.single, answer: 'B', seq: 1, windowId: 'w1' }, student);
    await t.request(
      paperPaperFillAnswer,
      { paperId, quId: bank.fill, answer: ['上海'], seq: 2, windowId: 'w1' },
      student,
    );
    await t.request(
      paperPaperFillAnswer,
      { paperId, quId: bank.short, answer: '事务具有原子性', seq: 3, windowId: 'w1' },
      student,
    );
    const open = await pdfText(examPrintAnsweredPreview.path, { paperId }, admin);
    expect(open.code).toBe(ErrorCode.CONFLICT);
    expect((await t.request(paperPaperHand, { paperId }, student)).code).toBe(0);
    await drainEvents(t);
  });

  it('shows the learner, the answers, the marks and the key', async () => {
    const { text } = await pdfText(examPrintAnsweredPreview.path, { paperId }, admin);
    expect(text).toContain('打印测试考试');
    expect(text).toContain('张三');
    expect(text).toContain('【作答】');
    expect(text).toContain('上海'); // the learner's (wrong) blank
    expect(text).toContain('北京'); // the key beside it
    expect(text).toContain('事务具有原子性');
    expect(text).toContain('10 / 10 分'); // the single choice, right
    expect(text).toContain('待阅卷'); // the short answer awaits marking
    expect(text).toContain('（未作答）');
  });

  it('only inside the data scope, and never for a learner', async () => {
    // 张三 is in 技术部 (D001D001).
    const outside = await createAdmin(t, 'print_out', DataScope.OWN_DEPT, 'D001D002', ['exam:print:answer']);
    const refused = await pdfText(examPrintAnsweredPreview.path, { paperId }, outside.token);
    expect(refused.code).toBe(ErrorCode.NO_PERMISSION);
    expect(refused.msg).toContain('数据权限');
    const inside = await createAdmin(t, 'print_in', DataScope.DEPT_AND_BELOW, 'D001D001', ['exam:print:answer']);
    expect((await pdfText(examPrintAnsweredPreview.path, { paperId }, inside.token)).text).toContain('张三');
    // Holding only the answered-paper tag does not print blank papers.
    expect((await pdfText(examPrintPaperPreview.path, { examId }, inside.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const student = await t.login('student', 'student123');
    expect((await pdfText(examPrintAnsweredPreview.path, { paperId }, student)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await pdfText(examPrintAnsweredPreview.path, { paperId: 'nope' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
