/**
 * The per-learner limits of the assistant under simultaneous requests, against the local
 * OpenAI-compatible server (testing/fake-openai.ts) over real sockets: one answer at a time, the
 * per-minute rate and the daily token budget each hold however many requests arrive at once, and
 * a call's answer is capped at the budget left (`max_tokens`), so no call overruns it.
 */
import { ASSISTANT_CHAT_PATH, assistantConfSave, ErrorCode, type TAssistantConf } from '@exam/contracts';
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { elAssistantCall, sysUser } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testClock } from '../paper/test-fixtures.js';
import { forgetReachable } from './reachable.js';
import { type FakeOpenAi, startFakeOpenAi } from './testing/fake-openai.js';
import { BUSY_MESSAGE, RATE_MESSAGE } from './usage.js';

let t: TestApp;
let fake: FakeOpenAi;
let base: string;
let admin: string;
const clock = testClock();

const CONF: TAssistantConf = {
  enabled: true,
  baseUrl: '',
  model: 'qwen-test',
  apiKey: '',
  audit: false,
  invite: true,
  dailyTokens: 0,
  perMinute: 50,
  timeoutSeconds: 20,
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({ clock });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.login('admin', 'admin123');
  CONF.baseUrl = fake.baseUrl;
}, 120_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  forgetReachable();
  // A new day and minute for each case: earlier calls count in no window.
  clock.add(2 * 86_400_000);
});

const configure = async (over: Partial<TAssistantConf>) => {
  const res = await t.request(assistantConfSave, { ...CONF, ...over }, admin);
  expect(res.code, res.msg).toBe(0);
};

/** One chat request; answers the refusal's message, or 'ok' once the streamed answer has ended. */
async function ask(token: string, refused?: () => void): Promise<string> {
  const res = await fetch(base + ASSISTANT_CHAT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ content: '什么是等差数列？' }),
  });
  if (res.headers.get('content-type')?.startsWith('application/json')) {
    const env = (await res.json()) as { code: number; msg: string };
    refused?.();
    expect(env.code).not.toBe(0);
    return env.msg;
  }
  await res.text();
  return 'ok';
}

const together = (token: string, n: number) => Promise.all(Array.from({ length: n }, () => ask(token)));

async function userId(name: string): Promise<string> {
  const [u] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, name));
  return u.id;
}

describe('limits under simultaneous requests', () => {
  it('lets one of 20 simultaneous questions through while its answer runs', async () => {
    await configure({ perMinute: 50 });
    // The answer is held until every request was either refused or reached the model.
    let release = () => {};
    fake.reply = { pieces: ['等差', '数列'], until: new Promise<void>((r) => (release = r)) };
    const sent = fake.requests.length;
    let settled = 0;
    const token = await t.login('student', 'student123');
    const pending = Array.from({ length: 20 }, () =>
      ask(token, () => {
        settled += 1;
      }),
    );
    while (settled + fake.requests.length - sent < 20) await new Promise((r) => setTimeout(r, 20));
    release();
    const answers = await Promise.all(pending);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a === BUSY_MESSAGE)).toHaveLength(19);
    expect(fake.requests.length - sent).toBe(1);
  });

  it('holds the per-minute rate over rounds of simultaneous questions', async () => {
    await configure({ perMinute: 2 });
    fake.reply = { pieces: ['好'], delayMs: 50 };
    const token = await t.login('lisi', 'student123');
    const sent = fake.requests.length;
    const rounds = [await together(token, 15), await together(token, 15), await together(token, 15)];
    expect(rounds.flat().filter((a) => a === 'ok')).toHaveLength(2);
    expect(rounds[2].every((a) => a === RATE_MESSAGE)).toBe(true);
    expect(fake.requests.length - sent).toBe(2);
  });

  it('keeps the day within the token budget: the answer is capped at what is left, and in-flight calls count', async () => {
    const budget = 1000;
    await configure({ dailyTokens: budget });
    // A model that would talk far past the budget (one token a piece).
    fake.reply = { pieces: Array.from({ length: 3000 }, () => '字'), delayMs: 0 };
    const token = await t.login('wangwu', 'student123');
    const sent = fake.requests.length;
    const rounds = [await together(token, 20), await together(token, 20)];
    expect(rounds.flat().filter((a) => a === 'ok')).toHaveLength(1);
    const calls = fake.requests.slice(sent);
    expect(calls).toHaveLength(1);
    expect(calls[0].body.max_tokens).toBeGreaterThan(0);
    expect(calls[0].body.max_tokens).toBeLessThanOrEqual(budget);
    const [row] = await t.db
      .select({ n: sum(elAssistantCall.totalTokens).mapWith(Number) })
      .from(elAssistantCall)
      .where(and(eq(elAssistantCall.userId, await userId('wangwu'))));
    expect(row.n).toBeGreaterThan(0);
    expect(row.n).toBeLessThanOrEqual(budget);
    expect(rounds[1].every((a) => a === ErrorCode.ASSISTANT_BUDGET.toString() || a.includes('额度'))).toBe(true);
  });
});
