/**
 * Which exams an administrator may invigilate. Exams are shared content, but the
 * 监考 console shows who sits, who is online and lets the administrator act on papers: every
 * console endpoint and the live stream first check that the administrator may see the exam, not
 * only cut its learners to their data scope. They may when their scope is 全部, when they created
 * the exam, or when at least one learner of the exam's audience, or one holder of a paper of it,
 * lies inside their data scope. Otherwise 10010004, before anything is read or written.
 */
import { DataScope, ErrorCode, OpenType } from '@exam/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import { type elExam, sysUser } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { userInAudience } from '../../notice/notice-audience.js';
import { attemptHolderInScope } from '../../sitting/reads/invigilation.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';

export const NOT_YOUR_EXAM = '该考试的考生不在您的数据权限范围内，不能监考';

export type ExamFacts = Pick<typeof elExam.$inferSelect, 'id' | 'openType' | 'deptIds' | 'userIds' | 'createdBy'>;

/** Whether the administrator may see the exam in the console (one statement when not obvious). */
export async function mayInvigilate(db: Executor, admin: ScopeHolder, exam: ExamFacts): Promise<boolean> {
  if (admin.dataScope >= DataScope.ALL || exam.createdBy === admin.id) return true;
  const openType = exam.openType === OpenType.PASSWORD ? OpenType.PUBLIC : exam.openType;
  const audience = userInAudience({ openType, deptIds: exam.deptIds, userIds: exam.userIds });
  const res = await db.execute(sql`select (
      exists (select 1 from ${sysUser} where ${and(isNull(sysUser.deletedAt), audience, userScope(admin))})
      or ${attemptHolderInScope(exam.id, admin)}
    ) as ok`);
  const row = (res.rows as { ok: unknown }[])[0];
  return row?.ok === true || row?.ok === 't';
}

/** Refuses (10010004) an exam the administrator may not invigilate. */
export async function assertMayInvigilate(db: Executor, admin: ScopeHolder, exam: ExamFacts): Promise<void> {
  if (!(await mayInvigilate(db, admin, exam))) throw new AppError(ErrorCode.NO_PERMISSION, NOT_YOUR_EXAM);
}
