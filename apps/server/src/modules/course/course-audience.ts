/**
 * Who may study a course: the exam open types (1 everyone, 2 departments and below, 3 named
 * people), evaluated live from the course row like notices (modules/notice/notice-audience.ts),
 * plus published state and the validity window. One rule for the catalogue, the detail, the
 * heartbeat and the file bytes, so a learner outside the audience is refused everywhere alike.
 */
import { CourseState, ErrorCode } from '@exam/contracts';
import { and, eq, gt, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { elCourse } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';

export type CourseRow = typeof elCourse.$inferSelect;

/** Condition on el_course: the course is addressed to this learner. */
export function courseOpenTo(user: Pick<AuthUser, 'id' | 'deptCode'>): SQL {
  return courseOpenToLearner(user.id, user.deptCode);
}

/**
 * `courseOpenTo` of a learner's id and department code, values or placeholders (a learner without
 * a department: `null like …` is not true).
 */
export function courseOpenToLearner(userId: unknown, deptCode: unknown): SQL {
  return sql`(${elCourse.openType} = 1
    or (${elCourse.openType} = 2 and exists (select 1 from sys_depart d
      where d.id = any(${elCourse.deptIds}) and ${deptCode}::text like d.code || '%'))
    or (${elCourse.openType} = 3 and ${userId}::text = any(${elCourse.userIds})))`;
}

/** Published, not deleted, inside its validity window; `now` a Date or a placeholder. */
export function courseLive(now: Date | Placeholder): SQL {
  return and(
    isNull(elCourse.deletedAt),
    eq(elCourse.state, CourseState.PUBLISHED),
    or(isNull(elCourse.startTime), lte(elCourse.startTime, now)),
    or(isNull(elCourse.endTime), gt(elCourse.endTime, now)),
  ) as SQL;
}

export const NOT_IN_AUDIENCE = '课程不存在、未发布或您不在该课程的学习范围内';

/** The course a learner may study, or a clear refusal (the same for unknown and closed courses). */
export async function courseForLearner(db: Executor, user: AuthUser, courseId: string, now: Date): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(elCourse)
    .where(and(eq(elCourse.id, courseId), courseLive(now), courseOpenTo(user)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, NOT_IN_AUDIENCE);
  return row;
}
