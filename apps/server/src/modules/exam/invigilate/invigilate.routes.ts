/** /api/exam/invigilate/*: the invigilation console (监考) and the exam room's beat (thin handlers). */
import {
  examInvigilateAddTime,
  examInvigilateBeat,
  examInvigilateDetail,
  examInvigilateHand,
  examInvigilateMsg,
  examInvigilateVoid,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { addTime, forceHandIn, sendMessage, voidByInvigilator } from './invigilate-actions.js';
import { invigilateSnapshot } from './invigilate-snapshot.js';
import { nudge } from './live-bus.js';
import { roomBeat } from './room-beat.js';

const tags = ['考试-监考'];

export function registerInvigilateRoutes(app: FastifyInstance): void {
  route(app, examInvigilateDetail, { summary: '监考：考生实时状态', tags }, async ({ body, user, deps }) =>
    invigilateSnapshot(deps.db, user, body.examId, deps.clock()),
  );
  route(app, examInvigilateMsg, { summary: '监考：发送消息', tags }, async ({ body, user, deps }) => {
    const out = await sendMessage(deps.db, user, body, deps.clock());
    nudge(
      out.examId,
      'msg',
      body.userId ? `向考生发送消息：${body.content}` : `向全体考生发送消息：${body.content}`,
      out.userIds,
    );
    return { id: out.id, recipients: out.recipients };
  });
  route(app, examInvigilateAddTime, { summary: '监考：延长考生时间', tags }, async ({ body, user, deps }) => {
    const out = await addTime(deps.db, user, body.paperId, body.minutes, deps.clock());
    nudge(out.examId, 'addTime', `延长考试时间 ${body.minutes} 分钟：${body.reason}`, [out.userId]);
    return { deadline: out.deadline };
  });
  route(app, examInvigilateHand, { summary: '监考：强制收卷', tags }, async ({ body, user, deps }) => {
    const out = await forceHandIn(deps.db, user, body.paperId, deps.clock());
    nudge(out.examId, 'hand', `强制收卷：${body.reason}`, [out.userId]);
    return { state: out.state };
  });
  route(app, examInvigilateVoid, { summary: '监考：作废答卷', tags }, async ({ body, user, deps }) => {
    const out = await voidByInvigilator(deps.db, user, body.paperId, body.reason, deps.clock());
    nudge(out.examId, 'void', `作废答卷：${body.reason}`, [out.userId]);
    return null;
  });
  route(app, examInvigilateBeat, { summary: '考场心跳：在线状态、截止时间与监考消息', tags }, async (ctx) =>
    roomBeat(ctx.deps.db, ctx.user.id, ctx.body, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.deps.clock()),
  );
}
