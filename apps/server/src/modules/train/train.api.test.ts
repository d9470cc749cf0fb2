import {
  ErrorCode,
  TrainMode,
  trainClear,
  trainDetail,
  trainFill,
  trainFinish,
  trainNext,
  trainPaging,
  trainRepoList,
  trainReviewStat,
  trainStart,
  trainStatByRepo,
  trainStatByUser,
  trainStatExport,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elUserBook, sysUser } from '../../db/schema/index.js';
import { createTrainKit, type TrainKit } from './train-test-kit.js';

let k: TrainKit;
beforeAll(async () => {
  k = await createTrainKit();
});
afterAll(async () => k.t.close());

/** Wrong count of lisi's book entry for a question (0 when not in the book). */
async function wrongCount(quId: string): Promise<number> {
  const [row] = await k.t.db
    .select({ n: elUserBook.wrongCount })
    .from(elUserBook)
    .innerJoin(sysUser, eq(sysUser.id, elUserBook.userId))
    .where(and(eq(sysUser.userName, 'lisi'), eq(elUserBook.quId, quId)));
  return row?.n ?? 0;
}

const call = (path: string, body: unknown, token: string | null) => k.t.call(path, body, token);
const start = (mode: number, token = k.student, extra: object = {}) =>
  call(trainStart.path, { repoId: k.repoId, mode, ...extra }, token);

