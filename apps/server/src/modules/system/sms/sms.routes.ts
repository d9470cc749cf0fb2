/** Forgot password (public): /api/sys/user/sms/send-code and /api/sys/user/forgot-reset. */
import { ErrorCode, sysUserForgotReset, sysUserSmsSendCode } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysConfig } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { route } from '../../../platform/route.js';
import { forgotReset, sendResetCode } from './sms.service.js';
import { createSmsSender, type SmsConfig, SmsSendError } from './sms-sender.js';

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
    { summary: '发送找回密码验证码', tags: TAGS, rateLimit: { max: 30, timeWindow: '1 minute' } },
    async ({ body, deps, ip, request }) => {
      let sender: ReturnType<typeof createSmsSender>;
      try {
        sender = createSmsSender(await loadSmsConfig(deps.db), request.log);
      } catch (err) {
        if (err instanceof SmsSendError) throw new AppError(ErrorCode.SERVER_ERROR, `短信发送失败：${err.message}`);
        throw err;
      }
      return sendResetCode(deps.db, sender, body.mobile, ip, deps.clock(), request.log);
    },
  );

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
