/**
 * 自评 (/api/train/self-mark) against the real app and database: the figures, the wrong-answer
 * book, re-marking, composites, and every refusal.
 */
import {
  ErrorCode,
  paperPaperCreate,
  repoQuSave,
  repoRepoSave,
  TrainMode,
  trainDetail,
  trainFill,
  trainFinish,
  trainNext,
  trainReviewStart,
  trainSelfMark,
  trainStart,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQu, elTrainQu, elUserBook, sysUser } from '../../db/schema/index.js';
import { saveExam, saveFixedTmpl } from '../paper/test-fixtures.js';
import { createTrainKit, type TrainKit } from './train-test-kit.js';

let k: TrainKit;
let repoId: string;
/** The bank: a short answer, a single choice, a composite (single + short answer). */
const qu = { short: '', single: '', comp: '', compSingle: '', compShort: '' };

beforeAll(async () => {
  k = await createTrainKit();
  const repo = await k.t.call(repoRepoSave.path, { title: '自评练习题库', practiceEnabled: true }, k.admin);
  repoId = repo.data.id;
  const save = async (q: object) => {
    const res = await k.t.call(repoQuSave.path, { ...q, repoIds: [repoId] }, k.admin);
    if (res.code !== 0) throw new Error(res.msg);
    return res.data.id as string;
  };
  const shortAnswer = (content: string) => ({
    type: 4,
    content: `<p>${content}</p>`,
    answer: { reference: '<p>事务是一组原子操作</p>', keywords: [{ word: '原子', weight: 1 }] },
  });
  const single = {
    type: 1,
    content: '<p>自评单选</p>',
    options: ['A', 'B'].map((key) => ({ key, content: key, isRight: key === 'A' })),
  };
  qu.short = await save(shortAnswer('什么是事务'));
  qu.single = await save(single);
  qu.comp = await save({
    type: 99,
    content: '<p>阅读材料</p>',
    children: [{ ...single, content: '<p>小题一</p>' }, shortAnswer('小题二')],
  });
  const children = await k.t.db.select({ id: elQu.id, type: elQu.type }).from(elQu).where(eq(elQu.parentId, qu.comp));
  qu.compSingle = children.find((c) => c.type === 1)?.id as string;
  qu.compShort = children.find((c) => c.type === 4)?.id as string;
}, 120_000);
afterAll(async () => k.t.close());

const call = (path: string, body: unknown, token: string | null = k.student) => k.t.call(path, body, token);
const start = async (mode: number = TrainMode.SEQUENTIAL, token = k.student) => {
  const res = await call(trainStart.path, { repoId, mode }, token);
  expect(res.code, res.msg).toBe(0);
  return res.data.trainId as string;
};
const fill = (trainId: string, quId: string, answer: unknown, childAnswers?: object, token = k.student) =>
  call(trainFill.path, { trainId, quId, answer, childAnswers }, token);
const mark = (trainId: string, quId: string, right: boolean, childId?: string, token = k.student) =>
  call(trainSelfMark.path, { trainId, quId, right, childId }, token);

/** The learner's book entry of a question, or undefined. */
async function entry(userName: string, quId: string) {
  const [row] = await k.t.db
    .select({ e: elUserBook })
    .from(elUserBook)
    .innerJoin(sysUser, eq(sysUser.id, elUserBook.userId))
    .where(and(eq(sysUser.userName, userName), eq(elUserBook.quId, quId)));
  return row?.e;
}

