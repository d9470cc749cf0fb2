/** /api/repo/qu/*: questions, their import and export, and the learner view. */
import {
  ZIdSchema,
  ZIdsSchema,
  ZQuBatchSchema,
  ZQuDetailSchema,
  ZQuExportSchema,
  ZQuImportResultSchema,
  ZQuListItemSchema,
  ZQuPagingParamsSchema,
  ZQuSaveSchema,
  ZQuViewAnswerSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, postFile, postMultipart, SIGNED_IN } from '../../platform/route.js';
import { batchLink, deleteQuestions, pagingQuestions, questionDetail, saveQuestion } from './qu.service.js';
import { exportQuestions, importQuestionFile, questionTemplate, XLSX_TYPE } from './qu-io.service.js';
import { learnerQuestion } from './qu-view.js';

const TAGS = ['试题'];

export function registerQuRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/repo/qu/paging',
    {
      summary: '试题分页（题库、题型、难度、知识点、关键字）',
      tags: TAGS,
      access: permission('repo:qu:view'),
      body: zPageRequest(ZQuPagingParamsSchema),
      data: zPage(ZQuListItemSchema),
    },
    async ({ body, deps }) => pagingQuestions(deps.db, body),
  );

  post(
    app,
    '/api/repo/qu/save',
    {
      summary: '保存试题',
      tags: TAGS,
      access: permission('repo:qu:save'),
      body: ZQuSaveSchema,
      data: z.object({ id: z.string() }),
      // rich text of a composite question and its children
      bodyLimit: 4 * 1024 * 1024,
    },
    async ({ body, user, deps }) => ({ id: await saveQuestion(deps.db, body, user.id) }),
  );

  post(
    app,
    '/api/repo/qu/detail',
    {
      summary: '试题详情（含答案，管理员）',
      tags: TAGS,
      access: permission('repo:qu:view'),
      body: ZIdSchema,
      data: ZQuDetailSchema,
    },
    async ({ body, deps }) => questionDetail(deps.db, body.id),
  );

  post(
    app,
    '/api/repo/qu/delete',
    { summary: '删除试题', tags: TAGS, access: permission('repo:qu:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteQuestions(deps.db, body.ids, deps.clock());
      return null;
    },
  );

  post(
    app,
    '/api/repo/qu/batch-move',
    {
      summary: '批量移动试题到题库',
      tags: TAGS,
      access: permission('repo:qu:save'),
      body: ZQuBatchSchema,
      data: z.object({ count: z.number() }),
    },
    async ({ body, deps }) => ({ count: await batchLink(deps.db, body, true) }),
  );

  post(
    app,
    '/api/repo/qu/batch-copy',
    {
      summary: '批量复制试题到题库（试题同时属于两个题库）',
      tags: TAGS,
      access: permission('repo:qu:save'),
      body: ZQuBatchSchema,
      data: z.object({ count: z.number() }),
    },
    async ({ body, deps }) => ({ count: await batchLink(deps.db, body, false) }),
  );

  postFile(
    app,
    '/api/repo/qu/import-template',
    { summary: '下载试题导入模板（xlsx）', tags: TAGS, access: permission('repo:qu:import') },
    async () => ({ fileName: '试题导入模板.xlsx', contentType: XLSX_TYPE, body: await questionTemplate() }),
  );

  postMultipart(
    app,
    '/api/repo/qu/import',
    {
      summary: '导入试题（字段 file：xlsx 或 docx；repoId；onlyValid=true 只导入正确的行）',
      tags: TAGS,
      access: permission('repo:qu:import'),
      data: ZQuImportResultSchema,
    },
    async ({ request, user, deps }) => importQuestionFile(deps.db, request, user.id),
  );

  postFile(
    app,
    '/api/repo/qu/export',
    {
      summary: '导出试题（xlsx，与导入格式相同）',
      tags: TAGS,
      access: permission('repo:qu:export'),
      body: ZQuExportSchema,
    },
    async ({ body, deps }) => exportQuestions(deps.db, body, deps.clock()),
  );

  post(
    app,
    '/api/repo/qu/view',
    {
      summary: '学员查看试题（答案与解析仅在允许时提供）',
      tags: TAGS,
      access: SIGNED_IN,
      body: ZIdSchema,
      data: ZQuViewAnswerSchema,
      questionData: true,
    },
    async ({ body, user, deps }) => learnerQuestion(deps.db, user.id, body.id),
  );
}
