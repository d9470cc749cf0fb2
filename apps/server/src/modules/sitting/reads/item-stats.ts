/**
 * The attempt as item statistics and mastery read it (train/qu-stats-consumer.ts,
 * train/mastery/): the questions of papers, each question's figures over finished attempts, and
 * a learner's scored answers. Only finished (state 2), not voided papers count: an attempt awaiting
 * marking has no final item scores yet, and a voided one no longer counts anywhere.
 */
import { PaperState } from '@exam/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

const finished = and(eq(elPaper.state, PaperState.FINISHED), eq(elPaper.voided, false));

/** The questions (top-level and composite parts) of the given papers. */
export async function questionIdsOfPapers(db: Executor, paperIds: string[]): Promise<string[]> {
  if (paperIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ quId: elPaperQu.quId })
    .from(elPaperQu)
    .where(inArray(elPaperQu.paperId, paperIds));
  return rows.map((r) => r.quId);
}

/**
 * Per question, over finished attempts: the answers, the sum of their score shares, how many had
 * full marks and how many nothing, and the point-biserial of the share against the rest of the
 * attempt's score (`corr`, NULL without variance). One grouped statement for all the questions.
 */
export async function examItemFigures(db: Executor, quIds: string[]) {
  if (quIds.length === 0) return [];
  const share = sql<number>`least(greatest(${elPaperQu.actualScore} / ${elPaperQu.score}, 0), 1)`;
  return db
    .select({
      quId: elPaperQu.quId,
      answers: sql<number>`count(*)::int`,
      examScore: sql<number>`coalesce(sum(${share}), 0)::float8`,
      fullCount: sql<number>`count(*) filter (where ${elPaperQu.actualScore} >= ${elPaperQu.score})::int`,
      zeroCount: sql<number>`count(*) filter (where ${elPaperQu.actualScore} <= 0)::int`,
      correlation: sql<number | null>`corr(${share}, ${elPaper.userScore} - ${elPaperQu.actualScore})::float8`,
    })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(and(inArray(elPaperQu.quId, quIds), gt(elPaperQu.score, 0), finished))
    .groupBy(elPaperQu.quId);
}

/** A learner's scored exam answers on the given questions (all of theirs when `quIds` is null), with when. */
export async function examAnswersOf(db: Executor, userId: string, quIds: string[] | null) {
  if (quIds && quIds.length === 0) return [];
  return db
    .select({
      quId: elPaperQu.quId,
      share: sql<number>`least(greatest(${elPaperQu.actualScore} / ${elPaperQu.score}, 0), 1)::float8`,
      at: sql<Date>`coalesce(${elPaper.markedAt}, ${elPaper.handTime}, ${elPaper.startTime})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(
      and(
        eq(elPaper.userId, userId),
        finished,
        gt(elPaperQu.score, 0),
        quIds ? inArray(elPaperQu.quId, quIds) : undefined,
      ),
    );
}
