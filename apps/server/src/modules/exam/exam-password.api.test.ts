/** The password of an exam of open type 9 cannot be guessed: tries are limited per (learner, exam). */
import { ErrorCode, paperPaperAbandon, paperPaperCreate } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { EXAM_PASSWORD_RULE } from './exam-password.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let lisi: string;
let wangwu: string;
let tmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  lisi = await t.login('lisi', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  const bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge]);
});
afterAll(async () => t.close());

const create = (token: string, examId: string, password?: string) =>
  t.call(paperPaperCreate.path, { examId, password }, token);

describe('exam password tries', () => {
  it('checks at most five guesses at once, then refuses in Chinese with the wait, per learner and exam', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { openType: 9, password: '4821' });
    const otherExam = await saveExam(t, admin, tmplId, clock.ms(), { openType: 9, password: '1111' });
    // Twenty parallel wrong guesses: only five are compared. (A right one among them could take one
    // of the five slots on a loaded machine, and its success gives the count back, by design.)
    const guesses = Array.from({ length: 20 }, (_, i) => String(1000 + i));
    const answers = await Promise.all(guesses.map((g) => create(lisi, examId, g)));
    const compared = answers.filter((a) => a.code === ErrorCode.EXAM_PASSWORD_WRONG);
    const refused = answers.filter((a) => a.code === ErrorCode.TOO_MANY_REQUESTS);
    expect(compared.length).toBeLessThanOrEqual(EXAM_PASSWORD_RULE.max);
    expect(compared.length + refused.length).toBe(20);
    expect(refused[0].msg).toBe('考试密码错误次数过多，请15分钟后再试');
    // Even the right password waits now.
    expect((await create(lisi, examId, '4821')).code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    // Other learners and other exams are not affected.
    const other = await create(wangwu, examId, '4821');
    expect(other.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: other.data.paperId }, wangwu);
    expect((await create(lisi, otherExam, '0000')).msg).toBe('考试密码错误，还可尝试4次');
    // After the wait the right password works.
    clock.add(15 * 60_000 + 1000);
    const ok = await create(lisi, examId, '4821');
    expect(ok.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: ok.data.paperId }, lisi);
  });

  it('counts down the tries left and forgets them after the right password', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { openType: 9, password: 'pw77', tryLimit: 0 });
    expect((await create(wangwu, examId)).msg).toBe('请输入考试密码');
    expect((await create(wangwu, examId, 'a')).msg).toBe('考试密码错误，还可尝试4次');
    expect((await create(wangwu, examId, 'b')).msg).toBe('考试密码错误，还可尝试3次');
    const ok = await create(wangwu, examId, 'pw77');
    expect(ok.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: ok.data.paperId }, wangwu);
    expect((await create(wangwu, examId, 'c')).msg).toBe('考试密码错误，还可尝试4次');
  });
});
