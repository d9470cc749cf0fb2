/** The candidate module's calls: the organiser's link settings, the link's public calls, the candidate's own. */
import {
  candidateLinkDetail,
  candidateLinkRenew,
  candidateLinkSave,
  candidateOpenCaptcha,
  candidateOpenLanding,
  candidateOpenRegister,
  candidateOpenSendCode,
  candidateSelfLeave,
  candidateSelfMe,
  candidateSelfStart,
  ErrorCode,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { loadSmsConfig } from '../system/sms/sms.routes.js';
import { SMS_PURPOSE_CANDIDATE, sendCode } from '../system/sms/sms.service.js';
import { createSmsSender, SmsSendError } from '../system/sms/sms-sender.js';
import { newChallenge } from './captcha.js';
import { linkDetail, renewLink, saveLink } from './link.service.js';
import { assertMaySendCode, landing, openLink, register } from './register.service.js';
import { leave, me, start } from './self.service.js';

const ORGANISER = ['考试-公开链接'];
const CANDIDATE = ['考生'];

/**
 * Per address, per minute. Registration allows a hall of candidates behind one NAT address; the
 * failures (wrong codes, duplicates) of an address bring the captcha well before this cap.
 */
export const REGISTER_PER_MINUTE = Number(process.env.CANDIDATE_REGISTER_PER_MINUTE ?? 120);
export const SEND_CODE_PER_MINUTE = 20;

export function registerCandidateRoutes(app: FastifyInstance): void {
  route(app, candidateLinkDetail, { summary: '考试公开链接设置', tags: ORGANISER }, async ({ body, deps }) =>
    linkDetail(deps.db, body.examId),
  );
  route(app, candidateLinkSave, { summary: '保存考试公开链接设置', tags: ORGANISER }, async ({ body, deps }) =>
    saveLink(deps.db, body),
  );
  route(
    app,
    candidateLinkRenew,
    { summary: '重新生成考试链接（旧链接失效）', tags: ORGANISER },
    async ({ body, deps }) => renewLink(deps.db, body.examId),
  );

  route(
    app,
    candidateOpenLanding,
    { summary: '考试链接首页', tags: CANDIDATE, rateLimit: { max: 240, timeWindow: '1 minute' } },
    async ({ body, deps, ip }) => landing(deps.db, body.token, ip, deps.clock()),
  );
  route(
    app,
    candidateOpenCaptcha,
    { summary: '人机验证题目', tags: CANDIDATE, rateLimit: { max: 60, timeWindow: '1 minute' } },
    async ({ body, deps }) => {
      await openLink(deps.db, body.token);
      return newChallenge(deps.config.viewOrderSecret, deps.clock());
    },
  );
  route(
    app,
    candidateOpenSendCode,
    {
      summary: '考生获取短信验证码',
      tags: CANDIDATE,
      rateLimit: { max: SEND_CODE_PER_MINUTE, timeWindow: '1 minute' },
    },
    async ({ body, deps, ip, request }) => {
      const now = deps.clock();
      await assertMaySendCode(deps.db, deps.config.viewOrderSecret, body, ip, now);
      let sender: ReturnType<typeof createSmsSender>;
      try {
        sender = createSmsSender(await loadSmsConfig(deps.db), request.log);
      } catch (err) {
        if (err instanceof SmsSendError) throw new AppError(ErrorCode.SERVER_ERROR, `短信发送失败：${err.message}`);
        throw err;
      }
      return sendCode(deps.db, sender, body.mobile, SMS_PURPOSE_CANDIDATE, ip, now, request.log, { liveForAny: true });
    },
  );
  route(
    app,
    candidateOpenRegister,
    { summary: '考生报名', tags: CANDIDATE, rateLimit: { max: REGISTER_PER_MINUTE, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) =>
      register(deps.db, deps.config.viewOrderSecret, body, { ip, userAgent }, deps.clock()),
  );

  route(app, candidateSelfMe, { summary: '考生本人：考试与答卷', tags: CANDIDATE }, async ({ user, deps }) =>
    me(deps.db, user),
  );
  route(app, candidateSelfStart, { summary: '考生开始考试', tags: CANDIDATE }, async ({ body, user, deps }) =>
    start(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
  route(app, candidateSelfLeave, { summary: '考生退出', tags: CANDIDATE }, async ({ user, deps }) => {
    await leave(deps.db, user);
    return null;
  });
}
