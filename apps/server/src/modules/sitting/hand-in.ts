/**
 * Hand-in: the one transition of a paper out of state 0 (考试中). The paper row is locked
 * (FOR UPDATE) and the lifecycle's update is conditional on state 0, so two hand-ins at once (learner,
 * sweep, leave limit, another instance) give one result. Objective questions are marked at once;
 * a paper with pending short answers goes to 1 (待阅卷), else 2 (已完成). The lifecycle
 * (lifecycle/) checks the transition and publishes paper.handedIn (and paper.marked, exam.passed);
 * the record, the wrong-answer book and the rest follow as event consumers after the commit.
 */
import { HandKind, PaperState } from '@exam/contracts';
import { eq, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import type { Db, Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { type MarkPolicy, totalOf } from '../paper/scoring.js';
import { examMarkPolicy } from './exam-policy.js';
import { abandoned, apply, handedIn, stateAfterMarks } from './lifecycle/index.js';
import { type MarkSource, markPaperRows, type RowMark } from './mark-rows.js';

/** The columns marking reads: 50 rows' stems and analyses stay in the database at hand-in. */
const markColumns = {
  quId: elPaperQu.quId,
  parentQuId: elPaperQu.parentQuId,
  type: elPaperQu.type,
  score: elPaperQu.score,
  options: elPaperQu.options,
  refAnswer: elPaperQu.refAnswer,
  answer: elPaperQu.answer,
  markState: elPaperQu.markState,
  actualScore: elPaperQu.actualScore,
} satisfies Record<keyof MarkSource, unknown>;

export interface HandOutcome {
  paperId: string;
  state: number;
  /** False when the paper had already left state 0 (the earlier result stands). */
  handedNow: boolean;
}

/**
 * Stores the marks of the rows in one statement, the rows as one JSON parameter (as a
 * 250-parameter VALUES list Drizzle built it value by value on every hand-in).
 */
export async function storeRowMarks(tx: Tx, paperId: string, marks: RowMark[]): Promise<void> {
  if (marks.length === 0) return;
  const rows = marks.map((m) => ({
    qu_id: m.quId,
    score: m.score,
    is_right: m.isRight,
    mark_state: m.markState,
    suggest: m.suggestScore,
  }));
  await tx.execute(sql`update ${elPaperQu} as pq
    set actual_score = v.score, is_right = v.is_right, mark_state = v.mark_state,
        suggest_score = coalesce(v.suggest, pq.suggest_score)
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as v(qu_id text, score double precision, is_right boolean, mark_state smallint, suggest double precision)
    where pq.paper_id = ${paperId} and pq.qu_id = v.qu_id`);
}

/**
 * Hands a locked-or-lockable paper in within the caller's transaction. `policy`: the exam's marking
 * policy when the caller read it already (it cannot change once a paper started: the exam's kind
 * settings are locked then), else read here.
 */
export async function handInTx(
  tx: Tx,
  paperId: string,
  now: Date,
  kind: number,
  policy?: MarkPolicy,
): Promise<HandOutcome> {
  const [paper] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
  if (!paper) throw notFound('试卷');
  if (paper.state !== PaperState.IN_EXAM) return { paperId, state: paper.state, handedNow: false };
  const marking = policy ?? (await examMarkPolicy(tx, paper.examId));
  const rows = await tx.select(markColumns).from(elPaperQu).where(eq(elPaperQu.paperId, paperId));
  const marks = markPaperRows(rows, marking);
  await storeRowMarks(tx, paperId, marks.rows);
  const state = stateAfterMarks(marks.pending);
  const { total, passed } = totalOf(marks.objScore, marks.subjScore, paper.passScore);
  const handTime = now < paper.deadline ? now : paper.deadline;
  await apply(tx, paperId, 'handIn', {
    from: PaperState.IN_EXAM,
    to: state,
    patch: {
      handTime,
      handKind: kind,
      objScore: marks.objScore,
      subjScore: marks.subjScore,
      userScore: total,
      passed: state === PaperState.FINISHED && passed,
      updatedAt: now,
    },
  });
  await handedIn(tx, paper, { state, score: total, passed: state === PaperState.FINISHED && passed, handTime, kind });
  return { paperId, state, handedNow: true };
}

/** Hands a paper in, in a transaction of its own. */
export function handPaper(
  db: Db,
  paperId: string,
  now: Date,
  kind: number = HandKind.LEARNER,
  policy?: MarkPolicy,
): Promise<HandOutcome> {
  return db.transaction((tx) => handInTx(tx, paperId, now, kind, policy));
}

/** Abandons an open paper (放弃考试): state 3, counted as an attempt, no score. */
export async function abandonPaper(db: Db, paperId: string, now: Date): Promise<HandOutcome> {
  return db.transaction(async (tx) => {
    const [paper] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
    if (!paper) throw notFound('试卷');
    if (paper.state !== PaperState.IN_EXAM) return { paperId, state: paper.state, handedNow: false };
    await apply(tx, paperId, 'abandon', {
      from: PaperState.IN_EXAM,
      to: PaperState.ABANDONED,
      patch: { handTime: now, handKind: HandKind.ABANDONED, userScore: 0, updatedAt: now },
    });
    await abandoned(tx, paper, now);
    return { paperId, state: PaperState.ABANDONED, handedNow: true };
  });
}
