/** /api/train/stat/*: practice statistics for administrators (练习统计), exportable. */
import { trainStatByRepo, trainStatByUser, trainStatExport } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile } from '../../platform/route.js';
import { exportStat, statByRepo, statByUser } from './train-stat.service.js';

const TAGS = ['练习统计'];

export function registerTrainStatRoutes(app: FastifyInstance): void {
  route(app, trainStatByRepo, { summary: '按题库统计练习', tags: TAGS }, async ({ body, user, deps }) =>
    statByRepo(deps.db, user, body.params, body.current, body.size),
  );

  route(app, trainStatByUser, { summary: '按学员统计练习', tags: TAGS }, async ({ body, user, deps }) =>
    statByUser(deps.db, user, body.params, body.current, body.size),
  );

  routeFile(app, trainStatExport, { summary: '导出练习统计', tags: TAGS }, async ({ body, user, deps }) =>
    exportStat(deps.db, user, body.params, deps.clock(), deps.config.timeZone),
  );
}
