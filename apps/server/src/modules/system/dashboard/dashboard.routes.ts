/** /api/sys/dashboard/stat. */
import { sysDashboardStat } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { dashboardStat } from './dashboard.service.js';

export function registerDashboardRoutes(app: FastifyInstance): void {
  route(app, sysDashboardStat, { summary: '控制台统计', tags: ['控制台'] }, async ({ user, deps }) =>
    dashboardStat(deps.db, user, deps.clock(), deps.config.timeZone),
  );
}
