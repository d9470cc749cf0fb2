/**
 * The learner's arrangement of an exam (个别安排 / 补考): which override applies and
 * the exam as it is for that learner. A user's override beats every department override; among
 * department overrides the deepest department (longest path code) matching the learner's
 * department or one of its parents wins. The winning row applies as a whole (no field merge).
 *
 * Applied by the learner's list and check page (online.service.ts) and by paper creation
 * (paper.service.ts: window, attempts, password, deadline). Overrides never widen the audience.
 */
import { OpenType } from '@exam/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { elExamOverride } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import type { ExamRow, Learner } from './exam-rules.js';

export type OverrideRow = typeof elExamOverride.$inferSelect;

/** The exam as one learner sits it. */
export interface ArrangedExam {
  /** The exam with the override's window, duration (+ extra minutes), attempts and password. */
  exam: ExamRow;
  override: OverrideRow | null;
  extraMinutes: number;
  needPassword: boolean;
}

const PRECEDENCE = sql`(o.user_id is not null) desc, length(d.code) desc nulls last, o.created_at desc`;

/**
 * SQL: the id of the override of the exam that applies to the learner (a subquery; null when none).
 * Its arguments are values or placeholders (the start prepares it: exam-rules.ts `loadEntry`); a
 * learner without a department matches by user only (`null like …` is not true).
 */
export function overrideIdFor(examId: unknown, learnerId: unknown, deptCode: unknown): SQL {
  return sql`(select o.id from el_exam_override o
    left join sys_depart d on d.id = o.dept_id
    where o.exam_id = ${examId} and ${targetsLearner(learnerId, deptCode)}
    order by ${PRECEDENCE} limit 1)`;
}

/** SQL: the condition on `o` (el_exam_override) + `d` (its sys_depart) that it targets the learner. */
function targetsLearner(learnerId: unknown, deptCode: unknown): SQL {
  return sql`(o.user_id = ${learnerId}::text or (d.code is not null and ${deptCode}::text like d.code || '%'))`;
}

/** An override by its id (the start reads the id with the exam). */
export async function overrideById(db: Executor, id: string | null): Promise<OverrideRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(elExamOverride).where(eq(elExamOverride.id, id));
  return row ?? null;
}

/** The override that applies to the learner for this exam, or null. */
export async function findOverride(db: Executor, examId: string, learner: Learner): Promise<OverrideRow | null> {
  const rows = await db.execute<{ id: string | null }>(
    sql`select ${overrideIdFor(examId, learner.id, learner.deptCode)} as id`,
  );
  return overrideById(db, rows.rows[0]?.id ?? null);
}

/** Pure: the exam for a learner with this override (null: the exam itself). */
export function applyOverride(exam: ExamRow, ov: OverrideRow | null): ArrangedExam {
  if (!ov) return { exam, override: null, extraMinutes: 0, needPassword: exam.openType === OpenType.PASSWORD };
  const extra = ov.extraMinutes;
  return {
    exam: {
      ...exam,
      startTime: ov.startTime ?? exam.startTime,
      endTime: ov.endTime ?? exam.endTime,
      duration: exam.duration > 0 ? exam.duration + extra : 0,
      tryLimit: exam.tryLimit > 0 ? exam.tryLimit + ov.extraTries : 0,
      password: ov.password ?? exam.password,
    },
    override: ov,
    extraMinutes: extra,
    needPassword: exam.openType === OpenType.PASSWORD || !!ov.password,
  };
}

export async function arrangedExam(db: Executor, exam: ExamRow, learner: Learner): Promise<ArrangedExam> {
  return applyOverride(exam, await findOverride(db, exam.id, learner));
}

/**
 * Deadline of an attempt started at `start`: min(start + duration, window end), where extra
 * minutes lengthen both the duration and the cap (a learner with 15 more minutes who starts at
 * the window's last quarter hour still gets them). Duration 0: the window end (+ extra).
 */
export function deadlineFor(a: ArrangedExam, start: Date): Date {
  const cap = new Date(a.exam.endTime.getTime() + a.extraMinutes * 60_000);
  if (a.exam.duration <= 0) return cap;
  const byDuration = new Date(start.getTime() + a.exam.duration * 60_000);
  return byDuration < cap ? byDuration : cap;
}

/** What the learner's list says about their arrangement, e.g. 补考 or 个别安排：延长15分钟. */
export function arrangementLabel(ov: OverrideRow | null): string | null {
  if (!ov) return null;
  const parts: string[] = [];
  if (ov.startTime) parts.push('单独时间');
  if (ov.extraMinutes > 0) parts.push(`延长${ov.extraMinutes}分钟`);
  if (ov.extraTries > 0) parts.push(`增加${ov.extraTries}次`);
  if (ov.password) parts.push('单独密码');
  const head = ov.kind === 2 ? '补考' : '个别安排';
  return parts.length > 0 ? `${head}：${parts.join('，')}` : head;
}

/**
 * SQL on el_exam (named in plain SQL: Drizzle drops table qualifiers in one-table queries, see
 * notice-audience.ts): the learner's start / end of the window (the winning override's, else the
 * exam's), for the list's time filter and order.
 */
export function effectiveWindow(learner: Learner): { start: SQL; end: SQL } {
  const pick = (col: 'start_time' | 'end_time') => sql`(select o.${sql.raw(col)} from el_exam_override o
    left join sys_depart d on d.id = o.dept_id
    where o.exam_id = el_exam.id and ${targetsLearner(learner.id, learner.deptCode)}
    order by ${PRECEDENCE} limit 1)`;
  return {
    start: sql`coalesce(${pick('start_time')}, el_exam.start_time)`,
    end: sql`coalesce(${pick('end_time')}, el_exam.end_time)`,
  };
}
