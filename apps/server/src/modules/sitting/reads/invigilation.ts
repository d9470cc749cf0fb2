/**
 * The attempt as the invigilation console (exam/invigilate/) reads it: the learners of an exam with
 * their latest paper's figures, the paper an invigilator acts on, who sits now, and whether a paper
 * holder lies inside an administrator's data scope. Moved here from the console unchanged (same
 * statements), so the attempt's tables are read by their owner.
 */
import { OpenType, PaperState } from '@exam/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { elPaper, sysUser } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { userInAudience } from '../../notice/notice-audience.js';
import { COMPOSITE_TYPES } from '../../repo/kinds/registry.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';

/** One learner of the console: who, and the figures of their latest paper of the exam. */
export interface LearnerFacts {
  userId: string;
  userName: string;
  realName: string;
  deptName: string | null;
  paperId: string | null;
  state: number | null;
  voided: boolean;
  startTime: Date | null;
  deadline: Date | null;
  leaveCount: number;
  answered: number;
  total: number;
  lastSaveAt: Date | null;
  lastSeenAt: Date | null;
  clientIp: string | null;
}

/** The exam's audience, as the console needs it. */
export interface ConsoleExam {
  id: string;
  openType: number;
  deptIds: string[];
  userIds: string[];
}

export type AttemptRow = typeof elPaper.$inferSelect;

const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * Every learner of the exam's audience (and every holder of a paper of it) inside the
 * administrator's scope, with their latest paper's figures. One statement; it writes nothing, so the
 * answer-saving hot path is not touched.
 */
export async function learnerFacts(db: Executor, exam: ConsoleExam, admin: ScopeHolder): Promise<LearnerFacts[]> {
  const openType = exam.openType === OpenType.PASSWORD ? OpenType.PUBLIC : exam.openType;
  const audience = userInAudience({ openType, deptIds: exam.deptIds, userIds: exam.userIds });
  const composite = sql.join(
    COMPOSITE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with latest as (
      select distinct on (p.user_id) p.id, p.user_id, p.state, p.voided, p.start_time, p.deadline, p.leave_count
      from el_paper p where p.exam_id = ${exam.id}
      order by p.user_id, p.created_at desc
    ), tops as (
      -- One line per question of the learner's card: a composite once, answered when any
      -- of its parts is, as the card counts it.
      select pq.paper_id,
        bool_or(pq.type not in (${composite}) and pq.answer is not null
          and pq.answer not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)) as done,
        max(pq.answered_at) as last_save
      from el_paper_qu pq join latest l on l.id = pq.paper_id
      group by pq.paper_id, coalesce(pq.parent_qu_id, pq.qu_id)
    ), qa as (
      select paper_id, count(*) filter (where done) as answered, count(*) as total, max(last_save) as last_save
      from tops group by paper_id
    )
    select ${sysUser.id} as user_id, ${sysUser.userName} as user_name, ${sysUser.realName} as real_name,
      dep.name as dept_name, l.id as paper_id, l.state, l.voided, l.start_time, l.deadline, l.leave_count,
      qa.answered, qa.total, qa.last_save, pr.last_seen_at, pr.client_ip
    from ${sysUser}
    left join sys_depart dep on dep.id = ${sysUser.deptId}
    left join latest l on l.user_id = ${sysUser.id}
    left join qa on qa.paper_id = l.id
    left join el_paper_presence pr on pr.paper_id = l.id
    where ${sysUser.deletedAt} is null
      and (l.id is not null or (${sysUser.state} = 0 and ${audience}
        and not exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
                        where ur.user_id = ${sysUser.id} and r.role_type = 2)))
      and ${userScope(admin)}
    order by ${sysUser.userName}`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    userId: String(r.user_id),
    userName: String(r.user_name),
    realName: String(r.real_name ?? ''),
    deptName: (r.dept_name as string | null) ?? null,
    paperId: (r.paper_id as string | null) ?? null,
    state: r.state == null ? null : Number(r.state),
    voided: r.voided === true,
    startTime: toDate(r.start_time),
    deadline: toDate(r.deadline),
    leaveCount: Number(r.leave_count ?? 0),
    answered: Number(r.answered ?? 0),
    total: Number(r.total ?? 0),
    lastSaveAt: toDate(r.last_save),
    lastSeenAt: toDate(r.last_seen_at),
    clientIp: (r.client_ip as string | null) ?? null,
  }));
}

/**
 * A condition (for the caller's own statement): some paper of the exam is held by a learner inside
 * the administrator's scope.
 */
export function attemptHolderInScope(examId: string, admin: ScopeHolder): SQL {
  return sql`exists (select 1 from ${elPaper} where ${and(eq(elPaper.examId, examId), userScope(admin, elPaper.userId))})`;
}

/** One paper by id, whole (the invigilator's actions check its exam, learner and state). */
export async function attemptById(db: Executor, paperId: string): Promise<AttemptRow | undefined> {
  const [paper] = await db.select().from(elPaper).where(eq(elPaper.id, paperId));
  return paper;
}

const sittingNow = (examId: string) => and(eq(elPaper.examId, examId), eq(elPaper.state, PaperState.IN_EXAM));

/** The learners inside the administrator's scope with an open paper of the exam (one row each). */
export async function sittingLearnersInScope(
  db: Executor,
  examId: string,
  admin: ScopeHolder,
): Promise<{ userId: string }[]> {
  return db
    .selectDistinct({ userId: elPaper.userId })
    .from(elPaper)
    .where(and(sittingNow(examId), userScope(admin, elPaper.userId)));
}

/** How many open papers the exam has now (of one learner when given). */
export async function countOpenAttempts(db: Executor, examId: string, userId?: string | null): Promise<number> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elPaper)
    .where(and(sittingNow(examId), userId ? eq(elPaper.userId, userId) : undefined));
  return Number(open?.n ?? 0);
}

/** The learner's open paper of the exam, if any (its id). */
export async function openAttemptOf(db: Executor, userId: string, examId: string): Promise<{ id: string } | undefined> {
  const [open] = await db
    .select({ id: elPaper.id })
    .from(elPaper)
    .where(and(eq(elPaper.userId, userId), eq(elPaper.examId, examId), eq(elPaper.state, PaperState.IN_EXAM)));
  return open;
}
