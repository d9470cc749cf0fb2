/** /api/exam/result/*: results of an exam for administrators (thin handlers). */
import {
  ZAttemptPagingParamsSchema,
  ZExamIdSchema,
  ZExamStatSchema,
  ZPaperIdSchema,
  ZPaperRecordSchema,
  ZPaperResultSchema,
  ZParticipantPagingParamsSchema,
  ZParticipantSchema,
  ZQuStatSchema,
  ZResultExamPagingParamsSchema,
  ZResultExamRecordSchema,
  ZVoidSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, postFile } from '../../platform/route.js';
import {
  adminPaperDetail,
  adminRecordPaging,
  participantPaging,
  resultExamPaging,
  voidPaper,
} from './result.service.js';
import { exportResults } from './result-export.js';
import { examStat, questionStat } from './result-stat.js';

const tags = ['考试-成绩'];
const view = permission('exam:result:view');

export function registerResultRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/exam/result/exam-paging',
    {
      summary: '考试成绩概览',
      tags,
      access: view,
      body: zPageRequest(ZResultExamPagingParamsSchema),
      data: zPage(ZResultExamRecordSchema),
    },
    async ({ body, user, deps }) => resultExamPaging(deps.db, user, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/exam/result/user-paging',
    {
      summary: '考试的参考人员',
      tags,
      access: view,
      body: zPageRequest(ZParticipantPagingParamsSchema),
      data: zPage(ZParticipantSchema),
    },
    async ({ body, user, deps }) => participantPaging(deps.db, user, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/exam/result/paper-paging',
    {
      summary: '考试的答卷记录',
      tags,
      access: view,
      body: zPageRequest(ZAttemptPagingParamsSchema),
      data: zPage(ZPaperRecordSchema),
    },
    async ({ body, user, deps }) =>
      adminRecordPaging(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/exam/result/stat',
    { summary: '成绩统计（通过率、分数分布）', tags, access: view, body: ZExamIdSchema, data: ZExamStatSchema },
    async ({ body, user, deps }) => examStat(deps.db, user, body.examId),
  );
  post(
    app,
    '/api/exam/result/qu-stat',
    {
      summary: '试题分析（正确率、难度、区分度）',
      tags,
      access: view,
      body: ZExamIdSchema,
      data: z.array(ZQuStatSchema),
    },
    async ({ body, user, deps }) => questionStat(deps.db, user, body.examId),
  );
  post(
    app,
    '/api/exam/result/paper-detail',
    { summary: '答卷详情（管理）', tags, access: view, body: ZPaperIdSchema, data: ZPaperResultSchema },
    async ({ body, user, deps }) => adminPaperDetail(deps.db, user, body.paperId, deps.clock()),
  );
  post(
    app,
    '/api/exam/result/void',
    { summary: '作废答卷', tags, access: permission('exam:result:void'), body: ZVoidSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await voidPaper(deps.db, user, body.paperId, body.reason, deps.clock());
      return null;
    },
  );
  postFile(
    app,
    '/api/exam/result/export',
    { summary: '导出考试成绩', tags, access: permission('exam:result:export'), body: ZExamIdSchema },
    async ({ body, user, deps }) => exportResults(deps.db, user, body.examId, deps.clock(), deps.config.timeZone),
  );
}
