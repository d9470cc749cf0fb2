/**
 * The rules around every model call (issue 28 §2): a per-user rate (calls in the last minute), one
 * answer at a time per user, a daily token budget (the site's day; 0 = no limit), and the call log
 * (who, when, what for, tokens, latency; the content only while the audit switch is on). A call is
 * logged when it starts, so that a running answer counts against the rate at once.
 */
import { ErrorCode } from '@exam/contracts';
import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import { elAssistantCall } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { startOfDay } from '../../platform/time-zone.js';
import type { AssistantSettings } from './assistant-config.js';
import type { LlmUsage, Outcome } from './llm.js';

export type CallKind = 'chat' | 'explain' | 'draft' | 'mark';

export const RATE_MESSAGE = '提问过于频繁，请稍后再试';
export const BUSY_MESSAGE = '上一条回答尚未结束，请稍候或先停止';

/** Refuses (10010005, 30010002) a call over the user's rate, while another runs, or past the budget. */
export async function assertAllowed(
  db: Executor,
  userId: string,
  s: AssistantSettings,
  now: Date,
  zone: string,
): Promise<void> {
  const mine = eq(elAssistantCall.userId, userId);
  const [recent] = await db
    .select({
      n: count(),
      running: sql<number>`count(*) filter (where ${elAssistantCall.outcome} = 'running'
        and ${elAssistantCall.createdAt} > ${new Date(now.getTime() - s.timeoutSeconds * 2000)})`.mapWith(Number),
    })
    .from(elAssistantCall)
    .where(and(mine, gte(elAssistantCall.createdAt, new Date(now.getTime() - 60_000))));
  if (recent.running > 0) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, BUSY_MESSAGE);
  if (recent.n >= s.perMinute) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, RATE_MESSAGE);
  if (s.dailyTokens > 0 && (await tokensToday(db, userId, now, zone)) >= s.dailyTokens)
    throw new AppError(ErrorCode.ASSISTANT_BUDGET);
}

export async function tokensToday(db: Executor, userId: string, now: Date, zone: string): Promise<number> {
  const [row] = await db
    .select({ n: sum(elAssistantCall.totalTokens).mapWith(Number) })
    .from(elAssistantCall)
    .where(and(eq(elAssistantCall.userId, userId), gte(elAssistantCall.createdAt, startOfDay(now, zone))));
  return row?.n ?? 0;
}

/** Logs the start of a call; answers its id for `finishCall`. */
export async function startCall(
  db: Executor,
  userId: string,
  kind: CallKind,
  s: AssistantSettings,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(elAssistantCall)
    .values({ userId, kind, model: s.model, outcome: 'running', createdAt: now })
    .returning({ id: elAssistantCall.id });
  return row.id;
}

export async function finishCall(
  db: Executor,
  id: string,
  s: AssistantSettings,
  result: { outcome: Outcome; usage: LlmUsage; latencyMs: number; prompt: string; answer: string },
): Promise<void> {
  await db
    .update(elAssistantCall)
    .set({
      outcome: result.outcome,
      ok: result.outcome === 'ok',
      promptTokens: result.usage.promptTokens,
      completionTokens: result.usage.completionTokens,
      totalTokens: result.usage.totalTokens,
      latencyMs: Math.round(result.latencyMs),
      content: s.audit ? JSON.stringify({ prompt: result.prompt, answer: result.answer }) : null,
    })
    .where(eq(elAssistantCall.id, id));
}
