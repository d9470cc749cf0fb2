/**
 * The attempt's rows, written by the sitting module only: the exam decides whether a learner may
 * start (exam/entry-gate.ts, asked by start.ts) and the draw gives the paper its questions; an
 * invigilator's extra minutes move the deadline here too.
 */
import { PaperState } from '@exam/contracts';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../platform/db.js';
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
 * Inserts an open paper (state 0) and its questions in the caller's transaction; answers its id.
 * The total is the sum of the top-level questions (a composite's parts count in their parent).
 * Two statements; the partial unique index el_paper_open_uq refuses a second open paper of the
 * learner (the caller resumes the winner).
 */
export async function createAttempt(tx: Tx, attempt: NewAttempt, questions: BuiltQu[]): Promise<string> {
  const totalScore = questions.filter((q) => !q.parentQuId).reduce((s, q) => s + q.score, 0);
  const [paper] = await tx
    .insert(elPaper)
    .values({ ...attempt, state: PaperState.IN_EXAM, totalScore: Math.round(totalScore * 100) / 100 })
    .returning({ id: elPaper.id });
  await tx.execute(insertPaperQuestions(paper.id, questions));
  return paper.id;
}

/**
 * The attempt's question rows as one parameter: a 50-question paper was a 650-parameter
 * INSERT that Drizzle built value by value on every start (the largest share of a start's CPU).
 */
export function insertPaperQuestions(paperId: string, questions: BuiltQu[]): SQL {
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
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(qu_id text, parent_qu_id text, sort integer,
      section_idx integer, section_title text, type smallint, level smallint, score double precision,
      content text, options jsonb, ref_answer jsonb, analysis text)`;
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
