/** /api/exam/proctor/retention-detail and retention/hold: how long an exam's snapshots are kept, and holding them longer (thin handlers). */
import { examProctorRetention, examProctorRetentionHold } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { holdRetention, retention } from './retention.service.js';

const tags = ['考试-远程监考'];

export function registerRetentionRoutes(app: FastifyInstance): void {
  route(app, examProctorRetention, { summary: '抓拍保留期限', tags }, async ({ body, user, deps }) =>
    retention(deps, user, body.examId),
  );
  route(app, examProctorRetentionHold, { summary: '延长抓拍保留期限', tags }, async ({ body, user, deps }) =>
    holdRetention(deps, user, body),
  );
}
