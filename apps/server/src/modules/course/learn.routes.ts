/** /api/course/learn/*: a learner's courses, a course's detail, the heartbeat, one file's progress. */
import {
  courseLearnDetail,
  courseLearnFileProgress,
  courseLearnHeartbeat,
  courseLearnMyPaging,
  courseLearnMyStudy,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { fileProgress, learnDetail, myCourses } from './learn.service.js';
import { heartbeat } from './learn-beat.js';
import { myStudy } from './my-study.js';

const tags = ['课程学习'];

export function registerCourseLearnRoutes(app: FastifyInstance): void {
  route(
    app,
    courseLearnMyPaging,
    { summary: '我的课程（学习中/已完成/全部）与本年学时', tags },
    async ({ body, user, deps }) =>
      myCourses(deps.db, user, body.params, body.current, body.size, deps.clock(), deps.config.timeZone),
  );
  route(
    app,
    courseLearnMyStudy,
    { summary: '我的学习记录（学习时长、本年学时、近14天）', tags },
    async ({ user, deps }) => myStudy(deps.db, user.id, deps.clock(), deps.config.timeZone),
  );
  route(
    app,
    courseLearnDetail,
    { summary: '课程学习详情（章节、课件进度、关联考试）', tags },
    async ({ body, user, deps }) => learnDetail(deps.db, user, body.id, deps.clock()),
  );
  // Not an operation (courseLearnHeartbeat.operation is false): one every ~10 s per learner.
  route(
    app,
    courseLearnHeartbeat,
    { summary: '学习心跳（约每10秒：位置与播放区间；服务端按时钟计入）', tags },
    async ({ body, user, deps }) => heartbeat(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
  route(app, courseLearnFileProgress, { summary: '单个课件的学习进度', tags }, async ({ body, user, deps }) =>
    fileProgress(deps.db, user, body.id, deps.clock()),
  );
}
