/**
 * Saving an answer: the exam-day hot path (DESIGN 5). One prepared, atomic UPDATE stores the
 * answer only when the paper is the caller's, still open (state 0), before its deadline, answered
 * from its active window (one window per paper: the last to claim it), and the client sequence is
 * newer than the stored one, so journalled answers re-sent late never overwrite newer ones.
 * A save with no window id changes nothing (checked in the same UPDATE) and answers 20010009: the
 * tab predates the window rule and must reload.
 * Only when it changes nothing does a second read explain why: another window answers 20010008;
 * a stale sequence answers accepted false WITH the stored answer, so the client shows the truth.
 */
import {
  ErrorCode,
  HandKind,
  PaperState,
  type TAnswerValue,
  type TClaimWindowResult,
  type TFillAnswer,
  type TFillAnswerResult,
} from '@exam/contracts';
import { and, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import { type Db, DEFAULT_POOL_SIZE } from '../../platform/db.js';
import { AppError, badParams, notFound } from '../../platform/errors.js';
import { preparedStatement } from '../../platform/prepared.js';
import { COMPOSITE_TYPES, isComposite } from '../repo/kinds/registry.js';
import { handPaper } from './hand-in.js';
import { ownPaper } from './own-paper.js';

function prepareFill(db: Db, name: string) {
  return db
    .update(elPaperQu)
    .set({
      answer: sql`${sql.placeholder('answer')}::jsonb`,
      flagged: sql`coalesce(${sql.placeholder('flagged')}::boolean, ${elPaperQu.flagged})`,
      seq: sql`${sql.placeholder('seq')}::bigint`,
      answeredAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .from(elPaper)
    .where(
      and(
        eq(elPaperQu.paperId, sql.placeholder('paperId')),
        eq(elPaperQu.quId, sql.placeholder('quId')),
        eq(elPaper.id, elPaperQu.paperId),
        eq(elPaper.userId, sql.placeholder('userId')),
        eq(elPaper.state, PaperState.IN_EXAM),
        gt(elPaper.deadline, sql`${sql.placeholder('now')}::timestamptz`),
        // A save names its window: with none, `= null` is never true, so it changes nothing.
        sql`${sql.placeholder('windowId')}::text is not null`,
        sql`(${elPaper.activeWindow} is null or ${elPaper.activeWindow} = ${sql.placeholder('windowId')}::text)`,
        lt(elPaperQu.seq, sql`${sql.placeholder('seq')}::bigint`),
        notInArray(elPaperQu.type, COMPOSITE_TYPES),
      ),
    )
    .returning({ seq: elPaperQu.seq })
    .prepare(name);
}

/**
 * Connections of the pool a save never takes: they stay free for the calls a learner makes once
 * (start, paper read, claim, hand-in) and for token lookups. The pool's own queue is first come,
 * first served: at 10,000 learners each statement of a start waited there behind hundreds of saves
 * (seconds each), and the starts fell minutes behind. A save waits in its own lane instead, in the
 * same order: with the default pool of 20, saves hold 14 connections at most.
 */
export const CONNECTIONS_KEPT_FROM_SAVES = 6;

/** How many saves run at once on a pool of `poolSize` connections (PGlite has none: the default's lane). */
export const savesAtOnce = (poolSize: number | undefined): number =>
  Math.max(1, (poolSize ?? DEFAULT_POOL_SIZE) - CONNECTIONS_KEPT_FROM_SAVES);

/** The save's statement and the lane its calls wait in, one of each per database. */
const savePathOf = preparedStatement('paper_fill_answer', (db, name) => {
  const poolSize = (db as { $client?: { options?: { max?: number } } }).$client?.options?.max;
  return { statement: prepareFill(db, name), lane: pLimit(savesAtOnce(poolSize)) };
});

/** Saves one answer; answers whether it was stored and the stored sequence. */
export async function fillAnswer(db: Db, userId: string, body: TFillAnswer, now: Date): Promise<TFillAnswerResult> {
  const { statement: prepared, lane } = savePathOf(db);
  const [row] = await lane(() =>
    prepared.execute({
      answer: body.answer === null ? null : JSON.stringify(body.answer),
      flagged: body.flagged ?? null,
      seq: body.seq,
      now: now.toISOString(),
      paperId: body.paperId,
      quId: body.quId,
      userId,
      windowId: body.windowId ?? null,
    }),
  );
  if (row) return { accepted: true, seq: Number(row.seq) };
  return explainRefusal(db, userId, body, now);
}

async function explainRefusal(db: Db, userId: string, body: TFillAnswer, now: Date) {
  const [found] = await db
    .select({
      userId: elPaper.userId,
      state: elPaper.state,
      deadline: elPaper.deadline,
      activeWindow: elPaper.activeWindow,
    })
    .from(elPaper)
    .where(eq(elPaper.id, body.paperId));
  const p = ownPaper(found, userId, '作答');
  if (p.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED);
  if (p.deadline <= now) {
    // Whoever sees an overdue paper first hands it in (DESIGN 6).
    await handPaper(db, body.paperId, now, HandKind.DEADLINE);
    throw new AppError(ErrorCode.EXAM_TIME_OVER);
  }
  if (!body.windowId) throw new AppError(ErrorCode.PAPER_WINDOW_REQUIRED);
  if (p.activeWindow && p.activeWindow !== body.windowId) throw new AppError(ErrorCode.PAPER_OTHER_WINDOW);
  const [q] = await db
    .select({ seq: elPaperQu.seq, type: elPaperQu.type, answer: elPaperQu.answer, flagged: elPaperQu.flagged })
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, body.paperId), eq(elPaperQu.quId, body.quId)));
  if (!q) throw notFound('题目');
  if (isComposite(q.type)) throw badParams('组合题请作答其下的小题');
  // The learner's own stored answer (never a key): the client replaces its local one with it.
  return { accepted: false, seq: Number(q.seq), answer: (q.answer ?? null) as TAnswerValue, flagged: q.flagged };
}

/**
 * Makes `windowId` the window answering the paper (the room opening, or 继续在此作答). Saves from
 * the previous window are refused from now on; `takenOver` tells the room to warn that the paper
 * was open elsewhere. A closed paper is left as it is (its detail sends the room to the result).
 */
export async function claimWindow(
  db: Db,
  userId: string,
  paperId: string,
  windowId: string,
): Promise<TClaimWindowResult> {
  // One statement (it was BEGIN, SELECT … FOR UPDATE, UPDATE, COMMIT): the row is locked,
  // moved to this window when the caller owns it open, and answered as it was before.
  const { rows } = await db.execute<{ user_id: string; state: number; active_window: string | null }>(sql`
    with old as (
      select id, user_id, state, active_window from ${elPaper} where id = ${paperId} for update
    ), moved as (
      update ${elPaper} as p set active_window = ${windowId}
      from old
      where p.id = old.id and old.user_id = ${userId} and old.state = ${PaperState.IN_EXAM}
        and old.active_window is distinct from ${windowId}
      returning p.id
    )
    select user_id, state, active_window from old`);
  const p = ownPaper(rows[0] && { ...rows[0], userId: rows[0].user_id }, userId, '作答');
  if (p.state !== PaperState.IN_EXAM) return { takenOver: false };
  return { takenOver: p.active_window !== null && p.active_window !== windowId };
}
