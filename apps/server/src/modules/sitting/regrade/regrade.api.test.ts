/**
 * Regrading: a wrong key of a single choice is corrected and the exam's handed-in papers are
 * regraded by the background job: scores, pass flags, the (user, exam) record, the before/after
 * report (with a certificate flagged on a pass→fail), messages to learners whose final result
 * changed, the operation log; progress by batches; input checks and permissions.
 */
import {
  DataScope,
  ErrorCode,
  examRegradeDetail,
  examRegradeJobList,
  examRegradeQuestionList,
  examRegradeReportPaging,
  examRegradeStart,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  elCert,
  elPaper,
  elPaperQu,
  elRegradeJob,
  elUserExam,
  sysLog,
  sysMsg,
  sysUserMsg,
} from '../../../db/schema/index.js';
import { drainEvents } from '../../../test/events.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin } from '../../system/user/user.test-helpers.js';
import { startRegrade } from './regrade.service.js';
import { newLearner, sit } from './regrade-fixtures.js';
import { regradeBatch } from './regrade-run.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examId: string;
const people: Record<string, { id: string; token: string; realName: string }> = {};
const papers: Record<string, string> = {};

async function waitDone(jobId: string) {
  for (let i = 0; i < 200; i++) {
    const p = await t.request(examRegradeDetail, { id: jobId }, admin);
    expect(p.code, p.msg).toBe(0);
    if (p.data.state === 2 || p.data.state === 3) return p.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('regrade job did not finish');
}

const paper = async (id: string) => (await t.db.select().from(elPaper).where(eq(elPaper.id, id)))[0];
const inbox = async (userId: string) =>
  t.db
    .select({ title: sysMsg.title, content: sysMsg.content })
    .from(sysUserMsg)
    .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
    .where(eq(sysUserMsg.userId, userId));

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  // 单选 (key B, wrongly), 多选 and 简答, 10 points each; pass at 10.
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.short]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
  people.a = await newLearner(t, admin, 'rg_a', '甲考生');
  people.b = await newLearner(t, admin, 'rg_b', '乙考生');
  people.c = await newLearner(t, admin, 'rg_c', '丙考生');
  // a: B (right by the wrong key) → 10, passed; b: A (the true key) → 0, failed;
  // c: B and a short answer → awaiting marking.
  papers.a = await sit(t, people.a.token, examId, { [bank.single]: 'B' });
  papers.b = await sit(t, people.b.token, examId, { [bank.single]: 'A' });
  papers.c = await sit(t, people.c.token, examId, { [bank.single]: 'B', [bank.short]: '原子性' });
  await drainEvents(t);
  // a already holds a certificate of the exam.
  await t.db.insert(elCert).values({
    certNo: 'T-2026-000001',
    verifyCode: 'rg-verify-1',
    tmplId: 'tmpl',
    ruleKey: 'rule',
    achievementKey: `exam:${examId}`,
    userId: people.a.id,
    holderName: '甲考生',
    sourceKind: 'exam',
    refId: examId,
    achievement: '通过',
    issuedAt: clock(),
  });
}, 180_000);
afterAll(() => t.close());

