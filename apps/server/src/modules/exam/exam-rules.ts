/**
 * Who may sit an exam and when: open types, the window, the latest entry, the attempt limit per
 * cycle period. Shared by the online list, the check page and paper creation.
 */
import { CycleType, ErrorCode, ExamState, OpenType } from '@exam/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { elExam, elPaperTmpl, sysDepart } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { onPool, preparedStatement } from '../../platform/prepared.js';
import { addLocalDays, localWeekday, startOfDay, startOfLocalDay, zonedParts } from '../../platform/time-zone.js';
import { countAttempts as sittingAttempts } from '../sitting/attempt.js';
import { overrideIdFor } from './exam-override.js';

/** The learner facts the rules need. */
export interface Learner {
  id: string;
  deptCode: string | null;
  /** A candidate's session: its one exam is its audience (the link), nothing else is open to it. */
  candidate?: { examId: string } | null;
}

export type ExamRow = typeof elExam.$inferSelect;

/**
 * SQL condition: the exam is open to the learner. Departments (type 2) include their
 * sub-departments: a learner of 技术部/前端组 may sit an exam given to 技术部.
 */
export function examOpenTo(learner: Learner): SQL {
  return openToLearner(learner.id, learner.deptCode);
}

/** `examOpenTo` of a learner's id and department code, values or placeholders (a learner without a department: `null like …` is not true). */
function openToLearner(learnerId: unknown, deptCode: unknown): SQL {
  return sql`(${elExam.openType} in (${OpenType.PUBLIC}, ${OpenType.PASSWORD})
    or (${elExam.openType} = ${OpenType.DEPARTMENTS} and exists (select 1 from ${sysDepart} d
      where d.id = any(${elExam.deptIds}) and ${deptCode}::text like d.code || '%'))
    or (${elExam.openType} = ${OpenType.PEOPLE} and ${learnerId}::text = any(${elExam.userIds})))`;
}

/** Loads a published exam open to the learner, or throws 20010001 / 10010003. */
export async function loadOpenExam(db: Executor, examId: string, learner: Learner): Promise<ExamRow> {
  return (await loadEntry(db, examId, learner)).exam;
}

/** The learner's facts as the entry statement's parameters. */
const entryParams = (examId: string, learner: Learner) => ({
  examId,
  learnerId: learner.id,
  deptCode: learner.deptCode,
  candidateExamId: learner.candidate?.examId ?? null,
});
type EntryParams = ReturnType<typeof entryParams>;

/**
 * The exam (not deleted or archived), whether it is open to the learner (a candidate: the one exam
 * of their link), its template's last change (ms) and the id of the learner's override, in one
 * statement; `p` are values or placeholders.
 */
function entrySelect(db: Executor, p: { [K in keyof EntryParams]: unknown }) {
  return db
    .select({
      exam: elExam,
      open: sql`case when ${p.candidateExamId}::text is not null then ${elExam.id} = ${p.candidateExamId}::text
        else ${openToLearner(p.learnerId, p.deptCode)} end`.mapWith(Boolean),
      tmplVersion: sql<number>`(select floor(extract(epoch from t.updated_at) * 1000)::float8 from ${elPaperTmpl} t
        where t.id = ${elExam.tmplId})`.mapWith(Number),
      // el_exam named in plain SQL: Drizzle drops the table of a one-table query's columns, and the
      // subquery's own tables have an `id` too.
      overrideId: sql<string | null>`${overrideIdFor(sql`el_exam.id`, p.learnerId, p.deptCode)}`,
    })
    .from(elExam)
    .where(and(eq(elExam.id, p.examId as string), isNull(elExam.deletedAt), isNull(elExam.archivedAt)));
}

