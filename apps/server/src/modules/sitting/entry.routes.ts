/** /api/paper/paper/create: entering an exam (thin handler; the walk is start.ts). */
import { paperPaperCreate } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { createPaper } from './start.js';

const tags = ['考试-答题'];

export function registerEntryRoutes(app: FastifyInstance): void {
  route(app, paperPaperCreate, { summary: '开始考试（创建或继续答卷）', tags }, async ({ body, user, deps }) =>
    createPaper(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
}
