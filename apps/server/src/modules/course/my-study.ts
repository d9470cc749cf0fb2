/**
 * 学习记录 of the user centre: the learner's study time from the per-course and per-day totals the
 * heartbeat keeps (learn-beat.ts); days and the year in the site's time zone.
 */
import type { TMyStudy } from '@exam/contracts';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { elCourse, elCourseDay, elCourseUser } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { addLocalDays, localDayKey, startOfLocalDay, zonedParts } from '../../platform/time-zone.js';

const DAYS = 14;

export async function myStudy(db: Executor, userId: string, now: Date, zone: string): Promise<TMyStudy> {
  const yearStart = startOfLocalDay(zonedParts(now, zone).year, 1, 1, zone);
  const yearKey = localDayKey(yearStart, zone);
  const firstDay = localDayKey(addLocalDays(now, -(DAYS - 1), zone), zone);
  const [totals] = await db
    .select({
      totalSeconds: sql<number>`coalesce(sum(${elCourseUser.studySeconds}), 0)`.mapWith(Number),
      courses: sql<number>`count(*)`.mapWith(Number),
      completed: sql<number>`count(${elCourseUser.completedAt})`.mapWith(Number),
      yearHours:
        sql<number>`coalesce(sum(${elCourse.hours}) filter (where ${elCourseUser.completedAt} >= ${yearStart}), 0)`.mapWith(
          Number,
        ),
    })
    .from(elCourseUser)
    .innerJoin(elCourse, eq(elCourse.id, elCourseUser.courseId))
    .where(eq(elCourseUser.userId, userId));
  const [year] = await db
    .select({ s: sql<number>`coalesce(sum(${elCourseDay.seconds}), 0)`.mapWith(Number) })
    .from(elCourseDay)
    .where(and(eq(elCourseDay.userId, userId), gte(elCourseDay.day, yearKey)));
  const perDay = await db
    .select({
      day: sql<string>`to_char(${elCourseDay.day}, 'YYYY-MM-DD')`,
      s: sql<number>`sum(${elCourseDay.seconds})`.mapWith(Number),
    })
    .from(elCourseDay)
    .where(and(eq(elCourseDay.userId, userId), gte(elCourseDay.day, firstDay)))
    .groupBy(elCourseDay.day);
  const byDay = new Map(perDay.map((d) => [d.day, d.s]));
  const days = Array.from({ length: DAYS }, (_, i) => {
    const day = localDayKey(addLocalDays(now, i - (DAYS - 1), zone), zone);
    return { day, seconds: Math.round(byDay.get(day) ?? 0) };
  });
  const recent = await db
    .select({
      courseId: elCourse.id,
      title: elCourse.title,
      progress: elCourseUser.progress,
      studySeconds: elCourseUser.studySeconds,
      completedAt: elCourseUser.completedAt,
    })
    .from(elCourseUser)
    .innerJoin(elCourse, eq(elCourse.id, elCourseUser.courseId))
    .where(eq(elCourseUser.userId, userId))
    .orderBy(desc(elCourseUser.updatedAt))
    .limit(20);
  return {
    totalSeconds: Math.round(totals.totalSeconds),
    yearSeconds: Math.round(year.s),
    yearHours: totals.yearHours,
    courses: totals.courses,
    completed: totals.completed,
    days,
    recent: recent.map((r) => ({
      ...r,
      studySeconds: Math.round(r.studySeconds),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
  };
}
