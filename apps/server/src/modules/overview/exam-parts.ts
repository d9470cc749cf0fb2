/**
 * The exam side of the training manager's home: papers waiting to be marked (by exam), the exams
 * of today and of the coming week with how many sit and have handed in, and exams that ended with
 * learners of their audience who never sat them. Papers and people are cut by the viewer's data
 * scope; the exams themselves are the shared catalogue every administrator lists.
 */
import { ExamState } from '@exam/contracts';
import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { elExam, sysUser } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { learnerOfAudience } from '../exam/exam-override.service.js';
import { awaitingMarkByExam, sat, sittingCounts } from '../sitting/reads/others.js';
import { type ScopeHolder, userScope } from '../system/data-scope.js';

/** How many rows a part lists (the page it links to has the rest). */
export const PART_ROWS = 8;

export async function markingPart(db: Executor, viewer: ScopeHolder) {
  const rows = await awaitingMarkByExam(db, viewer);
  return { papers: rows.reduce((n, r) => n + r.papers, 0), exams: rows.slice(0, PART_ROWS) };
}

const liveExam = and(eq(elExam.state, ExamState.PUBLISHED), isNull(elExam.deletedAt), isNull(elExam.archivedAt));

/** Published exams open at some moment of [from, to) (today) or starting in it (the coming week). */
export async function examsIn(db: Executor, viewer: ScopeHolder, from: Date, to: Date, starting: boolean) {
  const exams = await db
    .select({ examId: elExam.id, title: elExam.title, startTime: elExam.startTime, endTime: elExam.endTime })
    .from(elExam)
    .where(and(liveExam, lt(elExam.startTime, to), starting ? gte(elExam.startTime, from) : gt(elExam.endTime, from)))
    .orderBy(asc(elExam.startTime), asc(elExam.title))
    .limit(PART_ROWS);
  if (!exams.length) return [];
  const counts = await sittingCounts(
    db,
    viewer,
    exams.map((e) => e.examId),
  );
  const by = new Map(counts.map((c) => [c.examId, c]));
  return exams.map((e) => ({
    ...e,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime.toISOString(),
    sitting: by.get(e.examId)?.sitting ?? 0,
    handed: by.get(e.examId)?.handed ?? 0,
    learners: by.get(e.examId)?.learners ?? 0,
  }));
}

/** Exams that ended in [since, now) and the learners of their audience (in scope) who never sat them. */
export async function missedExams(db: Executor, viewer: ScopeHolder, since: Date, now: Date) {
  const exams = await db
    .select()
    .from(elExam)
    .where(and(liveExam, gte(elExam.endTime, since), lt(elExam.endTime, now)))
    .orderBy(desc(elExam.endTime))
    .limit(PART_ROWS);
  const inScope = sql`u.id in (select ${sysUser.id} from ${sysUser} where ${userScope(viewer)})`;
  const out = [];
  for (const exam of exams) {
    const res = await db.execute<{ n: number | string }>(sql`select count(*) as n
      from sys_user u left join sys_depart ud on ud.id = u.dept_id
      where (${learnerOfAudience(exam)}) and ${inScope}
        and not ${sat(sql`u.id`, exam.id)}`);
    const learners = Number(res.rows[0]?.n ?? 0);
    if (learners)
      out.push({
        kind: 'exam' as const,
        id: exam.id,
        title: exam.title,
        endTime: exam.endTime.toISOString(),
        learners,
      });
  }
  return out;
}
