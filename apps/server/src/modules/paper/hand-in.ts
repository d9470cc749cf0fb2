/**
 * Hand-in: the one transition of a paper out of state 0 (考试中). The paper row is locked
 * (FOR UPDATE) and the update is conditional on state 0, so two hand-ins at once (learner,
 * sweep, leave limit, another instance) give one result. Objective questions are marked at once;
 * a paper with pending short answers goes to 1 (待阅卷), else 2 (已完成).
 */
import { HandKind, MarkState, PaperState } from '@exam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { elExam, elPaper, elPaperQu, elUserExam } from '../../db/schema/index.js';
import type { Db, Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { recordWrongAnswers } from '../train/book-record.js';
import { markPaperRows, type RowMark } from './mark-rows.js';
import type { PaperQuRow } from './paper-view.js';
import type { MultiPolicyValue } from './scoring.js';
import { totalOf } from './scoring.js';

export interface HandOutcome {
  paperId: string;
  state: number;
  /** False when the paper had already left state 0 (the earlier result stands). */
  handedNow: boolean;
}

/** Stores the marks of the rows in one statement. */
export async function storeRowMarks(tx: Tx, paperId: string, marks: RowMark[]): Promise<void> {
  if (marks.length === 0) return;
  const values = sql.join(
    marks.map(
      (m) =>
        sql`(${m.quId}::text, ${m.score}::float8, ${m.isRight}::boolean, ${m.markState}::smallint, ${m.suggestScore}::float8)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${elPaperQu} as pq
    set actual_score = v.score, is_right = v.is_right, mark_state = v.mark_state,
        suggest_score = coalesce(v.suggest, pq.suggest_score)
    from (values ${values}) as v(qu_id, score, is_right, mark_state, suggest)
    where pq.paper_id = ${paperId} and pq.qu_id = v.qu_id`);
}

/**
 * Recomputes the (user, exam) record from the papers in one statement: attempts, best score and
 * passed over finished papers that are not voided, last score and time of the latest handed-in one.
 */
export async function refreshRecord(tx: Tx | Db, userId: string, examId: string): Promise<void> {
  await tx.execute(sql`insert into ${elUserExam} (user_id, exam_id, try_count, best_score, last_score, passed, last_paper_id, last_time, updated_at)
    select ${userId}, ${examId}, count(*)::int,
      max(p.user_score) filter (where p.state = 2 and not p.voided),
      (array_agg(p.user_score order by p.start_time desc) filter (where p.state in (1, 2) and not p.voided))[1],
      coalesce(bool_or(p.passed) filter (where p.state = 2 and not p.voided), false),
      (array_agg(p.id order by p.start_time desc))[1],
      max(p.hand_time), now()
    from ${elPaper} p where p.user_id = ${userId} and p.exam_id = ${examId}
    on conflict (user_id, exam_id) do update set try_count = excluded.try_count, best_score = excluded.best_score,
      last_score = excluded.last_score, passed = excluded.passed, last_paper_id = excluded.last_paper_id,
      last_time = excluded.last_time, updated_at = excluded.updated_at`);
}

/**
 * Adds wrongly answered top-level questions to the learner's wrong-answer book, all in one
 * statement, through the book's one writer (they become due for spaced review the next day).
 */
export async function addToBook(
  tx: Tx,
  userId: string,
  examId: string,
  rows: PaperQuRow[],
  marks: RowMark[],
  now: Date,
): Promise<void> {
  const byQu = new Map(rows.map((r) => [r.quId, r]));
  const wrong = marks
    .filter((m) => m.isRight === false)
    .map((m) => byQu.get(m.quId))
    .filter((row): row is PaperQuRow => Boolean(row) && !row?.parentQuId);
  await recordWrongAnswers(
    tx,
    wrong.map((row) => ({ userId, quId: row.quId, examId, source: 'exam' as const, answer: row.answer, now })),
  );
}

/** Hands a locked-or-lockable paper in within the caller's transaction. */
export async function handInTx(tx: Tx, paperId: string, now: Date, kind: number): Promise<HandOutcome> {
  const [paper] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
  if (!paper) throw notFound('试卷');
  if (paper.state !== PaperState.IN_EXAM) return { paperId, state: paper.state, handedNow: false };
  const [exam] = await tx.select({ multiPolicy: elExam.multiPolicy }).from(elExam).where(eq(elExam.id, paper.examId));
  const rows = await tx.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId));
  const marks = markPaperRows(rows, (exam?.multiPolicy ?? 0) as MultiPolicyValue);
  await storeRowMarks(tx, paperId, marks.rows);
  const state = marks.pending ? PaperState.AWAITING_MARK : PaperState.FINISHED;
  const { total, passed } = totalOf(marks.objScore, marks.subjScore, paper.passScore);
  await tx
    .update(elPaper)
    .set({
      state,
      handTime: now < paper.deadline ? now : paper.deadline,
      handKind: kind,
      objScore: marks.objScore,
      subjScore: marks.subjScore,
      userScore: total,
      passed: state === PaperState.FINISHED && passed,
      updatedAt: now,
    })
    .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.IN_EXAM)));
  await refreshRecord(tx, paper.userId, paper.examId);
  await addToBook(
    tx,
    paper.userId,
    paper.examId,
    rows,
    marks.rows.filter((m) => m.markState === MarkState.AUTO),
    now,
  );
  return { paperId, state, handedNow: true };
}

/** Hands a paper in, in a transaction of its own. */
export function handPaper(db: Db, paperId: string, now: Date, kind: number = HandKind.LEARNER): Promise<HandOutcome> {
  return db.transaction((tx) => handInTx(tx, paperId, now, kind));
}

/** Abandons an open paper (放弃考试): state 3, counted as an attempt, no score. */
export async function abandonPaper(db: Db, paperId: string, now: Date): Promise<HandOutcome> {
  return db.transaction(async (tx) => {
    const [paper] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
    if (!paper) throw notFound('试卷');
    if (paper.state !== PaperState.IN_EXAM) return { paperId, state: paper.state, handedNow: false };
    await tx
      .update(elPaper)
      .set({ state: PaperState.ABANDONED, handTime: now, handKind: HandKind.ABANDONED, userScore: 0, updatedAt: now })
      .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.IN_EXAM)));
    await refreshRecord(tx, paper.userId, paper.examId);
    return { paperId, state: PaperState.ABANDONED, handedNow: true };
  });
}
