/**
 * Pluggable SMS senders, chosen by sys_config.sms.provider: 'log' (default; the code goes to the
 * server log) or 'aliyun' (Aliyun SMS).
 */
import type { FastifyBaseLogger } from 'fastify';
import { createAliyunSender } from './aliyun-sms.js';
import { type SmsMessage, SmsSendError, type SmsSender } from './sms-types.js';

export { type SmsMessage, SmsSendError, type SmsSender };

/** The `sms` column of sys_config. */
export type SmsConfig = Record<string, string | undefined>;

/** Codes the log sender wrote, newest last, kept for the operator's console and the API tests. */
const outbox: (SmsMessage & { at: Date })[] = [];
const OUTBOX_SIZE = 100;

/** The last code the log sender wrote for a mobile. */
export function lastLoggedCode(mobile: string): string | null {
  for (let i = outbox.length - 1; i >= 0; i--) if (outbox[i].mobile === mobile) return outbox[i].code;
  return null;
}

/** Writes the code to the server log instead of sending it (development, demos, intranets). */
export function createLogSender(log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    name: 'log',
    async send(message) {
      outbox.push({ ...message, at: new Date() });
      if (outbox.length > OUTBOX_SIZE) outbox.shift();
      log.info(
        { mobile: message.mobile },
        `短信验证码（log 发送器，未真实发送）：${message.mobile} -> ${message.code}`,
      );
    },
  };
}

/** The sender the configuration asks for; an incomplete Aliyun configuration is an error. */
export function createSmsSender(config: SmsConfig | null | undefined, log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  if (config?.provider === 'aliyun') {
    const { accessKeyId, accessKeySecret, signName, templateCode } = config;
    if (!accessKeyId || !accessKeySecret || !signName || !templateCode)
      throw new SmsSendError('阿里云短信配置不完整（accessKeyId、accessKeySecret、signName、templateCode）');
    return createAliyunSender({
      accessKeyId,
      accessKeySecret,
      signName,
      templateCode,
      endpoint: config.endpoint,
      regionId: config.regionId,
    });
  }
  return createLogSender(log);
}
