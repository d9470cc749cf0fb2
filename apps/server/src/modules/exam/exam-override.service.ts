/**
 * Arrangements (个别安排) and re-sits (补考) for administrators: list, save and
 * remove overrides of an exam; list who may re-sit (failed: papers, none passed, none open or
 * awaiting marking; missed: learners of the audience with no paper) and give them a new window
 * with one more attempt. Which override applies to a learner: exam-override.ts.
 *
 * Data scope: an administrator of a department sees and changes only the arrangements of learners
 * and departments inside their scope, and re-sits only their learners; anything else is refused
 * with 10010004 before a row is written. (The exam itself is shared content, like the exam list.)
 */
import {
  DataScope,
  ExamState,
  OVERRIDE_KIND_LABELS,
  OverrideKind,
  PaperState,
  RoleType,
  type TExamOverrideRecord,
  type TExamOverrideSave,
  type TResit,
  type TResitCandidate,
  UserState,
} from '@exam/contracts';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { elExam, elExamOverride, sysDepart, sysUser } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { badParams, conflict, duplicate, isUniqueViolation, noPermission, notFound } from '../../platform/errors.js';
import { authorize } from '../../platform/policy/index.js';
import { papersOfExam } from '../sitting/reads/exam-side.js';
import { deptInScope, deptScope, type ScopeHolder, userScope } from '../system/data-scope.js';
import { userPolicy } from '../system/user/user.policy.js';
import { examOpenTo } from './exam-rules.js';

type ExamRow = typeof elExam.$inferSelect;

/** An exam that can still be arranged: exists, not deleted, not archived. */
async function arrangeableExam(db: Executor, examId: string): Promise<ExamRow> {
  const [exam] = await db
    .select()
    .from(elExam)
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!exam) throw notFound('考试');
  if (exam.archivedAt) throw conflict('考试已归档，请先恢复后再安排');
  return exam;
}

/** Override rows the administrator may see and change: a learner or a department of their scope. */
function overrideScope(admin: ScopeHolder): SQL {
  if (admin.dataScope >= DataScope.ALL) return sql`true`;
  // Never NULL (the delete check negates it): each side tests its column for null first.
  return sql`((${elExamOverride.userId} is not null and ${userScope(admin, elExamOverride.userId)})
    or (${elExamOverride.deptId} is not null
      and ${elExamOverride.deptId} in (select ${sysDepart.id} from ${sysDepart} where ${deptScope(admin)})))`;
}

export async function listOverrides(db: Db, admin: ScopeHolder, examId: string): Promise<TExamOverrideRecord[]> {
  const rows = await db
    .select({ o: elExamOverride, userName: sysUser.userName, realName: sysUser.realName, deptName: sysDepart.name })
    .from(elExamOverride)
    .leftJoin(sysUser, eq(sysUser.id, elExamOverride.userId))
    .leftJoin(sysDepart, eq(sysDepart.id, elExamOverride.deptId))
    .where(and(eq(elExamOverride.examId, examId), overrideScope(admin)))
    .orderBy(desc(elExamOverride.createdAt), elExamOverride.id);
  return rows.map(({ o, userName, realName, deptName }) => ({
    id: o.id,
    examId: o.examId,
    kind: o.kind,
    kindLabel: OVERRIDE_KIND_LABELS[o.kind] ?? '个别安排',
    targetType: o.userId ? 1 : 2,
    userId: o.userId,
    userName: userName ?? null,
    realName: realName ?? null,
    deptId: o.deptId,
    deptName: deptName ?? null,
    startTime: o.startTime ? o.startTime.toISOString() : null,
    endTime: o.endTime ? o.endTime.toISOString() : null,
    extraMinutes: o.extraMinutes,
    extraTries: o.extraTries,
    password: o.password,
    note: o.note,
    createdAt: o.createdAt.toISOString(),
  }));
}

/** The user exists and the exam is open to them (an arrangement never widens the audience). */
async function assertUserInAudience(db: Executor, exam: ExamRow, userId: string): Promise<void> {
  const [u] = await db
    .select({ id: sysUser.id, realName: sysUser.realName, deptCode: sysDepart.code })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(and(eq(sysUser.id, userId), isNull(sysUser.deletedAt)));
  if (!u) throw badParams('考生不存在或已被删除');
  const [row] = await db
    .select({ open: examOpenTo({ id: u.id, deptCode: u.deptCode }).mapWith(Boolean) })
    .from(elExam)
    .where(eq(elExam.id, exam.id));
  if (!row?.open) throw badParams(`考生「${u.realName}」不在本场考试的参考范围内，个别安排不能扩大参考范围`);
}

