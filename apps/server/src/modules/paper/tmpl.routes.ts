/** /api/paper/tmpl/*: paper templates for administrators (thin handlers). */
import {
  ZIdSchema,
  ZIdsSchema,
  ZReviewQuSchema,
  ZTmplDetailSchema,
  ZTmplPagingParamsSchema,
  ZTmplPreviewSchema,
  ZTmplRecordSchema,
  ZTmplSaveSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post } from '../../platform/route.js';
import { buildPaperQuestions, loadTmpl } from './paper-build.js';
import type { PaperQuRow } from './paper-view.js';
import { reviewQuView } from './paper-view.js';
import { checkSections, deleteTmpls, saveTmpl, tmplDetail, tmplPaging } from './tmpl.service.js';

const tags = ['考试-试卷'];

const ZPreviewSchema = z.object({
  title: z.string().describe('试卷名称'),
  totalScore: z.number().describe('总分'),
  questions: z.array(ZReviewQuSchema).describe('题目（含答案，随机试卷为一次抽题示例）'),
});

export function registerTmplRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/paper/tmpl/paging',
    {
      summary: '试卷分页',
      tags,
      access: permission('exam:tmpl:view'),
      body: zPageRequest(ZTmplPagingParamsSchema),
      data: zPage(ZTmplRecordSchema),
    },
    async ({ body, deps }) => tmplPaging(deps.db, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/paper/tmpl/save',
    { summary: '保存试卷', tags, access: permission('exam:tmpl:save'), body: ZTmplSaveSchema, data: ZIdSchema },
    async ({ body, user, deps }) => ({ id: await saveTmpl(deps.db, body, user.id) }),
  );
  post(
    app,
    '/api/paper/tmpl/detail',
    { summary: '试卷详情', tags, access: permission('exam:tmpl:view'), body: ZIdSchema, data: ZTmplDetailSchema },
    async ({ body, deps }) => tmplDetail(deps.db, body.id),
  );
  post(
    app,
    '/api/paper/tmpl/delete',
    { summary: '删除试卷', tags, access: permission('exam:tmpl:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteTmpls(deps.db, body.ids, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/paper/tmpl/preview',
    { summary: '预览试卷', tags, access: permission('exam:tmpl:view'), body: ZTmplPreviewSchema, data: ZPreviewSchema },
    async ({ body, deps }) => {
      const source = body.id ? await loadTmpl(deps.db, body.id) : null;
      const checked = source ? null : await checkSections(deps.db, body.tmpl as NonNullable<typeof body.tmpl>);
      const sections = source?.sections ?? checked?.sections ?? [];
      const built = await buildPaperQuestions(deps.db, sections, { shuffleQu: false, shuffleOpt: false });
      const rows = built.map(
        (q): PaperQuRow => ({
          ...q,
          paperId: 'preview',
          answer: null,
          flagged: false,
          seq: 0,
          answeredAt: null,
          isRight: null,
          actualScore: 0,
          markState: 0,
          suggestScore: null,
          markComment: null,
        }),
      );
      return {
        title: source?.title ?? body.tmpl?.title ?? '',
        totalScore: source?.totalScore ?? checked?.total ?? 0,
        questions: rows.map(reviewQuView),
      };
    },
  );
}
