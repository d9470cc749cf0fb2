/**
 * Learning progress of a course (学习进度): every member of the audience (live, like notices) with
 * their progress, study time and completion; filters by department (and below) and name; the
 * completion rate and a department summary; an xlsx export of the same rows. An administrator
 * sees only the learners of their data scope (system/data-scope.ts), in every figure.
 */
import type { TCourseStatRecord } from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { elCourse, elCourseUser, sysDepart, sysUser } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { offsetOf, page } from '../../platform/paging.js';
import { personColumns, xlsxBook } from '../../platform/xlsx.js';
import { audienceWhere } from '../notice/notice-audience.js';
import { type ScopeHolder, userScope } from '../system/data-scope.js';

type Params = { courseId: string; deptId?: string | null; realName?: string | null };

async function scope(db: Executor, actor: ScopeHolder, p: Params) {
  const [course] = await db
    .select()
    .from(elCourse)
    .where(and(eq(elCourse.id, p.courseId), isNull(elCourse.deletedAt)));
  if (!course) throw notFound('课程');
  const deptFilter = p.deptId
    ? sql`${sysUser.deptId} in (select c.id from sys_depart c join sys_depart d on c.code like d.code || '%' where d.id = ${p.deptId})`
    : undefined;
  const where = and(
    audienceWhere(course),
    userScope(actor),
    deptFilter,
    p.realName ? ilike(sysUser.realName, containing(p.realName)) : undefined,
  ) as SQL;
  return { course, where };
}

const joinProgress = (courseId: string) =>
  and(eq(elCourseUser.userId, sysUser.id), eq(elCourseUser.courseId, courseId));

async function rows(db: Executor, actor: ScopeHolder, p: Params, limit?: { current: number; size: number }) {
  const { course, where } = await scope(db, actor, p);
  const q = db
    .select({
      userId: sysUser.id,
      realName: sysUser.realName,
      userName: sysUser.userName,
      deptName: sysDepart.name,
      progress: sql<number>`coalesce(${elCourseUser.progress}, 0)`.mapWith(Number),
      studySeconds: sql<number>`round(coalesce(${elCourseUser.studySeconds}, 0))`.mapWith(Number),
      completedAt: elCourseUser.completedAt,
    })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .leftJoin(elCourseUser, joinProgress(course.id))
    .where(where)
    .orderBy(desc(sql`coalesce(${elCourseUser.progress}, 0)`), asc(sysUser.userName));
  const list = limit ? await q.limit(limit.size).offset(offsetOf(limit)) : await q.limit(100_000);
  const records: TCourseStatRecord[] = list.map((r) => ({ ...r, completedAt: r.completedAt?.toISOString() ?? null }));
  return { course, where, records };
}

export async function statPaging(db: Executor, actor: ScopeHolder, p: Params, current: number, size: number) {
  const { where, records } = await rows(db, actor, p, { current, size });
  const [total] = await db.select({ n: count() }).from(sysUser).where(where);
  return page(records, total.n, current, size);
}

export async function statSummary(db: Executor, actor: ScopeHolder, p: Params) {
  const { course, where } = await scope(db, actor, p);
  const depts = await db
    .select({
      deptName: sysDepart.name,
      learners: count(),
      completed: sql<number>`count(${elCourseUser.completedAt})`.mapWith(Number),
    })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .leftJoin(elCourseUser, joinProgress(course.id))
    .where(where)
    .groupBy(sysDepart.name)
    .orderBy(asc(sysDepart.name));
  const audience = depts.reduce((n, d) => n + d.learners, 0);
  const completed = depts.reduce((n, d) => n + d.completed, 0);
  return { audience, completed, rate: audience ? Math.round((completed / audience) * 1000) / 10 : 0, depts };
}

/** The progress workbook; the completion time in the site's time zone (`zone`). */
export async function statExport(db: Executor, actor: ScopeHolder, p: Params, zone: string) {
  const { course, records } = await rows(db, actor, p);
  const book = xlsxBook(zone);
  book.sheet(
    '学习进度',
    [
      ...personColumns({ roster: true }),
      { header: '进度(%)', key: 'progress', width: 10 },
      { header: '学习时长(分钟)', key: 'minutes', width: 14 },
      { header: '完成时间', key: 'completedAt', width: 22, kind: 'datetime' },
    ],
    records.map((r) => ({ ...r, minutes: Math.round(r.studySeconds / 60) })),
  );
  return book.toFile(`${course.title}-学习进度.xlsx`);
}
