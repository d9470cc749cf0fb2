/**
 * A clock the browser tests can move (e2e only). Only when NODE_ENV is 'test' AND
 * EXAM_TEST_CLOCK is '1' does the process run on `real time + offset` and register
 * POST /api/test/clock {offsetMs}; in every other case nothing is registered and the real
 * clock is used, so production has no such switch.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from './deps.js';
import { PUBLIC, post } from './route.js';

export interface TestClock {
  clock: Clock;
  /** Registers POST /api/test/clock on the app. */
  register(app: FastifyInstance): void;
}

/** The movable clock when the environment asks for it, else null. */
export function testClockFromEnv(env: NodeJS.ProcessEnv = process.env): TestClock | null {
  if (env.NODE_ENV !== 'test' || env.EXAM_TEST_CLOCK !== '1') return null;
  let offsetMs = 0;
  return {
    clock: () => new Date(Date.now() + offsetMs),
    register(app) {
      post(
        app,
        '/api/test/clock',
        {
          summary: '测试时钟：设置时间偏移（仅测试环境）',
          tags: ['测试'],
          access: PUBLIC,
          body: z.object({ offsetMs: z.number().int().describe('时间偏移（毫秒）') }),
          data: z.object({ offsetMs: z.number(), now: z.string() }),
        },
        async ({ body }) => {
          offsetMs = body.offsetMs;
          return { offsetMs, now: new Date(Date.now() + offsetMs).toISOString() };
        },
      );
    },
  };
}
