/**
 * Regrading (重新评分): the questions of an exam's papers that can be corrected, a
 * correction checked by the question's kind (repo/kinds) and queued as a job, its progress and its
 * before/after report. The job itself runs in regrade-run.ts.
 *
 * Data scope: a regrade changes the marks of every paper of the exam, whatever the learner's
 * department, so only an administrator whose data scope is 全部 may start one (others: 10010004).
 * What any viewer reads of a job (the report, its changed / pass→fail / fail→pass figures) keeps
 * to the learners of their scope; the job's progress counts (total, processed) are the exam's.
 */
import { DataScope, PaperState, type TQuAnswer, type TRegradeStart } from '@exam/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { elPaper, elPaperQu, elRegradeItem, elRegradeJob, sysDepart, sysUser } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Db } from '../../../platform/db.js';
import { badParams, conflict, noPermission, notFound } from '../../../platform/errors.js';
import { paginate } from '../../../platform/paging.js';
import { referenceOf } from '../../paper/paper-view.js';
import { isComposite, kindOf } from '../../repo/kinds/registry.js';
import { keepOrder } from '../../repo/kinds/shared.js';
import type { NormalQuestion, QuKind } from '../../repo/kinds/types.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';
import { examsForSitting } from '../exam-port.js';

export const JobState = { QUEUED: 0, RUNNING: 1, DONE: 2, FAILED: 3 } as const;

/** How a kind's key can be corrected across papers: by option contents, as written, or not at all. */
export function keyEditOf(kind: QuKind): 'choice' | 'answer' | 'none' {
  if (kind.options === 'choice') return 'choice';
  // Only a key every paper keeps as written (no shuffled columns or letters) can be replaced whole.
  if (!kind.manual && !kind.composite && kind.snapshot === keepOrder) return 'answer';
  return 'none';
}

async function loadExam(db: Db, examId: string) {
  const exam = await examsForSitting().settings(db, examId);
  if (!exam || exam.deletedAt) throw notFound('考试');
  return { id: exam.id, title: exam.title };
}

/** One row of each question of the exam's papers (the earliest paper's), composite parents included. */
async function sampleRows(db: Db, examId: string, quId?: string) {
  return db
    .selectDistinctOn([elPaperQu.quId], { row: elPaperQu })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(and(eq(elPaper.examId, examId), quId ? eq(elPaperQu.quId, quId) : undefined))
    .orderBy(elPaperQu.quId, asc(elPaper.id));
}

/** The questions of the exam's papers that can be corrected, with how many handed-in papers hold each. */
export async function regradeQuestions(db: Db, examId: string) {
  await loadExam(db, examId);
  const samples = (await sampleRows(db, examId)).map((s) => s.row);
  const counts = await db
    .select({ quId: elPaperQu.quId, n: count() })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(and(eq(elPaper.examId, examId), inArray(elPaper.state, [PaperState.AWAITING_MARK, PaperState.FINISHED])))
    .groupBy(elPaperQu.quId);
  const countOf = new Map(counts.map((c) => [c.quId, c.n]));
  const byId = new Map(samples.map((r) => [r.quId, r]));
  return samples
    .filter((r) => !isComposite(r.type))
    .sort((a, b) => a.sort - b.sort)
    .map((r) => {
      const keyEdit = keyEditOf(kindOf(r.type));
      return {
        quId: r.quId,
        type: r.type,
        content: r.content,
        score: r.score,
        sort: r.sort,
        parentContent: r.parentQuId ? (byId.get(r.parentQuId)?.content ?? null) : null,
        paperCount: countOf.get(r.quId) ?? 0,
        keyEdit,
        options: keyEdit === 'choice' ? r.options.map((o) => ({ content: o.content, isRight: o.isRight })) : [],
        refAnswer: referenceOf(r),
      };
    });
}

