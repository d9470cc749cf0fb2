/**
 * The regrade job (background, resumable): papers of the exam holding the question are walked by id
 * in batches of BATCH, one transaction per batch (papers locked FOR UPDATE, so a hand-in or a
 * marking save at the same time waits for the batch and then sees the corrected question). Each
 * batch stores the re-marked rows and papers in a few bulk statements, writes the before/after
 * report, publishes paper.marked / exam.passed through the lifecycle (the (user, exam) record and
 * certificates follow as consumers), messages learners whose final result changed, and advances
 * the job's cursor and progress. A runner holds the job by a lease; an expired lease (a crashed
 * process) lets the next progress poll resume it from its cursor.
 */

import { setImmediate as yieldLoop } from 'node:timers/promises';
import { EXAM_RESULT_LABELS, PaperState } from '@exam/contracts';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { elPaper, elPaperQu, elRegradeItem, elRegradeJob } from '../../../db/schema/index.js';
import { LogType, writeLog } from '../../../platform/audit.js';
import type { Db, Tx } from '../../../platform/db.js';
import type { PaperQuRow } from '../../paper/paper-view.js';
import { notifyUser } from '../../system/msg/msg.service.js';
import { examCertHolders } from '../cert-holders.js';
import { examMarkPolicy } from '../exam-policy.js';
import { regraded } from '../lifecycle/index.js';
import { JobState } from './regrade.service.js';
import { type Correction, regradePaper } from './regrade-paper.js';

export const BATCH = 500;
const LEASE_MS = 60_000;

type Job = typeof elRegradeJob.$inferSelect;

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);

