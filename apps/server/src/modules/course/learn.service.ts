/** The learner's side: my courses, a course's detail with per-file state, one file's progress, linked exams. */
import { COURSE_SEEK_TOLERANCE, type TFileProgress, type TLearnDetail } from '@exam/contracts';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { elCourse, elCourseCategory, elCourseFile, elCourseLearn, elCourseUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { badParams } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { onPool, preparedStatement } from '../../platform/prepared.js';
import { startOfLocalDay, zonedParts } from '../../platform/time-zone.js';
import { chaptersOf } from './course.service.js';
import { type CourseRow, courseForLearner, courseLive, courseOpenTo, courseOpenToLearner } from './course-audience.js';
import { examTitles } from './exam-titles.js';
import { courseProgress, doneInput } from './learn-beat.js';
import { filePercent, furthestAllowed } from './progress-rules.js';

export async function myCourses(
  db: Executor,
  user: AuthUser,
  params: { status?: number | null; categoryId?: string | null; title?: string | null },
  current: number,
  size: number,
  now: Date,
  zone: string,
) {
  const mine = and(eq(elCourseUser.courseId, elCourse.id), eq(elCourseUser.userId, user.id));
  const where = and(
    courseLive(now),
    courseOpenTo(user),
    params.categoryId ? eq(elCourse.categoryId, params.categoryId) : undefined,
    params.title ? ilike(elCourse.title, containing(params.title)) : undefined,
    params.status === 1 ? and(isNotNull(elCourseUser.userId), isNull(elCourseUser.completedAt)) : undefined,
    params.status === 2 ? isNotNull(elCourseUser.completedAt) : undefined,
  ) as SQL;
  const courses = await paginate(
    { current, size },
    db.select({ n: count() }).from(elCourse).leftJoin(elCourseUser, mine).where(where),
    db
      .select({ c: elCourse, u: elCourseUser, categoryName: elCourseCategory.name })
      .from(elCourse)
      .leftJoin(elCourseUser, mine)
      .leftJoin(elCourseCategory, eq(elCourseCategory.id, elCourse.categoryId))
      .where(where)
      .orderBy(asc(elCourse.sort), desc(elCourse.createdAt), desc(elCourse.id))
      .$dynamic(),
    (r) => ({
      id: r.c.id,
      title: r.c.title,
      cover: r.c.cover,
      categoryName: r.categoryName,
      lecturer: r.c.lecturer,
      hours: r.c.hours,
      required: r.c.required,
      progress: r.u?.progress ?? 0,
      studySeconds: Math.round(r.u?.studySeconds ?? 0),
      completedAt: r.u?.completedAt?.toISOString() ?? null,
    }),
  );
  const year = startOfLocalDay(zonedParts(now, zone).year, 1, 1, zone);
  const [hours] = await db
    .select({ h: sql<number>`coalesce(sum(${elCourse.hours}), 0)`.mapWith(Number) })
    .from(elCourseUser)
    .innerJoin(elCourse, eq(elCourse.id, elCourseUser.courseId))
    .where(and(eq(elCourseUser.userId, user.id), gte(elCourseUser.completedAt, year)));
  return { ...courses, yearHours: hours.h };
}

/** Per-file progress of a learner in a course. */
export async function filesProgress(
  db: Executor,
  userId: string,
  course: CourseRow,
  only?: string,
): Promise<TFileProgress[]> {
  const rows = await db
    .select({ f: elCourseFile, l: elCourseLearn })
    .from(elCourseFile)
    .leftJoin(elCourseLearn, and(eq(elCourseLearn.fileId, elCourseFile.id), eq(elCourseLearn.userId, userId)))
    .where(and(eq(elCourseFile.courseId, course.id), only ? eq(elCourseFile.id, only) : undefined));
  return rows.map(({ f, l }) => {
    const learn = l ?? {
      watched: 0,
      maxPage: 0,
      studySeconds: 0,
      pages: 0,
      ranges: [],
      position: 0,
      lastPage: 0,
      doneAt: null,
    };
    const done = learn.doneAt !== null;
    return {
      fileId: f.id,
      percent: filePercent(doneInput(f, learn, course, learn.pages), done),
      done,
      position: learn.position,
      lastPage: learn.lastPage,
      allowedUntil: course.allowSkip ? f.duration : furthestAllowed(learn.ranges, COURSE_SEEK_TOLERANCE),
      studySeconds: Math.round(learn.studySeconds),
    };
  });
}

/** Linked exams and whether this learner has unlocked them (the course is complete). */
async function linkedExams(db: Executor, course: CourseRow, completed: boolean) {
  if (course.examIds.length === 0) return [];
  const exams = await examTitles(db, course.examIds);
  return exams.map((e) => ({ ...e, unlocked: completed }));
}

export async function learnDetail(db: Executor, user: AuthUser, courseId: string, now: Date): Promise<TLearnDetail> {
  const course = await courseForLearner(db, user, courseId, now);
  const [u] = await db
    .select()
    .from(elCourseUser)
    .where(and(eq(elCourseUser.userId, user.id), eq(elCourseUser.courseId, course.id)));
  // A figure stored by an earlier rule (done files only) is brought up to date when the course is
  // opened, so this page, my courses, the home page and the reports read the same one.
  if (u) {
    const { progress } = await courseProgress(db, user.id, course);
    if (progress !== u.progress) {
      await db
        .update(elCourseUser)
        .set({ progress })
        .where(and(eq(elCourseUser.userId, user.id), eq(elCourseUser.courseId, course.id)));
      u.progress = progress;
    }
  }
  return {
    id: course.id,
    title: course.title,
    cover: course.cover,
    content: course.content,
    lecturer: course.lecturer,
    hours: course.hours,
    required: course.required,
    allowSkip: course.allowSkip,
    progress: u?.progress ?? 0,
    studySeconds: Math.round(u?.studySeconds ?? 0),
    completedAt: u?.completedAt?.toISOString() ?? null,
    lastFileId: u?.lastFileId ?? null,
    chapters: await chaptersOf(db, course.id),
    files: await filesProgress(db, user.id, course),
    exams: await linkedExams(db, course, Boolean(u?.completedAt)),
  };
}

export async function fileProgress(db: Executor, user: AuthUser, fileId: string, now: Date): Promise<TFileProgress> {
  const [f] = await db
    .select({ courseId: elCourseFile.courseId })
    .from(elCourseFile)
    .where(eq(elCourseFile.id, fileId));
  if (!f) throw badParams('课件：课件不存在或已被删除');
  const course = await courseForLearner(db, user, f.courseId, now);
  const [p] = await filesProgress(db, user.id, course, fileId);
  return p;
}

/**
 * Exams a learner may not sit yet, with the reason: each exam linked from a live course open to
 * them that they have not completed. The exam module asks this for /web/index (the start asks
 * `courseLockOf` for its one exam).
 */
export async function lockedExams(
  db: Executor,
  user: Pick<AuthUser, 'id' | 'deptCode'>,
  now: Date,
): Promise<Map<string, string>> {
  const rows = await owedCourses(
    db,
    { userId: user.id, deptCode: user.deptCode, now },
    sql`cardinality(${elCourse.examIds}) > 0`,
  );
  const locked = new Map<string, string>();
  for (const r of rows) for (const id of r.examIds) if (!locked.has(id)) locked.set(id, lockReason(r.title));
  return locked;
}

const lockReason = (courseTitle: string) => `请先完成课程《${courseTitle}》`;

/**
 * The live courses open to the learner, not completed by them, whose linked exams meet `locks` (a
 * condition on el_course.exam_ids): the one rule of both `lockedExams` and `courseLockOf`. The
 * learner's facts are values or placeholders.
 */
function owedCourses(db: Executor, p: { userId: unknown; deptCode: unknown; now: Date | Placeholder }, locks: SQL) {
  return db
    .select({ title: elCourse.title, examIds: elCourse.examIds })
    .from(elCourse)
    .leftJoin(elCourseUser, and(eq(elCourseUser.courseId, elCourse.id), eq(elCourseUser.userId, p.userId as string)))
    .where(and(courseLive(p.now), courseOpenToLearner(p.userId, p.deptCode), locks, isNull(elCourseUser.completedAt)));
}

/** One exam's course lock for a learner; values or placeholders. */
function courseLockSelect(
  db: Executor,
  p: { examId: unknown; userId: unknown; deptCode: unknown; now: Date | Placeholder },
) {
  return owedCourses(db, p, sql`${p.examId}::text = any(${elCourse.examIds})`).limit(1);
}

/** Asked by every start: prepared once on the pool. */
const courseLockOnPool = preparedStatement('course_lock_of', (db, name) =>
  courseLockSelect(db, {
    examId: sql.placeholder('examId'),
    userId: sql.placeholder('userId'),
    deptCode: sql.placeholder('deptCode'),
    now: sql.placeholder('now'),
  }).prepare(name),
);

/** Why the learner may not sit this exam yet (a course of theirs to complete first), or null. */
export async function courseLockOf(
  db: Executor,
  user: Pick<AuthUser, 'id' | 'deptCode'>,
  examId: string,
  now: Date,
): Promise<string | null> {
  const pool = onPool(db);
  const [row] = pool
    ? await courseLockOnPool(pool).execute({ examId, userId: user.id, deptCode: user.deptCode, now: now.toISOString() })
    : await courseLockSelect(db, { examId, userId: user.id, deptCode: user.deptCode, now });
  return row ? lockReason(row.title) : null;
}
