// @vitest-environment node
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setNotifiers } from './notify';
import { createSecondClient } from './second-client';

/** A local stand-in for the second service. */
let server: http.Server;
let base = '';
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/ok0') return reply(res, 200, { code: 0, msg: 'ok', data: { n: 1 } });
      if (path === '/ok200') return reply(res, 200, { code: 200, msg: 'ok', data: [1, 2] });
      if (path === '/biz') return reply(res, 200, { code: 500, msg: '模型服务繁忙' });
      if (path === '/biz-empty') return reply(res, 200, { code: 1 });
      if (path === '/plain') return reply(res, 200, { answer: 42 });
      if (path === '/502') return reply(res, 502, {});
      if (path === '/500') return reply(res, 500, {});
      if (path === '/400') return reply(res, 400, {});
      if (path === '/slow') return; // never answers
      return reply(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const errors: string[] = [];
beforeEach(() => {
  errors.length = 0;
  seen.length = 0;
  setNotifiers({ error: (t) => errors.push(t) });
});

describe('second client (SPEC 7, 8)', () => {
  it('GETs with query params and succeeds on code 0', async () => {
    const client = createSecondClient(base);
    await expect(client.get('/ok0', { q: '考试', page: 2 })).resolves.toEqual({ n: 1 });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe(`/ok0?q=${encodeURIComponent('考试')}&page=2`);
    expect(client.instance.defaults.timeout).toBe(60_000);
    expect(errors).toEqual([]);
  });

  it('POSTs JSON and succeeds on code 200', async () => {
    const client = createSecondClient(base);
    await expect(client.post('/ok200', { a: 1 })).resolves.toEqual([1, 2]);
    expect(seen[0].method).toBe('POST');
    expect(JSON.parse(seen[0].body)).toEqual({ a: 1 });
  });

  it('uploads multipart with the field file', async () => {
    const client = createSecondClient(base);
    await client.upload('/ok0', new Blob(['hi'], { type: 'text/plain' }), { kind: 'doc' });
    expect(seen[0].headers['content-type']).toContain('multipart/form-data');
    expect(seen[0].body).toContain('name="file"');
    expect(seen[0].body).toContain('name="kind"');
  });

  it('shows msg for any other code and rejects', async () => {
    const client = createSecondClient(base);
    await expect(client.post('/biz')).rejects.toThrow('模型服务繁忙');
    await expect(client.post('/biz-empty')).rejects.toThrow('服务器开小差了呢！');
    expect(errors).toEqual(['模型服务繁忙', '服务器开小差了呢！']);
  });

  it('passes answers without a code through', async () => {
    await expect(createSecondClient(base).get('/plain')).resolves.toEqual({ answer: 42 });
  });

  it.each([
    ['/502', 'Oh no，服务器网络不通 Bad Gateway'],
    ['/500', '糟糕，服务器开小差了~'],
    ['/400', '缺少必要参数或参数类型不正确~'],
    ['/nowhere', '接口地址404，请联系管理员~'],
  ])('HTTP %s shows %s', async (path, text) => {
    await expect(createSecondClient(base).post(path)).rejects.toThrow(text);
    expect(errors).toEqual([text]);
  });

  it('shows the lost-connection text when nothing answers', async () => {
    const client = createSecondClient('http://127.0.0.1:1');
    await expect(client.get('/x')).rejects.toThrow('啊哦，与服务器失去连接了~');
    const slow = createSecondClient(base);
    slow.instance.defaults.timeout = 200;
    await expect(slow.get('/slow')).rejects.toThrow('啊哦，与服务器失去连接了~');
    expect(errors).toEqual(['啊哦，与服务器失去连接了~', '啊哦，与服务器失去连接了~']);
  });
});