/** Checks a correction with the question's kind; answers what the job stores. */
export function checkCorrection(row: typeof elPaperQu.$inferSelect, body: TRegradeStart) {
  const kind = kindOf(row.type);
  if (isComposite(row.type)) throw badParams('组合题请分别更正其小题');
  const keyEdit = keyEditOf(kind);
  const newScore = body.score ?? row.score;
  let rightContents: string[] | null = null;
  let newAnswer: (typeof row)['refAnswer'] | null = null;
  let options = row.options;
  let answer = row.refAnswer;
  if (body.rightContents) {
    if (keyEdit !== 'choice') throw badParams('该题型不能按选项更正答案');
    const contents = new Set(row.options.map((o) => o.content));
    const missing = body.rightContents.filter((c) => !contents.has(c));
    if (missing.length) throw badParams('正确选项不在该题的选项中');
    rightContents = [...new Set(body.rightContents)];
    const right = new Set(rightContents);
    options = row.options.map((o) => ({ ...o, isRight: right.has(o.content) }));
  }
  if (body.answer) {
    if (keyEdit !== 'answer') throw badParams('该题型不能直接更正答案，只能更正分值');
    newAnswer = kind.normaliseAnswer(body.answer as TQuAnswer, row.options);
    answer = newAnswer;
  }
  if (rightContents || newAnswer) {
    const issues: string[] = [];
    const q: NormalQuestion = {
      type: row.type,
      level: row.level,
      content: row.content,
      analysis: row.analysis,
      options,
      answer,
      children: [],
    };
    kind.check(q, (_field, message) => issues.push(message), row.parentQuId !== null);
    if (issues.length) throw badParams(issues[0]);
  }
  const sameKey =
    (!rightContents || row.options.every((o) => o.isRight === rightContents.includes(o.content))) &&
    (!newAnswer || JSON.stringify(newAnswer) === JSON.stringify(row.refAnswer));
  if (newScore === row.score && sameKey) throw badParams('分值和答案都没有变化，无需重新评分');
  return { newScore, rightContents, newAnswer };
}

