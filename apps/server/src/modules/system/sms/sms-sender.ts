/**
 * Pluggable SMS senders, chosen by sys_config.sms.provider: 'log' (default; the code goes to the
 * server log), 'aliyun' (Aliyun SMS) or 'http' (any gateway: a POST to the configured URL with the
 * configured body template, {mobile} and {code} replaced).
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
  if (config?.provider === 'http') {
    if (!config.httpUrl || !config.httpTemplate) throw new SmsSendError('HTTP短信网关配置不完整（网关地址、请求模板）');
    return createHttpSender(config.httpUrl, config.httpTemplate);
  }
  return createLogSender(log);
}

/**
 * POSTs the template to the gateway with {mobile} and {code} replaced (JSON-escaped when the
 * template is JSON, URL-encoded otherwise); any 2xx answer counts as sent.
 */
export function createHttpSender(url: string, template: string, timeoutMs = 10_000): SmsSender {
  const json = template.trim().startsWith('{');
  const fill = (value: string) => (json ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value));
  return {
    name: 'http',
    async send(message) {
      const body = template.replaceAll('{mobile}', fill(message.mobile)).replaceAll('{code}', fill(message.code));
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SmsSendError(`短信网关无法连接：${(err as Error).message}`);
      }
      if (!res.ok) throw new SmsSendError(`短信网关返回 HTTP ${res.status}`, String(res.status));
    },
  };
}