describe('regrade a corrected question', () => {
  it('lists the questions with their key and handed-in paper counts', async () => {
    const res = await t.request(examRegradeQuestionList, { examId }, admin);
    expect(res.code, res.msg).toBe(0);
    const single = res.data.find((q) => q.quId === bank.single);
    expect(single).toMatchObject({ keyEdit: 'choice', score: 10, paperCount: 3 });
    expect(single?.options.filter((o) => o.isRight).map((o) => o.content)).toEqual(['选项B']);
    expect(res.data.find((q) => q.quId === bank.short)?.keyEdit).toBe('none');
  });

  it('refuses bad corrections with a field or kind message', async () => {
    const noReason = await t.call(
      examRegradeStart.path,
      { examId, quId: bank.single, rightContents: ['选项A'] },
      admin,
    );
    expect(noReason.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noReason.msg).toContain('更正原因');
    const unknown = await t.request(
      examRegradeStart,
      { examId, quId: bank.single, rightContents: ['选项X'], reason: '答案有误' },
      admin,
    );
    expect([unknown.code, unknown.msg]).toEqual([ErrorCode.BAD_PARAMS, '正确选项不在该题的选项中']);
    // A single choice with two right options breaks the kind's own rule.
    const two = await t.request(
      examRegradeStart,
      { examId, quId: bank.single, rightContents: ['选项A', '选项B'], reason: '答案有误' },
      admin,
    );
    expect(two.code).toBe(ErrorCode.BAD_PARAMS);
    const shortKey = await t.request(
      examRegradeStart,
      { examId, quId: bank.short, answer: { blanks: [{ answers: ['x'] }] } as never, reason: '答案有误' },
      admin,
    );
    expect([shortKey.code, shortKey.msg]).toEqual([ErrorCode.BAD_PARAMS, '该题型不能直接更正答案，只能更正分值']);
    const same = await t.request(examRegradeStart, { examId, quId: bank.single, score: 10, reason: '无变化' }, admin);
    expect([same.code, same.msg]).toEqual([ErrorCode.BAD_PARAMS, '分值和答案都没有变化，无需重新评分']);
  });

  it('refuses without a token, learners and administrators without the tag', async () => {
    const body = { examId, quId: bank.single, rightContents: ['选项A'], reason: '答案有误' };
    expect((await t.request(examRegradeStart, body, null)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.request(examRegradeStart, body, people.a.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const viewer = await createAdmin(t, 'rg_viewer', DataScope.ALL, 'D001', [
      'exam',
      'exam-regrade',
      'exam:regrade:view',
    ]);
    expect((await t.request(examRegradeStart, body, viewer.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(examRegradeJobList, { examId }, viewer.token)).code).toBe(0);
  });

  it('regrades: scores, pass flags, record, report, messages, the certificate flagged and revoked, and the log', async () => {
    const started = await t.request(
      examRegradeStart,
      { examId, quId: bank.single, rightContents: ['选项A'], reason: '标准答案有误' },
      admin,
    );
    expect(started.code, started.msg).toBe(0);
    expect(started.data).toMatchObject({ oldScore: 10, newScore: 10, keyChanged: true, total: 3 });
    const done = await waitDone(started.data.id);
    expect(done).toMatchObject({ state: 2, processed: 3, total: 3, changed: 3, passToFail: 1, failToPass: 1 });

    expect(await paper(papers.a)).toMatchObject({ userScore: 0, passed: false, state: 2, objScore: 0 });
    expect(await paper(papers.b)).toMatchObject({ userScore: 10, passed: true, state: 2, objScore: 10 });
    // c awaits marking: its objective part is corrected, no result yet.
    expect(await paper(papers.c)).toMatchObject({ userScore: 0, passed: false, state: 1, objScore: 0 });
    const [row] = await t.db
      .select()
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, papers.b), eq(elPaperQu.quId, bank.single)));
    expect(row).toMatchObject({ actualScore: 10, isRight: true });
    expect(row.options.filter((o) => o.isRight).map((o) => o.content)).toEqual(['选项A']);

    const report = await t.request(
      examRegradeReportPaging,
      { current: 1, size: 10, params: { jobId: started.data.id } },
      admin,
    );
    expect(report.data.total).toBe(3);
    const byName = Object.fromEntries(report.data.records.map((r) => [r.realName, r]));
    expect(byName.甲考生).toMatchObject({
      scoreBefore: 10,
      scoreAfter: 0,
      passedBefore: true,
      passedAfter: false,
      hasCert: true,
    });
    expect(byName.乙考生).toMatchObject({
      scoreBefore: 0,
      scoreAfter: 10,
      passedBefore: false,
      passedAfter: true,
      hasCert: false,
    });
    expect(byName.丙考生).toMatchObject({ quBefore: 10, quAfter: 0, paperState: 1 });
    const changedOnly = await t.request(
      examRegradeReportPaging,
      { current: 1, size: 10, params: { jobId: started.data.id, onlyResultChanged: true } },
      admin,
    );
    expect(changedOnly.data.records.map((r) => r.realName).sort()).toEqual(['乙考生', '甲考生']);

    // Messages: a and b (final results changed), not c (awaiting marking).
    expect((await inbox(people.a.id)).find((m) => m.title.includes('成绩已更正'))?.content).toContain(
      '得分由10分变为0分，考试结果：未通过',
    );
    expect((await inbox(people.b.id)).find((m) => m.title.includes('成绩已更正'))?.content).toContain('考试结果：通过');
    expect((await inbox(people.c.id)).filter((m) => m.title.includes('成绩已更正'))).toEqual([]);

    // The (user, exam) record follows through paper.marked.
    await drainEvents(t);
    const record = async (userId: string) =>
      (
        await t.db
          .select()
          .from(elUserExam)
          .where(and(eq(elUserExam.userId, userId), eq(elUserExam.examId, examId)))
      )[0];
    expect(await record(people.a.id)).toMatchObject({ passed: false, bestScore: 0 });
    expect(await record(people.b.id)).toMatchObject({ passed: true, bestScore: 10 });
    // a's certificate no longer stands on a pass: revoked with the new score as the reason.
    const [cert] = await t.db.select().from(elCert).where(eq(elCert.verifyCode, 'rg-verify-1'));
    expect(cert.revokedAt).not.toBeNull();
    expect(cert.revokeReason).toBe('成绩变更为 0 分，未达到合格分');

    const logs = await t.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.path, examRegradeStart.path), eq(sysLog.success, true)));
    expect(logs.map((l) => l.title).sort()).toEqual(['更正题目并重新评分', '重新评分完成']);
    expect(logs.find((l) => l.title === '重新评分完成')?.message).toContain('通过→未通过1');
  });

  it('refuses a second job while one runs, then regrades a score change in batches with progress', async () => {
    const [busy] = await t.db
      .insert(elRegradeJob)
      .values({ examId, quId: bank.multi, oldScore: 10, newScore: 10, reason: 'x', state: 1, createdBy: 'x' })
      .returning();
    const refused = await t.request(
      examRegradeStart,
      { examId, quId: bank.multi, score: 20, reason: '分值有误' },
      admin,
    );
    expect([refused.code, refused.msg]).toEqual([ErrorCode.CONFLICT, '该考试有正在进行的重新评分任务，请等待其完成']);
    await t.db.delete(elRegradeJob).where(eq(elRegradeJob.id, busy.id));

    // The service queues without starting; batches of one paper each show the progress.
    const [adminUser] = await t.db.select().from(elPaper).where(eq(elPaper.id, papers.b));
    const job = await startRegrade(
      t.db,
      {
        id: adminUser.userId,
        userName: 'admin',
        realName: '系统管理员',
        roleType: 2,
        dataScope: 4,
        deptId: null,
        deptCode: null,
        tokenHash: '',
      },
      { examId, quId: bank.multi, score: 20, reason: '分值有误' },
      clock(),
    );
    const progress: number[] = [];
    for (let i = 0; i < 5; i++) {
      const finished = await t.db.transaction((tx) => regradeBatch(tx, job.id, clock(), 1));
      progress.push((await t.request(examRegradeDetail, { id: job.id }, admin)).data.processed);
      if (finished) break;
    }
    expect(progress).toEqual([1, 2, 3, 3]);
    const after = await t.request(examRegradeDetail, { id: job.id }, admin);
    expect(after.data).toMatchObject({ state: 2, processed: 3, changed: 0, oldScore: 10, newScore: 20 });
    // The paper's full score grows by 10; nobody answered the multiple choice, so no score changed.
    expect((await paper(papers.a)).totalScore).toBe(40);
    expect((await paper(papers.b)).userScore).toBe(10);
  });
});
