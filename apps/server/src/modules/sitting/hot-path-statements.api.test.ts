/**
 * The exam-day hot paths in statements per call (token check, BEGIN and COMMIT included): start,
 * paper read, claim, save, beat and hand-in. A refactor may keep or lower these numbers; a rise
 * fails here, before a bench would show it.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import {
  examInvigilateBeat,
  paperPaperClaim,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperTmplSave,
} from '@exam/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteProxy } from '../../platform/pglite-proxy.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { questionPool } from '../repo/question-pool.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let bank: Bank;
let examId: string;

/**
 * Counts the statements `fn`'s own requests send to the database (either kind). Only statements in
 * `fn`'s async context count: a background sweep or a delivery retry that fires meanwhile (its
 * timer was set before) is not the call's cost, and on a loaded machine it used to land inside.
 */
let counted = 0;
const inCall = new AsyncLocalStorage<true>();
const proxyRaw = (PgliteProxy.prototype as unknown as { raw: (...a: unknown[]) => unknown }).raw;
const clientQuery = pg.Client.prototype.query;
async function statements(fn: () => Promise<unknown>): Promise<number> {
  counted = 0;
  await inCall.run(true, fn);
  return counted;
}

beforeAll(async () => {
  (PgliteProxy.prototype as unknown as { raw: (...a: unknown[]) => unknown }).raw = function (...a: unknown[]) {
    if (inCall.getStore()) counted++;
    return proxyRaw.apply(this, a);
  };
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    if (inCall.getStore()) counted++;
    return (clientQuery as (...x: unknown[]) => unknown).apply(this, a);
  } as typeof clientQuery;
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge, bank.fill, bank.short]);
  examId = await saveExam(t, admin, tmplId, clock.ms());
});
afterAll(async () => {
  (PgliteProxy.prototype as unknown as { raw: unknown }).raw = proxyRaw;
  pg.Client.prototype.query = clientQuery;
  await t.close();
});

describe('statements per exam-day call', () => {
  it('start, read, claim, save, beat and hand-in keep their counts', async () => {
    // The token's first check is cached after one call: warm it, as on exam day.
    await t.call(paperPaperCreate.path, { examId: 'none' }, student);
    let paperId = '';
    const figures: Record<string, number> = {};
    figures.start = await statements(async () => {
      const res = await t.call(paperPaperCreate.path, { examId }, student);
      paperId = res.data.paperId;
    });
    figures.resume = await statements(() => t.call(paperPaperCreate.path, { examId }, student));
    figures.read = await statements(() => t.call(paperPaperDetail.path, { paperId }, student));
    figures.claim = await statements(() => t.call(paperPaperClaim.path, { paperId, windowId: 'w1' }, student));
    figures.save = await statements(() =>
      t.call(paperPaperFillAnswer.path, { paperId, quId: bank.single, answer: ['A'], seq: 1, windowId: 'w1' }, student),
    );
    figures.beat = await statements(() => t.call(examInvigilateBeat.path, { paperId }, student));
    figures.hand = await statements(() => t.call(paperPaperHand.path, { paperId }, student));
    if (process.env.SHOW_STATEMENTS) console.log('statements per call', JSON.stringify(figures));
    // The start reads the exam, its audience and the learner's arrangement in one statement, its
    // course lock in one more, and writes the attempt in one statement
    // (PGlite; PostgreSQL's hand-in is one fewer); the read takes the paper with its questions;
    // the hand-in takes the marking policy with the exam's settings and publishes its events in
    // one statement.
    const ceiling = { start: 6, resume: 1, read: 2, claim: 1, save: 1, beat: 3, hand: 10 };
    for (const [call, n] of Object.entries(figures))
      expect(n, `${call}: ${JSON.stringify(figures)}`).toBeLessThanOrEqual(ceiling[call as keyof typeof ceiling]);
    fixedStart = figures.start;
  });

  it('a blueprint paper starts with one statement more than a fixed one (its pool, all cells at once)', async () => {
    // Three cells over two sections: still one read of the pool.
    const res = await t.call(
      paperTmplSave.path,
      {
        title: '蓝图卷',
        kind: 2,
        blueprintSections: [
          {
            title: '一',
            repoIds: [bank.repoId],
            cells: [
              { quType: 1, kpId: null, band: 'any', count: 1, score: 10 },
              { quType: 2, kpId: null, band: 'any', count: 1, score: 10 },
            ],
          },
          { title: '二', repoIds: [bank.repoId], cells: [{ quType: 3, kpId: null, band: 'any', count: 1, score: 10 }] },
        ],
      },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const bpExam = await saveExam(t, admin, res.data.id, clock.ms());
    // The hand-in's events are delivered in the background: let them finish, or their statements count here.
    await drainEvents(t);
    // The token's cache entry lasts 60 s, which the setup above can outlast on a loaded machine:
    // warm it again, or its check is counted as the start's.
    await t.call(paperPaperCreate.path, { examId: 'none' }, student);
    let bpPaper = '';
    const start = await statements(async () => {
      const r = await t.call(paperPaperCreate.path, { examId: bpExam }, student);
      expect(r.code, r.msg).toBe(0);
      bpPaper = r.data.paperId;
    });
    expect((await t.call(paperPaperHand.path, { paperId: bpPaper }, student)).code).toBe(0);
    if (process.env.SHOW_STATEMENTS) console.log('blueprint start', start, 'fixed start', fixedStart);
    expect(start).toBeLessThanOrEqual(fixedStart + 1);
  });

  it('a rule paper, once its exam has started once, draws without reading the bank', async () => {
    const tmpl = await t.call(
      paperTmplSave.path,
      {
        title: '抽题卷',
        kind: 2,
        ruleSections: [
          { title: '单选', repoIds: [bank.repoId], quType: 1, level: 0, count: 1, score: 10 },
          { title: '判断', repoIds: [bank.repoId], quType: 3, level: 0, count: 1, score: 10 },
        ],
      },
      admin,
    );
    expect(tmpl.code, tmpl.msg).toBe(0);
    const ruleExam = await saveExam(t, admin, tmpl.data.id, clock.ms(), { passScore: 10 });
    const sit = async () => {
      const r = await t.call(paperPaperCreate.path, { examId: ruleExam }, student);
      expect(r.code, r.msg).toBe(0);
      return r.data.paperId as string;
    };
    const hand = async (paperId: string) => {
      expect((await t.call(paperPaperHand.path, { paperId }, student)).code).toBe(0);
      await drainEvents(t);
      await t.call(paperPaperCreate.path, { examId: 'none' }, student);
    };
    await drainEvents(t);
    // What is counted is the statements, not the pool's 30 s: a loaded machine may take longer here.
    questionPool.settings.ttlMs = 600_000;
    let paperId = '';
    const cold = await statements(async () => {
      paperId = await sit();
    });
    await hand(paperId);
    const warm = await statements(async () => {
      paperId = await sit();
    });
    await hand(paperId);
    if (process.env.SHOW_STATEMENTS) console.log('rule start cold', cold, 'warm', warm);
    // Cold: the template and each rule's candidates are read (the drawn rows too, unless an earlier
    // test's paper left them in memory); warm: none of them.
    expect(warm).toBeLessThanOrEqual(cold - 3);
  });
});

let fixedStart = 0;
