/**
 * The sitting-learner rule: while wangwu sits a paper of questions from a bank that
 * is also open to practice, no view, practice call, book redo or earlier result tells him a key of
 * that paper; handing the paper in lifts the lock.
 */
import {
  bookSubmit,
  ErrorCode,
  paperPaperHand,
  paperPaperResult,
  repoQuView,
  trainClear,
  trainDetail,
  trainFill,
  trainNext,
  trainPaging,
  trainStart,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elTrainQu, elUserBook } from '../../db/schema/index.js';
import { createTestApp } from '../../test/test-app.js';
import { testClock } from '../paper/test-fixtures.js';
import { createSittingKit, type SittingKit } from './sitting-kit.js';
import { findLeaks, keysOf } from './sitting-leaks.js';

let k: SittingKit;
let keys: ReturnType<typeof keysOf>;
beforeAll(async () => {
  const clock = testClock();
  k = await createSittingKit(await createTestApp({ clock }), clock);
  keys = keysOf(k);
});
afterAll(async () => k.t.close());

const call = (path: string, body: unknown, token = k.learner) => k.t.call(path, body, token);

describe('while the paper is open', () => {
  it('/api/repo/qu/view gives no key of a question in it, parent or child', async () => {
    for (const id of k.lockedIds) {
      const res = await call(repoQuView.path, { id });
      expect(res.code, id).toBe(0);
      expect(res.data.answerVisible).toBe(false);
      expect(findLeaks(res, keys, true), id).toEqual([]);
    }
    // A bank question outside the paper still shows its answer (the bank is open to practice).
    const outside = await call(repoQuView.path, { id: k.outsideQuId });
    expect(outside.data.answerVisible).toBe(true);
    expect(outside.data.question.analysis).toBe('卷外解析');
  });

  it('practice sessions started earlier show no answer, verdict or right count of its questions', async () => {
    for (const trainId of k.trainIds) {
      const detail = await call(trainDetail.path, { trainId });
      expect(detail.code).toBe(0);
      expect(findLeaks(detail, keys, false), trainId).toEqual([]);
      expect(detail.data.rightCount + detail.data.wrongCount).toBe(0);
      // withheld, and said so: never a score of 0 that reads as a result
      expect([detail.data.score, detail.data.held]).toEqual([null, true]);
      for (const item of detail.data.card) {
        const next = await call(trainNext.path, { trainId, sort: item.sort });
        expect(next.code).toBe(0);
        expect(findLeaks(next, keys, k.lockedIds.includes(item.quId)), `${trainId}/${item.sort}`).toEqual([]);
      }
    }
  });

  it('the practice records holding its questions show no right or wrong counts', async () => {
    const res = await call(trainPaging.path, { current: 1, size: 50, params: {} });
    const mine = res.data.records.filter((r: { id: string }) => k.trainIds.includes(r.id));
    expect(mine).toHaveLength(k.trainIds.length);
    for (const r of mine) expect([r.rightCount, r.wrongCount, r.score, r.held]).toEqual([0, 0, null, true]);
  });

  it('answering one of its questions in practice is refused and nothing is saved', async () => {
    const [sequential] = k.trainIds;
    for (const quId of [k.qu.single, k.qu.judge, k.qu.comp]) {
      const before = await k.t.db
        .select()
        .from(elTrainQu)
        .where(and(eq(elTrainQu.trainId, sequential), eq(elTrainQu.quId, quId)));
      const res = await call(trainFill.path, { trainId: sequential, quId, answer: 'A', childAnswers: {} });
      expect(res.code, quId).toBe(ErrorCode.EXAM_IN_PROGRESS);
      expect(res.msg).toBe('该题在您正在进行的考试中，交卷后才能作答练习或查看答案');
      expect(res.data).toBeNull();
      const after = await k.t.db
        .select()
        .from(elTrainQu)
        .where(and(eq(elTrainQu.trainId, sequential), eq(elTrainQu.quId, quId)));
      expect(after).toEqual(before);
    }
  });

  it('a new practice session leaves its questions out', async () => {
    await call(trainClear.path, { repoId: k.repoId, mode: 2 });
    const started = await call(trainStart.path, { repoId: k.repoId, mode: 2, count: 50 });
    expect(started.code).toBe(0);
    const detail = await call(trainDetail.path, { trainId: started.data.trainId });
    expect(detail.data.card.map((c: { quId: string }) => c.quId)).toEqual([k.outsideQuId]);
  });

  it('the book redo of one of its questions gives no verdict, however often asked', async () => {
    const entries = await k.t.db.select().from(elUserBook).where(eq(elUserBook.userId, k.learnerId));
    const locked = entries.filter((e) => k.lockedIds.includes(e.quId));
    expect(locked.length).toBeGreaterThanOrEqual(4);
    for (const entry of locked)
      for (const answer of ['A', 'B', 'C', 'D', ['A', 'D'], '填空钥匙', { 1: 'A', 2: 'B', 3: 'C', 4: 'D' }]) {
        const res = await call(bookSubmit.path, { id: entry.id, answer });
        expect(res.code).toBe(ErrorCode.EXAM_IN_PROGRESS);
        expect(res.data).toBeNull();
      }
    const after = await k.t.db.select().from(elUserBook).where(eq(elUserBook.userId, k.learnerId));
    expect(after).toEqual(entries);
  });

  it('the result of the handed-in first attempt holds its review back', async () => {
    const res = await call(paperPaperResult.path, { paperId: k.donePaperId });
    expect(res.code).toBe(0);
    expect(res.data.showScore).toBe(true);
    expect(res.data.showAnswers).toBe(false);
    expect(res.data.questions).toBeNull();
    expect(findLeaks(res, keys, false)).toEqual([]);
  });
});

describe('after hand-in', () => {
  it('the lock is lifted: view, redo and the earlier result show answers again', async () => {
    expect((await call(paperPaperHand.path, { paperId: k.openPaperId })).code).toBe(0);
    const view = await call(repoQuView.path, { id: k.qu.single });
    expect(view.data.answerVisible).toBe(true);
    const result = await call(paperPaperResult.path, { paperId: k.donePaperId });
    expect(result.data.showAnswers).toBe(true);
    const [entry] = await k.t.db
      .select()
      .from(elUserBook)
      .where(and(eq(elUserBook.userId, k.learnerId), eq(elUserBook.quId, k.qu.single)));
    const redo = await call(bookSubmit.path, { id: entry.id, answer: 'C' });
    expect(redo.code).toBe(0);
    expect(redo.data.isRight).toBe(true);
  });
});
