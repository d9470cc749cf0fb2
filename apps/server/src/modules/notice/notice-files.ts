/**
 * Notice attachments are private files (marked at save, and by migration 0013 for those stored
 * public before): served only to administrators and to readers of a notice that holds the file and
 * that they may read (published, its time come, not deleted, addressed to them).
 */
import { NoticeState, RoleType } from '@exam/contracts';
import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { sysNotice } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { markFilesPrivate } from '../system/file/file.service.js';
import { noticeOpenTo } from './notice-audience.js';

const holds = (fileId: string): SQL => sql`${fileId} = any(${sysNotice.fileIds})`;

/** Marks a notice's attachments private (inside the notice's save transaction). */
export async function markAttachmentsPrivate(tx: Executor, fileIds: string[]): Promise<void> {
  await markFilesPrivate(tx, fileIds);
}

/**
 * Whether `user` may fetch a private file: null when no notice holds it (the general rule for
 * private files applies), else whether the user is an administrator or a reader of such a notice.
 */
export async function noticeFileAllowed(
  db: Executor,
  fileId: string,
  user: AuthUser | null,
  now: Date,
): Promise<boolean | null> {
  const [held] = await db.select({ id: sysNotice.id }).from(sysNotice).where(holds(fileId)).limit(1);
  if (!held) return null;
  if (!user) return false;
  if (user.roleType === RoleType.ADMIN) return true;
  const [open] = await db
    .select({ id: sysNotice.id })
    .from(sysNotice)
    .where(
      and(
        holds(fileId),
        eq(sysNotice.state, NoticeState.PUBLISHED),
        lte(sysNotice.publishAt, now),
        isNull(sysNotice.deletedAt),
        noticeOpenTo(user),
      ),
    )
    .limit(1);
  return Boolean(open);
}
