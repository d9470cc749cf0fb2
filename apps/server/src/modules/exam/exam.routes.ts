/** /api/exam/exam/*: exams for administrators, and the learner's online list and check page. */
import {
  ZExamCheckSchema,
  ZExamDetailSchema,
  ZExamPagingParamsSchema,
  ZExamRecordSchema,
  ZExamSaveSchema,
  ZExamStateSchema,
  ZIdSchema,
  ZIdsSchema,
  ZOnlineExamSchema,
  ZOnlinePagingParamsSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, SIGNED_IN } from '../../platform/route.js';
import { deleteExams, examDetail, examPaging, saveExam, setExamState } from './exam.service.js';
import { examCheck, onlinePaging } from './online.service.js';

const tags = ['考试-考试'];

export function registerExamRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/exam/exam/paging',
    {
      summary: '考试分页（管理）',
      tags,
      access: permission('exam:exam:view'),
      body: zPageRequest(ZExamPagingParamsSchema),
      data: zPage(ZExamRecordSchema),
    },
    async ({ body, deps }) => examPaging(deps.db, body.params, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/exam/exam/save',
    {
      summary: '保存考试',
      tags,
      access: permission('exam:exam:save'),
      body: ZExamSaveSchema,
      data: ZIdSchema,
      // up to 10,000 named learners
      bodyLimit: 1024 * 1024,
    },
    async ({ body, user, deps }) => ({ id: await saveExam(deps.db, body, user.id) }),
  );
  post(
    app,
    '/api/exam/exam/detail',
    {
      summary: '考试详情（管理）',
      tags,
      access: permission('exam:exam:view'),
      body: ZIdSchema,
      data: ZExamDetailSchema,
    },
    async ({ body, deps }) => examDetail(deps.db, body.id, deps.clock()),
  );
  post(
    app,
    '/api/exam/exam/delete',
    { summary: '删除考试', tags, access: permission('exam:exam:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteExams(deps.db, body.ids, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/exam/exam/state',
    { summary: '发布/关闭考试', tags, access: permission('exam:exam:save'), body: ZExamStateSchema, data: z.null() },
    async ({ body, deps }) => {
      await setExamState(deps.db, body.ids, body.state);
      return null;
    },
  );
  post(
    app,
    '/api/exam/exam/online-paging',
    {
      summary: '我可以参加的考试',
      tags,
      access: SIGNED_IN,
      body: zPageRequest(ZOnlinePagingParamsSchema),
      data: zPage(ZOnlineExamSchema),
    },
    async ({ body, user, deps }) =>
      onlinePaging(deps.db, user, body.params, body.current, body.size, deps.clock(), deps.config.timeZone),
  );
  post(
    app,
    '/api/exam/exam/check',
    { summary: '考前检查（考试须知与能否开始）', tags, access: SIGNED_IN, body: ZIdSchema, data: ZExamCheckSchema },
    async ({ body, user, deps }) => examCheck(deps.db, user, body.id, deps.clock(), deps.config.timeZone),
  );
}
