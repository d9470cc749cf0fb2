/**
 * Who may see an exam's candidates. The candidates' fields are personal data of people outside the
 * organisation, so the list is narrower than the exam's pages (any holder of the exam tags): an
 * administrator sees an exam's candidates when their data scope is 全部, when they created the exam,
 * or when the exam's creator lies inside their data scope (an exam of their department or below).
 * Otherwise 10010004 before anything is read; an exam that does not exist is 10010003.
 */
import { DataScope, ErrorCode } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { elExam, sysUser } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';

export const NOT_YOUR_CANDIDATES = '该考试不在您的数据权限范围内，不能查看其考生';

export interface RosterExam {
  id: string;
  title: string;
  startTime: Date;
  endTime: Date;
  resultShow: number;
  createdBy: string | null;
}

/** The exam when the administrator may see its candidates; refuses otherwise. */
export async function examForRoster(db: Executor, admin: ScopeHolder, examId: string): Promise<RosterExam> {
  const [exam] = await db
    .select({
      id: elExam.id,
      title: elExam.title,
      startTime: elExam.startTime,
      endTime: elExam.endTime,
      resultShow: elExam.resultShow,
      createdBy: elExam.createdBy,
    })
    .from(elExam)
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!exam) throw notFound('考试');
  if (admin.dataScope >= DataScope.ALL || exam.createdBy === admin.id) return exam;
  if (exam.createdBy) {
    const [creator] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.id, exam.createdBy), userScope(admin)));
    if (creator) return exam;
  }
  throw new AppError(ErrorCode.NO_PERMISSION, NOT_YOUR_CANDIDATES);
}
