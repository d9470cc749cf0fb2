/** /api/dashboard/training-stat: the training manager's home. */
import { dashboardTrainingOverview } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { trainingOverview } from './overview.service.js';

export function registerOverviewModule(app: FastifyInstance): void {
  route(app, dashboardTrainingOverview, { summary: '培训概况', tags: ['控制台'] }, async ({ user, deps }) =>
    trainingOverview(deps.db, user, { now: deps.clock(), zone: deps.config.timeZone, storage: deps.config.storage }),
  );
}
