/**
 * Forgot password and mobile sign-in (public): /api/sys/user/sms/send-code (purpose 'forgot' or
 * 'login'), /api/sys/user/forgot-reset, /api/sys/user/mobile-login.
 */
import { ErrorCode, sysUserForgotReset, sysUserMobileLogin, sysUserSmsSendCode } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysConfig } from '../../../db/schema/index.js';
import { issueToken } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { PUBLIC, post, route } from '../../../platform/route.js';
import { loadUserInfo } from '../user/auth.service.js';
import { MOBILE_LOGIN_OFF, mobileLogin, mobileLoginSettings } from './mobile-login.js';
import { forgotReset, SMS_PURPOSE_LOGIN, sendCode } from './sms.service.js';
import { createSmsSender, lastLoggedCode, type SmsConfig, SmsSendError } from './sms-sender.js';

const TAGS = ['账号'];

/** The `sms` settings of the site config row. */
export async function loadSmsConfig(db: Executor): Promise<SmsConfig | null> {
  const [row] = await db.select({ sms: sysConfig.sms }).from(sysConfig).where(eq(sysConfig.id, '1'));
  return row?.sms ?? null;
}

export function registerSmsRoutes(app: FastifyInstance): void {
  route(
    app,
    sysUserSmsSendCode,
    { summary: '发送短信验证码（找回密码或手机号登录）', tags: TAGS, rateLimit: { max: 30, timeWindow: '1 minute' } },
    async ({ body, deps, ip, request }) => {
      let sender: ReturnType<typeof createSmsSender>;
      try {
        sender = createSmsSender(await loadSmsConfig(deps.db), request.log);
      } catch (err) {
        if (err instanceof SmsSendError) throw new AppError(ErrorCode.SERVER_ERROR, `短信发送失败：${err.message}`);
        throw err;
      }
      if (body.purpose === SMS_PURPOSE_LOGIN) {
        const settings = await mobileLoginSettings(deps.db);
        if (!settings.on) throw MOBILE_LOGIN_OFF();
        return sendCode(deps.db, sender, body.mobile, SMS_PURPOSE_LOGIN, ip, deps.clock(), request.log, {
          liveForUnknown: settings.regOpen,
        });
      }
      return sendCode(deps.db, sender, body.mobile, 'forgot', ip, deps.clock(), request.log);
    },
  );

  route(
    app,
    sysUserMobileLogin,
    { summary: '手机号验证码登录', tags: TAGS, rateLimit: { max: 60, timeWindow: '1 minute' } },
    async ({ body, deps, ip, userAgent }) => {
      const userId = await mobileLogin(deps.db, body, { ip, userAgent }, deps.clock());
      const token = await issueToken(deps.db, userId, deps.config.tokenTtlMs, { ip, userAgent });
      return { token, user: await loadUserInfo(deps.db, userId) };
    },
  );

  // The browser tests read the code the log sender "sent" (only in their test process).
  if (process.env.NODE_ENV === 'test' && process.env.EXAM_TEST_CLOCK === '1') {
    post(
      app,
      '/api/test/sms-code',
      {
        summary: '测试：读取 log 发送器发出的最后一个验证码（仅测试环境）',
        tags: ['测试'],
        access: PUBLIC,
        body: z.object({ mobile: z.string().describe('手机号') }),
        data: z.object({ code: z.string().nullable() }),
      },
      async ({ body }) => ({ code: lastLoggedCode(body.mobile) }),
    );
  }

  route(
    app,
    sysUserForgotReset,
    { summary: '通过短信验证码重置密码', tags: TAGS, rateLimit: { max: 20, timeWindow: '1 minute' } },
    async ({ body, deps }) => {
      await forgotReset(deps.db, body, deps.clock());
      return null;
    },
  );
}
