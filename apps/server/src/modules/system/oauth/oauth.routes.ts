/** /api/sys/oauth/*: third-party sign-in and the signed-in user's bindings. */
import {
  sysOauthAuthorize,
  sysOauthBindList,
  sysOauthBindLogin,
  sysOauthBindStart,
  sysOauthCallback,
  sysOauthRegister,
  sysOauthUnbind,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../../../platform/auth.js';
import { route } from '../../../platform/route.js';
import { loadUserInfo } from '../user/auth.service.js';
import { bindLogin, completeFlow, listBindings, registerByTicket, startFlow, unbind } from './oauth.service.js';

const TAGS = ['第三方登录'];
const LIMIT = { max: 60, timeWindow: '1 minute' };

export function registerOauthRoutes(app: FastifyInstance): void {
  route(app, sysOauthAuthorize, { summary: '发起第三方登录', tags: TAGS, rateLimit: LIMIT }, async ({ body, deps }) =>
    startFlow(deps.db, body, 'login', null, deps.clock()),
  );

  route(
    app,
    sysOauthBindStart,
    { summary: '发起绑定第三方账号', tags: TAGS, rateLimit: LIMIT },
    async ({ body, deps, user }) => startFlow(deps.db, body, 'bind', user.id, deps.clock()),
  );

  route(
    app,
    sysOauthCallback,
    { summary: '完成第三方登录（/sync 页面）', tags: TAGS, rateLimit: LIMIT },
    async ({ body, deps, ip, userAgent }) => {
      const done = await completeFlow(deps.db, body, { ip, userAgent }, deps.clock());
      if (done.result === 'signedIn') {
        const token = await issueToken(deps.db, done.userId, deps.config.tokenTtlMs, { ip, userAgent });
        const user = await loadUserInfo(deps.db, done.userId);
        return { ...done, token, user, ticket: null, canRegister: false };
      }
      if (done.result === 'bound') return { ...done, token: null, user: null, ticket: null, canRegister: false };
      return { ...done, token: null, user: null };
    },
  );

  route(
    app,
    sysOauthBindLogin,
    { summary: '绑定已有账号并登录', tags: TAGS, rateLimit: LIMIT },
    async ({ body, deps, ip, userAgent }) => {
      const userId = await bindLogin(deps.db, body, { ip, userAgent }, deps.clock());
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { token, user: await loadUserInfo(deps.db, userId) };
    },
  );

  route(
    app,
    sysOauthRegister,
    { summary: '以第三方账号注册学员', tags: TAGS, rateLimit: { max: 10, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) => {
      const { userId, pending } = await registerByTicket(deps.db, body.ticket, { ip, userAgent }, deps.clock());
      if (pending) return { token: null, user: null, pending };
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { token, user: await loadUserInfo(deps.db, userId), pending };
    },
  );

  route(app, sysOauthBindList, { summary: '我的第三方账号绑定', tags: TAGS }, async ({ deps, user }) =>
    listBindings(deps.db, user.id),
  );

  route(app, sysOauthUnbind, { summary: '解绑第三方账号', tags: TAGS }, async ({ body, deps, user }) => {
    await unbind(deps.db, user.id, body.provider);
    return null;
  });
}
