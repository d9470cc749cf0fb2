/**
 * A client trickling its headers (or its body) must not hold a socket. The app's
 * Node server closes it after headersTimeout / requestTimeout (short here to keep the test fast;
 * production values in config.ts), and keeps answering others meanwhile.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    config: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 500, connectionTimeoutMs: 3000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/** Opens a socket, sends `first`, then one byte of `rest` every `everyMs`; answers when and how it ended. */
function trickle(first: string, rest: string, everyMs: number, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number; response: string }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < rest.length && !socket.destroyed) socket.write(rest[i++]);
    }, everyMs);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, response });
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
      done();
    }, giveUpMs);
    socket.on('data', (d) => {
      response += d.toString();
    });
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.write(first);
  });
}

describe('slow clients', () => {
  it('closes a connection whose headers trickle in', async () => {
    const headers = `Host: x\r\n${'X-Slow: y\r\n'.repeat(200)}\r\n`;
    const r = await trickle('POST /api/sys/config/detail HTTP/1.1\r\n', headers, 100, 8000);
    expect(r.closedAfterMs).toBeLessThan(4000);
    expect(r.response).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('closes a connection whose body trickles in', async () => {
    const body = JSON.stringify({ id: '1', pad: 'x'.repeat(200) });
    const head = `POST /api/sys/config/detail HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const r = await trickle(head, body, 100, 8000);
    expect(r.closedAfterMs).toBeLessThan(5000);
  });

  it('closes an idle keep-alive connection and still answers others', async () => {
    const r = await trickle(
      'POST /api/sys/config/detail HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n',
      '',
      100,
      8000,
    );
    expect(r.response).toMatch(/^HTTP\/1\.1 200/);
    expect(r.closedAfterMs).toBeLessThan(3000);
    const res = await fetch(`http://127.0.0.1:${port}/api/sys/config/detail`, { method: 'POST' });
    expect(res.status).toBe(200);
  });
});
