/**
 * Measured item statistics follow events: ten learners sit an exam (the strong ones miss a single
 * choice whose key is wrong, the weak ones "get it right"), so that question's discrimination is
 * negative and it is listed for review; below ten answers nothing is said; a regrade with the
 * corrected key turns the discrimination positive; a practice answer counts at half weight; an
 * event touches only its own questions, and marks them due: the sweep recomputes each once. The
 * review list's access rules.
 */
import { ErrorCode, examRegradeStart, repoQuStatReview, trainFill, trainStart } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQuStat, elQuStatDue, elRepo } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { MIN_ANSWERS, PRACTICE_WEIGHT } from '../repo/qu-stats-rules.js';
import { newLearner, sit } from '../sitting/regrade/regrade-fixtures.js';
import { recomputeDueQuStats } from './qu-stats-consumer.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examId: string;
let learners: { id: string; token: string }[] = [];

/** Delivers the events (they mark their questions due), then runs the statistics sweep once. */
async function settle(): Promise<number> {
  await drainEvents(t);
  return recomputeDueQuStats(t.db, new Date(clock.ms()));
}

const stat = async (quId: string) => (await t.db.select().from(elQuStat).where(eq(elQuStat.quId, quId)))[0];
const review = async (params: object = {}) => {
  const res = await t.request(repoQuStatReview, { current: 1, size: 50, params } as never, admin);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

/** Strong learners (even index) get judge and multi right and the mis-keyed single "wrong". */
const answersOf = (i: number) =>
  i % 2 === 0
    ? { [bank.single]: 'A', [bank.judge]: 'A', [bank.multi]: ['A', 'C'], [bank.fill]: ['北京'] }
    : { [bank.single]: 'B', [bank.judge]: 'B', [bank.multi]: ['B'], [bank.fill]: ['北京'] };

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  await t.db.update(elRepo).set({ practiceEnabled: true }).where(eq(elRepo.id, bank.repoId));
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge, bank.multi, bank.fill]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
  learners = [];
  for (let i = 0; i < MIN_ANSWERS; i++) learners.push(await newLearner(t, admin, `qs_${i}`, `统计考生${i}`));
  // A question outside the exam with figures of its own: no event of this exam may touch it.
  await t.db.insert(elQuStat).values({ quId: bank.match, answers: 42, difficulty: 0.25 });
}, 240_000);
afterAll(() => t.close());

describe('item statistics from events', () => {
  it('says nothing below the minimum of answers', async () => {
    for (let i = 0; i < MIN_ANSWERS - 1; i++) await sit(t, learners[i].token, examId, answersOf(i));
    // The papers' events only mark their questions due, each once however many papers touched it.
    await drainEvents(t);
    expect(await stat(bank.single)).toBeUndefined();
    const due = await t.db.select().from(elQuStatDue);
    expect(due.map((d) => d.quId).sort()).toEqual([bank.single, bank.judge, bank.multi, bank.fill].sort());
    // The sweep recomputes the four once and empties the list.
    expect(await recomputeDueQuStats(t.db, new Date(clock.ms()))).toBe(4);
    expect(await t.db.select().from(elQuStatDue)).toEqual([]);
    const s = await stat(bank.single);
    expect(s).toMatchObject({ answers: MIN_ANSWERS - 1, difficulty: null, discrimination: null });
    expect((await review()).records.map((r) => r.id)).not.toContain(bank.single);
  });

  it('measures difficulty and a negative discrimination once there are enough answers', async () => {
    await sit(t, learners[MIN_ANSWERS - 1].token, examId, answersOf(MIN_ANSWERS - 1));
    await settle();
    const s = await stat(bank.single);
    expect(s.answers).toBe(MIN_ANSWERS);
    expect(s.difficulty).toBeCloseTo(0.5, 4);
    // The weak half scores the single and nothing else, the strong half the reverse.
    expect(s.discrimination).toBeCloseTo(-1, 3);
    const fill = await stat(bank.fill);
    expect(fill).toMatchObject({ answers: MIN_ANSWERS, fullCount: MIN_ANSWERS, zeroCount: 0, difficulty: 1 });
    const listed = await review();
    expect(listed.records.find((r) => r.id === bank.single)).toMatchObject({ reason: 'negative' });
    expect(listed.records.find((r) => r.id === bank.fill)).toMatchObject({ reason: 'allRight', discrimination: null });
    expect((await review({ reason: 'allRight' })).records.map((r) => r.id)).toEqual([bank.fill]);
    expect((await review({ repoId: 'no-such-bank' })).total).toBe(0);
    // Untouched: the event's questions only.
    expect(await stat(bank.match)).toMatchObject({ answers: 42, difficulty: 0.25 });
  });

  it('follows a regrade: the corrected key turns the discrimination positive', async () => {
    const res = await t.request(
      examRegradeStart,
      { examId, quId: bank.single, rightContents: ['选项A'], reason: '答案有误' },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    for (let i = 0; i < 200; i++) {
      await settle();
      if (((await stat(bank.single)).discrimination ?? -1) > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const s = await stat(bank.single);
    expect(s.discrimination).toBeCloseTo(1, 3);
    expect(s.difficulty).toBeCloseTo(0.5, 4);
    expect((await review()).records.map((r) => r.id)).not.toContain(bank.single);
  });

  it('counts a practice answer at a lower weight', async () => {
    const learner = learners[1];
    const started = await t.request(trainStart, { repoId: bank.repoId, mode: 3, types: [5] }, learner.token);
    expect(started.code, started.msg).toBe(0);
    const filled = await t.request(
      trainFill,
      { trainId: started.data.trainId, quId: bank.fill, answer: ['上海'] } as never,
      learner.token,
    );
    expect(filled.code, filled.msg).toBe(0);
    await settle();
    const s = await stat(bank.fill);
    expect(s).toMatchObject({ answers: MIN_ANSWERS, practiceAnswers: 1, zeroCount: 1 });
    expect(s.difficulty).toBeCloseTo(MIN_ANSWERS / (MIN_ANSWERS + PRACTICE_WEIGHT), 4);
    // Not everyone right any more.
    expect((await review({ reason: 'allRight' })).records.map((r) => r.id)).not.toContain(bank.fill);
  });

  it('refuses without a token and for learners, and names a bad reason', async () => {
    const body = { current: 1, size: 10, params: {} };
    expect((await t.request(repoQuStatReview, body, null)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.request(repoQuStatReview, body, learners[0].token)).code).toBe(ErrorCode.NO_PERMISSION);
    const bad = await t.call(repoQuStatReview.path, { current: 1, size: 10, params: { reason: 'odd' } }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('问题类型');
  });
});
