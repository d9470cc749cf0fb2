/** /api/sys/dashboard/stat. */
import { ZDashboardStatSchema } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { permission, post } from '../../../platform/route.js';
import { dashboardStat } from './dashboard.service.js';

export function registerDashboardRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/dashboard/stat',
    { summary: '控制台统计', tags: ['控制台'], access: permission('sys:dashboard:view'), data: ZDashboardStatSchema },
    async ({ deps }) => dashboardStat(deps.db, deps.clock(), deps.config.timeZone),
  );
}
