/** A local stand-in for Aliyun's dysmsapi endpoint, for tests: checks the signature and answers like Aliyun. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signAliyunRpc } from './aliyun-sms.js';

export interface StandIn {
  endpoint: string;
  /** Parameters of every request that passed the signature check. */
  received: Record<string, string>[];
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 and a random port; mobiles in `failFor` get a business error. */
export async function startAliyunStandIn(accessKeySecret: string, failFor: string[] = []): Promise<StandIn> {
  const received: Record<string, string>[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = Object.fromEntries(
        req.method === 'POST' ? new URLSearchParams(raw).entries() : url.searchParams.entries(),
      );
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const { Signature, ...rest } = params;
      if (!Signature || signAliyunRpc(req.method ?? 'POST', rest, accessKeySecret) !== Signature) {
        return reply(400, {
          Code: 'SignatureDoesNotMatch',
          Message: 'Specified signature is not matched with our calculation.',
          RequestId: 'stand-in',
        });
      }
      const required = ['AccessKeyId', 'PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam', 'SignatureNonce'];
      const missing = required.find((k) => !rest[k]);
      if (
        rest.Action !== 'SendSms' ||
        rest.Version !== '2017-05-25' ||
        missing ||
        rest.SignatureMethod !== 'HMAC-SHA1'
      ) {
        return reply(400, { Code: 'MissingParameter', Message: `bad request ${missing ?? ''}`, RequestId: 'stand-in' });
      }
      received.push(params);
      if (failFor.includes(rest.PhoneNumbers)) {
        return reply(200, {
          Code: 'isv.BUSINESS_LIMIT_CONTROL',
          Message: '触发分钟级流控Permits:1',
          RequestId: 'stand-in',
        });
      }
      return reply(200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'stand-in' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
