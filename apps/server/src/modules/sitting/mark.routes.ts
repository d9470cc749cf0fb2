/** /api/paper/mark/*: marking subjective answers (thin handlers). */
import { paperMarkDetail, paperMarkPaging, paperMarkSave } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { markDetail, markPaging, markSave } from './mark.service.js';

const tags = ['考试-阅卷'];

export function registerMarkRoutes(app: FastifyInstance): void {
  route(app, paperMarkPaging, { summary: '待阅卷试卷', tags }, async ({ body, user, deps }) =>
    markPaging(deps.db, user, body.params, body.current, body.size),
  );
  route(app, paperMarkDetail, { summary: '阅卷详情', tags }, async ({ body, user, deps }) =>
    markDetail(deps.db, user, body.paperId),
  );
  route(app, paperMarkSave, { summary: '保存评分', tags }, async ({ body, user, deps }) =>
    markSave(deps.db, user, body, deps.clock()),
  );
}
