/** SPEC 7 sign-in paths: login, reg, logout, info, update-pass. */
import {
  ZLoginResultSchema,
  ZLoginSchema,
  ZRegisterResultSchema,
  ZRegisterSchema,
  ZUpdatePasswordSchema,
  ZUserInfoSchema,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { issueToken, revokeToken } from '../../../platform/auth.js';
import { PUBLIC, post, SIGNED_IN } from '../../../platform/route.js';
import { authenticate, loadUserInfo, register, updatePassword } from './auth.service.js';

const TAGS = ['账号'];

export function registerAuthRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/user/login',
    {
      summary: '用户登录',
      tags: TAGS,
      access: PUBLIC,
      body: ZLoginSchema,
      data: ZLoginResultSchema,
      // Only a flood cap: failures are limited in sign-in-guard.ts, successes never (one NAT, 500 learners).
      rateLimit: { max: 3000, timeWindow: '1 minute' },
    },
    async ({ body, deps, ip, userAgent }) => {
      const userId = await authenticate(deps.db, body, { ip, userAgent }, deps.clock());
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { token, user: await loadUserInfo(deps.db, userId) };
    },
  );

  post(
    app,
    '/api/sys/user/reg',
    {
      summary: '学员注册',
      tags: TAGS,
      access: PUBLIC,
      body: ZRegisterSchema,
      data: ZRegisterResultSchema,
      rateLimit: { max: 10, timeWindow: '1 minute' },
    },
    async ({ body, deps, ip, userAgent }) => {
      const { userId, pending } = await register(deps.db, body);
      if (pending) return { token: null, pending };
      return { token: await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent }), pending };
    },
  );

  post(
    app,
    '/api/sys/user/logout',
    { summary: '退出登录', tags: TAGS, access: PUBLIC, data: z.null() },
    async ({ request, deps }) => {
      const token = (request.headers.token as string | undefined) || request.cookies?.token;
      if (token) await revokeToken(deps.db, token);
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/info',
    { summary: '当前用户信息', tags: TAGS, access: SIGNED_IN, data: ZUserInfoSchema },
    async ({ user, deps }) => loadUserInfo(deps.db, user.id),
  );

  post(
    app,
    '/api/sys/user/update-pass',
    { summary: '修改密码', tags: TAGS, access: SIGNED_IN, body: ZUpdatePasswordSchema, data: z.null() },
    async ({ user, body, deps }) => {
      await updatePassword(deps.db, user.id, user.tokenHash, body.oldPassword, body.password);
      return null;
    },
  );
}
