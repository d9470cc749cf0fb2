import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';
import { scrubText, serializeError, withRedaction } from './logger.js';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const TOKEN = 'tok_5f1c0e2d9a8b7c6d5e4f3a2b1c0d9e8f';

describe('log scrubbing', () => {
  it('removes argon2 hashes, query parameters and secret fields from text and errors', () => {
    expect(scrubText(`Failed query: insert into sys_user\nparams: 张三,${HASH},x`)).not.toContain('argon2');
    expect(scrubText(`{"password":"abc123","token":"${TOKEN}"}`)).not.toMatch(/abc123|tok_/);
    const err = new DrizzleQueryError('insert into "sys_user" values ($1, $2)', ['张三', HASH], new Error('22021'));
    const out = JSON.stringify(serializeError(err));
    expect(out).toContain('Failed query');
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('张三');
  });

  it('keeps hashes, passwords and tokens out of a real Fastify log, unexpected errors included', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: withRedaction({ level: 'info', stream }) });
    installErrorHandler(app);
    app.post('/boom', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'handling');
      request.log.info({ password: 'abc123', user: { passwordHash: HASH, token: TOKEN } }, 'by hand');
      throw new DrizzleQueryError('insert into "sys_user" values ($1, $2)', ['abc123', HASH], new Error('x'));
    });
    const res = await app.inject({
      method: 'POST',
      url: '/boom',
      payload: { userName: 'u', password: 'abc123' },
      headers: { token: TOKEN, cookie: `token=${TOKEN}` },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).toContain('[REDACTED]');
    for (const secret of ['argon2', 'abc123', TOKEN]) expect(log).not.toContain(secret);
    await app.close();
  });
});
