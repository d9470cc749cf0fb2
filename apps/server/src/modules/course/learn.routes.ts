/** /api/course/learn/*: a learner's courses, a course's detail, the heartbeat, one file's progress. */
import {
  ZFileProgressSchema,
  ZHeartbeatResultSchema,
  ZHeartbeatSchema,
  ZIdSchema,
  ZLearnDetailSchema,
  ZMyCoursePageSchema,
  ZMyCoursePagingParamsSchema,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { post, SIGNED_IN } from '../../platform/route.js';
import { fileProgress, learnDetail, myCourses } from './learn.service.js';
import { heartbeat } from './learn-beat.js';

const tags = ['课程学习'];

export function registerCourseLearnRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/course/learn/my-paging',
    {
      summary: '我的课程（学习中/已完成/全部）与本年学时',
      tags,
      access: SIGNED_IN,
      body: zPageRequest(ZMyCoursePagingParamsSchema),
      data: ZMyCoursePageSchema,
    },
    async ({ body, user, deps }) => myCourses(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/course/learn/detail',
    {
      summary: '课程学习详情（章节、课件进度、关联考试）',
      tags,
      access: SIGNED_IN,
      body: ZIdSchema,
      data: ZLearnDetailSchema,
    },
    async ({ body, user, deps }) => learnDetail(deps.db, user, body.id, deps.clock()),
  );
  post(
    app,
    '/api/course/learn/heartbeat',
    {
      summary: '学习心跳（约每10秒：位置与播放区间；服务端按时钟计入）',
      tags,
      access: SIGNED_IN,
      body: ZHeartbeatSchema,
      data: ZHeartbeatResultSchema,
      audit: false,
    },
    async ({ body, user, deps }) => heartbeat(deps.db, user, body, deps.clock()),
  );
  post(
    app,
    '/api/course/learn/file-progress',
    { summary: '单个课件的学习进度', tags, access: SIGNED_IN, body: ZIdSchema, data: ZFileProgressSchema },
    async ({ body, user, deps }) => fileProgress(deps.db, user, body.id, deps.clock()),
  );
}