describe('self-marking a short answer', () => {
  let trainId: string;

  it('answers with no verdict, the reference shown and the self-mark open', async () => {
    trainId = await start();
    const res = await fill(trainId, qu.short, '原子性');
    expect(res.code, res.msg).toBe(0);
    expect(res.data.feedback).toMatchObject({ isRight: null, score: 1, selfMarkOpen: true });
    expect(res.data.feedback.question.answer.reference).toContain('原子操作');
    const next = await call(trainNext.path, { trainId, sort: 0 });
    expect(next.data.feedback.selfMarkOpen).toBe(true);
  });

  it('答错 counts as wrong and puts the question in the book, once however often it is sent', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await mark(trainId, qu.short, false);
      expect(res.code, res.msg).toBe(0);
      expect(res.data).toMatchObject({ answered: 1, rightCount: 0, wrongCount: 1, accuracy: 0 });
      expect(res.data).toMatchObject({ isRight: false, selfMarkOpen: true });
      // The verdict only: the question view came with the answer, and is not sent again.
      expect(res.data).not.toHaveProperty('question');
    }
    expect(await entry('student', qu.short)).toMatchObject({ wrongCount: 1, rightStreak: 0, source: 'train', repoId });
    const detail = await call(trainDetail.path, { trainId });
    expect(detail.data.card.find((c: { quId: string }) => c.quId === qu.short).isRight).toBe(false);
  });

  it('a changed mark undoes the earlier one: 答对 takes the entry it added away, 答错 again adds it once', async () => {
    const right = await mark(trainId, qu.short, true);
    expect(right.data).toMatchObject({ rightCount: 1, wrongCount: 0, accuracy: 100 });
    expect(await entry('student', qu.short)).toBeUndefined();
    const wrong = await mark(trainId, qu.short, false);
    expect(wrong.data).toMatchObject({ rightCount: 0, wrongCount: 1 });
    expect((await entry('student', qu.short))?.wrongCount).toBe(1);
  });

  it('closes when the learner answers another question, and stays as marked', async () => {
    const res = await fill(trainId, qu.single, 'A');
    expect(res.data.feedback.selfMarkOpen).toBe(false);
    const again = await mark(trainId, qu.short, true);
    expect(again).toMatchObject({ code: ErrorCode.CONFLICT, msg: '已进入下一题，不能再修改这道题的自评' });
    const next = await call(trainNext.path, { trainId, sort: 0 });
    expect(next.data.feedback).toMatchObject({ isRight: false, selfMarkOpen: false });
    const detail = await call(trainDetail.path, { trainId });
    expect(detail.data).toMatchObject({ answered: 2, rightCount: 1, wrongCount: 1, accuracy: 50 });
    expect((await entry('student', qu.short))?.wrongCount).toBe(1);
  });

  it('a later 答对 in another session works as a right answer does: the streak grows, then it leaves', async () => {
    await call(trainFinish.path, { trainId });
    const finished = await mark(trainId, qu.short, true);
    expect(finished).toMatchObject({ code: ErrorCode.CONFLICT, msg: '训练已结束，不能再自评' });
    // Practice of the book's questions (mode 4): two right answers in a row take it out (bookLeaveStreak 2).
    for (const streak of [1, 2]) {
      const again = await start(TrainMode.WRONG);
      await fill(again, qu.short, '原子');
      const res = await mark(again, qu.short, true);
      expect(res.data.isRight).toBe(true);
      if (streak === 1) expect(await entry('student', qu.short)).toMatchObject({ wrongCount: 1, rightStreak: 1 });
      else expect(await entry('student', qu.short)).toBeUndefined();
      await call(trainFinish.path, { trainId: again });
    }
  });

  it('re-marking restores an entry that was there before: bump, then undo to the old count and streak', async () => {
    const first = await start(TrainMode.RANDOM, k.lisi);
    await fill(first, qu.short, '不知道', undefined, k.lisi);
    await mark(first, qu.short, false, undefined, k.lisi);
    await call(trainFinish.path, { trainId: first }, k.lisi);
    const before = await entry('lisi', qu.short);
    expect(before?.wrongCount).toBe(1);
    k.advanceDays(1);
    const second = await start(TrainMode.RANDOM, k.lisi);
    await fill(second, qu.short, '原子', undefined, k.lisi);
    await mark(second, qu.short, false, undefined, k.lisi);
    expect((await entry('lisi', qu.short))?.wrongCount).toBe(2);
    await mark(second, qu.short, true, undefined, k.lisi);
    // The bump is undone and the right answer applied on the entry as it was: streak 1, count 1.
    expect(await entry('lisi', qu.short)).toMatchObject({
      id: before?.id,
      wrongCount: 1,
      rightStreak: 1,
      lastWrongAt: before?.lastWrongAt,
    });
    await mark(second, qu.short, false, undefined, k.lisi);
    expect(await entry('lisi', qu.short)).toMatchObject({ wrongCount: 2, rightStreak: 0 });
    await call(trainFinish.path, { trainId: second }, k.lisi);
  });
});

