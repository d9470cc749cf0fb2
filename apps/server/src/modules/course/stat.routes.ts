/** /api/course/stat/*: a course's learning progress, its summary, and the xlsx export. */
import { courseStatExport, courseStatPaging, courseStatSummary } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile } from '../../platform/route.js';
import { statExport, statPaging, statSummary } from './course-stat.service.js';

const tags = ['课程管理'];

export function registerCourseStatRoutes(app: FastifyInstance): void {
  route(
    app,
    courseStatPaging,
    { summary: '课程学习进度（学习范围内的每位学员）', tags },
    async ({ body, deps, user }) => statPaging(deps.db, user, body.params, body.current, body.size),
  );
  route(app, courseStatSummary, { summary: '课程完成率与部门汇总', tags }, async ({ body, deps, user }) =>
    statSummary(deps.db, user, body),
  );
  routeFile(app, courseStatExport, { summary: '导出课程学习进度', tags }, async ({ body, deps, user }) =>
    statExport(deps.db, user, body, deps.config.timeZone),
  );
}
