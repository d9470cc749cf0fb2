/**
 * The live bus: in-process delivery without Redis, and across two "instances" (two buses, two
 * Redis connections) through a real redis-server started for the test when the machine has one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveBus, type LiveNote } from './live-bus.js';

const note = (examId: string, text: string): LiveNote => ({ examId, kind: 'msg', text, at: new Date().toISOString() });
const REDIS_SERVER = '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('LiveBus in one process', () => {
  it('delivers a note to the listeners of its exam only, until they stop', () => {
    const bus = new LiveBus();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = bus.subscribe('exam-a', (n) => a.push(n.text));
    bus.subscribe('exam-b', (n) => b.push(n.text));
    bus.publish(note('exam-a', '交卷'));
    expect(a).toEqual(['交卷']);
    expect(b).toEqual([]);
    stopA();
    bus.publish(note('exam-a', '再次'));
    expect(a).toEqual(['交卷']);
    expect(bus.listenerCount('exam-a')).toBe(0);
  });
});

describe.skipIf(!existsSync(REDIS_SERVER))('LiveBus across instances (Redis pub/sub)', () => {
  let server: ChildProcess | null = null;
  const buses: LiveBus[] = [];
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const b of buses) await b.close();
    for (const c of clients) c.disconnect();
    server?.kill();
  });

  it('a note published on one instance reaches the consoles of another', async () => {
    const port = await freePort();
    server = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const connect = async () => {
      for (let i = 0; i < 50; i++) {
        const c = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
        c.on('error', () => undefined); // refused while the server starts: retried below
        try {
          await c.connect();
          return c;
        } catch {
          c.disconnect();
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      throw new Error('redis-server did not start');
    };
    const [r1, r2] = [await connect(), await connect()];
    clients.push(r1, r2);
    const one = new LiveBus();
    const two = new LiveBus();
    buses.push(one, two);
    await one.attachRedis(r1);
    await two.attachRedis(r2);
    const seen: string[] = [];
    const arrived = new Promise<void>((resolve) =>
      two.subscribe('exam-x', (n) => {
        seen.push(n.text);
        resolve();
      }),
    );
    one.publish(note('exam-x', '强制收卷：违纪'));
    await arrived;
    expect(seen).toEqual(['强制收卷：违纪']);
  });
});
