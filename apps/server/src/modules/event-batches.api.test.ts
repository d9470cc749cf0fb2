/**
 * The outbox's set-based consumers: `handleBatch` of each consumer that offers one
 * leaves what `handle` called on each event in turn leaves, on the real database (PGlite, and
 * PostgreSQL in server-pg). Each case runs the batch, snapshots the effect, undoes it, runs the
 * events one by one and compares, besides checking the values themselves.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCert, elExam, elPaper, elPaperQu, elUserBook, elUserExam, sysMsg, sysUserMsg } from '../db/schema/index.js';
import type { Executor } from '../platform/db.js';
import type { AnyConsumer, DomainEvent } from '../platform/events/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { certConsumers } from './cert/cert-consumers.js';
import { userRecordConsumer } from './exam/user-record.js';
import { MANUAL_TYPES } from './repo/kinds/registry.js';
import { paperMarkedMsgConsumer } from './system/msg/paper-marked-msg.js';
import { bookOnPaperConsumer } from './train/book-on-paper.js';

let t: TestApp;
let examId: string;
const site = { timeZone: 'Asia/Shanghai' };
const created = new Date('2026-11-27T02:00:00Z');
let seq = 0;

const event = <N extends DomainEvent['name']>(name: N, payload: Extract<DomainEvent, { name: N }>['payload']) =>
  ({ id: `ev-${++seq}`, name, payload, createdAt: created }) as unknown as DomainEvent;

/** A finished paper of `userId` with questions q1 (wrong, automatic) and q9 (wrong, marked by hand). */
async function paper(userId: string, score: number, opts: { state?: number; start?: string } = {}) {
  const start = new Date(opts.start ?? '2026-11-27T01:00:00Z');
  const [p] = await t.db
    .insert(elPaper)
    .values({
      examId,
      userId,
      title: '批量消费考试',
      state: opts.state ?? 2,
      startTime: start,
      deadline: start,
      handTime: start,
      totalScore: 100,
      passScore: 60,
      objScore: score,
      userScore: score,
      passed: score >= 60,
      markedBy: 'marker-1',
    })
    .returning({ id: elPaper.id });
  const options = ['A', 'B'].map((key) => ({ key, content: key, isRight: key === 'A' }));
  await t.db.insert(elPaperQu).values([
    {
      paperId: p.id,
      quId: 'q1',
      sort: 1,
      type: 1,
      score: 10,
      content: 'q1',
      options,
      answer: 'B',
      isRight: false,
      actualScore: 0,
      markState: 1,
    },
    {
      paperId: p.id,
      quId: 'q2',
      sort: 2,
      type: 1,
      score: 10,
      content: 'q2',
      options,
      answer: 'A',
      isRight: true,
      actualScore: 10,
      markState: 1,
    },
    {
      paperId: p.id,
      quId: 'q9',
      sort: 3,
      type: MANUAL_TYPES[0],
      score: 10,
      content: 'q9',
      answer: '不知道',
      isRight: false,
      actualScore: 0,
      markState: 2,
    },
  ]);
  return p.id;
}

/** Runs `run` and answers `snapshot` of its effect; the transaction is rolled back afterwards. */
async function effectOf<T>(run: (tx: Executor) => Promise<void>, snapshot: (tx: Executor) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await t.db
    .transaction(async (tx) => {
      await run(tx);
      out = await snapshot(tx);
      throw new Error('rollback');
    })
    .catch((err) => {
      if (String(err).indexOf('rollback') < 0) throw err;
    });
  return out as T;
}

/** The batch's effect, which must equal the effect of the events one by one. */
async function batchAndOneByOne<T>(
  consumer: AnyConsumer,
  events: DomainEvent[],
  snapshot: (tx: Executor) => Promise<T>,
) {
  expect(consumer.handleBatch).toBeTypeOf('function');
  const batch = await effectOf((tx) => consumer.handleBatch?.(events, tx, site) as Promise<void>, snapshot);
  const single = await effectOf(async (tx) => {
    for (const e of events) await consumer.handle(e, tx, site);
  }, snapshot);
  expect(batch).toEqual(single);
  return batch;
}