describe('self-marking a composite', () => {
  it('marks the manual child; the verdict is known once it is marked and follows its change', async () => {
    const trainId = await start(TrainMode.BY_TYPE, k.lisi);
    const answered = await fill(trainId, qu.comp, null, { [qu.compSingle]: 'A', [qu.compShort]: '原子' }, k.lisi);
    expect(answered.data.feedback).toMatchObject({ isRight: null, selfMarkOpen: true });
    expect(answered.data.feedback.childRight).toEqual({ [qu.compSingle]: true, [qu.compShort]: null });
    const noChild = await mark(trainId, qu.comp, true, undefined, k.lisi);
    expect(noChild).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '组合题请选择要自评的小题' });
    const objective = await mark(trainId, qu.comp, true, qu.compSingle, k.lisi);
    expect(objective).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '该小题由系统自动判分，不需要自评' });
    const right = await mark(trainId, qu.comp, true, qu.compShort, k.lisi);
    expect(right.data).toMatchObject({ isRight: true, childRight: { [qu.compShort]: true } });
    expect(right.data).toMatchObject({ rightCount: 1, wrongCount: 0 });
    expect(await entry('lisi', qu.comp)).toBeUndefined();
    const wrong = await mark(trainId, qu.comp, false, qu.compShort, k.lisi);
    expect(wrong.data).toMatchObject({ isRight: false, childRight: { [qu.compShort]: false } });
    expect(wrong.data).toMatchObject({ rightCount: 0, wrongCount: 1 });
    expect((await entry('lisi', qu.comp))?.wrongCount).toBe(1);
    await call(trainFinish.path, { trainId }, k.lisi);
  });
});

describe('self-marking in spaced review', () => {
  it('a 答对 climbs the review ladder as a right review does', async () => {
    k.advanceDays(2);
    const review = await call(trainReviewStart.path, {}, k.lisi);
    expect(review.code, review.msg).toBe(0);
    const trainId = review.data.trainId;
    await fill(trainId, qu.short, '原子', undefined, k.lisi);
    expect((await mark(trainId, qu.short, true, undefined, k.lisi)).data.isRight).toBe(true);
    expect(await entry('lisi', qu.short)).toMatchObject({
      wrongCount: 2,
      reviewStep: 1,
      nextReviewAt: new Date(k.clock.now.getTime() + 2 * 86_400_000),
      lastReviewAt: k.clock.now,
    });
    await call(trainFinish.path, { trainId }, k.lisi);
  });
});

describe('refusals', () => {
  let trainId: string;
  beforeAll(async () => {
    trainId = await start(TrainMode.SEQUENTIAL, k.lisi);
  });

  it('refuses without a token, on another learner’s session and with a bad body', async () => {
    expect((await mark(trainId, qu.short, true, undefined, null as never)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await mark(trainId, qu.short, true, undefined, k.student)).code).toBe(ErrorCode.NO_PERMISSION);
    const bad = await call(trainSelfMark.path, { trainId, quId: qu.short }, k.lisi);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('自评结果');
  });

  it('refuses a question not answered yet, an objective one, and one outside the session', async () => {
    expect(await mark(trainId, qu.short, false, undefined, k.lisi)).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '请先提交答案，再对照参考答案自评',
    });
    await fill(trainId, qu.single, 'B', undefined, k.lisi);
    expect(await mark(trainId, qu.single, false, undefined, k.lisi)).toMatchObject({
      code: ErrorCode.BAD_PARAMS,
      msg: '该题由系统自动判分，不需要自评',
    });
    expect((await mark(trainId, k.quIds[0], false, undefined, k.lisi)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses in mock and recite mode', async () => {
    const mock = await start(TrainMode.MOCK, k.lisi);
    await fill(mock, qu.short, '原子', undefined, k.lisi);
    expect((await mark(mock, qu.short, false, undefined, k.lisi)).msg).toBe('模拟考试交卷后统一判分，不能自评');
    const recite = await start(TrainMode.RECITE, k.lisi);
    await fill(recite, qu.short, null, undefined, k.lisi);
    expect((await mark(recite, qu.short, false, undefined, k.lisi)).msg).toBe('背题模式不需要自评');
  });

  it('refuses while the question is in the learner’s open paper, saving and telling nothing', async () => {
    const session = await start(TrainMode.RANDOM, k.student);
    await fill(session, qu.short, '原子');
    const tmplId = await saveFixedTmpl(k.t, k.admin, [qu.short]);
    const examId = await saveExam(k.t, k.admin, tmplId, k.clock.now.getTime(), { passScore: 5 });
    const paper = await call(paperPaperCreate.path, { examId });
    expect(paper.code, paper.msg).toBe(0);
    const refused = await mark(session, qu.short, false);
    expect(refused).toMatchObject({ code: ErrorCode.EXAM_IN_PROGRESS, data: null });
    expect(JSON.stringify(refused)).not.toContain('原子操作');
    const [row] = await k.t.db
      .select()
      .from(elTrainQu)
      .where(and(eq(elTrainQu.trainId, session), eq(elTrainQu.quId, qu.short)));
    expect(row).toMatchObject({ selfMarks: null, isRight: null });
  });
});