async function storeRows(tx: Tx, rows: PaperQuRow[]) {
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.paperId}::text, ${r.quId}::text, ${JSON.stringify(r.options)}::jsonb, ${JSON.stringify(r.refAnswer)}::jsonb, ${r.score}::float8, ${r.actualScore}::float8, ${r.isRight}::boolean, ${r.markState}::smallint, ${r.suggestScore}::float8)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${elPaperQu} as pq
    set options = v.options, ref_answer = v.ref_answer, score = v.score, actual_score = v.actual_score,
        is_right = v.is_right, mark_state = v.mark_state, suggest_score = v.suggest
    from (values ${values}) as v(paper_id, qu_id, options, ref_answer, score, actual_score, is_right, mark_state, suggest)
    where pq.paper_id = v.paper_id and pq.qu_id = v.qu_id`);
}

interface PaperUpdate {
  id: string;
  totalScore: number;
  objScore: number;
  subjScore: number;
  userScore: number;
  passed: boolean;
}

async function storePapers(tx: Tx, papers: PaperUpdate[], now: Date) {
  if (!papers.length) return;
  const values = sql.join(
    papers.map(
      (p) =>
        sql`(${p.id}::text, ${p.totalScore}::float8, ${p.objScore}::float8, ${p.subjScore}::float8, ${p.userScore}::float8, ${p.passed}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${elPaper} as p
    set total_score = v.total, obj_score = v.obj, subj_score = v.subj, user_score = v.score, passed = v.passed,
        updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, total, obj, subj, score, passed)
    where p.id = v.id`);
}

/** Regrades the next batch of the job in the caller's transaction; answers whether the job is finished. */
export async function regradeBatch(tx: Tx, jobId: string, now: Date, size = BATCH): Promise<boolean> {
  const [job] = await tx.select().from(elRegradeJob).where(eq(elRegradeJob.id, jobId)).for('update');
  if (!job || job.state === JobState.DONE || job.state === JobState.FAILED) return true;
  const papers = await tx
    .select()
    .from(elPaper)
    .where(
      and(
        eq(elPaper.examId, job.examId),
        gt(elPaper.id, job.cursor),
        inArray(elPaper.state, [PaperState.IN_EXAM, PaperState.AWAITING_MARK, PaperState.FINISHED]),
        sql`exists (select 1 from ${elPaperQu} q where q.paper_id = ${elPaper.id} and q.qu_id = ${job.quId})`,
      ),
    )
    .orderBy(asc(elPaper.id))
    .limit(size)
    .for('update');
  if (papers.length === 0) {
    await finishJob(tx, job, now);
    return true;
  }
  const ids = papers.map((p) => p.id);
  const allRows = await tx.select().from(elPaperQu).where(inArray(elPaperQu.paperId, ids));
  const rowsOf = new Map<string, PaperQuRow[]>();
  for (const r of allRows) rowsOf.set(r.paperId, [...(rowsOf.get(r.paperId) ?? []), r]);
  const correction: Correction = {
    quId: job.quId,
    newScore: job.newScore,
    rightContents: job.rightContents ?? null,
    newAnswer: job.newAnswer ?? null,
  };
  const policy = await examMarkPolicy(tx, job.examId);
  const changedRows: PaperQuRow[] = [];
  const paperUpdates: PaperUpdate[] = [];
  const items: (typeof elRegradeItem.$inferInsert)[] = [];
  const finals: {
    paper: (typeof papers)[number];
    before: { score: number; passed: boolean };
    after: { score: number; passed: boolean };
  }[] = [];
  for (const p of papers) {
    const out = regradePaper(p, rowsOf.get(p.id) ?? [], correction, policy);
    if (!out) continue;
    changedRows.push(...out.rows);
    paperUpdates.push({ id: p.id, ...out.totals });
    if (p.state === PaperState.IN_EXAM) continue;
    const before = { score: p.userScore, passed: p.passed };
    const after = { score: out.totals.userScore, passed: out.totals.passed };
    if (before.score === after.score && before.passed === after.passed) continue;
    items.push({
      jobId: job.id,
      paperId: p.id,
      userId: p.userId,
      scoreBefore: before.score,
      scoreAfter: after.score,
      passedBefore: before.passed,
      passedAfter: after.passed,
      quBefore: out.quBefore,
      quAfter: out.quAfter,
      paperState: p.state,
    });
    finals.push({ paper: p, before, after });
  }
  await storeRows(tx, changedRows);
  await storePapers(tx, paperUpdates, now);

  // A pass turned fail does not take a certificate away by itself: flag it in the report.
  const lost = items.filter((i) => i.passedBefore && !i.passedAfter).map((i) => i.userId);
  const certHolders = await examCertHolders(tx, job.examId, lost);
  for (const i of items) i.hasCert = Boolean(i.passedBefore && !i.passedAfter && certHolders.has(i.userId));
  if (items.length) await tx.insert(elRegradeItem).values(items).onConflictDoNothing();

  const quText = plain(allRows.find((r) => r.quId === job.quId)?.content ?? '');
  for (const f of finals) {
    // A voided paper no longer counts: no event (no certificate from it), no message.
    if (f.paper.voided) continue;
    await regraded(tx, f.paper, f.before, f.after, now);
    if (f.paper.state !== PaperState.FINISHED) continue;
    const title = f.paper.title;
    const result = EXAM_RESULT_LABELS[f.after.passed ? 1 : 0];
    // A transaction is a valid executor here: notifyUser's own transaction becomes a savepoint.
    await notifyUser(
      tx as unknown as Db,
      [f.paper.userId],
      `考试「${title}」成绩已更正`,
      `因试题「${quText}」更正（${job.reason}），您参加的考试「${title}」已重新评分：得分由${f.before.score}分变为${f.after.score}分，考试结果：${result}。`,
      job.createdBy,
    );
  }
  const passToFail = items.filter((i) => i.passedBefore && !i.passedAfter).length;
  const failToPass = items.filter((i) => !i.passedBefore && i.passedAfter).length;
  await tx
    .update(elRegradeJob)
    .set({
      state: JobState.RUNNING,
      cursor: papers[papers.length - 1].id,
      processed: sql`${elRegradeJob.processed} + ${papers.length}`,
      changed: sql`${elRegradeJob.changed} + ${items.length}`,
      passToFail: sql`${elRegradeJob.passToFail} + ${passToFail}`,
      failToPass: sql`${elRegradeJob.failToPass} + ${failToPass}`,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      updatedAt: now,
    })
    .where(eq(elRegradeJob.id, job.id));
  if (papers.length < size) {
    const [fresh] = await tx.select().from(elRegradeJob).where(eq(elRegradeJob.id, job.id));
    await finishJob(tx, fresh, now);
    return true;
  }
  return false;
}

/** Marks the job done and writes its outcome to the operation log. */
async function finishJob(tx: Tx, job: Job, now: Date) {
  await tx
    .update(elRegradeJob)
    .set({
      state: JobState.DONE,
      finishedAt: now,
      leaseUntil: null,
      total: sql`greatest(${elRegradeJob.total}, ${elRegradeJob.processed})`,
      updatedAt: now,
    })
    .where(eq(elRegradeJob.id, job.id));
  await writeLog(tx, {
    type: LogType.OPERATION,
    userId: job.createdBy,
    userName: job.createdByName,
    title: '重新评分完成',
    path: '/api/exam/regrade/start',
    params: {
      jobId: job.id,
      examId: job.examId,
      quId: job.quId,
      oldScore: job.oldScore,
      newScore: job.newScore,
      keyChanged: job.rightContents !== null || job.newAnswer !== null,
      reason: job.reason,
      processed: job.processed,
      changed: job.changed,
      passToFail: job.passToFail,
      failToPass: job.failToPass,
    },
    success: true,
    message: `共处理${job.processed}份答卷，${job.changed}份成绩变化（通过→未通过${job.passToFail}，未通过→通过${job.failToPass}）`,
  });
}

/**
 * Runs a job to the end in batches, yielding to the event loop between them. Claims the job by its
 * lease first: a second runner (another request or instance) finds it held and returns.
 */
export async function runRegradeJob(db: Db, jobId: string, clock: () => Date): Promise<void> {
  const now = clock();
  const claimed = await db
    .update(elRegradeJob)
    .set({ state: JobState.RUNNING, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(elRegradeJob.id, jobId),
        inArray(elRegradeJob.state, [JobState.QUEUED, JobState.RUNNING]),
        or(isNull(elRegradeJob.leaseUntil), lt(elRegradeJob.leaseUntil, now)),
      ),
    )
    .returning({ id: elRegradeJob.id });
  if (!claimed.length) return;
  try {
    for (;;) {
      const done = await db.transaction((tx) => regradeBatch(tx, jobId, clock()));
      if (done) return;
      await yieldLoop();
    }
  } catch (err) {
    await db
      .update(elRegradeJob)
      .set({ state: JobState.FAILED, error: String((err as Error).message ?? err).slice(0, 500), leaseUntil: null })
      .where(eq(elRegradeJob.id, jobId));
    throw err;
  }
}

/** Starts (or resumes) a job after the current request, without holding it up. */
export function kickRegradeJob(db: Db, jobId: string, clock: () => Date, log: (err: unknown) => void): void {
  setImmediate(() => {
    runRegradeJob(db, jobId, clock).catch(log);
  });
}

/** Whether a job should be resumed: queued or running and nobody holds its lease. */
export const needsRunner = (job: { state: number; leaseUntil?: Date | null }, now: Date): boolean =>
  (job.state === JobState.QUEUED || job.state === JobState.RUNNING) && (!job.leaseUntil || job.leaseUntil < now);
