/**
 * The attempt as certificates, the wrong-answer book, the assistant and the administrator's home
 * read it (cert/cert-issue.service.ts, train/book-on-paper.ts, assistant/helpers.service.ts,
 * overview/exam-parts.ts). Moved here from those files unchanged (same statements); where a
 * caller's statement needs an attempt condition, a builder below gives it as a Drizzle fragment.
 */
import { MarkState, PaperState } from '@exam/contracts';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { COMPOSITE_TYPES, MANUAL_TYPES } from '../../repo/kinds/registry.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';

/** Whether the learner still holds a valid pass of the exam (finished, passed, not voided). */
export async function holdsPass(tx: Executor, examId: string, userId: string): Promise<boolean> {
  const [stillPassed] = await tx
    .select({ id: elPaper.id })
    .from(elPaper)
    .where(
      and(
        eq(elPaper.examId, examId),
        eq(elPaper.userId, userId),
        eq(elPaper.state, 2),
        eq(elPaper.passed, true),
        eq(elPaper.voided, false),
      ),
    )
    .limit(1);
  return Boolean(stillPassed);
}

/** The same as a condition of the caller's statement, on its exam and learner id expressions. */
export function passExists(examId: SQL, userId: SQL): SQL {
  return sql`exists (select 1 from ${elPaper} p where p.exam_id = ${examId} and p.user_id = ${userId}
        and p.state = 2 and p.passed and not p.voided)`;
}

/** A condition of the caller's statement: the learner has a paper of the exam that is not voided. */
export function sat(userId: SQL, examId: string): SQL {
  return sql`exists (select 1 from el_paper p where p.user_id = ${userId} and p.exam_id = ${examId} and not p.voided)`;
}

/**
 * The top-level question rows of handed-in papers, as the wrong-answer book takes them: of `auto`
 * papers those marked automatically, of `manual` ones the hand-marked and composite kinds.
 */
export async function markedTopRows(db: Executor, auto: string[], manual: string[]) {
  const which = [
    auto.length ? and(inArray(elPaperQu.paperId, auto), eq(elPaperQu.markState, MarkState.AUTO)) : undefined,
    manual.length
      ? and(inArray(elPaperQu.paperId, manual), inArray(elPaperQu.type, [...MANUAL_TYPES, ...COMPOSITE_TYPES]))
      : undefined,
  ];
  return db
    .select({
      paperId: elPaperQu.paperId,
      quId: elPaperQu.quId,
      answer: elPaperQu.answer,
      isRight: elPaperQu.isRight,
      score: elPaperQu.score,
      actualScore: elPaperQu.actualScore,
    })
    .from(elPaperQu)
    .where(and(isNull(elPaperQu.parentQuId), or(...which)));
}

/** One question row of a paper, whole. */
export async function paperQuestionRow(db: Executor, paperId: string, quId: string) {
  const [row] = await db
    .select()
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, quId)));
  return row;
}

/** Papers awaiting marking within the viewer's scope, by exam (most first). */
export async function awaitingMarkByExam(db: Executor, viewer: ScopeHolder) {
  return db
    .select({ examId: elPaper.examId, title: elPaper.title, papers: count() })
    .from(elPaper)
    .where(
      and(eq(elPaper.state, PaperState.AWAITING_MARK), eq(elPaper.voided, false), userScope(viewer, elPaper.userId)),
    )
    .groupBy(elPaper.examId, elPaper.title)
    .orderBy(desc(count()), asc(elPaper.title));
}

/** Per exam given: papers open, papers handed in, learners (not voided, within the viewer's scope). */
export async function sittingCounts(db: Executor, viewer: ScopeHolder, examIds: string[]) {
  return db
    .select({
      examId: elPaper.examId,
      sitting: sql<number>`count(*) filter (where ${elPaper.state} = ${PaperState.IN_EXAM})`.mapWith(Number),
      handed: sql<number>`count(*) filter (where ${elPaper.state} <> ${PaperState.IN_EXAM})`.mapWith(Number),
      learners: sql<number>`count(distinct ${elPaper.userId})`.mapWith(Number),
    })
    .from(elPaper)
    .where(and(inArray(elPaper.examId, examIds), eq(elPaper.voided, false), userScope(viewer, elPaper.userId)))
    .groupBy(elPaper.examId);
}