/** Creates or updates an arrangement; answers its id. */
export async function saveOverride(db: Db, admin: ScopeHolder, input: TExamOverrideSave): Promise<string> {
  const adminId = admin.id;
  const exam = await arrangeableExam(db, input.examId);
  const isUser = input.targetType === 1;
  if (input.id) {
    // The arrangement edited must be one the administrator may see (its target may change below).
    const [mine] = await db
      .select({ id: elExamOverride.id })
      .from(elExamOverride)
      .where(and(eq(elExamOverride.id, input.id), eq(elExamOverride.examId, exam.id), overrideScope(admin)));
    if (!mine) throw notFound('安排');
  }
  if (isUser) {
    await assertUserInAudience(db, exam, input.userId as string);
    await authorize(db, admin, userPolicy, 'actOn', {
      ids: [input.userId as string],
      message: '该考生不在您的数据权限范围内，不能为其安排',
    });
  } else {
    const [d] = await db
      .select({ id: sysDepart.id, code: sysDepart.code, name: sysDepart.name })
      .from(sysDepart)
      .where(eq(sysDepart.id, input.deptId as string));
    if (!d) throw badParams('部门不存在或已被删除');
    if (!deptInScope(admin, d)) throw noPermission(`部门 ${d.name} 不在您的数据权限范围内，不能为其安排`);
  }
  const values = {
    examId: exam.id,
    userId: isUser ? (input.userId as string) : null,
    deptId: isUser ? null : (input.deptId as string),
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
    extraMinutes: input.extraMinutes ?? 0,
    extraTries: input.extraTries ?? 0,
    password: input.password || null,
    note: input.note || null,
  };
  try {
    if (!input.id) {
      const [row] = await db
        .insert(elExamOverride)
        .values({ ...values, kind: OverrideKind.ARRANGE, createdBy: adminId })
        .returning({ id: elExamOverride.id });
      return row.id;
    }
    const [row] = await db
      .update(elExamOverride)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(elExamOverride.id, input.id), eq(elExamOverride.examId, exam.id)))
      .returning({ id: elExamOverride.id });
    if (!row) throw notFound('安排');
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err))
      throw duplicate(isUser ? '该考生在本场考试已有安排，请编辑原安排' : '该部门在本场考试已有安排，请编辑原安排');
    throw err;
  }
}

/** Deletes arrangements: all of them, or none when one lies outside the administrator's scope. */
export async function deleteOverrides(db: Db, admin: ScopeHolder, ids: string[]): Promise<void> {
  const outside = await db
    .select({ id: elExamOverride.id })
    .from(elExamOverride)
    .where(and(inArray(elExamOverride.id, ids), sql`not (${overrideScope(admin)})`));
  if (outside.length) throw noPermission(`有${outside.length}条安排的对象不在您的数据权限范围内，无权删除`);
  await db.delete(elExamOverride).where(inArray(elExamOverride.id, ids));
}

