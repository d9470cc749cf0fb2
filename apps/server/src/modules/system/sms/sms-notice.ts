/**
 * Notices by SMS (a free text such as an exam result), through the same configured provider as
 * the codes (sms-sender.ts): 'log' writes the text to the server log and says so, 'http' fills
 * {mobile} and {text} into the gateway's template (a template without {text} cannot carry a
 * notice and is refused, never sent empty), 'aliyun' needs a notice template the configuration does
 * not have yet, so it refuses. A refusal is an SmsSendError: the caller reports that message as not
 * sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type SmsConfig, SmsSendError } from './sms-sender.js';

export interface SmsNotice {
  mobile: string;
  text: string;
}

export interface NoticeSender {
  name: string;
  send(notice: SmsNotice): Promise<void>;
}

const logged: (SmsNotice & { at: Date })[] = [];

/** Notices the log sender wrote for a mobile, oldest first (the operator's console and tests). */
export const loggedNotices = (mobile: string): string[] => logged.filter((n) => n.mobile === mobile).map((n) => n.text);

/** The notice sender of the site's SMS configuration; throws SmsSendError when it cannot send notices. */
export function createNoticeSender(
  config: SmsConfig | null | undefined,
  log: Pick<FastifyBaseLogger, 'info'>,
): NoticeSender {
  if (config?.provider === 'aliyun')
    throw new SmsSendError('阿里云短信只配置了验证码模板，不能发送通知短信；请改用HTTP短信网关');
  if (config?.provider === 'http') {
    const { httpUrl, httpTemplate } = config;
    if (!httpUrl || !httpTemplate) throw new SmsSendError('HTTP短信网关配置不完整（网关地址、请求模板）');
    if (!httpTemplate.includes('{text}')) throw new SmsSendError('HTTP短信网关的请求模板没有 {text}，不能发送通知短信');
    const json = httpTemplate.trim().startsWith('{');
    const fill = (value: string) => (json ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value));
    return {
      name: 'http',
      async send(notice) {
        const body = httpTemplate
          .replaceAll('{mobile}', fill(notice.mobile))
          .replaceAll('{text}', fill(notice.text))
          .replaceAll('{code}', '');
        let res: Response;
        try {
          res = await fetch(httpUrl, {
            method: 'POST',
            headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
            body,
            signal: AbortSignal.timeout(10_000),
          });
        } catch (err) {
          throw new SmsSendError(`短信网关无法连接：${(err as Error).message}`);
        }
        if (!res.ok) throw new SmsSendError(`短信网关返回 HTTP ${res.status}`, String(res.status));
      },
    };
  }
  return {
    name: 'log',
    async send(notice) {
      logged.push({ ...notice, at: new Date() });
      if (logged.length > 200) logged.shift();
      log.info({ mobile: notice.mobile }, `通知短信（log 发送器，未真实发送）：${notice.mobile} -> ${notice.text}`);
    },
  };
}
