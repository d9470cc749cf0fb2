/** Paper templates and exam administration: totals, rule shortages, preview, rule draws, deletes. */
import {
  ErrorCode,
  examExamCheck,
  examExamDelete,
  examExamDetail,
  examExamOnlinePaging,
  examExamPaging,
  examExamSave,
  examExamState,
  paperPaperCreate,
  paperPaperDetail,
  paperTmplDelete,
  paperTmplDetail,
  paperTmplPaging,
  paperTmplPreview,
  paperTmplSave,
  repoRepoDelete,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, seedBank, testClock } from './test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
});
afterAll(async () => t.close());

const rule = (quType: number, count: number, score = 5) => ({
  title: `规则${quType}`,
  repoIds: [bank.repoId],
  quType,
  level: 0,
  count,
  score,
});

describe('templates', () => {
  it('computes the total of a fixed paper and refuses unknown questions', async () => {
    const res = await t.call(
      paperTmplSave.path,
      {
        title: '固定卷',
        kind: 1,
        fixedSections: [
          {
            title: '一',
            items: [
              { quId: bank.single, score: 5 },
              { quId: bank.comp, score: 7.5 },
            ],
          },
        ],
      },
      admin,
    );
    expect(res.code).toBe(0);
    const detail = await t.call(paperTmplDetail.path, { id: res.data.id }, admin);
    expect(detail.data).toMatchObject({ totalScore: 12.5, quCount: 2, kind: 1, examCount: 0 });
    expect(detail.data.fixedSections[0].items[0]).toMatchObject({ quId: bank.single, type: 1, score: 5 });
    const bad = await t.call(
      paperTmplSave.path,
      { title: '坏卷', kind: 1, fixedSections: [{ title: '一', items: [{ quId: 'nope', score: 5 }] }] },
      admin,
    );
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    const preview = await t.call(paperTmplPreview.path, { id: res.data.id }, admin);
    expect(preview.data.questions).toHaveLength(4); // composite + 2 children
    expect(preview.data.questions[0].rightOptions).toEqual(['B']);
    const empty = await t.call(paperTmplSave.path, { title: '空卷', kind: 2 }, admin);
    expect(empty.code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('names the rule that is short and by how many', async () => {
    const res = await t.call(
      paperTmplSave.path,
      { title: '随机卷', kind: 2, ruleSections: [rule(1, 1), rule(2, 3)] },
      admin,
    );
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('第2条规则');
    expect(res.msg).toContain('还差2道');
    expect(res.msg).not.toContain('第1条规则');
  });

  it('draws a rule paper afresh for each attempt and refuses deleting a template in use', async () => {
    const res = await t.call(
      paperTmplSave.path,
      { title: '随机卷', kind: 2, ruleSections: [rule(1, 1, 10), rule(3, 1, 10)] },
      admin,
    );
    expect(res.code).toBe(0);
    const paging = await t.call(paperTmplPaging.path, { current: 1, size: 10, params: { title: '随机' } }, admin);
    expect(paging.data.records[0]).toMatchObject({ totalScore: 20, quCount: 2, kind: 2 });
    const examId = await saveExam(t, admin, res.data.id, clock.ms(), {
      passScore: 10,
      shuffleQu: true,
      shuffleOpt: true,
    });
    const student = await t.login('student', 'student123');
    const paper = await t.call(paperPaperCreate.path, { examId }, student);
    const detail = await t.call(paperPaperDetail.path, { paperId: paper.data.paperId }, student);
    expect(detail.data.questions.map((q: { quId: string }) => q.quId).sort()).toEqual([bank.single, bank.judge].sort());
    expect(detail.data.totalScore).toBe(20);
    const del = await t.call(paperTmplDelete.path, { ids: [res.data.id] }, admin);
    expect(del.code).toBe(ErrorCode.CONFLICT);
    const delExam = await t.call(examExamDelete.path, { ids: [examId] }, admin);
    expect(delExam.code).toBe(ErrorCode.CONFLICT); // a learner is sitting it
  });
});

describe('exams', () => {
  it('saves, lists, publishes and closes an exam; validates the form', async () => {
    const tmpl = await t.call(
      paperTmplSave.path,
      { title: '卷', kind: 1, fixedSections: [{ title: '一', items: [{ quId: bank.single, score: 10 }] }] },
      admin,
    );
    const examId = await saveExam(t, admin, tmpl.data.id, clock.ms(), { state: 0, passScore: 6 });
    const list = await t.call(examExamPaging.path, { current: 1, size: 50, params: { state: 0 } }, admin);
    expect(list.data.records.find((r: { id: string }) => r.id === examId)).toMatchObject({
      totalScore: 10,
      tmplTitle: '卷',
      timeState: 1,
    });
    const student = await t.login('lisi', 'student123');
    expect((await t.call(paperPaperCreate.path, { examId }, student)).code).toBe(ErrorCode.NOT_FOUND);
    await t.call(examExamState.path, { ids: [examId], state: 1 }, admin);
    expect((await t.call(examExamCheck.path, { id: examId }, student)).data).toMatchObject({
      canStart: true,
      quCount: 1,
    });
    await t.call(examExamState.path, { ids: [examId], state: 2 }, admin);
    const closed = await t.call(paperPaperCreate.path, { examId }, student);
    expect(closed.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    const detail = await t.call(examExamDetail.path, { id: examId }, admin);
    expect(detail.data).toMatchObject({ state: 2, passScore: 6, duration: 60 });

    const base = {
      title: '考试',
      tmplId: tmpl.data.id,
      startTime: new Date().toISOString(),
      duration: 0,
      passScore: 6,
      tryLimit: 0,
      handMinMinutes: 0,
      lateMinutes: 0,
    };
    const noDept = await t.call(
      examExamSave.path,
      { ...base, openType: 2, endTime: new Date(Date.now() + 1000).toISOString() },
      admin,
    );
    expect(noDept.msg).toContain('部门');
    const backwards = await t.call(
      examExamSave.path,
      { ...base, openType: 1, endTime: new Date(Date.now() - 1000).toISOString() },
      admin,
    );
    expect(backwards.msg).toContain('结束时间');
    const tooHigh = await t.call(
      examExamSave.path,
      { ...base, openType: 1, passScore: 11, endTime: new Date(Date.now() + 1000).toISOString() },
      admin,
    );
    expect(tooHigh.msg).toContain('及格分');
  });
});

describe('demo data and question usage', () => {
  it('seeds a public exam for every learner and a department exam for 技术部 only', async () => {
    const student = await t.login('student', 'student123');
    const lisi = await t.login('lisi', 'student123');
    const titles = async (token: string) =>
      (
        await t.call(examExamOnlinePaging.path, { current: 1, size: 100, params: { timeState: 1 } }, token)
      ).data.records.map((r: { title: string }) => r.title);
    expect(await titles(student)).toEqual(expect.arrayContaining(['年度综合知识考试', '技术部基础测验']));
    const lisiTitles = await titles(lisi);
    expect(lisiTitles).toContain('年度综合知识考试');
    expect(lisiTitles).not.toContain('技术部基础测验');
    const list = await t.call(examExamOnlinePaging.path, { current: 1, size: 100, params: { title: '年度' } }, lisi);
    const paper = await t.call(paperPaperCreate.path, { examId: list.data.records[0].id }, lisi);
    expect(paper.code).toBe(0);
    const detail = await t.call(paperPaperDetail.path, { paperId: paper.data.paperId }, lisi);
    expect(detail.data.questions.length).toBeGreaterThan(5);
    expect(JSON.stringify(detail)).not.toMatch(/"(isRight|answer|analysis)"/);
  });

  it('reports the questions a published exam uses', async () => {
    const { isQuestionInUse } = await import('../repo/qu-usage.js');
    expect(await isQuestionInUse(t.db, [bank.multi, bank.judge])).toEqual([]);
    const tmpl = await t.call(
      paperTmplSave.path,
      { title: '用卷', kind: 1, fixedSections: [{ title: '一', items: [{ quId: bank.multi, score: 10 }] }] },
      admin,
    );
    await saveExam(t, admin, tmpl.data.id, clock.ms(), { passScore: 5 });
    expect(await isQuestionInUse(t.db, [bank.multi, bank.judge])).toEqual([bank.multi]);
  });

  it('refuses deleting a bank that a published rule paper draws from', async () => {
    const other = await seedBank(t.db, '规则题库');
    const tmpl = await t.call(
      paperTmplSave.path,
      {
        title: '规则卷',
        kind: 2,
        ruleSections: [{ title: '单选', repoIds: [other.repoId], quType: 1, level: 0, count: 1, score: 10 }],
      },
      admin,
    );
    expect(tmpl.code).toBe(0);
    await saveExam(t, admin, tmpl.data.id, clock.ms(), { passScore: 5 });
    const refused = await t.call(repoRepoDelete.path, { ids: [other.repoId] }, admin);
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.msg).toContain('已发布的考试');
  });
});