let u1a: string;
let u1b: string;
let u2: string;
let u3: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.app.events.stop();
  const now = new Date();
  const [exam] = await t.db
    .insert(elExam)
    .values({ title: '批量消费考试', tmplId: 'tmpl', startTime: now, endTime: now, passScore: 60, state: 1 })
    .returning({ id: elExam.id });
  examId = exam.id;
  u1a = await paper('u1', 80, { start: '2026-11-27T01:00:00Z' });
  u1b = await paper('u1', 40, { start: '2026-11-27T01:30:00Z' });
  u2 = await paper('u2', 30);
  u3 = await paper('u3', 90, { state: 1 });
});
afterAll(() => t.close());

describe('set-based consumers', () => {
  it('recomputes the (user, exam) records of a batch in one go', async () => {
    const events = [
      event('paper.marked', { paperId: u1a, userId: 'u1', examId, score: 80, passed: true }),
      event('paper.marked', { paperId: u1b, userId: 'u1', examId, score: 40, passed: false }),
      event('paper.handedIn', { paperId: u3, userId: 'u3', examId, handedInAt: created.toISOString() }),
      event('paper.abandoned', { paperId: 'x', userId: 'u4', examId: null, abandonedAt: created.toISOString() }),
      event('paper.voided', { paperId: u2, userId: 'u2', examId, reason: '作弊' }),
    ];
    const rows = await batchAndOneByOne(userRecordConsumer, events, (tx) =>
      tx
        .select({
          userId: elUserExam.userId,
          tryCount: elUserExam.tryCount,
          best: elUserExam.bestScore,
          last: elUserExam.lastScore,
          passed: elUserExam.passed,
          lastPaperId: elUserExam.lastPaperId,
        })
        .from(elUserExam)
        .orderBy(elUserExam.userId),
    );
    expect(rows).toEqual([
      { userId: 'u1', tryCount: 2, best: 80, last: 40, passed: true, lastPaperId: u1b },
      { userId: 'u2', tryCount: 1, best: 30, last: 30, passed: false, lastPaperId: u2 },
      { userId: 'u3', tryCount: 1, best: null, last: 90, passed: false, lastPaperId: u3 },
    ]);
  });

  it('adds wrong answers of a batch to the book, counting a question missed in two papers twice', async () => {
    const at = created.toISOString();
    const events = [
      event('paper.handedIn', { paperId: u1a, userId: 'u1', examId, handedInAt: at }),
      event('paper.handedIn', { paperId: u1b, userId: 'u1', examId, handedInAt: at }),
      event('paper.handedIn', { paperId: u2, userId: 'u2', examId, handedInAt: at }),
      event('paper.marked', {
        paperId: u2,
        userId: 'u2',
        examId,
        score: 30,
        passed: false,
        byHand: true,
        markedAt: at,
      }),
      event('paper.marked', { paperId: u3, userId: 'u3', examId, score: 90, passed: true }),
    ];
    const rows = await batchAndOneByOne(bookOnPaperConsumer, events, (tx) =>
      tx
        .select({
          userId: elUserBook.userId,
          quId: elUserBook.quId,
          wrong: elUserBook.wrongCount,
          answer: elUserBook.lastAnswer,
        })
        .from(elUserBook)
        .orderBy(elUserBook.userId, elUserBook.quId),
    );
    expect(rows).toEqual([
      { userId: 'u1', quId: 'q1', wrong: 2, answer: 'B' },
      { userId: 'u2', quId: 'q1', wrong: 1, answer: 'B' },
      { userId: 'u2', quId: 'q9', wrong: 1, answer: '不知道' },
    ]);
  });

  it('sends the "marked" messages of a batch, only for papers marked by hand, from the payloads', async () => {
    // Title, total and marker come with the event: the message module reads no paper.
    const about = { title: '批量消费考试', totalScore: 100, markedBy: 'marker-1' };
    const events = [
      event('paper.marked', { paperId: u1a, userId: 'u1', examId, score: 80, passed: true, byHand: true, ...about }),
      event('paper.marked', { paperId: u2, userId: 'u2', examId, score: 30, passed: false, byHand: true, ...about }),
      event('paper.marked', { paperId: u3, userId: 'u3', examId, score: 90, passed: true }),
    ];
    const inbox = await batchAndOneByOne(paperMarkedMsgConsumer, events, (tx) =>
      tx
        .select({ userId: sysUserMsg.userId, title: sysMsg.title, content: sysMsg.content, sender: sysMsg.senderId })
        .from(sysUserMsg)
        .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
        .orderBy(sysUserMsg.userId),
    );
    expect(inbox).toEqual([
      {
        userId: 'u1',
        title: '考试「批量消费考试」已完成阅卷',
        content: '您参加的考试「批量消费考试」已完成阅卷，得分80分（总分100分），考试结果：通过。',
        sender: 'marker-1',
      },
      {
        userId: 'u2',
        title: '考试「批量消费考试」已完成阅卷',
        content: '您参加的考试「批量消费考试」已完成阅卷，得分30分（总分100分），考试结果：未通过。',
        sender: 'marker-1',
      },
    ]);
  });

  it('revokes the exam certificates of a batch whose learners no longer hold a pass', async () => {
    const cert = (userId: string) => ({
      certNo: `CERT-${userId}`,
      verifyCode: `code-${userId}`,
      tmplId: 'tmpl',
      ruleKey: 'rule',
      achievementKey: `exam:${examId}`,
      userId,
      holderName: userId,
      sourceKind: 'exam',
      refId: examId,
      achievement: '通过',
      issuedAt: created,
    });
    await t.db.insert(elCert).values([cert('u1'), cert('u2')]);
    try {
      const revokeOnFail = certConsumers.find((c) => c.name === 'cert.revoke-on-fail') as AnyConsumer;
      const events = [
        // u1 still has a passing paper (u1a): kept. u2 has none: revoked by the first of its two events.
        event('paper.marked', { paperId: u1b, userId: 'u1', examId, score: 40, passed: false }),
        event('paper.marked', { paperId: u2, userId: 'u2', examId, score: 30, passed: false }),
        event('paper.marked', { paperId: u2, userId: 'u2', examId, score: 20, passed: false }),
        event('paper.marked', { paperId: u3, userId: 'u3', examId, score: 90, passed: true }),
      ];
      const certs = await batchAndOneByOne(revokeOnFail, events, (tx) =>
        tx
          .select({ userId: elCert.userId, revokedAt: elCert.revokedAt, reason: elCert.revokeReason })
          .from(elCert)
          .orderBy(elCert.userId),
      );
      expect(certs).toEqual([
        { userId: 'u1', revokedAt: null, reason: null },
        { userId: 'u2', revokedAt: created, reason: '成绩变更为 30 分，未达到合格分' },
      ]);

      // No rule names the exam: a batch of passes issues nothing (one query for the whole batch).
      const issueOnPass = certConsumers.find((c) => c.name === 'cert.issue-on-pass') as AnyConsumer;
      const passes = [u1a, u3].map((paperId, i) =>
        event('exam.passed', { paperId, userId: `u${i * 2 + 1}`, examId, score: 80, passedAt: created.toISOString() }),
      );
      const count = await batchAndOneByOne(
        issueOnPass,
        passes,
        async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(elCert))[0].n,
      );
      expect(count).toBe(2);
    } finally {
      await t.db.delete(elCert).where(and(eq(elCert.refId, examId), inArray(elCert.userId, ['u1', 'u2'])));
    }
  });
});
