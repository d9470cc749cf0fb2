/**
 * Regrade of 10,000 papers: one exam with N finished papers of 10 single-choice
 * questions each; the key of one question is corrected and the job of paper/regrade/regrade-run.ts
 * regrades every paper in batches of 500 (a transaction per batch: re-marking through the kind
 * registry, bulk row and paper updates, before/after report, lifecycle events, one message per
 * changed result). Then the events are delivered (the (user, exam) record follows). A raw baseline
 * in the same run and database: the same correction done by two set-based UPDATE statements
 * (no kind registry, no report, no events, no messages), the floor of what touching those rows costs.
 *
 *   npx tsx bench/regrade.ts --papers 10000 --db pglite
 *   npx tsx bench/regrade.ts --papers 10000 --db pg     (BENCH_DATABASE_URL, default local test server)
 */
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import {
  elExam,
  elPaper,
  elPaperQu,
  elRegradeItem,
  elRegradeJob,
  elUserExam,
  sysEventDelivery,
  sysUserMsg,
} from '../apps/server/src/db/schema/index.js';
import { eventConsumers } from '../apps/server/src/modules/index.js';
import { runRegradeJob } from '../apps/server/src/modules/sitting/regrade/regrade-run.js';
import { createDispatcher } from '../apps/server/src/platform/events/dispatcher.js';
import { deliveryShape } from '../apps/server/src/platform/events/install.js';
import { createBenchDatabase, dbKind, loadAverage, machine, writeReport } from './setup.js';

const { values: args } = parseArgs({
  options: {
    papers: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
    // Outbox batches at once on PostgreSQL, as the app's OUTBOX_WORKERS (PGlite: always one).
    workers: { type: 'string', default: '3' },
    // Deliveries per outbox batch; the app's default (install.ts deliveryShape) when left out.
    batch: { type: 'string' },
  },
});
const PAPERS = Number(args.papers);
const KIND = dbKind(args.db);
const QUESTIONS = 10;

const secs = (ms: number) => (ms / 1000).toFixed(1);

