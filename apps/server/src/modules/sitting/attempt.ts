/**
 * The attempt's rows, written by the sitting module only: the exam decides whether a learner may
 * start (exam/entry-gate.ts, asked by start.ts) and the draw gives the paper its questions; an
 * invigilator's extra minutes move the deadline here too.
 */
import { PaperState } from '@exam/contracts';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import type { BuiltQu } from '../paper/paper-build.js';

/** The learner's attempts of an exam (any state) started since `attemptsFrom` (all when null). */
export async function countAttempts(
  db: Executor,
  of: { examId: string; attemptsFrom: Date | null },
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(elPaper)
    .where(
      and(
        eq(elPaper.userId, userId),
        eq(elPaper.examId, of.examId),
        of.attemptsFrom ? gte(elPaper.startTime, of.attemptsFrom) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export interface NewAttempt {
  examId: string;
  userId: string;
  deptId: string | null;
  title: string;
  startTime: Date;
  deadline: Date;
  passScore: number;
}

/**
 * The attempt's question rows as one parameter: a 50-question paper was a 650-parameter
 * INSERT that Drizzle built value by value on every start (the largest share of a start's CPU).
 */
export function insertPaperQuestions(paperId: string | SQL, questions: BuiltQu[], from: SQL = sql`from`): SQL {
  const rows = questions.map((q) => ({
    qu_id: q.quId,
    parent_qu_id: q.parentQuId,
    sort: q.sort,
    section_idx: q.sectionIdx,
    section_title: q.sectionTitle,
    type: q.type,
    level: q.level,
    score: q.score,
    content: q.content,
    options: q.options,
    ref_answer: q.refAnswer,
    analysis: q.analysis,
  }));
  return sql`insert into ${elPaperQu} (paper_id, qu_id, parent_qu_id, sort, section_idx, section_title, type, level,
      score, content, options, ref_answer, analysis)
    select ${paperId}, x.qu_id, x.parent_qu_id, x.sort, x.section_idx, x.section_title, x.type, x.level,
      x.score, x.content, coalesce(x.options, '[]'::jsonb), coalesce(x.ref_answer, '{}'::jsonb), x.analysis
    ${from} json_to_recordset(${JSON.stringify(rows)}::json) as x(qu_id text, parent_qu_id text, sort integer,
      section_idx integer, section_title text, type smallint, level smallint, score double precision,
      content text, options jsonb, ref_answer jsonb, analysis text)`;
}

/** What `writeAttempt` found: the new paper, or why none was written. */
export type AttemptWritten = { paperId: string } | { paperId: null; reason: 'examChanged' | 'tryLimit' | 'openPaper' };

/**
 * Writes an open paper (state 0) and its questions in one statement, only while `unchanged` (the
 * exam's condition, which locks its row) holds and the attempts of the cycle are under the limit.
 * A second open paper of the learner is not written (el_paper_open_uq, ON CONFLICT DO NOTHING: a
 * concurrent start waits for the first and then finds it). One round trip where a transaction of
 * BEGIN, lock, two inserts, the re-count and COMMIT held a pooled connection for six during the rush.
 */
export async function writeAttempt(
  db: Executor,
  attempt: NewAttempt,
  questions: BuiltQu[],
  guard: { unchanged: SQL; tryLimit: number; attemptsFrom: Date | null },
): Promise<AttemptWritten> {
  const paperId = newId();
  const totalScore = Math.round(questions.filter((q) => !q.parentQuId).reduce((s, q) => s + q.score, 0) * 100) / 100;
  const used =
    guard.tryLimit > 0
      ? sql`(select count(*) from ${elPaper} c where c.user_id = ${attempt.userId} and c.exam_id = ${attempt.examId}
          ${guard.attemptsFrom ? sql`and c.start_time >= ${guard.attemptsFrom}` : sql``})`
      : sql`0`;
  const result = await db.execute<{ unchanged: boolean; used: number | string; paper_id: string | null }>(sql`
    with ok as (select ${guard.unchanged} as unchanged, ${used} as used),
    p as (
      insert into ${elPaper} (id, exam_id, user_id, dept_id, title, state, start_time, deadline, total_score, pass_score)
      select ${paperId}, ${attempt.examId}, ${attempt.userId}, ${attempt.deptId}, ${attempt.title}, ${PaperState.IN_EXAM},
        ${attempt.startTime}, ${attempt.deadline}, ${totalScore}, ${attempt.passScore}
      from ok where ok.unchanged and (${guard.tryLimit}::int = 0 or ok.used < ${guard.tryLimit}::int)
      on conflict (user_id) where state = 0 do nothing
      returning id),
    q as (${insertPaperQuestions(sql`p.id`, questions, sql`from p,`)})
    select ok.unchanged, ok.used, (select id from p) as paper_id from ok`);
  const row = result.rows[0];
  if (row.paper_id) return { paperId: row.paper_id };
  if (!row.unchanged) return { paperId: null, reason: 'examChanged' };
  if (guard.tryLimit > 0 && Number(row.used) >= guard.tryLimit) return { paperId: null, reason: 'tryLimit' };
  return { paperId: null, reason: 'openPaper' };
}

/**
 * Moves an open paper's deadline by `minutes`, atomically (two invigilators adding 5 minutes each
 * give 10) and only while it is open and not yet due; null when it was not.
 */
export async function extendDeadline(db: Executor, paperId: string, minutes: number, now: Date) {
  const [row] = await db
    .update(elPaper)
    .set({ deadline: sql`${elPaper.deadline} + make_interval(mins => ${minutes}::int)`, updatedAt: now })
    .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.IN_EXAM), sql`${elPaper.deadline} > ${now}`))
    .returning({ deadline: elPaper.deadline, examId: elPaper.examId });
  return row ?? null;
}
