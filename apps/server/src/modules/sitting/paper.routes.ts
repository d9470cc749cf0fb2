/** /api/paper/paper/*: sitting an exam and reading one's own attempts (thin handlers). */
import {
  ANSWER_BODY_LIMIT_BYTES,
  paperPaperAbandon,
  paperPaperClaim,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperLeave,
  paperPaperQuDetail,
  paperPaperRecordPaging,
  paperPaperResult,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { claimWindow, fillAnswer } from './fill-answer.js';
import { abandonByLearner, handByLearner, leavePage, paperDetail, paperQuDetail } from './paper.service.js';
import { adminRecordPaging, myRecordPaging, paperResult } from './paper-result.js';

const tags = ['考试-答题'];

export function registerPaperRoutes(app: FastifyInstance): void {
  route(
    app,
    paperPaperDetail,
    { summary: '答卷详情（含服务器截止时间与当前时间）', tags, questionData: true },
    async ({ body, user, deps }) => paperDetail(deps.db, user.id, body.paperId, deps.clock()),
  );
  route(
    app,
    paperPaperQuDetail,
    { summary: '答卷中的一道题', tags, questionData: true },
    async ({ body, user, deps }) => paperQuDetail(deps.db, user.id, body.paperId, body.quId),
  );
  route(
    app,
    paperPaperFillAnswer,
    { summary: '保存答案', tags, bodyLimit: ANSWER_BODY_LIMIT_BYTES },
    async ({ body, user, deps }) => fillAnswer(deps.db, user.id, body, deps.clock()),
  );
  route(
    app,
    paperPaperClaim,
    { summary: '在此窗口作答（此后其他窗口或设备的保存将被拒绝）', tags },
    async ({ body, user, deps }) => claimWindow(deps.db, user.id, body.paperId, body.windowId),
  );
  route(app, paperPaperLeave, { summary: '记录离开页面（切屏/退出全屏）', tags }, async ({ body, user, deps }) =>
    leavePage(deps.db, user.id, body.paperId, deps.clock()),
  );
  route(app, paperPaperHand, { summary: '交卷', tags }, async ({ body, user, deps }) => {
    const r = await handByLearner(deps.db, user.id, body.paperId, deps.clock());
    return { paperId: r.paperId, state: r.state };
  });
  route(app, paperPaperAbandon, { summary: '放弃考试（计入考试次数，不计分）', tags }, async ({ body, user, deps }) => {
    const r = await abandonByLearner(deps.db, user.id, body.paperId, deps.clock());
    return { paperId: r.paperId, state: r.state };
  });
  route(app, paperPaperResult, { summary: '考试结果', tags, questionData: true }, async ({ body, user, deps }) =>
    paperResult(deps.db, user.id, body.paperId, deps.clock()),
  );
  route(
    app,
    paperPaperRecordPaging,
    { summary: '某场考试的考试记录（学员只能查看自己的）', tags },
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
