/**
 * The course and certificate side of the training manager's home: completion of the published
 * courses (required first), required courses whose end has passed with learners who did not
 * complete them, and certificates issued. Every figure counts only people in the viewer's scope.
 */
import { CourseState } from '@exam/contracts';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { elCert, elCourse, elCourseUser, sysUser } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { audienceWhere } from '../notice/notice-audience.js';
import { type ScopeHolder, userScope } from '../system/data-scope.js';
import { PART_ROWS } from './exam-parts.js';

type CourseRow = typeof elCourse.$inferSelect;

const published = and(isNull(elCourse.deletedAt), eq(elCourse.state, CourseState.PUBLISHED));

/** The course's audience in scope and how many of them completed it. */
async function completion(db: Executor, viewer: ScopeHolder, course: CourseRow) {
  const [row] = await db
    .select({ audience: count(), completed: sql<number>`count(${elCourseUser.completedAt})`.mapWith(Number) })
    .from(sysUser)
    .leftJoin(elCourseUser, and(eq(elCourseUser.userId, sysUser.id), eq(elCourseUser.courseId, course.id)))
    .where(and(audienceWhere(course), userScope(viewer)) as SQL);
  return row;
}

export async function coursesPart(db: Executor, viewer: ScopeHolder) {
  const courses = await db
    .select()
    .from(elCourse)
    .where(published)
    .orderBy(desc(elCourse.required), asc(elCourse.sort), desc(elCourse.createdAt))
    .limit(PART_ROWS);
  const out = [];
  for (const c of courses) {
    const { audience, completed } = await completion(db, viewer, c);
    const rate = audience ? Math.round((completed / audience) * 1000) / 10 : 0;
    out.push({ courseId: c.id, title: c.title, required: c.required, audience, completed, rate });
  }
  return out;
}

/** Required courses that ended in [since, now) with learners (in scope) who did not complete them. */
export async function overdueCourses(db: Executor, viewer: ScopeHolder, since: Date, now: Date) {
  const courses = await db
    .select()
    .from(elCourse)
    .where(
      and(
        published,
        eq(elCourse.required, true),
        isNotNull(elCourse.endTime),
        gte(elCourse.endTime, since),
        lt(elCourse.endTime, now),
      ),
    )
    .orderBy(desc(elCourse.endTime))
    .limit(PART_ROWS);
  const out = [];
  for (const c of courses) {
    const { audience, completed } = await completion(db, viewer, c);
    if (audience > completed)
      out.push({
        kind: 'course' as const,
        id: c.id,
        title: c.title,
        endTime: (c.endTime as Date).toISOString(),
        learners: audience - completed,
      });
  }
  return out;
}

/** Certificates in force (not revoked) held by people in scope, and those issued since `since`. */
export async function certsPart(db: Executor, viewer: ScopeHolder, since: Date) {
  const held = and(isNull(elCert.revokedAt), userScope(viewer, elCert.userId));
  const [all] = await db.select({ n: count() }).from(elCert).where(held);
  const [recent] = await db
    .select({ n: count() })
    .from(elCert)
    .where(and(held, gte(elCert.issuedAt, since)));
  return { total: all.n, last30: recent.n };
}
