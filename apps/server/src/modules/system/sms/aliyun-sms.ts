/**
 * Aliyun SMS (dysmsapi SendSms, API version 2017-05-25) over its RPC-style HTTP protocol:
 * parameters signed with HMAC-SHA1 over the canonicalised query (signature version 1.0).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { type SmsMessage, SmsSendError, type SmsSender } from './sms-types.js';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Defaults to https://dysmsapi.aliyuncs.com/ */
  endpoint?: string;
  regionId?: string;
}

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 percent-encoding as Aliyun's POP signature requires. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signature of a parameter set (without Signature) for an HTTP method. */
export function signAliyunRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** The signed SendSms parameters for one message. */
export function sendSmsParams(
  config: AliyunSmsConfig,
  message: SmsMessage,
  method = 'POST',
  now = new Date(),
  nonce: string = randomUUID(),
): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.mobile,
    RegionId: config.regionId || 'cn-hangzhou',
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: config.templateCode,
    TemplateParam: JSON.stringify({ code: message.code }),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  return { ...params, Signature: signAliyunRpc(method, params, config.accessKeySecret) };
}

/** Sends through Aliyun; success is a body with Code 'OK', anything else is an SmsSendError. */
export function createAliyunSender(config: AliyunSmsConfig, timeoutMs = 10_000): SmsSender {
  const endpoint = config.endpoint || ALIYUN_SMS_ENDPOINT;
  return {
    name: 'aliyun',
    async send(message) {
      const body = new URLSearchParams(sendSmsParams(config, message, 'POST'));
      let answer: { Code?: string; Message?: string };
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString().replace(/\+/g, '%20'),
          signal: AbortSignal.timeout(timeoutMs),
        });
        answer = (await res.json()) as { Code?: string; Message?: string };
      } catch (err) {
        throw new SmsSendError(`无法连接短信服务：${err instanceof Error ? err.message : String(err)}`);
      }
      if (answer.Code !== 'OK') throw new SmsSendError(answer.Message || answer.Code || '未知错误', answer.Code);
    },
  };
}
