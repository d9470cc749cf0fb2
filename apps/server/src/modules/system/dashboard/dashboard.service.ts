/**
 * Figures of the administrator home: users, departments, today's activity and a 14-day trend.
 * People figures (users, departments, sign-ins, new users) follow the administrator's data scope;
 * content figures (exams, paper templates (试卷数: the 试卷 an administrator composes, not the
 * learners' answer sheets), banks, questions) are the shared catalogue every administrator lists,
 * so they are not cut by department; their owners count them (content-counts.ts).
 */
import type { TDashboardStat } from '@exam/contracts';
import { and, count, countDistinct, eq, gte, isNull, sql } from 'drizzle-orm';
import { sysDepart, sysLog, sysUser } from '../../../db/schema/index.js';
import { LogType } from '../../../platform/audit.js';
import type { Executor } from '../../../platform/db.js';
import { addLocalDays, localDayKey, startOfDay } from '../../../platform/time-zone.js';
import { deptScope, type ScopeHolder, userScope } from '../data-scope.js';
import { contentCounts } from './content-counts.js';

export const TREND_DAYS = 14;

/** Groups a timestamp column by calendar day in the site's time zone (an IANA name). */
function localDay(column: typeof sysLog.createdAt | typeof sysUser.createdAt, zone: string) {
  // Inlined (checked as an IANA name at start-up) so that the select and GROUP BY are identical.
  const tz = sql.raw(`'${zone.replace(/'/g, '')}'`);
  return sql<string>`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`;
}

/** Days of the trend and today's activity follow the site's time zone, not the server's. */
export async function dashboardStat(
  db: Executor,
  viewer: ScopeHolder,
  now: Date,
  zone: string,
): Promise<TDashboardStat> {
  const today = startOfDay(now, zone);
  const since = addLocalDays(now, -(TREND_DAYS - 1), zone);
  const signIn = and(eq(sysLog.type, LogType.LOGIN), eq(sysLog.success, true));

  const inScope = userScope(viewer, sysLog.userId);

  const [users] = await db
    .select({ n: count() })
    .from(sysUser)
    .where(and(isNull(sysUser.deletedAt), userScope(viewer)));
  const [depts] = await db.select({ n: count() }).from(sysDepart).where(deptScope(viewer));
  const [active] = await db
    .select({ n: countDistinct(sysLog.userId) })
    .from(sysLog)
    .where(and(signIn, inScope, gte(sysLog.createdAt, today)));
  const loginDay = localDay(sysLog.createdAt, zone);
  const logins = await db
    .select({ day: loginDay, n: count() })
    .from(sysLog)
    .where(and(signIn, inScope, gte(sysLog.createdAt, since)))
    .groupBy(loginDay);
  const userDay = localDay(sysUser.createdAt, zone);
  const newUsers = await db
    .select({ day: userDay, n: count() })
    .from(sysUser)
    .where(and(isNull(sysUser.deletedAt), userScope(viewer), gte(sysUser.createdAt, since)))
    .groupBy(userDay);

  const loginsByDay = new Map(logins.map((r) => [r.day, r.n]));
  const usersByDay = new Map(newUsers.map((r) => [r.day, r.n]));
  const trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const date = localDayKey(addLocalDays(since, i, zone), zone);
    return { date, logins: loginsByDay.get(date) ?? 0, newUsers: usersByDay.get(date) ?? 0 };
  });
  return {
    ...(await contentCounts(db)),
    userCount: users.n,
    deptCount: depts.n,
    activeToday: active.n,
    trend,
  };
}
