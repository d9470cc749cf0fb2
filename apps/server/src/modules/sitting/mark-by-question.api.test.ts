/**
 * Marking by question: the board is blind (no names or user ids of the learners anywhere in the
 * answer), a single score is final without second marking; with it two markers' scores are
 * averaged within the gap, beyond it the answer goes to a third person's arbitration list; a
 * final score finishes the paper like marking by paper (total, pass flag, learner's message).
 */
import {
  DataScope,
  ErrorCode,
  paperMarkQuArbitrate,
  paperMarkQuArbitrationList,
  paperMarkQuList,
  paperMarkQuQuestionList,
  paperMarkQuSave,
  paperMarkQuSettingDetail,
  paperMarkQuSettingSave,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elQuMark, sysMsg, sysUserMsg } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { createAdmin } from '../system/user/user.test-helpers.js';
import { newLearner, sit } from './regrade/regrade-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examId: string;
let m2: { token: string; id: string };
let m3: { token: string; id: string };
const people: Record<string, { id: string; token: string; realName: string }> = {};
const papers: Record<string, string> = {};
const MARKER = ['exam', 'exam-mark', 'exam:mark:view', 'exam:mark:save', 'exam:mark:arbitrate'];

const paper = async (id: string) => (await t.db.select().from(elPaper).where(eq(elPaper.id, id)))[0];
const board = async (token: string) => t.request(paperMarkQuList, { examId, quId: bank.short }, token);
const save = (token: string, paperId: string, score: number) =>
  t.request(paperMarkQuSave, { examId, quId: bank.short, paperId, score }, token);

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 15 });
  m2 = await createAdmin(t, 'mq_m2', DataScope.ALL, 'D001', MARKER);
  m3 = await createAdmin(t, 'mq_m3', DataScope.ALL, 'D001', MARKER);
  for (const [k, name] of [
    ['a', '赵阅卷'],
    ['b', '钱阅卷'],
    ['c', '孙阅卷'],
  ] as const) {
    people[k] = await newLearner(t, admin, `mq_${k}`, name);
    papers[k] = await sit(t, people[k].token, examId, { [bank.single]: 'B', [bank.short]: `事务是原子的（${k}）` });
  }
}, 180_000);
afterAll(() => t.close());

