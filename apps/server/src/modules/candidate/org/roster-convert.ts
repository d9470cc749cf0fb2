/**
 * A candidate hired (转为学员): a learner account in a chosen department, made with the system's
 * own user creation (its policy: the department within the administrator's scope, the student role
 * grantable), and, in the same transaction, the candidate's attempts of the exam handed to the new
 * account (the sitting's transferAttempts), its exam record recomputed for the learner, and the
 * candidate row pointing at the learner. A mobile already used by a user is refused with that
 * user named, so the organiser can tell a returning employee from a typing error; a candidate
 * already converted (or converted twice at once) is refused, leaving no second account.
 */
import { ErrorCode, type TCandidateConvert } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { elCandidate, sysRole, sysUser } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Db, Tx } from '../../../platform/db.js';
import { AppError, badParams, conflict, duplicate, notFound } from '../../../platform/errors.js';
import { dropRecord, refreshRecords } from '../../exam/user-record.js';
import { transferAttempts } from '../../sitting/transfer-attempts.js';
import { STUDENT_ROLE } from '../../system/user/auth.service.js';
import { createUser } from '../../system/user/user.service.js';

const ALREADY = '该考生已转为学员';

async function lockCandidate(tx: Tx, examId: string, id: string) {
  const [row] = await tx
    .select({ convertedUserId: elCandidate.convertedUserId })
    .from(elCandidate)
    .where(and(eq(elCandidate.id, id), eq(elCandidate.examId, examId)))
    .for('update');
  if (!row) throw notFound('考生');
  if (row.convertedUserId) throw conflict(ALREADY);
}

/** Converts the candidate; answers the new learner's id and user name. */
export async function convertCandidate(
  db: Db,
  actor: AuthUser,
  input: TCandidateConvert,
): Promise<{ userId: string; userName: string }> {
  const [cand] = await db
    .select()
    .from(elCandidate)
    .where(and(eq(elCandidate.id, input.id), eq(elCandidate.examId, input.examId)));
  if (!cand) throw notFound('考生');
  if (cand.convertedUserId) throw conflict(ALREADY);
  if (cand.erasedAt) throw conflict('该考生的个人信息已按保留期限删除，不能转为学员');
  if (!cand.name) throw badParams('该考生没有登记姓名，不能转为学员');
  const userName = input.userName || cand.mobile;
  if (!userName) throw badParams('该考生没有登记手机号，请填写用户名');
  if (cand.mobile) {
    const [holder] = await db
      .select({ userName: sysUser.userName, realName: sysUser.realName })
      .from(sysUser)
      .where(and(eq(sysUser.mobile, cand.mobile), isNull(sysUser.deletedAt)))
      .limit(1);
    if (holder)
      throw duplicate(
        `手机号 ${cand.mobile} 已是用户 ${holder.userName}（${holder.realName}）的手机号：该考生可能已有账号，不能再转为学员`,
      );
  }
  const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, STUDENT_ROLE));
  if (!role) throw new AppError(ErrorCode.SERVER_ERROR, '没有学员角色，不能转为学员');
  const userId = await createUser(
    db,
    actor,
    {
      userName,
      realName: cand.name,
      mobile: cand.mobile,
      email: null,
      deptId: input.deptId,
      roleIds: [role.id],
      state: 0,
      password: input.password,
      remark: `由考生转入（考试 ${input.examId}）`,
    },
    async (tx, newId) => {
      await lockCandidate(tx, input.examId, input.id);
      await transferAttempts(tx, input.examId, input.id, newId, input.deptId);
      await dropRecord(tx, input.id, input.examId);
      await refreshRecords(tx, [{ userId: newId, examId: input.examId }]);
      await tx.update(elCandidate).set({ convertedUserId: newId }).where(eq(elCandidate.id, input.id));
    },
  );
  return { userId, userName };
}
