import {
  ErrorCode,
  TrainMode,
  trainDetail,
  trainFill,
  trainFinish,
  trainReviewStart,
  trainReviewStat,
  trainStart,
  trainStatByRepo,
  trainStatByUser,
  trainStatExport,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQuRepo, elUserBook, sysConfigItem, sysUser } from '../../db/schema/index.js';
import { recordAnswer } from './book-record.js';
import { createTrainKit, type TrainKit } from './train-test-kit.js';

let k: TrainKit;
beforeAll(async () => {
  k = await createTrainKit();
});
afterAll(async () => k.t.close());

const call = (path: string, body: unknown, token: string | null) => k.t.call(path, body, token);

async function userId(name: string): Promise<string> {
  const [u] = await k.t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, name));
  return u.id;
}
async function entry(name: string, quId: string) {
  const [row] = await k.t.db
    .select()
    .from(elUserBook)
    .where(and(eq(elUserBook.userId, await userId(name)), eq(elUserBook.quId, quId)));
  return row ?? null;
}
/** Answers one question in a fresh sequential session positioned on it (by clearing first). */
async function practise(token: string, quId: string, right: boolean) {
  const s = await call(trainStart.path, { repoId: k.repoId, mode: TrainMode.BY_TYPE, types: [1, 2, 3] }, token);
  const answer = right ? await k.rightOf(quId) : await k.wrongOf(quId);
  const fill = await call(trainFill.path, { trainId: s.data.trainId, quId, answer }, token);
  expect(fill.code, fill.msg).toBe(0);
  await call(trainFinish.path, { trainId: s.data.trainId }, token);
  return fill.data.feedback;
}

