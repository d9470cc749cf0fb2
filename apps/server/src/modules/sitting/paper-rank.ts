/**
 * 名次 on the learner's result page, when the exam shows ranks (`el_exam.show_rank`).
 *
 * Standard competition ranking ("1224"): the rank of a paper is 1 + the number of OTHER learners
 * whose best finished paper of the exam scored more than this paper; equal scores share a rank and
 * the next rank skips. "共 M 人" counts the learners with a finished paper. Only finished (state 2),
 * non-voided papers count: papers awaiting marking have no final score yet, abandoned ones none.
 * A learner's earlier, weaker attempt shows where that attempt stands among the others' best.
 * The answer is two numbers: nothing about who the others are.
 */
import { PaperState, type TPaperRank } from '@exam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { elPaper } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

type RankedPaper = Pick<typeof elPaper.$inferSelect, 'state' | 'voided'>;

/** Whether the result of this paper shows a rank: the exam allows it and the paper is finished and valid. */
export function rankShown(paper: RankedPaper, showRank: boolean): boolean {
  return showRank && paper.state === PaperState.FINISHED && !paper.voided;
}

/** The rank from the count of learners above (strictly higher best score) and the learners ranked. */
export function rankFrom(above: number, total: number): TPaperRank {
  // The learner's own paper is ranked, so there is at least one; never a rank past the total.
  const ranked = Math.max(total, 1);
  return { rank: Math.min(above + 1, ranked), total: ranked };
}

/**
 * One statement over `el_paper_exam_state_idx` (exam_id, state): each learner's best finished score,
 * then the count of all of them and of the others above this score.
 */
export async function paperRank(
  db: Db,
  paper: Pick<typeof elPaper.$inferSelect, 'examId' | 'userId' | 'userScore'>,
): Promise<TPaperRank> {
  const best = db
    .select({ userId: elPaper.userId, score: sql<number>`max(${elPaper.userScore})`.as('score') })
    .from(elPaper)
    .where(and(eq(elPaper.examId, paper.examId), eq(elPaper.state, PaperState.FINISHED), eq(elPaper.voided, false)))
    .groupBy(elPaper.userId)
    .as('best');
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      above:
        sql<number>`count(*) filter (where ${best.userId} <> ${paper.userId} and ${best.score} > ${paper.userScore})`.mapWith(
          Number,
        ),
    })
    .from(best);
  return rankFrom(row?.above ?? 0, row?.total ?? 0);
}