/** Condition on sys_user `u` (its department `ud`): an active learner of the exam's audience. */
export function learnerOfAudience(exam: ExamRow): SQL {
  const audience =
    exam.openType === 2
      ? exam.deptIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from sys_depart p where p.id in ${exam.deptIds} and ud.code like p.code || '%')`
      : exam.openType === 3
        ? exam.userIds.length === 0
          ? sql`false`
          : sql`u.id in ${exam.userIds}`
        : sql`true`;
  return sql`u.deleted_at is null and u.state = ${UserState.NORMAL}
    and exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
      where ur.user_id = u.id and r.role_type = ${RoleType.LEARNER})
    and ${audience}`;
}

interface CandidateRow extends Record<string, unknown> {
  user_id: string;
  user_name: string;
  real_name: string;
  dept_name: string | null;
  tries: number | string;
  passed: boolean;
  waiting: boolean;
  best: number | null;
}

/**
 * Who may re-sit: 未通过 (papers, none passed, none open or awaiting marking; voided papers
 * do not count as a pass) and 缺考 (learners of the audience without any paper).
 */
export async function resitCandidates(
  db: Executor,
  exam: ExamRow,
  want: { failed: boolean; missed: boolean },
  admin: ScopeHolder,
): Promise<TResitCandidate[]> {
  // The scope condition names sys_user's columns; the query aliases it u (see learnerOfAudience).
  const inScope = sql`u.id in (select ${sysUser.id} from ${sysUser} where ${userScope(admin)})`;
  const res = await db.execute<CandidateRow>(sql`select u.id as user_id, u.user_name, u.real_name, ud.name as dept_name,
      count(p.id) as tries,
      coalesce(bool_or(p.passed and not p.voided), false) as passed,
      coalesce(bool_or(p.state in (${PaperState.IN_EXAM}, ${PaperState.AWAITING_MARK}) and not p.voided), false) as waiting,
      max(case when p.voided or p.state <> ${PaperState.FINISHED} then null else p.user_score end) as best
    from sys_user u
    left join sys_depart ud on ud.id = u.dept_id
    left join ${papersOfExam(exam.id)} p on p.user_id = u.id
    where ((${learnerOfAudience(exam)}) or exists (select 1 from ${papersOfExam(exam.id)} q where q.user_id = u.id))
      and ${inScope}
    group by u.id, u.user_name, u.real_name, ud.name
    order by u.user_name`);
  const out: TResitCandidate[] = [];
  for (const r of res.rows) {
    const tries = Number(r.tries);
    const reason = tries === 0 ? '缺考' : !r.passed && !r.waiting ? '未通过' : null;
    if (!reason || (reason === '缺考' && !want.missed) || (reason === '未通过' && !want.failed)) continue;
    out.push({
      userId: r.user_id,
      userName: r.user_name,
      realName: r.real_name,
      deptName: r.dept_name,
      reason,
      tryCount: tries,
      bestScore: r.best === null ? null : Number(r.best),
    });
  }
  return out;
}

export async function resitPreview(
  db: Db,
  admin: ScopeHolder,
  examId: string,
  want: { failed: boolean; missed: boolean },
) {
  return resitCandidates(db, await arrangeableExam(db, examId), want, admin);
}

/**
 * 补考: each selected learner (who must be a re-sit candidate) gets a user override of kind 2 with
 * the new window and one more attempt than they have used; an earlier arrangement's extra minutes
 * and password are kept (accessibility stays). Answers how many were arranged.
 */
export async function arrangeResit(db: Db, admin: ScopeHolder, input: TResit): Promise<number> {
  const adminId = admin.id;
  const exam = await arrangeableExam(db, input.examId);
  if (exam.state !== ExamState.PUBLISHED) throw conflict('考试未发布或已关闭，请先发布后再安排补考');
  const ids = [...new Set(input.userIds)];
  await authorize(db, admin, userPolicy, 'actOn', {
    ids,
    message: '所选考生中有人不在您的数据权限范围内，不能为其安排补考',
  });
  const candidates = new Map(
    (await resitCandidates(db, exam, { failed: true, missed: true }, admin)).map((c) => [c.userId, c]),
  );
  const refused = ids.filter((id) => !candidates.has(id));
  if (refused.length > 0)
    throw badParams(`有${refused.length}名考生不能补考（已通过、正在考试或待阅卷，或不在参考范围内）`);
  const start = new Date(input.startTime);
  const end = new Date(input.endTime);
  await db.transaction(async (tx) => {
    for (const id of ids) {
      const used = candidates.get(id)?.tryCount ?? 0;
      const extraTries = exam.tryLimit > 0 ? Math.max(1, used + 1 - exam.tryLimit) : 0;
      await tx
        .insert(elExamOverride)
        .values({
          examId: exam.id,
          userId: id,
          kind: OverrideKind.RESIT,
          startTime: start,
          endTime: end,
          extraTries,
          note: input.note || '补考',
          createdBy: adminId,
        })
        .onConflictDoUpdate({
          target: [elExamOverride.examId, elExamOverride.userId],
          targetWhere: sql`${elExamOverride.userId} is not null`,
          set: {
            kind: OverrideKind.RESIT,
            startTime: start,
            endTime: end,
            extraTries,
            note: input.note || '补考',
            updatedAt: new Date(),
          },
        });
    }
  });
  return ids.length;
}