describe('wrong-answer book and spaced review', () => {
  it('a wrong answer enters the book, due the next day', async () => {
    const q = k.quIds[0];
    expect((await practise(k.student, q, false)).isRight).toBe(false);
    const e = await entry('student', q);
    expect(e).toMatchObject({ wrongCount: 1, rightStreak: 0, reviewStep: 0, source: 'train', repoId: k.repoId });
    expect(e?.nextReviewAt?.toISOString()).toBe(new Date(k.clock.now.getTime() + 86_400_000).toISOString());
    const stat = await call(trainReviewStat.path, {}, k.student);
    expect(stat.data).toMatchObject({ due: 0, inBook: 1, openTrainId: null });
    expect((await call(trainReviewStart.path, {}, k.student)).code).toBe(ErrorCode.CONFLICT);
  });

  it('shows up for review the next day, and a right review climbs the ladder', async () => {
    k.advanceDays(1);
    const stat = await call(trainReviewStat.path, {}, k.student);
    expect(stat.data.due).toBe(1);
    const s = await call(trainReviewStart.path, {}, k.student);
    expect(s.code, s.msg).toBe(0);
    const d = await call(trainDetail.path, { trainId: s.data.trainId }, k.student);
    expect(d.data).toMatchObject({ mode: TrainMode.REVIEW, repoId: null, total: 1 });
    expect((await call(trainReviewStat.path, {}, k.student)).data.openTrainId).toBe(s.data.trainId);
    const fill = await call(trainFill.path, { trainId: s.data.trainId, quId: k.quIds[0], answer: 'A' }, k.student);
    expect(fill.data.feedback.isRight).toBe(true);
    expect(fill.data.feedback.question.analysis).toContain('解析');
    await call(trainFinish.path, { trainId: s.data.trainId }, k.student);
    const e = await entry('student', k.quIds[0]);
    expect(e).toMatchObject({ reviewStep: 1, rightStreak: 0 });
    expect(e?.nextReviewAt?.toISOString()).toBe(new Date(k.clock.now.getTime() + 2 * 86_400_000).toISOString());
    expect((await call(trainReviewStat.path, {}, k.student)).data.due).toBe(0);
  });

  it('a miss in review goes back to the start of the ladder', async () => {
    k.advanceDays(2);
    const s = await call(trainReviewStart.path, {}, k.student);
    await call(trainFill.path, { trainId: s.data.trainId, quId: k.quIds[0], answer: 'B' }, k.student);
    await call(trainFinish.path, { trainId: s.data.trainId }, k.student);
    const e = await entry('student', k.quIds[0]);
    expect(e).toMatchObject({ reviewStep: 0, wrongCount: 2 });
    expect(e?.nextReviewAt?.toISOString()).toBe(new Date(k.clock.now.getTime() + 86_400_000).toISOString());
  });

  it('two right answers in a row in practice take the question out of the book', async () => {
    await practise(k.student, k.quIds[0], true);
    expect(await entry('student', k.quIds[0])).toMatchObject({ rightStreak: 1 });
    await practise(k.student, k.quIds[0], true);
    expect(await entry('student', k.quIds[0])).toBeNull();
  });

  it('the leave streak comes from the config item bookLeaveStreak', async () => {
    await k.t.db.insert(sysConfigItem).values({ title: 'bookLeaveStreak', value: '3' });
    await practise(k.student, k.quIds[1], false);
    await practise(k.student, k.quIds[1], true);
    await practise(k.student, k.quIds[1], true);
    expect(await entry('student', k.quIds[1])).toMatchObject({ rightStreak: 2 });
    await practise(k.student, k.quIds[1], true);
    expect(await entry('student', k.quIds[1])).toBeNull();
    await k.t.db.delete(sysConfigItem).where(eq(sysConfigItem.title, 'bookLeaveStreak'));
  });

  it('recordAnswer is the one writer for exams too: a wrong exam answer bumps the entry, a right one counts', async () => {
    const uid = await userId('lisi');
    const now = k.clock.now;
    await k.t.db.transaction(async (tx) => {
      expect(
        await recordAnswer(tx, {
          userId: uid,
          quId: k.quIds[2],
          examId: 'exam-1',
          source: 'exam',
          isRight: false,
          answer: ['B'],
          now,
        }),
      ).toBe('added');
      expect(
        await recordAnswer(tx, {
          userId: uid,
          quId: k.quIds[2],
          examId: 'exam-1',
          source: 'exam',
          isRight: false,
          answer: ['B'],
          now,
        }),
      ).toBe('bumped');
      expect(
        await recordAnswer(tx, {
          userId: uid,
          quId: k.quIds[2],
          source: 'exam',
          isRight: true,
          answer: ['A', 'C'],
          now,
        }),
      ).toBe('advanced');
    });
    // A right exam answer counts towards the streak without climbing the review ladder.
    expect(await entry('lisi', k.quIds[2])).toMatchObject({
      wrongCount: 2,
      rightStreak: 1,
      source: 'exam',
      examId: 'exam-1',
      reviewStep: 0,
    });
  });

  it('a review shows no answer for a question of a bank closed to practice', async () => {
    const uid = await userId('wangwu');
    const [closedQu] = await k.t.db
      .select({ qu_id: elQuRepo.quId })
      .from(elQuRepo)
      .where(eq(elQuRepo.repoId, k.closedRepoId));
    await k.t.db.transaction((tx) =>
      recordAnswer(tx, {
        userId: uid,
        quId: closedQu.qu_id,
        examId: 'exam-2',
        source: 'exam',
        isRight: false,
        answer: 'B',
        now: k.clock.now,
      }),
    );
    k.advanceDays(1);
    const wangwu = await k.t.login('wangwu', 'student123');
    const s = await call(trainReviewStart.path, {}, wangwu);
    const fill = await call(trainFill.path, { trainId: s.data.trainId, quId: closedQu.qu_id, answer: 'A' }, wangwu);
    expect(fill.data.feedback.isRight).toBe(true);
    expect(fill.data.feedback.question).toBeNull();
  });
});

describe('admin statistics', () => {
  it('per bank and per learner, with accuracy', async () => {
    const byRepo = await call(trainStatByRepo.path, { current: 1, size: 10, params: {} }, k.admin);
    expect(byRepo.code, byRepo.msg).toBe(0);
    const row = byRepo.data.records.find((r: { repoId: string }) => r.repoId === k.repoId);
    expect(row.learners).toBe(1);
    expect(row.sessions).toBeGreaterThan(3);
    expect(row.accuracy).toBeGreaterThan(0);
    const byUser = await call(trainStatByUser.path, { current: 1, size: 10, params: { keyword: '张三' } }, k.admin);
    expect(byUser.data.total).toBe(1);
    expect(byUser.data.records[0]).toMatchObject({ userName: 'student', realName: '张三' });
  });

  it('exports an xlsx of both', async () => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: trainStatExport.path,
      payload: {},
      headers: { token: k.admin },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['按题库', '按学员']);
    expect(wb.getWorksheet('按学员')?.getRow(2).getCell(1).value).toBe('student');
  });
});
