/**
 * Reports across exams: a learner's transcript, a department comparison and an
 * exam-over-time view. Counted from the answer sheets (el_paper): handed in and marked (state 2),
 * voided ones left out; archived exams keep their results here. Every figure is cut to the learners
 * in the administrator's data scope; a learner outside it is refused (10010004).
 */
import {
  ErrorCode,
  type TDeptReportQuery,
  type TDeptReportRow,
  type TExamTrendQuery,
  type TExamTrendRow,
  type TTranscript,
} from '@exam/contracts';
import { and, asc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { elExam, elPaper, sysDepart, sysUser } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { containing } from '../../../platform/like.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';

const r2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
const r4 = (n: number) => Math.round(n * 10000) / 10000;
const num = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::float8`.mapWith(Number);
const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

/** A marked, valid answer sheet of a learner in the scope. */
const counted = (admin: ScopeHolder) =>
  and(eq(elPaper.state, 2), eq(elPaper.voided, false), userScope(admin, elPaper.userId));

/** Exams starting inside the period (both ends optional). */
function period(q: { from?: string | null; to?: string | null }): SQL | undefined {
  return and(
    q.from ? gte(elExam.startTime, new Date(q.from)) : undefined,
    q.to ? lte(elExam.startTime, new Date(q.to)) : undefined,
  );
}

/** Learners in the data scope matching a keyword (at most 20): the transcript's picker. */
export async function scopedLearners(db: Executor, admin: ScopeHolder, keyword: string | null | undefined) {
  return db
    .select({ id: sysUser.id, userName: sysUser.userName, realName: sysUser.realName, deptName: sysDepart.name })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(
      and(
        isNull(sysUser.deletedAt),
        userScope(admin),
        keyword
          ? or(ilike(sysUser.userName, containing(keyword)), ilike(sysUser.realName, containing(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(sysUser.userName))
    .limit(20);
}

/** One learner's exams: attempts, best and last score, pass, in the order the exams started. */
export async function transcript(db: Executor, admin: ScopeHolder, userId: string): Promise<TTranscript> {
  const [user] = await db
    .select({
      id: sysUser.id,
      userName: sysUser.userName,
      realName: sysUser.realName,
      deptName: sysDepart.name,
      inScope: sql<boolean>`${userScope(admin)}`.mapWith(Boolean),
    })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(and(eq(sysUser.id, userId), isNull(sysUser.deletedAt)));
  if (!user) throw notFound('学员');
  if (!user.inScope) throw new AppError(ErrorCode.NO_PERMISSION, '该学员不在您的数据权限范围内');
  const rows = await db
    .select({
      examId: elExam.id,
      title: elExam.title,
      examStart: elExam.startTime,
      tryCount: num(sql`count(*)`),
      bestScore: sql<number>`max(${elPaper.userScore})::float8`.mapWith(Number),
      lastScore: sql<number>`(array_agg(${elPaper.userScore} order by ${elPaper.handTime} desc))[1]::float8`.mapWith(
        Number,
      ),
      totalScore: num(sql`max(${elPaper.totalScore})`),
      passScore: num(sql`max(${elPaper.passScore})`),
      passed: sql<boolean>`bool_or(${elPaper.passed})`.mapWith(Boolean),
      lastTime: sql<string | null>`max(${elPaper.handTime})`,
    })
    .from(elPaper)
    .innerJoin(elExam, eq(elExam.id, elPaper.examId))
    .where(and(eq(elPaper.userId, userId), counted(admin)))
    .groupBy(elExam.id, elExam.title, elExam.startTime)
    .orderBy(asc(elExam.startTime), asc(elExam.title));
  const out = rows.map((r) => ({
    examId: r.examId,
    title: r.title,
    examStart: r.examStart.toISOString(),
    tryCount: r.tryCount,
    bestScore: r2(r.bestScore),
    lastScore: r2(r.lastScore),
    totalScore: r.totalScore,
    passScore: r.passScore,
    bestRate: r.totalScore > 0 ? r4(r.bestScore / r.totalScore) : null,
    passed: r.passed,
    lastTime: iso(r.lastTime),
  }));
  const rates = out.map((r) => r.bestRate).filter((x): x is number => x !== null);
  return {
    user: { id: user.id, userName: user.userName, realName: user.realName, deptName: user.deptName },
    exams: out.length,
    passedExams: out.filter((r) => r.passed).length,
    avgRate: rates.length ? r4(rates.reduce((s, x) => s + x, 0) / rates.length) : null,
    rows: out,
  };
}

/** Figures of a group of answer sheets (one department, one exam). */
const groupFigures = {
  learners: num(sql`count(distinct ${elPaper.userId})`),
  papers: num(sql`count(*)`),
  passedPapers: num(sql`count(*) filter (where ${elPaper.passed})`),
  avgScore: num(sql`avg(${elPaper.userScore})`),
  avgRate: num(sql`avg(${elPaper.userScore} / nullif(${elPaper.totalScore}, 0))`),
};

/** Departments side by side (the learner's department when the paper was sat). */
export async function deptReport(db: Executor, admin: ScopeHolder, q: TDeptReportQuery): Promise<TDeptReportRow[]> {
  const rows = await db
    .select({ deptId: elPaper.deptId, deptName: sysDepart.name, deptCode: sysDepart.code, ...groupFigures })
    .from(elPaper)
    .innerJoin(elExam, eq(elExam.id, elPaper.examId))
    .leftJoin(sysDepart, eq(sysDepart.id, elPaper.deptId))
    .where(and(counted(admin), period(q), q.examId ? eq(elPaper.examId, q.examId) : undefined))
    .groupBy(elPaper.deptId, sysDepart.name, sysDepart.code)
    .orderBy(asc(sysDepart.code));
  return rows.map((r) => ({
    deptId: r.deptId,
    deptName: r.deptName ?? '未分配部门',
    learners: r.learners,
    papers: r.papers,
    passedPapers: r.passedPapers,
    passRate: r.papers ? r4(r.passedPapers / r.papers) : 0,
    avgScore: r2(r.avgScore) ?? 0,
    avgRate: r4(r.avgRate),
  }));
}

/** Exams in the order they started: participation, pass rate and average score over time. */
export async function examTrend(db: Executor, admin: ScopeHolder, q: TExamTrendQuery): Promise<TExamTrendRow[]> {
  const rows = await db
    .select({
      examId: elExam.id,
      title: elExam.title,
      startTime: elExam.startTime,
      totalScore: num(sql`max(${elPaper.totalScore})`),
      ...groupFigures,
    })
    .from(elPaper)
    .innerJoin(elExam, eq(elExam.id, elPaper.examId))
    .where(and(counted(admin), period(q), q.title ? ilike(elExam.title, containing(q.title)) : undefined))
    .groupBy(elExam.id, elExam.title, elExam.startTime)
    .orderBy(asc(elExam.startTime), asc(elExam.title))
    .limit(500);
  return rows.map((r) => ({
    examId: r.examId,
    title: r.title,
    startTime: r.startTime.toISOString(),
    totalScore: r.totalScore,
    learners: r.learners,
    papers: r.papers,
    passRate: r.papers ? r4(r.passedPapers / r.papers) : 0,
    avgScore: r2(r.avgScore) ?? 0,
    avgRate: r4(r.avgRate),
  }));
}
