/**
 * The saves' lane: however many saves wait on the database, they never hold every connection of
 * the pool, so a learner's paper read (or a start, a claim, a hand-in) still finds one. PostgreSQL
 * only: PGlite has no pool.
 */
import { paperPaperClaim, paperPaperCreate, paperPaperDetail, paperPaperFillAnswer } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaperQu } from '../../db/schema/index.js';
import { createTestApp, isPgRun, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { CONNECTIONS_KEPT_FROM_SAVES, savesAtOnce } from './fill-answer.js';

describe('savesAtOnce', () => {
  it('leaves the kept connections free on any pool, and one save at least', () => {
    expect(savesAtOnce(20)).toBe(20 - CONNECTIONS_KEPT_FROM_SAVES);
    expect(savesAtOnce(10)).toBe(10 - CONNECTIONS_KEPT_FROM_SAVES);
    expect(savesAtOnce(3)).toBe(1);
    expect(savesAtOnce(undefined)).toBe(savesAtOnce(20));
  });
});

describe.skipIf(!isPgRun())('saves blocked on the database (PostgreSQL)', () => {
  const clock = testClock();
  let t: TestApp;
  let bank: Bank;
  let student: string;
  let blocker: pg.Client | null = null;
  let paperId = '';

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const admin = await t.login('admin', 'admin123');
    student = await t.login('student', 'student123');
    bank = await seedBank(t.db);
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge]);
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    const started = await t.call(paperPaperCreate.path, { examId }, student);
    expect(started.code, started.msg).toBe(0);
    paperId = started.data.paperId;
    const claimed = await t.call(paperPaperClaim.path, { paperId, windowId: 'w1' }, student);
    expect(claimed.code, claimed.msg).toBe(0);
  });
  afterAll(async () => {
    await blocker?.end().catch(() => undefined);
    await t.close();
  });

  it('leave a connection for the paper read while more saves than the pool wait on a locked row', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const poolSize = pool.options.max ?? 0;
    expect(poolSize).toBeGreaterThan(CONNECTIONS_KEPT_FROM_SAVES);
    // Another session locks the paper's answer rows: every save waits on it, holding its connection.
    blocker = new pg.Client({ connectionString: (pool.options as { connectionString: string }).connectionString });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select 1 from el_paper_qu where paper_id = $1 for update', [paperId]);

    const saves = Array.from({ length: poolSize * 2 }, (_, i) =>
      t.call(
        paperPaperFillAnswer.path,
        { paperId, quId: bank.single, answer: ['A'], seq: i + 1, windowId: 'w1' },
        student,
      ),
    );
    // Until the lock goes, no save can end: the read below gets its connection only if the saves left one.
    const read = t.call(paperPaperDetail.path, { paperId }, student);
    const first = await Promise.race([
      read.then(() => 'read' as const),
      Promise.all(saves).then(() => 'saves' as const),
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 20_000)),
    ]);
    const waiting = pool.waitingCount;
    await blocker.query('commit');
    expect(first).toBe('read');
    expect((await read).code).toBe(0);
    // The saves queued in their lane, not in the pool's queue (where they would hold up everyone).
    expect(waiting).toBe(0);

    const answers = await Promise.all(saves);
    for (const a of answers) expect(a.code, a.msg).toBe(0);
    // Whatever order they ran in, the newest sequence is the one stored.
    const [row] = await t.db
      .select({ seq: elPaperQu.seq })
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, bank.single)));
    expect(Number(row.seq)).toBe(saves.length);
  });
});
