/** /api/train/mastery/*: the learner's points to work on, the department heat map and its export. */
import { trainMasteryDeptStat, trainMasteryExport, trainMasteryMine } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { writeAuditLog } from '../../../platform/audit.js';
import { route, routeFile } from '../../../platform/route.js';
import { exportHeatmap, masteryHeatmap, myMastery } from './mastery.service.js';

const TAGS = ['知识点掌握度'];

export function registerMasteryRoutes(app: FastifyInstance): void {
  route(app, trainMasteryMine, { summary: '我的知识点掌握度（薄弱在前）', tags: TAGS }, async ({ user, deps }) =>
    myMastery(deps.db, user.id),
  );
  route(app, trainMasteryDeptStat, { summary: '部门 × 知识点掌握度热力图', tags: TAGS }, async ({ body, user, deps }) =>
    masteryHeatmap(deps.db, user, body),
  );
  routeFile(app, trainMasteryExport, { summary: '导出知识点掌握度', tags: TAGS }, async (ctx) => {
    const started = Date.now();
    const { body, user, deps } = ctx;
    const file = await exportHeatmap(deps.db, user, body, deps.clock(), deps.config.timeZone);
    // Who took the departments' figures out, and when.
    await writeAuditLog(deps.db, ctx, '导出知识点掌握度', trainMasteryExport.path, true, null, Date.now() - started);
    return file;
  });
}
