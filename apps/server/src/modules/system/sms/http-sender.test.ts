/** The HTTP SMS gateway sender against a local server. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender, createSmsSender, SmsSendError } from './sms-sender.js';

const seen: { type: string | undefined; body: string }[] = [];
let status = 200;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({ type: req.headers['content-type'], body });
    res.writeHead(status);
    res.end('{}');
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HTTP SMS sender', () => {
  it('posts a JSON template with the mobile and code filled in', async () => {
    status = 200;
    await createHttpSender(url, '{"phone":"{mobile}","text":"验证码{code}，5分钟内有效"}').send({
      mobile: '13800000002',
      code: '012345',
    });
    const last = seen.at(-1);
    expect(last?.type).toBe('application/json');
    expect(JSON.parse(last?.body ?? '')).toEqual({ phone: '13800000002', text: '验证码012345，5分钟内有效' });
  });

  it('posts a form template URL-encoded', async () => {
    await createHttpSender(url, 'to={mobile}&msg=code {code}').send({ mobile: '13800000002', code: '999999' });
    const last = seen.at(-1);
    expect(last?.type).toBe('application/x-www-form-urlencoded');
    expect(last?.body).toBe('to=13800000002&msg=code 999999');
  });

  it('fails on a non-2xx answer and on an incomplete configuration', async () => {
    status = 500;
    await expect(createHttpSender(url, '{"p":"{mobile}"}').send({ mobile: '1', code: '2' })).rejects.toBeInstanceOf(
      SmsSendError,
    );
    expect(() => createSmsSender({ provider: 'http', httpUrl: url }, console)).toThrow('HTTP短信网关配置不完整');
    expect(createSmsSender({ provider: 'http', httpUrl: url, httpTemplate: 'x' }, console).name).toBe('http');
  });
});
