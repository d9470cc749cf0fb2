/** /api/paper/paper/*: sitting an exam and reading one's own attempts (thin handlers). */
import {
  ANSWER_BODY_LIMIT_BYTES,
  ZClaimWindowResultSchema,
  ZClaimWindowSchema,
  ZFillAnswerResultSchema,
  ZFillAnswerSchema,
  ZHandResultSchema,
  ZLeaveResultSchema,
  ZLeaveSchema,
  ZMyExamRecordSchema,
  ZMyPagingParamsSchema,
  ZPaperCreatedSchema,
  ZPaperCreateSchema,
  ZPaperDetailSchema,
  ZPaperIdSchema,
  ZPaperQuDetailSchema,
  ZPaperQuViewSchema,
  ZPaperRecordSchema,
  ZPaperResultSchema,
  ZRecordPagingParamsSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { post, SIGNED_IN } from '../../platform/route.js';
import { adminRecordPaging } from '../exam/result.service.js';
import { claimWindow, fillAnswer } from './fill-answer.js';
import {
  abandonByLearner,
  createPaper,
  handByLearner,
  leavePage,
  paperDetail,
  paperQuDetail,
} from './paper.service.js';
import { myExamPaging, myRecordPaging, paperResult } from './paper-result.js';

const tags = ['考试-答题'];

export function registerPaperRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/paper/paper/create',
    {
      summary: '开始考试（创建或继续答卷）',
      tags,
      access: SIGNED_IN,
      body: ZPaperCreateSchema,
      data: ZPaperCreatedSchema,
    },
    async ({ body, user, deps }) => createPaper(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
  post(
    app,
    '/api/paper/paper/detail',
    {
      summary: '答卷详情（含服务器截止时间与当前时间）',
      tags,
      access: SIGNED_IN,
      body: ZPaperIdSchema,
      data: ZPaperDetailSchema,
      questionData: true,
    },
    async ({ body, user, deps }) => paperDetail(deps.db, user.id, body.paperId, deps.clock()),
  );
  post(
    app,
    '/api/paper/paper/qu-detail',
    {
      summary: '答卷中的一道题',
      tags,
      access: SIGNED_IN,
      body: ZPaperQuDetailSchema,
      data: ZPaperQuViewSchema,
      questionData: true,
    },
    async ({ body, user, deps }) => paperQuDetail(deps.db, user.id, body.paperId, body.quId),
  );
  post(
    app,
    '/api/paper/paper/fill-answer',
    {
      summary: '保存答案',
      tags,
      access: SIGNED_IN,
      body: ZFillAnswerSchema,
      data: ZFillAnswerResultSchema,
      bodyLimit: ANSWER_BODY_LIMIT_BYTES,
    },
    async ({ body, user, deps }) => fillAnswer(deps.db, user.id, body, deps.clock()),
  );
  post(
    app,
    '/api/paper/paper/claim',
    {
      summary: '在此窗口作答（此后其他窗口或设备的保存将被拒绝）',
      tags,
      access: SIGNED_IN,
      body: ZClaimWindowSchema,
      data: ZClaimWindowResultSchema,
    },
    async ({ body, user, deps }) => claimWindow(deps.db, user.id, body.paperId, body.windowId),
  );
  post(
    app,
    '/api/paper/paper/leave',
    { summary: '记录离开页面（切屏/退出全屏）', tags, access: SIGNED_IN, body: ZLeaveSchema, data: ZLeaveResultSchema },
    async ({ body, user, deps }) => leavePage(deps.db, user.id, body.paperId, deps.clock()),
  );
  post(
    app,
    '/api/paper/paper/hand',
    { summary: '交卷', tags, access: SIGNED_IN, body: ZPaperIdSchema, data: ZHandResultSchema },
    async ({ body, user, deps }) => {
      const r = await handByLearner(deps.db, user.id, body.paperId, deps.clock());
      return { paperId: r.paperId, state: r.state };
    },
  );
  post(
    app,
    '/api/paper/paper/abandon',
    {
      summary: '放弃考试（计入考试次数，不计分）',
      tags,
      access: SIGNED_IN,
      body: ZPaperIdSchema,
      data: ZHandResultSchema,
    },
    async ({ body, user, deps }) => {
      const r = await abandonByLearner(deps.db, user.id, body.paperId, deps.clock());
      return { paperId: r.paperId, state: r.state };
    },
  );
  post(
    app,
    '/api/paper/paper/result',
    {
      summary: '考试结果',
      tags,
      access: SIGNED_IN,
      body: ZPaperIdSchema,
      data: ZPaperResultSchema,
      questionData: true,
    },
    async ({ body, user, deps }) => paperResult(deps.db, user.id, body.paperId, deps.clock()),
  );
  post(
    app,
    '/api/paper/paper/my-paging',
    {
      summary: '我的成绩（按考试）',
      tags,
      access: SIGNED_IN,
      body: zPageRequest(ZMyPagingParamsSchema),
      data: zPage(ZMyExamRecordSchema),
    },
    async ({ body, user, deps }) => myExamPaging(deps.db, user.id, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/paper/paper/record-paging',
    {
      summary: '某场考试的考试记录（学员只能查看自己的）',
      tags,
      access: SIGNED_IN,
      body: zPageRequest(ZRecordPagingParamsSchema),
      data: zPage(ZPaperRecordSchema),
    },
    async ({ body, user, deps }) => {
      const userId = body.params.userId || user.id;
      if (userId === user.id)
        return myRecordPaging(deps.db, user.id, body.params.examId, body.current, body.size, deps.clock());
      return adminRecordPaging(
        deps.db,
        user,
        { examId: body.params.examId, userId },
        body.current,
        body.size,
        deps.clock(),
      );
    },
  );
}
