/** The enrolled face of a user, for modules above system that compare a live descriptor with it. */
import { eq } from 'drizzle-orm';
import { sysUserFace } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

/** The user's enrolled descriptor, or null when they enrolled none. */
export async function enrolledDescriptor(db: Executor, userId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ descriptor: sysUserFace.descriptor })
    .from(sysUserFace)
    .where(eq(sysUserFace.userId, userId));
  return row?.descriptor ?? null;
}