/** Queues a regrade of the exam's papers for one corrected question (one job per exam at a time). */
export async function startRegrade(db: Db, user: AuthUser, body: TRegradeStart, now: Date) {
  if (user.dataScope < DataScope.ALL)
    throw noPermission('重新评分会改变本场考试全部考生的成绩，只有数据权限为“全部数据”的管理员可以执行');
  await loadExam(db, body.examId);
  const [sample] = await sampleRows(db, body.examId, body.quId);
  if (!sample) throw notFound('题目');
  const { newScore, rightContents, newAnswer } = checkCorrection(sample.row, body);
  const id = await db.transaction(async (tx) => {
    const busy = await tx
      .select({ id: elRegradeJob.id })
      .from(elRegradeJob)
      .where(
        and(eq(elRegradeJob.examId, body.examId), inArray(elRegradeJob.state, [JobState.QUEUED, JobState.RUNNING])),
      )
      .for('update');
    if (busy.length) throw conflict('该考试有正在进行的重新评分任务，请等待其完成');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(elPaperQu)
      .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
      .where(
        and(
          eq(elPaper.examId, body.examId),
          eq(elPaperQu.quId, body.quId),
          inArray(elPaper.state, [PaperState.IN_EXAM, PaperState.AWAITING_MARK, PaperState.FINISHED]),
        ),
      );
    const [job] = await tx
      .insert(elRegradeJob)
      .values({
        examId: body.examId,
        quId: body.quId,
        oldScore: sample.row.score,
        newScore,
        rightContents,
        newAnswer,
        oldOptions: sample.row.options,
        reason: body.reason,
        total: n,
        createdBy: user.id,
        createdByName: user.realName || user.userName,
        createdAt: now,
      })
      .returning({ id: elRegradeJob.id });
    return job.id;
  });
  return regradeProgress(db, user, id);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type JobRow = typeof elRegradeJob.$inferSelect;
type Figures = Pick<JobRow, 'changed' | 'passToFail' | 'failToPass'>;

/** The changed / pass→fail / fail→pass figures of jobs counted over the viewer's learners only. */
async function scopedFigures(db: Db, viewer: ScopeHolder, jobIds: string[]): Promise<Map<string, Figures> | null> {
  if (viewer.dataScope >= DataScope.ALL) return null;
  const out = new Map<string, Figures>(jobIds.map((id) => [id, { changed: 0, passToFail: 0, failToPass: 0 }]));
  if (!jobIds.length) return out;
  const rows = await db
    .select({
      jobId: elRegradeItem.jobId,
      changed: count(),
      passToFail:
        sql<number>`count(*) filter (where ${elRegradeItem.passedBefore} and not ${elRegradeItem.passedAfter})`.mapWith(
          Number,
        ),
      failToPass:
        sql<number>`count(*) filter (where not ${elRegradeItem.passedBefore} and ${elRegradeItem.passedAfter})`.mapWith(
          Number,
        ),
    })
    .from(elRegradeItem)
    .where(and(inArray(elRegradeItem.jobId, jobIds), userScope(viewer, elRegradeItem.userId)))
    .groupBy(elRegradeItem.jobId);
  for (const r of rows) out.set(r.jobId, { changed: r.changed, passToFail: r.passToFail, failToPass: r.failToPass });
  return out;
}

function jobView(j: JobRow, quContent: string | null, figures: Figures = j) {
  return {
    id: j.id,
    examId: j.examId,
    quId: j.quId,
    quContent,
    oldScore: j.oldScore,
    newScore: j.newScore,
    keyChanged: j.rightContents !== null || j.newAnswer !== null,
    reason: j.reason,
    state: j.state,
    total: Math.max(j.total, j.processed),
    processed: j.processed,
    changed: figures.changed,
    passToFail: figures.passToFail,
    failToPass: figures.failToPass,
    error: j.error,
    createdByName: j.createdByName,
    createdAt: j.createdAt.toISOString(),
    finishedAt: iso(j.finishedAt),
  };
}

/** A job's progress (the web polls it). */
export async function regradeProgress(db: Db, viewer: ScopeHolder, id: string) {
  const [job] = await db.select().from(elRegradeJob).where(eq(elRegradeJob.id, id));
  if (!job) throw notFound('重新评分任务');
  const [sample] = await sampleRows(db, job.examId, job.quId);
  const figures = await scopedFigures(db, viewer, [job.id]);
  return jobView(job, sample?.row.content ?? null, figures?.get(job.id));
}

/** The exam's regrade jobs, newest first. */
export async function regradeJobs(db: Db, viewer: ScopeHolder, examId: string) {
  const jobs = await db
    .select()
    .from(elRegradeJob)
    .where(eq(elRegradeJob.examId, examId))
    .orderBy(desc(elRegradeJob.createdAt), desc(elRegradeJob.id))
    .limit(50);
  const samples = new Map((await sampleRows(db, examId)).map((s) => [s.row.quId, s.row.content]));
  const figures = await scopedFigures(
    db,
    viewer,
    jobs.map((j) => j.id),
  );
  return jobs.map((j) => jobView(j, samples.get(j.quId) ?? null, figures?.get(j.id)));
}

/** The before/after report of a job: papers whose score or result changed (optionally only the result). */
export async function regradeReport(
  db: Db,
  viewer: ScopeHolder,
  params: { jobId: string; onlyResultChanged?: boolean | null },
  current: number,
  size: number,
) {
  const where = and(
    eq(elRegradeItem.jobId, params.jobId),
    userScope(viewer, elRegradeItem.userId),
    params.onlyResultChanged ? sql`${elRegradeItem.passedBefore} <> ${elRegradeItem.passedAfter}` : undefined,
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elRegradeItem).where(where),
    db
      .select({ i: elRegradeItem, realName: sysUser.realName, deptName: sysDepart.name })
      .from(elRegradeItem)
      .leftJoin(sysUser, eq(sysUser.id, elRegradeItem.userId))
      .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
      .where(where)
      .orderBy(desc(sql`(${elRegradeItem.passedBefore} <> ${elRegradeItem.passedAfter})`), asc(elRegradeItem.paperId))
      .$dynamic(),
    ({ i, realName, deptName }) => ({ ...i, realName, deptName }),
  );
}