async function main() {
  const bench = await createBenchDatabase(KIND, 'bench-regrade');
  const database = await bench.open();
  const { db } = database;
  const loadBefore = loadAverage();

  // Setup: an exam and N finished papers; question 0 is keyed B, every learner answered A or B.
  const t0 = Date.now();
  const now = new Date();
  const [exam] = await db
    .insert(elExam)
    .values({ title: '重评压测考试', tmplId: 'bench', startTime: now, endTime: now, passScore: 60, state: 1 })
    .returning({ id: elExam.id });
  const quIds = Array.from({ length: QUESTIONS }, (_, i) => `bench-q${i}`);
  const options = (right: string) =>
    ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `选项 ${key}`, isRight: key === right }));
  for (let start = 0; start < PAPERS; start += 500) {
    const n = Math.min(500, PAPERS - start);
    const papers = Array.from({ length: n }, (_, i) => {
      const k = start + i;
      // Right answers to questions 1..9: k % 10 of them; question 0 answered B by even k (right by the old key).
      const others = k % 10;
      const q0 = k % 2 === 0 ? 10 : 0;
      const score = q0 + others * 10;
      return { k, others, q0, score };
    });
    const inserted = await db
      .insert(elPaper)
      .values(
        papers.map((p) => ({
          examId: exam.id,
          userId: `bench-u${p.k}`,
          title: '重评压测考试',
          state: 2,
          startTime: now,
          deadline: now,
          handTime: now,
          totalScore: 100,
          passScore: 60,
          objScore: p.score,
          userScore: p.score,
          passed: p.score >= 60,
        })),
      )
      .returning({ id: elPaper.id });
    const rows = inserted.flatMap((paper, i) =>
      quIds.map((quId, q) => {
        const answer = q === 0 ? (papers[i].q0 ? 'B' : 'A') : q <= papers[i].others ? 'B' : 'C';
        const right = answer === 'B';
        return {
          paperId: paper.id,
          quId,
          sort: q + 1,
          type: 1,
          score: 10,
          content: `<p>压测单选题 ${q + 1}</p>`,
          options: options('B'),
          answer,
          isRight: right,
          actualScore: right ? 10 : 0,
          markState: 1,
        };
      }),
    );
    for (let i = 0; i < rows.length; i += 1000) await db.insert(elPaperQu).values(rows.slice(i, i + 1000));
  }
  const setupMs = Date.now() - t0;
  console.error(`setup: ${PAPERS} papers in ${secs(setupMs)} s; regrading…`);

  // The job: question 0's key was wrong (A is right).
  const [job] = await db
    .insert(elRegradeJob)
    .values({
      examId: exam.id,
      quId: quIds[0],
      oldScore: 10,
      newScore: 10,
      rightContents: ['选项 A'],
      oldOptions: options('B'),
      reason: '压测：标准答案有误',
      total: PAPERS,
      createdBy: 'bench',
      createdByName: '压测',
    })
    .returning({ id: elRegradeJob.id });
  // Created before the job, as the app's is at start: its consumers are the events' subscribers.
  const shape = deliveryShape(KIND, Number(args.workers));
  if (args.batch) shape.batchSize = Number(args.batch);
  const dispatcher = createDispatcher(db, eventConsumers, shape);
  const t1 = Date.now();
  await runRegradeJob(db, job.id, () => new Date());
  const jobMs = Date.now() - t1;
  console.error(`job: ${secs(jobMs)} s; delivering events…`);
  const [done] = await db.select().from(elRegradeJob).where(eq(elRegradeJob.id, job.id));
  const [items] = await db.select({ n: count() }).from(elRegradeItem).where(eq(elRegradeItem.jobId, job.id));
  const [msgs] = await db.select({ n: count() }).from(sysUserMsg);

  const t2 = Date.now();
  let delivered = 0;
  for (;;) {
    const n = await dispatcher.drain();
    delivered += n;
    if (n === 0) break;
  }
  const eventsMs = Date.now() - t2;
  const [left] = await db.select({ n: count() }).from(sysEventDelivery);
  const [records] = await db.select({ n: count() }).from(elUserExam).where(eq(elUserExam.examId, exam.id));

  // Raw baseline: the same correction (back to B, then to A) as two set-based statements per direction.
  const raw = async (right: string) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update ${elPaperQu} set options = ${JSON.stringify(options(right))}::jsonb,
        is_right = (answer #>> '{}') = ${right}, actual_score = case when (answer #>> '{}') = ${right} then 10 else 0 end
        where qu_id = ${quIds[0]} and paper_id in (select id from ${elPaper} where exam_id = ${exam.id})`);
      await tx.execute(sql`update ${elPaper} p set obj_score = s.total, user_score = s.total, passed = s.total >= p.pass_score
        from (select paper_id, sum(actual_score) as total from ${elPaperQu}
              where paper_id in (select id from ${elPaper} where exam_id = ${exam.id}) group by paper_id) s
        where p.id = s.paper_id`);
    });
  };
  await raw('B');
  const t3 = Date.now();
  await raw('A');
  const rawMs = Date.now() - t3;
  const loadAfter = loadAverage();

  const report = {
    date: new Date().toISOString(),
    db: KIND,
    papers: PAPERS,
    outbox: shape,
    questionsPerPaper: QUESTIONS,
    ...machine(),
    loadavgBefore: loadBefore,
    loadavgAfter: loadAfter,
    setupSeconds: secs(setupMs),
    jobSeconds: secs(jobMs),
    papersPerSecond: Math.round((PAPERS * 1000) / jobMs),
    job: {
      state: done.state,
      processed: done.processed,
      changed: done.changed,
      passToFail: done.passToFail,
      failToPass: done.failToPass,
    },
    reportRows: items.n,
    messages: msgs.n,
    eventsDelivered: delivered,
    eventsSeconds: secs(eventsMs),
    deliveriesLeft: left.n,
    userExamRecords: records.n,
    rawBaselineSeconds: secs(rawMs),
  };
  console.log(JSON.stringify(report, null, 2));
  writeReport(`regrade-${KIND}-${Date.now()}`, report);
  await database.close();
  await bench.remove();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
