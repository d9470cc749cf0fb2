/**
 * A real redis-server for a test, on a free port, started by the test itself (never the
 * machine's Redis): `npm test` works where none runs. Skip the test when the binary is missing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = (): boolean => existsSync(REDIS_SERVER);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  /** A new connection to the server (closed by `stop`). */
  connect(): Promise<Redis>;
  stop(): Promise<void>;
}

export async function startRedisServer(): Promise<TestRedis> {
  const port = await freePort();
  const server: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const clients: Redis[] = [];
  const connect = async () => {
    for (let i = 0; i < 50; i++) {
      const c = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
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
  return {
    connect,
    async stop() {
      for (const c of clients) c.disconnect();
      server.kill();
    },
  };
}
