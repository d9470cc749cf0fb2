/** SPEC 7 sign-in paths: login, reg, logout, info, update-pass. */
import { sysUserInfo, sysUserLogin, sysUserLogout, sysUserReg, sysUserUpdatePass } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { issueToken, revokeToken } from '../../../platform/auth.js';
import { route } from '../../../platform/route.js';
import { authenticate, loadUserInfo, register, updatePassword } from './auth.service.js';

const TAGS = ['账号'];

export function registerAuthRoutes(app: FastifyInstance): void {
  route(
    app,
    sysUserLogin,
    { summary: '用户登录', tags: TAGS, rateLimit: { max: 3000, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) => {
      const userId = await authenticate(deps.db, body, { ip, userAgent }, deps.clock());
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { token, user: await loadUserInfo(deps.db, userId) };
    },
  );

  route(
    app,
    sysUserReg,
    { summary: '学员注册', tags: TAGS, rateLimit: { max: 10, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) => {
      const { userId, pending } = await register(deps.db, body);
      if (pending) return { token: null, pending };
      return { token: await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent }), pending };
    },
  );

  route(app, sysUserLogout, { summary: '退出登录', tags: TAGS }, async ({ request, deps }) => {
    const token = (request.headers.token as string | undefined) || request.cookies?.token;
    if (token) await revokeToken(deps.db, token);
    return null;
  });

  route(app, sysUserInfo, { summary: '当前用户信息', tags: TAGS }, async ({ user, deps }) =>
    loadUserInfo(deps.db, user.id),
  );

  route(app, sysUserUpdatePass, { summary: '修改密码', tags: TAGS }, async ({ user, body, deps }) => {
    await updatePassword(deps.db, user.id, user.tokenHash, body.oldPassword, body.password);
    return null;
  });
}
