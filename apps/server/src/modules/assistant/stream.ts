/**
 * A streamed answer over plain HTTP: POST with the usual token header, answered
 * `application/x-ndjson`, one `TAssistantChunk` a line, read by the browser with fetch +
 * ReadableStream. Everything that can refuse (switched off, an open paper, the review options, the
 * rate and budget) runs before the first byte and answers the normal envelope. When the browser goes
 * away (dialog closed, 停止) the response closes and the upstream request is aborted with it.
 */
import { ErrorCode, type TAssistantChunk } from '@exam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { authorize, rateLimitKey, SIGNED_IN } from '../../platform/route.js';
import { type AssistantSettings, isOn, readSettings } from './assistant-config.js';
import { LLM_MESSAGES, type LlmError, type LlmMessage, type LlmUsage, streamChat } from './llm.js';
import { type CallKind, finishCall, type Reservation, reserveCall } from './usage.js';

export interface StreamPlan {
  messages: LlmMessage[];
  /** Kept in the learner's history: the question as shown, and (after) the answer. */
  question: string;
}

export interface StreamSpec<B extends z.ZodType> {
  path: string;
  summary: string;
  kind: CallKind;
  body: B;
  /** Guards and the messages; throws to refuse before anything is sent. */
  plan(app: FastifyInstance, user: AuthUser, body: z.infer<B>, now: Date): Promise<StreamPlan>;
  /** After the answer (or what came of it before a stop) is known. */
  keep(app: FastifyInstance, user: AuthUser, question: string, answer: string): Promise<void>;
}

/** Settings when the assistant is on; refuses (30010001) otherwise, before any data is read. */
export async function settingsWhenOn(app: FastifyInstance): Promise<AssistantSettings> {
  const s = await readSettings(app.deps.db);
  if (!isOn(s)) throw new AppError(ErrorCode.ASSISTANT_OFF);
  return s;
}

export function registerStream<B extends z.ZodType>(app: FastifyInstance, spec: StreamSpec<B>): void {
  app.route({
    method: 'POST',
    url: spec.path,
    schema: { summary: spec.summary, tags: ['学习助教'], security: [{ token: [] }], body: spec.body },
    // A flood cap beside the configured per-minute rate (that one is counted in the call log).
    config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: rateLimitKey } },
    preValidation: async (request) => authorize(app, request, SIGNED_IN),
    handler: async (request, reply) => {
      const user = request.authUser as AuthUser;
      const { db, clock, config } = app.deps;
      const s = await settingsWhenOn(app);
      const now = clock();
      const plan = await spec.plan(app, user, request.body as z.infer<B>, now);
      const call = await reserveCall(db, user.id, spec.kind, s, plan.messages, now, config.timeZone);
      reply.hijack();
      await runStream(app, request, reply.raw, s, plan, call, (answer) => spec.keep(app, user, plan.question, answer));
      return reply;
    },
  });
}

async function runStream(
  app: FastifyInstance,
  request: FastifyRequest,
  res: import('node:http').ServerResponse,
  s: AssistantSettings,
  plan: StreamPlan,
  call: Reservation,
  keep: (answer: string) => Promise<void>,
): Promise<void> {
  const { db } = app.deps;
  const started = performance.now();
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  request.raw.socket?.setTimeout?.(0);
  res.writeHead(200, {
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const send = (chunk: TAssistantChunk) => {
    if (!res.writableEnded && !res.destroyed) res.write(`${JSON.stringify(chunk)}\n`);
  };
  let answer = '';
  let usage: LlmUsage;
  let outcome: LlmError['outcome'] | 'ok' = 'ok';
  let last: TAssistantChunk;
  try {
    const done = await streamChat(s, plan.messages, gone.signal, (piece) => send({ t: 'delta', d: piece }), {
      maxTokens: call.maxTokens,
    });
    answer = done.text;
    usage = done.usage;
    last = { t: 'done', tokens: usage.totalTokens };
  } catch (err) {
    const e = err as LlmError & { partial?: string; usage: LlmUsage };
    outcome = e.outcome ?? 'upstream';
    answer = e.partial ?? '';
    usage = e.usage;
    last = { t: 'error', msg: e.message || LLM_MESSAGES.upstream() };
  }
  // Logged and kept before the last line: once the browser reads it, the history holds the answer.
  const latencyMs = performance.now() - started;
  const prompt = plan.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  await finishCall(db, call.id, s, { outcome, usage, latencyMs, prompt, answer }).catch((err) =>
    request.log.error({ err }, 'assistant call log'),
  );
  if (answer || outcome === 'ok')
    await keep(outcome === 'cancelled' ? `${answer}\n\n（已停止）` : answer).catch((err) =>
      request.log.error({ err }, 'assistant history'),
    );
  send(last);
  res.end();
}