/** Asked by every start (and the door's check): prepared once on the pool. */
const entryOnPool = preparedStatement('exam_entry', (db, name) =>
  entrySelect(db, {
    examId: sql.placeholder('examId'),
    learnerId: sql.placeholder('learnerId'),
    deptCode: sql.placeholder('deptCode'),
    candidateExamId: sql.placeholder('candidateExamId'),
  }).prepare(name),
);

/**
 * `loadOpenExam` with its paper template's last change (ms) and the learner's override's id, in one
 * statement: a start draws from the template it has in memory while that is unchanged
 * (sitting/start.ts) and reads the override's row only when there is one.
 */
export async function loadEntry(
  db: Executor,
  examId: string,
  learner: Learner,
): Promise<{ exam: ExamRow; tmplVersion: number; overrideId: string | null }> {
  const params = entryParams(examId, learner);
  const pool = onPool(db);
  const [row] = pool ? await entryOnPool(pool).execute(params) : await entrySelect(db, params);
  if (!row || row.exam.state === ExamState.DRAFT) throw new AppError(ErrorCode.NOT_FOUND, '考试不存在或已被删除');
  if (!row.open) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '您不在本场考试的参考范围内');
  return { exam: row.exam, tmplVersion: row.tmplVersion, overrideId: row.overrideId };
}

/** 0 not started, 1 running, 2 ended (by the window; a closed exam counts as ended). */
export function timeStateOf(exam: Pick<ExamRow, 'startTime' | 'endTime' | 'state'>, now: Date): number {
  if (exam.state === ExamState.CLOSED || now >= exam.endTime) return 2;
  return now < exam.startTime ? 0 : 1;
}

/** The latest moment a new attempt may start, or null when only the window end limits it. */
export function latestEntryOf(exam: Pick<ExamRow, 'startTime' | 'lateMinutes'>): Date | null {
  return exam.lateMinutes > 0 ? new Date(exam.startTime.getTime() + exam.lateMinutes * 60_000) : null;
}

/** Why a new attempt may not start now (null when it may), not counting attempts. */
export function entryRefusal(exam: ExamRow, now: Date): string | null {
  if (exam.state !== ExamState.PUBLISHED) return '考试已关闭';
  if (now < exam.startTime) return '考试尚未开始';
  if (now >= exam.endTime) return '考试已结束';
  const latest = latestEntryOf(exam);
  if (latest && now > latest) return `已超过最晚入场时间（开考后${exam.lateMinutes}分钟）`;
  return null;
}

/** Deadline of an attempt started now: min(start + duration, window end). */
export function deadlineOf(exam: Pick<ExamRow, 'duration' | 'endTime'>, start: Date): Date {
  if (exam.duration <= 0) return exam.endTime;
  const byDuration = new Date(start.getTime() + exam.duration * 60_000);
  return byDuration < exam.endTime ? byDuration : exam.endTime;
}

/**
 * Start of the current cycle period (daily, weekly from Monday, monthly) in the site's time zone,
 * so that periods follow the learners' calendar; null without a cycle.
 */
export function periodStart(cycleType: number, now: Date, zone: string): Date | null {
  if (cycleType === CycleType.DAILY) return startOfDay(now, zone);
  if (cycleType === CycleType.WEEKLY) return addLocalDays(now, -localWeekday(now, zone), zone);
  if (cycleType === CycleType.MONTHLY) {
    const { year, month } = zonedParts(now, zone);
    return startOfLocalDay(year, month, 1, zone);
  }
  return null;
}

/** Attempts of `userId` in the exam's current cycle (daily/weekly/monthly limit; else all time). */
export function countAttempts(db: Executor, exam: ExamRow, userId: string, now: Date, zone: string): Promise<number> {
  return sittingAttempts(db, { examId: exam.id, attemptsFrom: periodStart(exam.cycleType, now, zone) }, userId);
}

export const triesLeftOf = (exam: Pick<ExamRow, 'tryLimit'>, used: number): number | null =>
  exam.tryLimit > 0 ? Math.max(0, exam.tryLimit - used) : null;
