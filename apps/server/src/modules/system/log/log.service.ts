/** System logs: paging with filters, and client errors reported by the web. */
import type { TClientError, TLogPagingParams } from '@exam/contracts';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { sysLog } from '../../../db/schema/index.js';
import { LogType, writeLog } from '../../../platform/audit.js';
import type { Executor } from '../../../platform/db.js';
import { containing } from '../../../platform/like.js';
import { paginate } from '../../../platform/paging.js';
import { type ScopeHolder, userScope } from '../data-scope.js';
import { iso } from '../tree.js';
import { scrubClientError } from './client-error-scrub.js';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Logs newest first, filtered by type, user name, success, time range [start, end] and keyword,
 * limited to the users of the administrator's data scope (rows of no user: only the widest scope).
 */
export async function pagingLogs(
  db: Executor,
  viewer: ScopeHolder,
  current: number,
  size: number,
  params: TLogPagingParams,
) {
  const where: SQL[] = [userScope(viewer, sysLog.userId)];
  if (params.type) where.push(eq(sysLog.type, params.type));
  if (params.userName) where.push(ilike(sysLog.userName, containing(params.userName)));
  if (params.success !== null && params.success !== undefined) where.push(eq(sysLog.success, params.success));
  if (params.timeRange) {
    const [start, end] = params.timeRange as [string, string];
    // A bare date means the whole of that day, in the server's time zone.
    where.push(gte(sysLog.createdAt, BARE_DATE.test(start) ? new Date(`${start}T00:00:00`) : new Date(start)));
    where.push(lte(sysLog.createdAt, BARE_DATE.test(end) ? new Date(`${end}T23:59:59.999`) : new Date(end)));
  }
  if (params.keyword) {
    const k = containing(params.keyword);
    where.push(or(ilike(sysLog.title, k), ilike(sysLog.path, k), ilike(sysLog.message, k)) as SQL);
  }
  const cond = where.length ? and(...where) : undefined;
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysLog).where(cond),
    db.select().from(sysLog).where(cond).orderBy(desc(sysLog.createdAt), desc(sysLog.id)).$dynamic(),
    (r) => ({ ...r, createdAt: iso(r.createdAt) }),
  );
}

/** Stores an error reported by a browser as a type 3 log, with the user when a token came. */
export async function recordClientError(
  db: Executor,
  input: TClientError,
  user: { id: string; userName: string } | null,
  meta: { ip: string; userAgent: string | null },
): Promise<void> {
  input = scrubClientError(input);
  await writeLog(db, {
    type: LogType.CLIENT_ERROR,
    userId: user?.id ?? null,
    userName: user?.userName ?? null,
    title: '前端错误',
    path: input.url?.slice(0, 2000) ?? null,
    params: { stack: input.stack ?? null },
    success: false,
    message: input.message,
    ip: meta.ip,
    userAgent: (input.userAgent ?? meta.userAgent)?.slice(0, 300) ?? null,
  });
}