describe('marking by question', () => {
  it('lists the manual question and a blind board with the keyword suggestion', async () => {
    const qs = await t.request(paperMarkQuQuestionList, { examId }, admin);
    expect(qs.code, qs.msg).toBe(0);
    expect(qs.data).toEqual([
      expect.objectContaining({ quId: bank.short, answers: 3, waiting: 3, arbitration: 0, done: 0, score: 10 }),
    ]);
    const res = await board(admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.items.map((i) => i.alias)).toEqual(['考生1', '考生2', '考生3']);
    expect(res.data.keywords.map((k) => k.word)).toEqual(['原子', '一致']);
    // 原子 found: weight 3 of 6 → half of the full 10 points.
    expect(res.data.items[0]).toMatchObject({ suggestScore: 5, marks: [] });
    const text = JSON.stringify(res.data);
    for (const p of Object.values(people)) {
      expect(text).not.toContain(p.realName);
      expect(text).not.toContain(p.id);
    }
    expect(text).not.toContain('mq_');
  });

  it('refuses without a token, learners, a score above the full one, and the setting without its tag', async () => {
    expect((await board('')).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await board(people.a.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await save(people.a.token, papers.a, 1)).code).toBe(ErrorCode.NO_PERMISSION);
    const over = await save(admin, papers.a, 11);
    expect([over.code, over.msg]).toEqual([ErrorCode.BAD_PARAMS, '得分不能超过满分10分']);
    const bad = await t.call(paperMarkQuSave.path, { examId, quId: bank.short, paperId: papers.a, score: -1 }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    const setting = await t.request(paperMarkQuSettingSave, { examId, doubleMark: true, gap: 2 }, m2.token);
    expect(setting.code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('makes a single score final without second marking and finishes the paper', async () => {
    const res = await save(admin, papers.a, 6);
    expect(res.data).toEqual({ paperId: papers.a, outcome: 'final', finalScore: 6 });
    expect(await paper(papers.a)).toMatchObject({ state: 2, userScore: 16, passed: true, subjScore: 6 });
    await drainEvents(t);
    const msgs = await t.db
      .select({ title: sysMsg.title })
      .from(sysUserMsg)
      .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
      .where(eq(sysUserMsg.userId, people.a.id));
    expect(msgs.map((m) => m.title)).toContain('考试「测试考试」已完成阅卷');
    const again = await save(m2.token, papers.a, 3);
    expect([again.code, again.msg]).toEqual([ErrorCode.CONFLICT, '该答案已评分完成']);
  });

  it('with second marking: averages within the gap, sends a larger gap to a third person', async () => {
    expect((await t.request(paperMarkQuSettingSave, { examId, doubleMark: true, gap: 2 }, admin)).code).toBe(0);
    expect((await t.request(paperMarkQuSettingDetail, { examId }, m2.token)).data).toEqual({
      examId,
      doubleMark: true,
      gap: 2,
    });

    // b: 5 and 6.5 (within 2) → 5.75.
    expect((await save(admin, papers.b, 5)).data.outcome).toBe('waiting');
    const twice = await save(admin, papers.b, 5);
    expect([twice.code, twice.msg]).toEqual([ErrorCode.CONFLICT, '您已评过该答案，双评须由另一位阅卷人评分']);
    expect((await board(admin)).data.items.map((i) => i.paperId)).not.toContain(papers.b);
    // The second marker sees the answer but not the first score.
    const second = (await board(m2.token)).data.items.find((i) => i.paperId === papers.b);
    expect(second?.marks).toEqual([]);
    expect((await paper(papers.b)).state).toBe(1);
    expect((await save(m2.token, papers.b, 6.5)).data).toEqual({
      paperId: papers.b,
      outcome: 'final',
      finalScore: 5.75,
    });
    expect(await paper(papers.b)).toMatchObject({ state: 2, userScore: 15.75, passed: true });

    // c: 1 and 8 (beyond 2) → arbitration by a third person.
    await save(admin, papers.c, 1);
    expect((await save(m2.token, papers.c, 8)).data).toEqual({
      paperId: papers.c,
      outcome: 'arbitration',
      finalScore: null,
    });
    expect((await paper(papers.c)).state).toBe(1);
    const third = await save(m3.token, papers.c, 4);
    expect([third.code, third.msg]).toEqual([ErrorCode.CONFLICT, '该答案两位阅卷人已评分，分差超出阈值时进入仲裁']);
    const qs = await t.request(paperMarkQuQuestionList, { examId }, m3.token);
    expect(qs.data[0]).toMatchObject({ arbitration: 1, done: 2, waiting: 0 });
    // The two markers do not see it to arbitrate; the third sees both scores, no names.
    expect((await t.request(paperMarkQuArbitrationList, { examId, quId: bank.short }, m2.token)).data.items).toEqual(
      [],
    );
    const arb = await t.request(paperMarkQuArbitrationList, { examId, quId: bank.short }, m3.token);
    expect(arb.data.items).toEqual([expect.objectContaining({ paperId: papers.c, alias: '考生3', marks: [1, 8] })]);
    expect(JSON.stringify(arb.data)).not.toContain(people.c.realName);
    const byMarker = await t.request(
      paperMarkQuArbitrate,
      { examId, quId: bank.short, paperId: papers.c, score: 3 },
      m2.token,
    );
    expect([byMarker.code, byMarker.msg]).toEqual([ErrorCode.CONFLICT, '仲裁须由两位阅卷人以外的第三人进行']);
    const final = await t.request(
      paperMarkQuArbitrate,
      { examId, quId: bank.short, paperId: papers.c, score: 7 },
      m3.token,
    );
    expect(final.data).toEqual({ paperId: papers.c, outcome: 'final', finalScore: 7 });
    expect(await paper(papers.c)).toMatchObject({ state: 2, userScore: 17, passed: true, markedBy: m3.id });
    const marks = await t.db.select().from(elQuMark).where(eq(elQuMark.paperId, papers.c));
    expect(marks.map((m) => [m.round, m.score]).sort()).toEqual([
      [1, 1],
      [2, 8],
      [3, 7],
    ]);
  });
});
