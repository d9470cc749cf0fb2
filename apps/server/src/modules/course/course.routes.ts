/** /api/course/category/*, /api/course/course/*, /api/course/chapter/*, /api/course/file/* (administrators). */
import {
  ZCourseCategorySaveSchema,
  ZCourseCategorySchema,
  ZCourseChapterSaveSchema,
  ZCourseDetailSchema,
  ZCourseFileSaveSchema,
  ZCoursePagingParamsSchema,
  ZCoursePublishSchema,
  ZCourseRecordSchema,
  ZCourseSaveSchema,
  ZIdSchema,
  ZIdsSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, SIGNED_IN } from '../../platform/route.js';
import { categoryTree, deleteCategory, saveCategory } from './category.service.js';
import { courseDetail, deleteCourses, pagingCourses, publishCourse, saveCourse } from './course.service.js';
import { deleteChapter, deleteCourseFile, saveChapter, saveCourseFile } from './course-file.service.js';

const tags = ['课程管理'];
const VIEW = permission('course:course:view');
const SAVE = permission('course:course:save');
const PUBLISH = permission('course:course:publish');
const DELETE = permission('course:course:delete');

/** Office conversions still running (tests await them through `courseBackground`). */
export const courseBackground = new Set<Promise<unknown>>();
const background = (task: Promise<unknown>) => {
  const t = task.catch(() => undefined).finally(() => courseBackground.delete(t));
  courseBackground.add(t);
};

export function registerCourseAdminRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/course/category/tree',
    { summary: '课程分类树', tags, access: SIGNED_IN, data: z.array(ZCourseCategorySchema) },
    async ({ deps }) => categoryTree(deps.db),
  );
  post(
    app,
    '/api/course/category/save',
    { summary: '保存课程分类', tags, access: SAVE, body: ZCourseCategorySaveSchema, data: ZIdSchema },
    async ({ body, deps }) => ({ id: await saveCategory(deps.db, body) }),
  );
  post(
    app,
    '/api/course/category/delete',
    { summary: '删除课程分类', tags, access: DELETE, body: ZIdSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteCategory(deps.db, body.id);
      return null;
    },
  );
  post(
    app,
    '/api/course/course/paging',
    {
      summary: '课程分页（管理）',
      tags,
      access: VIEW,
      body: zPageRequest(ZCoursePagingParamsSchema),
      data: zPage(ZCourseRecordSchema),
    },
    async ({ body, deps }) => pagingCourses(deps.db, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/course/course/detail',
    { summary: '课程详情（管理，含章节课件）', tags, access: VIEW, body: ZIdSchema, data: ZCourseDetailSchema },
    async ({ body, deps }) => courseDetail(deps.db, body.id),
  );
  post(
    app,
    '/api/course/course/save',
    { summary: '保存课程', tags, access: SAVE, body: ZCourseSaveSchema, data: ZIdSchema, bodyLimit: 1024 * 1024 },
    async ({ body, user, deps }) => ({ id: await saveCourse(deps.db, user, body) }),
  );
  post(
    app,
    '/api/course/course/publish',
    { summary: '发布或下架课程', tags, access: PUBLISH, body: ZCoursePublishSchema, data: z.null() },
    async ({ body, deps }) => {
      await publishCourse(deps.db, body.id, body.state);
      return null;
    },
  );
  post(
    app,
    '/api/course/course/delete',
    { summary: '删除课程', tags, access: DELETE, body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteCourses(deps.db, body.ids, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/course/chapter/save',
    { summary: '保存章节', tags, access: SAVE, body: ZCourseChapterSaveSchema, data: ZIdSchema },
    async ({ body, deps }) => ({ id: await saveChapter(deps.db, body) }),
  );
  post(
    app,
    '/api/course/chapter/delete',
    { summary: '删除章节', tags, access: SAVE, body: ZIdSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteChapter(deps.db, body.id);
      return null;
    },
  );
  post(
    app,
    '/api/course/file/save',
    {
      summary: '保存课件（文件先经 /api/common/file/upload 上传，purpose=course）',
      tags,
      access: SAVE,
      body: ZCourseFileSaveSchema,
      data: ZIdSchema,
    },
    async ({ body, user, deps }) => ({
      id: await saveCourseFile(deps.db, body, { ownerId: user.id, dataDir: deps.config.dataDir, background }),
    }),
  );
  post(
    app,
    '/api/course/file/delete',
    { summary: '删除课件', tags, access: SAVE, body: ZIdSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteCourseFile(deps.db, body.id);
      return null;
    },
  );
}
