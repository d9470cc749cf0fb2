/**
 * The console's snapshot of one exam: every learner of its audience (the exam open types, as the
 * notices evaluate them: 1 and 9 everyone, 2 departments and below, 3 named people), plus anyone
 * who holds a paper of it, inside the administrator's data scope; with their latest paper's
 * figures. One statement; it reads el_paper, el_paper_qu and the room's presence rows and writes
 * nothing, so the answer-saving hot path is not touched.
 */
import { OpenType, type TInvigilateSnapshot } from '@exam/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { elExam, sysUser } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';
import { authorize } from '../../../platform/policy/index.js';
import { userInAudience } from '../../notice/notice-audience.js';
import { COMPOSITE_TYPES } from '../../repo/kinds/registry.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';
import { examPolicy } from '../exam.policy.js';
import { countsOf, type LearnerFacts, rowOf } from './invigilate-rules.js';

export type ExamRow = typeof elExam.$inferSelect;

/** Loads a live (not deleted) exam or throws 10010003. */
export async function loadExam(db: Executor, examId: string): Promise<ExamRow> {
  const [exam] = await db
    .select()
    .from(elExam)
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!exam) throw notFound('考试');
  return exam;
}

const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/** Reads the facts of every learner of the exam's audience (and every holder of a paper of it). */
async function learnerFacts(db: Executor, exam: ExamRow, admin: AuthUser): Promise<LearnerFacts[]> {
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

/** Loads a live exam (10010003 otherwise) the administrator may invigilate (10010004 otherwise). */
export async function loadInvigilatedExam(db: Executor, admin: ScopeHolder, examId: string): Promise<ExamRow> {
  const exam = await loadExam(db, examId);
  await authorize(db, admin, examPolicy, 'invigilate', exam);
  return exam;
}

/** The console's view of an exam now (of an exam the administrator may invigilate). */
export async function invigilateSnapshot(
  db: Executor,
  admin: AuthUser,
  examId: string,
  now: Date,
): Promise<TInvigilateSnapshot> {
  const exam = await loadInvigilatedExam(db, admin, examId);
  const rows = (await learnerFacts(db, exam, admin)).map((f) => rowOf(f, exam.leaveLimit, now));
  return {
    examId: exam.id,
    title: exam.title,
    startTime: exam.startTime.toISOString(),
    endTime: exam.endTime.toISOString(),
    duration: exam.duration,
    leaveLimit: exam.leaveLimit,
    serverTime: now.toISOString(),
    counts: countsOf(rows),
    rows,
  };
}
