/** /api/exam/proctor/{notice,consent,challenge,challenge/step,admit-request,admit}: the exam's door (thin handlers). */
import {
  examProctorAdmit,
  examProctorAdmitRequest,
  examProctorChallenge,
  examProctorChallengeStep,
  examProctorConsent,
  examProctorNotice,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { FACE_STEP_BODY_LIMIT } from '../../system/face/face.routes.js';
import { doorAdmit, doorAdmitRequest, doorChallenge, doorStep, proctorConsent, proctorNotice } from './door.service.js';

const tags = ['考试-远程监考'];

export function registerDoorRoutes(app: FastifyInstance): void {
  route(app, examProctorNotice, { summary: '远程监考：告知与入场状态', tags }, async ({ body, user, deps }) =>
    proctorNotice(deps.db, user, body.examId),
  );
  route(app, examProctorConsent, { summary: '远程监考：同意告知', tags }, async ({ body, user, deps, ip, userAgent }) =>
    proctorConsent(deps.db, user, body, { ip, userAgent }, deps.clock()),
  );
  route(
    app,
    examProctorChallenge,
    { summary: '远程监考：开始身份核验', tags, rateLimit: { max: 20, timeWindow: '1 minute' } },
    async ({ body, user, deps, ip, userAgent }) =>
      doorChallenge(deps.db, user, body.examId, { ip, userAgent }, deps.config.faceChallengeActions, deps.clock()),
  );
  route(
    app,
    examProctorChallengeStep,
    {
      summary: '远程监考：完成一个核验动作',
      tags,
      bodyLimit: FACE_STEP_BODY_LIMIT,
      rateLimit: { max: 60, timeWindow: '1 minute' },
    },
    async ({ body, user, deps }) => doorStep(deps.db, user, body, deps.clock()),
  );
  route(app, examProctorAdmitRequest, { summary: '远程监考：请求监考员放行', tags }, async ({ body, user, deps }) =>
    doorAdmitRequest(deps.db, user, body.examId, deps.clock()),
  );
  route(app, examProctorAdmit, { summary: '远程监考：监考员放行', tags }, async ({ body, user, deps }) => {
    await doorAdmit(deps.db, user, body, deps.clock());
    return null;
  });
}
