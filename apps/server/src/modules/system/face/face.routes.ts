/** Face login: SPEC 7 /api/sys/user/face-login and the user centre's enrolment, as active liveness challenges. */
import {
  CHALLENGE_FRAME_MAX_CHARS,
  CHALLENGE_MAX_FRAMES,
  sysUserFaceEnrol,
  sysUserFaceEnrolChallenge,
  sysUserFaceLogin,
  sysUserFaceLoginChallenge,
  sysUserFaceRemove,
  sysUserFaceStatus,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../../../platform/auth.js';
import { route } from '../../../platform/route.js';
import { loadUserInfo } from '../user/auth.service.js';
import { enrolChallenge, enrolStep, faceLoginStep, faceStatus, loginChallenge, removeFace } from './face.service.js';

const TAGS = ['人脸登录'];
/** A step's frames plus the browser's readings (a descriptor of 1024 numbers per frame). */
export const FACE_STEP_BODY_LIMIT = CHALLENGE_MAX_FRAMES * (CHALLENGE_FRAME_MAX_CHARS + 32 * 1024) + 64 * 1024;

export function registerFaceRoutes(app: FastifyInstance): void {
  route(
    app,
    sysUserFaceLoginChallenge,
    { summary: '人脸登录：开始活体核验', tags: TAGS, rateLimit: { max: 30, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) =>
      loginChallenge(deps.db, body.userName, { ip, userAgent }, deps.config.faceChallengeActions, deps.clock()),
  );

  route(
    app,
    sysUserFaceLogin,
    {
      summary: '人脸登录：完成一个动作',
      tags: TAGS,
      bodyLimit: FACE_STEP_BODY_LIMIT,
      rateLimit: { max: 60, timeWindow: '1 minute' },
    },
    async ({ body, deps, ip, userAgent }) => {
      const { result, userId } = await faceLoginStep(deps.db, body, { ip, userAgent }, deps.clock());
      if (!userId) return { ...result, login: null };
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { ...result, login: { token, user: await loadUserInfo(deps.db, userId) } };
    },
  );

  route(app, sysUserFaceStatus, { summary: '人脸录入状态', tags: TAGS }, async ({ user, deps }) =>
    faceStatus(deps.db, user.id),
  );

  route(
    app,
    sysUserFaceEnrolChallenge,
    { summary: '录入人脸：验证密码并开始活体核验', tags: TAGS, rateLimit: { max: 20, timeWindow: '1 minute' } },
    async ({ user, body, deps, ip, userAgent }) =>
      enrolChallenge(
        deps.db,
        user.id,
        body.password,
        { ip, userAgent },
        deps.config.faceChallengeActions,
        deps.clock(),
      ),
  );

  route(
    app,
    sysUserFaceEnrol,
    {
      summary: '录入人脸：完成一个动作',
      tags: TAGS,
      bodyLimit: FACE_STEP_BODY_LIMIT,
      rateLimit: { max: 60, timeWindow: '1 minute' },
    },
    async ({ user, body, deps }) => enrolStep(deps.db, user.id, body, deps.clock()),
  );

  route(app, sysUserFaceRemove, { summary: '删除已录入的人脸', tags: TAGS }, async ({ user, deps }) =>
    removeFace(deps.db, user.id),
  );
}
