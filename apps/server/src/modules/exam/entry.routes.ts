/** /api/paper/paper/create: entering an exam (thin handler; the rules are in exam-entry.ts). */
import { paperPaperCreate } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { createPaper } from './exam-entry.js';

const tags = ['考试-答题'];

export function registerEntryRoutes(app: FastifyInstance): void {
  route(app, paperPaperCreate, { summary: '开始考试（创建或继续答卷）', tags }, async ({ body, user, deps }) =>
    createPaper(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
}
