/**
 * The demo course (DEMO_DATA=0 leaves it out): 安全生产入门, published to everyone, with
 * a generated 6 s video and a two-page PDF (apps/server/assets/demo/), and its category.
 */
import { elCourse, elCourseCategory, elCourseChapter, elCourseFile } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { seedDemoFile } from '../system/file/demo-files.js';

export const DEMO_COURSE = '安全生产入门';

export async function seedDemoCourse(tx: Tx, ctx: SeedContext): Promise<void> {
  const adminId = ctx.userIds.get('admin') ?? null;
  const [category] = await tx
    .insert(elCourseCategory)
    .values({ name: '安全生产', sort: 1 })
    .returning({ id: elCourseCategory.id });
  const [course] = await tx
    .insert(elCourse)
    .values({
      title: DEMO_COURSE,
      content: '<p>面向新员工的安全生产入门课：一段短视频和一份讲义，学完后参加“全题型体验考试”。</p>',
      categoryId: category.id,
      lecturer: '安全管理部',
      hours: 1,
      required: true,
      openType: 1,
      state: 1,
      sort: 1,
      allowSkip: true,
      createdBy: adminId,
    })
    .returning({ id: elCourse.id });
  const [chapter] = await tx
    .insert(elCourseChapter)
    .values({ courseId: course.id, title: '第一章 安全生产基础', sort: 1 })
    .returning({ id: elCourseChapter.id });
  const video = await seedDemoFile(tx, ctx.blobs, {
    asset: 'safety-intro.mp4',
    name: '安全生产入门.mp4',
    mime: 'video/mp4',
    audience: 'private',
    ownerId: adminId,
  });
  const pdf = await seedDemoFile(tx, ctx.blobs, {
    asset: 'safety-handbook.pdf',
    name: '安全生产讲义.pdf',
    mime: 'application/pdf',
    audience: 'private',
    ownerId: adminId,
  });
  await tx.insert(elCourseFile).values([
    {
      courseId: course.id,
      chapterId: chapter.id,
      fileId: video,
      title: '安全生产入门（视频）',
      kind: 'video',
      duration: 6,
      sort: 1,
    },
    {
      courseId: course.id,
      chapterId: chapter.id,
      fileId: pdf,
      title: '安全生产讲义（PDF）',
      kind: 'pdf',
      pages: 2,
      minReadSeconds: 10,
      sort: 2,
    },
  ]);
}
