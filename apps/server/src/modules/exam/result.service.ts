/**
 * Results for administrators: attempts and participants of an exam within the administrator's
 * data scope, statistics, voiding an attempt. Statistics live in result-stat.ts.
 */
import { EXAM_RESULT_LABELS } from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { elExam, elUserExam, sysDepart, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { voidPaperTx } from '../sitting/lifecycle/index.js';
import { loadScopedPaper } from '../sitting/mark.service.js';
import { buildResult } from '../sitting/paper-result.js';
import { attemptCountColumns } from '../sitting/reads/results.js';
import { userScope } from '../system/data-scope.js';

/** Exams with their participation counts (within the scope), newest first. */
export async function resultExamPaging(
  db: Db,
  user: AuthUser,
  params: { title?: string | null },
  current: number,
  size: number,
) {
  const where = and(isNull(elExam.deletedAt), params.title ? ilike(elExam.title, containing(params.title)) : undefined);
  const counts = attemptCountColumns(elExam.id, user);
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elExam).where(where),
    db
      .select({
        e: elExam,
        participants: counts.participants,
        attempts: counts.attempts,
        awaiting: counts.awaiting,
        passedUsers: counts.passedUsers,
      })
      .from(elExam)
      .where(where)
      .orderBy(desc(elExam.startTime))
      .$dynamic(),
    (r) => ({
      examId: r.e.id,
      title: r.e.title,
      startTime: r.e.startTime.toISOString(),
      endTime: r.e.endTime.toISOString(),
      participants: r.participants,
      attempts: r.attempts,
      awaitingMark: r.awaiting,
      passedUsers: r.passedUsers,
    }),
  );
}

/** Participants of an exam (the (user, exam) records) within the scope. */
export async function participantPaging(
  db: Db,
  user: AuthUser,
  params: { examId: string; realName?: string | null; passed?: boolean | null },
  current: number,
  size: number,
) {
  const where = and(
    eq(elUserExam.examId, params.examId),
    userScope(user, elUserExam.userId),
    params.realName ? ilike(sysUser.realName, containing(params.realName)) : undefined,
    params.passed === true || params.passed === false ? eq(elUserExam.passed, params.passed) : undefined,
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elUserExam).leftJoin(sysUser, eq(sysUser.id, elUserExam.userId)).where(where),
    db
      .select({ r: elUserExam, userName: sysUser.userName, realName: sysUser.realName, deptName: sysDepart.name })
      .from(elUserExam)
      .leftJoin(sysUser, eq(sysUser.id, elUserExam.userId))
      .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
      .where(where)
      .orderBy(sql`${elUserExam.bestScore} desc nulls last`, asc(elUserExam.userId))
      .$dynamic(),
    ({ r, userName, realName, deptName }) => ({
      userId: r.userId,
      userName,
      realName,
      deptName,
      tryCount: r.tryCount,
      bestScore: r.bestScore,
      lastScore: r.lastScore,
      passed: r.passed,
      resultLabel: EXAM_RESULT_LABELS[r.passed ? 1 : 0],
      lastTime: r.lastTime?.toISOString() ?? null,
    }),
  );
}

/** One attempt in full (answers, right answers, analysis, marks) for an administrator. */
export async function adminPaperDetail(db: Db, user: AuthUser, paperId: string, now: Date) {
  const { p } = await loadScopedPaper(db, user, paperId);
  return buildResult(db, p, now, true);
}

/** Voids an attempt with a reason: it no longer counts for the best score or passing. */
export async function voidPaper(db: Db, user: AuthUser, paperId: string, reason: string, now: Date) {
  await loadScopedPaper(db, user, paperId);
  // The paper lifecycle owns the paper row; the record follows through paper.voided.
  await db.transaction((tx) => voidPaperTx(tx, paperId, user.id, reason, now));
}
