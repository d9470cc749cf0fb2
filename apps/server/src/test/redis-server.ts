/**
 * A real redis-server (Debian's package, as in CI) started by a test on a free loopback port,
 * without persistence, never the machine's Redis: `npm test` works where none runs (skip the test
 * when the binary is missing). `stop` ends it with SIGKILL: the test of a Redis outage wants it
 * gone at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = (): boolean => existsSync(REDIS_SERVER);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  /** A new connection to the server (closed by `stop`). */
  connect(): Promise<Redis>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const clients: Redis[] = [];
  const stop = async () => {
    for (const c of clients) c.disconnect();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const connect = async (): Promise<Redis> => {
    for (let i = 0; i < 50; i++) {
      const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      c.on('error', () => undefined); // refused while the server starts: retried below
      try {
        await c.connect();
        clients.push(c);
        return c;
      } catch {
        c.disconnect();
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('redis-server did not start');
  };
  try {
    const probe = await connect();
    await probe.ping();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, connect, stop };
}
