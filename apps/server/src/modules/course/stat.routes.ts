/** /api/course/stat/*: a course's learning progress, its summary, and the xlsx export. */
import { courseStatExport, courseStatPaging, courseStatSummary } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile } from '../../platform/route.js';
import { statExport, statPaging, statSummary } from './course-stat.service.js';

const tags = ['课程管理'];

export function registerCourseStatRoutes(app: FastifyInstance): void {
  route(app, courseStatPaging, { summary: '课程学习进度（学习范围内的每位学员）', tags }, async ({ body, deps }) =>
    statPaging(deps.db, body.params, body.current, body.size),
  );
  route(app, courseStatSummary, { summary: '课程完成率与部门汇总', tags }, async ({ body, deps }) =>
    statSummary(deps.db, body),
  );
  routeFile(app, courseStatExport, { summary: '导出课程学习进度', tags }, async ({ body, deps }) =>
    statExport(deps.db, body),
  );
}
