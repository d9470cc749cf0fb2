/** The signed-in user's own profile (name, mobile, avatar): /api/sys/user/update-profile. */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sysUser } from '../../../db/schema/index.js';
import { authChanged } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';
import { duplicate, isUniqueViolation, notFound } from '../../../platform/errors.js';

export interface ProfileUpdate {
  realName: string;
  mobile: string | null;
  avatar?: string | null;
}

/** Updates the user's own profile; a mobile may belong to one live user only. */
export async function updateProfile(db: Executor, userId: string, input: ProfileUpdate, now: Date): Promise<void> {
  if (input.mobile) {
    const [taken] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.mobile, input.mobile), isNull(sysUser.deletedAt), ne(sysUser.id, userId)))
      .limit(1);
    if (taken) throw duplicate(`手机号 ${input.mobile} 已被其他用户使用`);
  }
  const fields: Partial<typeof sysUser.$inferInsert> = {
    realName: input.realName,
    mobile: input.mobile,
    updatedAt: now,
  };
  if (input.avatar !== undefined) fields.avatar = input.avatar;
  try {
    const rows = await db
      .update(sysUser)
      .set(fields)
      .where(and(eq(sysUser.id, userId), isNull(sysUser.deletedAt)))
      .returning({ id: sysUser.id });
    if (!rows.length) throw notFound('用户');
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('手机号已被其他用户使用');
    throw err;
  }
  await authChanged({ users: [userId] });
}
