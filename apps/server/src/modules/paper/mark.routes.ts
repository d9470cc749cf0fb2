/** /api/paper/mark/*: marking subjective answers (thin handlers). */
import {
  ZMarkDetailSchema,
  ZMarkPagingParamsSchema,
  ZMarkRecordSchema,
  ZMarkSaveResultSchema,
  ZMarkSaveSchema,
  ZPaperIdSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { permission, post } from '../../platform/route.js';
import { markDetail, markPaging, markSave } from './mark.service.js';

const tags = ['考试-阅卷'];

export function registerMarkRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/paper/mark/paging',
    {
      summary: '待阅卷试卷',
      tags,
      access: permission('exam:mark:view'),
      body: zPageRequest(ZMarkPagingParamsSchema),
      data: zPage(ZMarkRecordSchema),
    },
    async ({ body, user, deps }) => markPaging(deps.db, user, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/paper/mark/detail',
    { summary: '阅卷详情', tags, access: permission('exam:mark:view'), body: ZPaperIdSchema, data: ZMarkDetailSchema },
    async ({ body, user, deps }) => markDetail(deps.db, user, body.paperId),
  );
  post(
    app,
    '/api/paper/mark/save',
    {
      summary: '保存评分',
      tags,
      access: permission('exam:mark:save'),
      body: ZMarkSaveSchema,
      data: ZMarkSaveResultSchema,
    },
    async ({ body, user, deps }) => markSave(deps.db, user, body, deps.clock()),
  );
}
