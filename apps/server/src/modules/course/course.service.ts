/** Courses for administrators: list with learner counts, detail with chapters, save, publish, delete. */
import {
  CourseState,
  type TCourseChapter,
  type TCourseDetail,
  type TCourseRecord,
  type ZCourseSaveSchema,
} from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { elCourse, elCourseCategory, elCourseChapter, elCourseFile, sysFile } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { badParams, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { authorize } from '../../platform/policy/index.js';
import { sanitizeRichText } from '../../platform/sanitize-html.js';
import { audiencePolicy } from '../notice/notice.policy.js';
import type { CourseRow } from './course-audience.js';
import { examTitles } from './exam-titles.js';

type SaveInput = z.output<typeof ZCourseSaveSchema>;

const recordColumns = {
  c: elCourse,
  categoryName: elCourseCategory.name,
  fileCount: sql<number>`(select count(*) from el_course_file f where f.course_id = el_course.id)`.mapWith(Number),
  learnerCount: sql<number>`(select count(*) from el_course_user u where u.course_id = el_course.id)`.mapWith(Number),
  completedCount:
    sql<number>`(select count(*) from el_course_user u where u.course_id = el_course.id and u.completed_at is not null)`.mapWith(
      Number,
    ),
};
type RecordRow = {
  c: CourseRow;
  categoryName: string | null;
  fileCount: number;
  learnerCount: number;
  completedCount: number;
};

const toRecord = (r: RecordRow): TCourseRecord => ({
  id: r.c.id,
  title: r.c.title,
  cover: r.c.cover,
  categoryId: r.c.categoryId,
  categoryName: r.categoryName,
  lecturer: r.c.lecturer,
  hours: r.c.hours,
  required: r.c.required,
  openType: r.c.openType,
  state: r.c.state,
  sort: r.c.sort,
  fileCount: r.fileCount,
  learnerCount: r.learnerCount,
  completedCount: r.completedCount,
  createdAt: r.c.createdAt.toISOString(),
});

export async function pagingCourses(
  db: Executor,
  params: { title?: string | null; categoryId?: string | null; state?: number | null },
  current: number,
  size: number,
) {
  const where = and(
    isNull(elCourse.deletedAt),
    params.title ? ilike(elCourse.title, containing(params.title)) : undefined,
    params.categoryId ? eq(elCourse.categoryId, params.categoryId) : undefined,
    params.state === null || params.state === undefined ? undefined : eq(elCourse.state, params.state),
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elCourse).where(where),
    db
      .select(recordColumns)
      .from(elCourse)
      .leftJoin(elCourseCategory, eq(elCourseCategory.id, elCourse.categoryId))
      .where(where)
      .orderBy(asc(elCourse.sort), desc(elCourse.createdAt), desc(elCourse.id))
      .$dynamic(),
    toRecord,
  );
}

/** Chapters in order with their files in order. */
export async function chaptersOf(db: Executor, courseId: string): Promise<TCourseChapter[]> {
  const chapters = await db
    .select()
    .from(elCourseChapter)
    .where(eq(elCourseChapter.courseId, courseId))
    .orderBy(asc(elCourseChapter.sort), asc(elCourseChapter.id));
  const files = await db
    .select({ f: elCourseFile, size: sysFile.size, name: sysFile.originalName })
    .from(elCourseFile)
    .innerJoin(sysFile, eq(sysFile.id, elCourseFile.fileId))
    .where(eq(elCourseFile.courseId, courseId))
    .orderBy(asc(elCourseFile.sort), asc(elCourseFile.id));
  return chapters.map((ch) => ({
    id: ch.id,
    title: ch.title,
    sort: ch.sort,
    files: files
      .filter((x) => x.f.chapterId === ch.id)
      .map(({ f, size, name }) => ({
        id: f.id,
        chapterId: f.chapterId,
        title: f.title,
        kind: f.kind as TCourseChapter['files'][number]['kind'],
        duration: f.duration,
        minReadSeconds: f.minReadSeconds,
        required: f.required,
        sort: f.sort,
        size,
        name,
        hasPdf: Boolean(f.pdfFileId),
      })),
  }));
}

export async function courseDetail(db: Executor, id: string): Promise<TCourseDetail> {
  const [r] = await db
    .select(recordColumns)
    .from(elCourse)
    .leftJoin(elCourseCategory, eq(elCourseCategory.id, elCourse.categoryId))
    .where(and(eq(elCourse.id, id), isNull(elCourse.deletedAt)));
  if (!r) throw notFound('课程');
  return {
    ...toRecord(r),
    content: r.c.content,
    deptIds: r.c.deptIds,
    userIds: r.c.userIds,
    startTime: r.c.startTime?.toISOString() ?? null,
    endTime: r.c.endTime?.toISOString() ?? null,
    allowSkip: r.c.allowSkip,
    passRate: r.c.passRate,
    examIds: r.c.examIds,
    chapters: await chaptersOf(db, id),
  };
}

export async function saveCourse(db: Executor, admin: AuthUser, input: SaveInput): Promise<string> {
  const values = {
    title: input.title,
    cover: input.cover || null,
    content: sanitizeRichText(input.content),
    categoryId: input.categoryId ?? null,
    lecturer: input.lecturer,
    hours: input.hours,
    required: input.required,
    openType: input.openType,
    deptIds: input.openType === 2 ? [...new Set(input.deptIds)] : [],
    userIds: input.openType === 3 ? [...new Set(input.userIds)] : [],
    sort: input.sort,
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
    allowSkip: input.allowSkip,
    passRate: input.passRate,
    examIds: [...new Set(input.examIds)],
  };
  await authorize(db, admin, audiencePolicy, 'address', { admin, audience: values });
  if (values.categoryId) {
    const [c] = await db.select().from(elCourseCategory).where(eq(elCourseCategory.id, values.categoryId));
    if (!c) throw badParams('课程分类：分类不存在或已被删除');
  }
  if (values.examIds.length) {
    const found = await examTitles(db, values.examIds);
    if (found.length !== values.examIds.length) throw badParams('关联考试：考试不存在或已被删除');
  }
  if (!input.id) {
    const [row] = await db
      .insert(elCourse)
      .values({ ...values, createdBy: admin.id })
      .returning({ id: elCourse.id });
    return row.id;
  }
  const [row] = await db
    .update(elCourse)
    .set(values)
    .where(and(eq(elCourse.id, input.id), isNull(elCourse.deletedAt)))
    .returning({ id: elCourse.id });
  if (!row) throw notFound('课程');
  return row.id;
}

export async function publishCourse(db: Executor, id: string, state: number): Promise<void> {
  if (state === CourseState.PUBLISHED) {
    const [files] = await db.select({ n: count() }).from(elCourseFile).where(eq(elCourseFile.courseId, id));
    if (files.n === 0) throw badParams('课程：请先添加课件再发布');
  }
  const [row] = await db
    .update(elCourse)
    .set({ state })
    .where(and(eq(elCourse.id, id), isNull(elCourse.deletedAt)))
    .returning({ id: elCourse.id });
  if (!row) throw notFound('课程');
}

/** Soft delete: learners' records stay for the reports. */
export async function deleteCourses(db: Executor, ids: string[], now: Date): Promise<void> {
  const rows = await db
    .update(elCourse)
    .set({ deletedAt: now, state: CourseState.DRAFT })
    .where(and(inArray(elCourse.id, ids), isNull(elCourse.deletedAt)))
    .returning({ id: elCourse.id });
  if (rows.length === 0) throw notFound('课程');
}
