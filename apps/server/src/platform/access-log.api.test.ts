// The server's access log: one line for each failed or slow request and a sample of
// the rest, instead of Fastify's two lines for every request.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { shouldLogRequest } from './access-log.js';
import { loadConfig } from './config.js';

describe('shouldLogRequest', () => {
  const options = { sampleRate: 0.01, slowMs: 1000 };
  it('logs every failed or slow request and a sample of the others', () => {
    expect(shouldLogRequest(404, 3, options, () => 0.99)).toBe(true);
    expect(shouldLogRequest(500, 3, options, () => 0.99)).toBe(true);
    expect(shouldLogRequest(200, 1000, options, () => 0.99)).toBe(true);
    expect(shouldLogRequest(200, 999, options, () => 0.99)).toBe(false);
    expect(shouldLogRequest(200, 5, options, () => 0.005)).toBe(true);
    expect(shouldLogRequest(200, 5, { sampleRate: 0, slowMs: 1000 }, () => 0)).toBe(false);
    expect(shouldLogRequest(200, 5, { sampleRate: 1, slowMs: 1000 }, () => 0.999)).toBe(true);
  });

  it('reads ACCESS_LOG_SAMPLE and SLOW_REQUEST_MS, 1 % and 1 s by default, the rate kept within 0..1', () => {
    expect(loadConfig({}).accessLog).toEqual({ sampleRate: 0.01, slowMs: 1000 });
    expect(loadConfig({ ACCESS_LOG_SAMPLE: '1', SLOW_REQUEST_MS: '250' }).accessLog).toEqual({
      sampleRate: 1,
      slowMs: 250,
    });
    expect(loadConfig({ ACCESS_LOG_SAMPLE: '7' }).accessLog.sampleRate).toBe(1);
    expect(loadConfig({ ACCESS_LOG_SAMPLE: 'x' }).accessLog.sampleRate).toBe(0);
  });
});

describe('the app', () => {
  let t: TestApp;
  let lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logged = () => lines.map((l) => JSON.parse(l) as { msg: string; url?: string; statusCode?: number });

  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream },
      config: { accessLog: { sampleRate: 0, slowMs: 60_000 } },
    });
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    lines = [];
  });

  it('writes no line for an ordinary request and one line for a refused one', async () => {
    expect((await t.call('/api/sys/config/detail', { id: '1' })).code).toBe(0);
    expect(logged()).toEqual([]);
    const missing = await t.app.inject({ method: 'POST', url: '/api/no/such/route', payload: {} });
    expect(missing.statusCode).toBe(404);
    const lines404 = logged().filter((l) => l.url === '/api/no/such/route');
    expect(lines404).toHaveLength(1);
    expect(lines404[0]).toMatchObject({ msg: 'request completed', statusCode: 404 });
    expect(logged().some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