describe('access', () => {
  it('refuses calls without a token', async () => {
    for (const path of [trainStart.path, trainRepoList.path, trainReviewStat.path, trainPaging.path])
      expect((await call(path, {}, null)).code, path).toBe(ErrorCode.NOT_LOGIN);
  });

  it('refuses a learner on the admin statistics', async () => {
    for (const path of [trainStatByRepo.path, trainStatByUser.path, trainStatExport.path])
      expect((await call(path, {}, k.student)).code, path).toBe(ErrorCode.NO_PERMISSION);
  });

  it('names the bad field', async () => {
    const res = await start(9);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('训练模式');
  });

  it('lists only banks open to practice and refuses the others', async () => {
    const list = await call(trainRepoList.path, {}, k.student);
    const titles = list.data.map((r: { title: string }) => r.title);
    expect(titles).toContain('测试练习题库');
    expect(titles).toContain('安全生产知识题库');
    expect(titles).not.toContain('测试考试题库');
    expect(titles).not.toContain('计算机基础题库');
    const mine = list.data.find((r: { id: string }) => r.id === k.repoId);
    expect(mine).toMatchObject({ quCount: 5, byType: { 1: 3, 2: 1, 3: 1 }, progress: 0 });
    const refused = await call(trainStart.path, { repoId: k.closedRepoId, mode: 1 }, k.student);
    expect(refused.code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('sequential practice (1)', () => {
  let trainId: string;

  it('gives a question without its answer, then immediate feedback', async () => {
    const s = await start(TrainMode.SEQUENTIAL);
    expect(s.data).toMatchObject({ resumed: false, finished: false });
    trainId = s.data.trainId;
    const q = await call(trainNext.path, { trainId, sort: 0 }, k.student);
    expect(q.data.quId).toBe(k.quIds[0]);
    expect(q.data.question.answer).toBeUndefined();
    expect(q.data.question.options.every((o: { isRight?: boolean }) => o.isRight === undefined)).toBe(true);
    expect(q.data.feedback).toBeNull();
    const fill = await call(
      trainFill.path,
      { trainId, quId: k.quIds[0], answer: await k.wrongOf(k.quIds[0]) },
      k.student,
    );
    expect(fill.data.answered).toBe(1);
    expect(fill.data.feedback).toMatchObject({ isRight: false, score: 0 });
    expect(fill.data.feedback.question.analysis).toContain('第一题的解析');
    expect(fill.data.feedback.question.options.find((o: { key: string }) => o.key === 'A').isRight).toBe(true);
  });

  it('keeps the first answer: a second fill answers the first result', async () => {
    const again = await call(trainFill.path, { trainId, quId: k.quIds[0], answer: 'A' }, k.student);
    expect(again.data.feedback.isRight).toBe(false);
    const right = await call(trainFill.path, { trainId, quId: k.quIds[1], answer: 'B' }, k.student);
    expect(right.data.feedback.isRight).toBe(true);
  });

  it('resumes the open session where I stopped', async () => {
    const s = await start(TrainMode.SEQUENTIAL);
    expect(s.data).toMatchObject({ trainId, resumed: true });
    const d = await call(trainDetail.path, { trainId }, k.student);
    expect(d.data).toMatchObject({
      total: 5,
      answered: 2,
      rightCount: 1,
      wrongCount: 1,
      accuracy: 50,
      current: 2,
      state: 0,
    });
    expect(d.data.card[0]).toMatchObject({ answered: true, isRight: false });
  });

  it('after finishing, the next session starts after the last answered question', async () => {
    const f = await call(trainFinish.path, { trainId }, k.student);
    expect(f.data.state).toBe(1);
    const late = await call(trainFill.path, { trainId, quId: k.quIds[2], answer: ['A'] }, k.student);
    expect(late.code).toBe(ErrorCode.CONFLICT);
    const s = await start(TrainMode.SEQUENTIAL);
    expect(s.data.trainId).not.toBe(trainId);
    const q = await call(trainNext.path, { trainId: s.data.trainId, sort: 0 }, k.student);
    expect(q.data.quId).toBe(k.quIds[2]);
    // The session counts the whole bank (第1/5 题), starting where I stopped
    const d = await call(trainDetail.path, { trainId: s.data.trainId }, k.student);
    expect(d.data.total).toBe(k.quIds.length);
  });

  it('"重新开始" clears the progress', async () => {
    expect((await call(trainClear.path, { repoId: k.repoId, mode: 1 }, k.student)).code).toBe(0);
    const s = await start(TrainMode.SEQUENTIAL);
    const q = await call(trainNext.path, { trainId: s.data.trainId, sort: 0 }, k.student);
    expect(q.data.quId).toBe(k.quIds[0]);
    expect(q.data.answered).toBe(false);
  });

  it('a learner cannot read or answer another learner’s session', async () => {
    for (const [path, body] of [
      [trainDetail.path, { trainId }],
      [trainNext.path, { trainId, sort: 0 }],
      [trainFill.path, { trainId, quId: k.quIds[0], answer: 'A' }],
      [trainFinish.path, { trainId }],
    ] as const)
      expect((await call(path, body, k.lisi)).code, path).toBe(ErrorCode.NO_PERMISSION);
    expect((await call(trainDetail.path, { trainId: 'missing' }, k.lisi)).code).toBe(ErrorCode.NOT_FOUND);
    const paging = await call(trainPaging.path, { current: 1, size: 10, params: {} }, k.lisi);
    expect(paging.data.total).toBe(0);
  });
});

describe('other modes', () => {
  it('by type (3) keeps the chosen types', async () => {
    const s = await start(TrainMode.BY_TYPE, k.student, { types: [2, 3] });
    const d = await call(trainDetail.path, { trainId: s.data.trainId }, k.student);
    expect(d.data.card.map((c: { type: number }) => c.type)).toEqual([2, 3]);
  });

  it('random (2) takes the count asked for', async () => {
    const s = await start(TrainMode.RANDOM, k.student, { count: 3 });
    expect((await call(trainDetail.path, { trainId: s.data.trainId }, k.student)).data.total).toBe(3);
  });

  it('recite (5) shows answer and analysis at once', async () => {
    const s = await start(TrainMode.RECITE);
    const q = await call(trainNext.path, { trainId: s.data.trainId, sort: 0 }, k.student);
    expect(q.data.question.analysis).toContain('第一题的解析');
    expect(q.data.question.options[0].isRight).toBe(true);
  });

  it('wrong questions (4) come from my book for this bank', async () => {
    const s = await start(TrainMode.WRONG);
    const d = await call(trainDetail.path, { trainId: s.data.trainId }, k.student);
    expect(d.data.card.map((c: { quId: string }) => c.quId)).toEqual([k.quIds[0]]);
    const none = await start(TrainMode.WRONG, k.lisi);
    expect(none.code).toBe(ErrorCode.CONFLICT);
  });

  it('mock (6) reveals nothing before finish, then scores', async () => {
    const s = await start(TrainMode.MOCK, k.lisi, { count: 5, timeLimit: 10 });
    const trainId = s.data.trainId;
    const d0 = await call(trainDetail.path, { trainId }, k.lisi);
    expect(d0.data.deadline).toBe(new Date(k.clock.now.getTime() + 10 * 60_000).toISOString());
    for (const c of d0.data.card.slice(0, 4)) {
      const answer = c.sort % 2 === 0 ? await k.rightOf(c.quId) : await k.wrongOf(c.quId);
      const fill = await call(trainFill.path, { trainId, quId: c.quId, answer }, k.lisi);
      expect(fill.data.feedback).toBeNull();
    }
    const q = await call(trainNext.path, { trainId, sort: 0 }, k.lisi);
    expect(q.data.feedback).toBeNull();
    expect(q.data.question.analysis).toBeUndefined();
    expect(q.data.question.options.every((o: { isRight?: boolean }) => o.isRight === undefined)).toBe(true);
    const d1 = await call(trainDetail.path, { trainId }, k.lisi);
    expect(d1.data.card.every((c: { isRight: unknown }) => c.isRight === null)).toBe(true);
    expect(d1.data.rightCount).toBe(0);
    const book0 = await call(trainReviewStat.path, {}, k.lisi);
    expect(book0.data.inBook).toBe(0);
    const f = await call(trainFinish.path, { trainId }, k.lisi);
    expect(f.data).toMatchObject({ state: 1, answered: 4, rightCount: 2, wrongCount: 2, score: 40 });
    const after = await call(trainNext.path, { trainId, sort: 1 }, k.lisi);
    expect(after.data.feedback.isRight).toBe(false);
    expect((await call(trainReviewStat.path, {}, k.lisi)).data.inBook).toBe(2);
  });

  it('an unfinished mock past its deadline is handed in', async () => {
    const s = await start(TrainMode.MOCK, k.lisi, { count: 2, timeLimit: 1 });
    k.clock.now = new Date(k.clock.now.getTime() + 2 * 60_000);
    const d = await call(trainDetail.path, { trainId: s.data.trainId }, k.lisi);
    expect(d.data).toMatchObject({ state: 1, score: 0, usedSeconds: 60 });
  });
});

describe('races', () => {
  it('two starts at once give one session', async () => {
    const [a, b] = await Promise.all([start(TrainMode.RANDOM, k.lisi), start(TrainMode.RANDOM, k.lisi)]);
    expect(a.code, a.msg).toBe(0);
    expect(b.code, b.msg).toBe(0);
    expect(a.data.trainId).toBe(b.data.trainId);
  });

  it('two fills of one question at once count once', async () => {
    await call(trainClear.path, { repoId: k.repoId, mode: 1 }, k.lisi);
    const s = await start(TrainMode.SEQUENTIAL, k.lisi);
    const body = { trainId: s.data.trainId, quId: k.quIds[4], answer: 'B' };
    const before = await wrongCount(k.quIds[4]);
    const results = await Promise.all([1, 2, 3].map(() => call(trainFill.path, body, k.lisi)));
    for (const r of results) expect(r.code, r.msg).toBe(0);
    const d = await call(trainDetail.path, { trainId: s.data.trainId }, k.lisi);
    expect(d.data.answered).toBe(1);
    expect(await wrongCount(k.quIds[4])).toBe(before + 1);
  });
});
