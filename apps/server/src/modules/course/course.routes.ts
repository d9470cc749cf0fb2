/** /api/course/category/*, /api/course/course/*, /api/course/chapter/*, /api/course/file/* (administrators). */
import {
  courseCategoryDelete,
  courseCategorySave,
  courseCategoryTree,
  courseChapterDelete,
  courseChapterSave,
  courseCourseDelete,
  courseCourseDetail,
  courseCoursePaging,
  courseCoursePublish,
  courseCourseSave,
  courseFileDelete,
  courseFileSave,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { categoryTree, deleteCategory, saveCategory } from './category.service.js';
import { courseDetail, deleteCourses, pagingCourses, publishCourse, saveCourse } from './course.service.js';
import { deleteChapter, deleteCourseFile, saveChapter, saveCourseFile } from './course-file.service.js';

const tags = ['课程管理'];

/** Office conversions still running (tests await them through `courseBackground`). */
export const courseBackground = new Set<Promise<unknown>>();
const background = (task: Promise<unknown>) => {
  const t = task.catch(() => undefined).finally(() => courseBackground.delete(t));
  courseBackground.add(t);
};

export function registerCourseAdminRoutes(app: FastifyInstance): void {
  route(app, courseCategoryTree, { summary: '课程分类树', tags }, async ({ deps }) => categoryTree(deps.db));
  route(app, courseCategorySave, { summary: '保存课程分类', tags }, async ({ body, deps }) => ({
    id: await saveCategory(deps.db, body),
  }));
  route(app, courseCategoryDelete, { summary: '删除课程分类', tags }, async ({ body, deps }) => {
    await deleteCategory(deps.db, body.id);
    return null;
  });
  route(app, courseCoursePaging, { summary: '课程分页（管理）', tags }, async ({ body, deps }) =>
    pagingCourses(deps.db, body.params, body.current, body.size),
  );
  route(app, courseCourseDetail, { summary: '课程详情（管理，含章节课件）', tags }, async ({ body, deps }) =>
    courseDetail(deps.db, body.id),
  );
  route(app, courseCourseSave, { summary: '保存课程', tags, bodyLimit: 1024 * 1024 }, async ({ body, user, deps }) => ({
    id: await saveCourse(deps.db, user, body),
  }));
  route(app, courseCoursePublish, { summary: '发布或下架课程', tags }, async ({ body, deps }) => {
    await publishCourse(deps.db, body.id, body.state);
    return null;
  });
  route(app, courseCourseDelete, { summary: '删除课程', tags }, async ({ body, deps }) => {
    await deleteCourses(deps.db, body.ids, deps.clock());
    return null;
  });
  route(app, courseChapterSave, { summary: '保存章节', tags }, async ({ body, deps }) => ({
    id: await saveChapter(deps.db, body),
  }));
  route(app, courseChapterDelete, { summary: '删除章节', tags }, async ({ body, deps }) => {
    await deleteChapter(deps.db, body.id);
    return null;
  });
  route(
    app,
    courseFileSave,
    { summary: '保存课件（文件先经 /api/common/file/upload 上传，purpose=course）', tags },
    async ({ body, user, deps }) => ({
      id: await saveCourseFile(deps.db, body, { ownerId: user.id, blobs: deps.blobs, background }),
    }),
  );
  route(app, courseFileDelete, { summary: '删除课件', tags }, async ({ body, deps }) => {
    await deleteCourseFile(deps.db, body.id);
    return null;
  });
}
