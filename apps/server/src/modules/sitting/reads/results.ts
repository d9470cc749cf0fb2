/**
 * The attempt as results, statistics, printing and the exam's archive read it (exam/result*.ts,
 * exam/print/, exam/exam-archive.ts). Moved here from those files unchanged (same statements), so
 * the attempt's tables are read by their owner; the callers join the exam's own rows in memory or
 * through the subquery builders below.
 */
import { PaperState } from '@exam/contracts';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { elPaper, elPaperQu, sysDepart, sysUser } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';

export interface ScoredPaper {
  id: string;
  userId: string;
  userScore: number;
  passed: boolean;
}

/** Finished, not voided attempts of the exam within the scope. */
export async function finishedPapers(db: Executor, user: ScopeHolder, examId: string): Promise<ScoredPaper[]> {
  return db
    .select({ id: elPaper.id, userId: elPaper.userId, userScore: elPaper.userScore, passed: elPaper.passed })
    .from(elPaper)
    .where(
      and(
        eq(elPaper.examId, examId),
        eq(elPaper.state, PaperState.FINISHED),
        eq(elPaper.voided, false),
        userScope(user, elPaper.userId),
      ),
    )
    .orderBy(asc(elPaper.id));
}

/** Learners, attempts and attempts awaiting marking of the exam within the scope. */
export async function attemptCounts(db: Executor, user: ScopeHolder, examId: string) {
  const [counts] = await db
    .select({
      participants: sql<number>`count(distinct ${elPaper.userId})`.mapWith(Number),
      attempts: sql<number>`count(*)`.mapWith(Number),
      awaiting:
        sql<number>`count(*) filter (where ${elPaper.state} = ${PaperState.AWAITING_MARK} and not ${elPaper.voided})`.mapWith(
          Number,
        ),
    })
    .from(elPaper)
    .where(and(eq(elPaper.examId, examId), userScope(user, elPaper.userId)));
  return counts;
}

/**
 * The same figures per exam, as correlated subqueries on the caller's exam id column (the
 * results list pages exams and selects these beside each row).
 */
export function attemptCountColumns(examId: AnyPgColumn, user: ScopeHolder) {
  const scoped = and(eq(elPaper.examId, examId), userScope(user, elPaper.userId));
  return {
    participants: sql<number>`(select count(distinct ${elPaper.userId}) from ${elPaper} where ${scoped})`.mapWith(
      Number,
    ),
    attempts: sql<number>`(select count(*) from ${elPaper} where ${scoped})`.mapWith(Number),
    awaiting:
      sql<number>`(select count(*) from ${elPaper} where ${scoped} and ${elPaper.state} = 1 and not ${elPaper.voided})`.mapWith(
        Number,
      ),
    passedUsers:
      sql<number>`(select count(distinct ${elPaper.userId}) from ${elPaper} where ${scoped} and ${elPaper.state} = 2 and ${elPaper.passed} and not ${elPaper.voided})`.mapWith(
        Number,
      ),
  } satisfies Record<string, SQL>;
}

/** The top-level question rows of the given papers (per-question statistics). */
export async function topQuestionRows(db: Executor, paperIds: string[]) {
  return db
    .select({
      paperId: elPaperQu.paperId,
      quId: elPaperQu.quId,
      type: elPaperQu.type,
      content: elPaperQu.content,
      score: elPaperQu.score,
      sort: elPaperQu.sort,
      isRight: elPaperQu.isRight,
      actualScore: elPaperQu.actualScore,
    })
    .from(elPaperQu)
    .where(and(inArray(elPaperQu.paperId, paperIds), isNull(elPaperQu.parentQuId)));
}

/** One paper with its learner's names and department (printing the answered paper). */
export async function paperWithLearner(db: Executor, paperId: string) {
  const [paper] = await db
    .select({
      p: elPaper,
      userName: sysUser.userName,
      realName: sysUser.realName,
      deptName: sysDepart.name,
    })
    .from(elPaper)
    .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
    .leftJoin(sysDepart, eq(sysDepart.id, elPaper.deptId))
    .where(eq(elPaper.id, paperId));
  return paper;
}

/** Whether the paper's learner lies inside the administrator's scope. */
export async function paperInScope(db: Executor, admin: ScopeHolder, paperId: string): Promise<boolean> {
  const [inScope] = await db
    .select({ id: elPaper.id })
    .from(elPaper)
    .where(and(eq(elPaper.id, paperId), userScope(admin, elPaper.userId)));
  return Boolean(inScope);
}

/** Every question row of a paper, whole (the answered print shows answers, keys and marks). */
export async function paperQuestionRows(db: Executor, paperId: string) {
  return db.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId));
}

/** Papers (any state) of an exam. */
export async function paperCountOf(db: Executor, examId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(elPaper)
    .where(eq(elPaper.examId, examId));
  return row?.n ?? 0;
}

/** The title of one open paper of the given exams, if any. */
export async function anyOpenPaperTitle(db: Executor, examIds: string[]): Promise<string | undefined> {
  const [open] = await db
    .select({ title: elPaper.title })
    .from(elPaper)
    .where(and(inArray(elPaper.examId, examIds), eq(elPaper.state, PaperState.IN_EXAM)))
    .limit(1);
  return open?.title;
}

/** The given exams that have at least one paper. */
export async function examsWithPapers(db: Executor, examIds: string[]): Promise<string[]> {
  const rows = await db.selectDistinct({ id: elPaper.examId }).from(elPaper).where(inArray(elPaper.examId, examIds));
  return rows.map((r) => r.id);
}
