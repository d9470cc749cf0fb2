/** Endpoints of sms. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZForgotResetSchema, ZSendCodeResultSchema, ZSendCodeSchema } from '../system/user.js';

export const sysUserSmsSendCode = endpoint({
  path: '/api/sys/user/sms/send-code',
  body: ZSendCodeSchema,
  data: ZSendCodeResultSchema,
  access: 'public',
  operation: false,
});

export const sysUserForgotReset = endpoint({
  path: '/api/sys/user/forgot-reset',
  body: ZForgotResetSchema,
  data: z.null(),
  access: 'public',
  operation: false,
});
