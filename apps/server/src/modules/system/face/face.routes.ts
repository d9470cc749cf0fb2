/** Face login: SPEC 7 /api/sys/user/face-login and the user centre's enrolment. */
import {
  FACE_FRAME_MAX_CHARS,
  FACE_MAX_FRAMES,
  sysUserFaceEnrol,
  sysUserFaceLogin,
  sysUserFaceRemove,
  sysUserFaceStatus,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../../../platform/auth.js';
import { route } from '../../../platform/route.js';
import { loadUserInfo } from '../user/auth.service.js';
import { enrolFace, faceLogin, faceStatus, removeFace } from './face.service.js';

const TAGS = ['人脸登录'];
const BODY_LIMIT = FACE_MAX_FRAMES * FACE_FRAME_MAX_CHARS + 64 * 1024;

export function registerFaceRoutes(app: FastifyInstance): void {
  route(
    app,
    sysUserFaceLogin,
    { summary: '人脸登录', tags: TAGS, bodyLimit: BODY_LIMIT, rateLimit: { max: 60, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) => {
      const userId = await faceLogin(deps.db, body, { ip, userAgent }, deps.clock());
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { token, user: await loadUserInfo(deps.db, userId) };
    },
  );

  route(app, sysUserFaceStatus, { summary: '人脸录入状态', tags: TAGS }, async ({ user, deps }) =>
    faceStatus(deps.db, user.id),
  );

  route(
    app,
    sysUserFaceEnrol,
    { summary: '录入人脸', tags: TAGS, bodyLimit: BODY_LIMIT, rateLimit: { max: 20, timeWindow: '1 minute' } },
    async ({ user, body, deps }) => enrolFace(deps.db, user.id, body),
  );

  route(app, sysUserFaceRemove, { summary: '删除已录入的人脸', tags: TAGS }, async ({ user, deps }) =>
    removeFace(deps.db, user.id),
  );
}
