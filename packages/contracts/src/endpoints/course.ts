/** Endpoints of courses (课程学习). */

import { z } from 'zod';
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
  ZCourseStatParamsSchema,
  ZCourseStatRecordSchema,
  ZCourseStatSummarySchema,
  ZFileProgressSchema,
  ZHeartbeatResultSchema,
  ZHeartbeatSchema,
  ZLearnDetailSchema,
  ZMyCoursePageSchema,
  ZMyCoursePagingParamsSchema,
  ZMyStudySchema,
} from '../course.js';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';

const VIEW = { permission: 'course:course:view' } as const;
const SAVE = { permission: 'course:course:save' } as const;

export const courseCategoryTree = endpoint({
  path: '/api/course/category/tree',
  data: z.array(ZCourseCategorySchema),
  access: 'user',
  operation: false,
});
export const courseCategorySave = endpoint({
  path: '/api/course/category/save',
  body: ZCourseCategorySaveSchema,
  data: ZIdSchema,
  access: SAVE,
  operation: true,
});
export const courseCategoryDelete = endpoint({
  path: '/api/course/category/delete',
  body: ZIdSchema,
  data: z.null(),
  access: { permission: 'course:course:delete' },
  operation: true,
});
export const courseCoursePaging = endpoint({
  path: '/api/course/course/paging',
  body: zPageRequest(ZCoursePagingParamsSchema),
  data: zPage(ZCourseRecordSchema),
  access: VIEW,
  operation: false,
});
export const courseCourseDetail = endpoint({
  path: '/api/course/course/detail',
  body: ZIdSchema,
  data: ZCourseDetailSchema,
  access: VIEW,
  operation: false,
});
export const courseCourseSave = endpoint({
  path: '/api/course/course/save',
  body: ZCourseSaveSchema,
  data: ZIdSchema,
  access: SAVE,
  operation: true,
});
export const courseCoursePublish = endpoint({
  path: '/api/course/course/publish',
  body: ZCoursePublishSchema,
  data: z.null(),
  access: { permission: 'course:course:publish' },
  operation: true,
});
export const courseCourseDelete = endpoint({
  path: '/api/course/course/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'course:course:delete' },
  operation: true,
});
export const courseChapterSave = endpoint({
  path: '/api/course/chapter/save',
  body: ZCourseChapterSaveSchema,
  data: ZIdSchema,
  access: SAVE,
  operation: true,
});
export const courseChapterDelete = endpoint({
  path: '/api/course/chapter/delete',
  body: ZIdSchema,
  data: z.null(),
  access: SAVE,
  operation: true,
});
export const courseFileSave = endpoint({
  path: '/api/course/file/save',
  body: ZCourseFileSaveSchema,
  data: ZIdSchema,
  access: SAVE,
  operation: true,
});
export const courseFileDelete = endpoint({
  path: '/api/course/file/delete',
  body: ZIdSchema,
  data: z.null(),
  access: SAVE,
  operation: true,
});
export const courseLearnMyPaging = endpoint({
  path: '/api/course/learn/my-paging',
  body: zPageRequest(ZMyCoursePagingParamsSchema),
  data: ZMyCoursePageSchema,
  access: 'user',
  operation: false,
});
export const courseLearnMyStudy = endpoint({
  path: '/api/course/learn/my-study',
  body: z.object({}),
  data: ZMyStudySchema,
  access: 'user',
  operation: false,
});
export const courseLearnDetail = endpoint({
  path: '/api/course/learn/detail',
  body: ZIdSchema,
  data: ZLearnDetailSchema,
  access: 'user',
  operation: false,
});
export const courseLearnHeartbeat = endpoint({
  path: '/api/course/learn/heartbeat',
  body: ZHeartbeatSchema,
  data: ZHeartbeatResultSchema,
  access: 'user',
  operation: false,
});
export const courseLearnFileProgress = endpoint({
  path: '/api/course/learn/file-progress',
  body: ZIdSchema,
  data: ZFileProgressSchema,
  access: 'user',
  operation: false,
});

export const courseStatPaging = endpoint({
  path: '/api/course/stat/paging',
  body: zPageRequest(ZCourseStatParamsSchema),
  data: zPage(ZCourseStatRecordSchema),
  access: { permission: 'course:stat:view' },
  operation: false,
});
export const courseStatSummary = endpoint({
  path: '/api/course/stat/summary',
  body: ZCourseStatParamsSchema,
  data: ZCourseStatSummarySchema,
  access: { permission: 'course:stat:view' },
  operation: false,
});
export const courseStatExport = fileEndpoint({
  path: '/api/course/stat/export',
  body: ZCourseStatParamsSchema,
  access: { permission: 'course:stat:export' },
  operation: false,
});
