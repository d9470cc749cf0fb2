/**
 * The rules around every model call: a per-user rate (calls in the last minute), one answer at a
 * time per user, a daily token budget (the site's day; 0 = no limit), and the call log (who, when,
 * what for, tokens, latency; the content only while the audit switch is on).
 *
 * The check and the log row are one step (`reserveCall`): inside a transaction that holds the
 * user's row lock, the limits are read and the call's row is written, so simultaneous requests of
 * one user are decided one after the other and none slips past a limit. While a call runs, its row
 * holds the most tokens it may use (the prompt's generous estimate plus the answer's cap, which is
 * the budget left); `finishCall` settles the row to the usage reported.
 */
import { ErrorCode } from '@exam/contracts';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { elAssistantCall, sysUser } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { startOfDay } from '../../platform/time-zone.js';
import type { AssistantSettings } from './assistant-config.js';
import type { LlmMessage, LlmUsage, Outcome } from './llm.js';

export type CallKind = 'chat' | 'explain' | 'draft' | 'mark';

export const RATE_MESSAGE = '提问过于频繁，请稍后再试';
export const BUSY_MESSAGE = '上一条回答尚未结束，请稍候或先停止';

/** The fewest answer tokens worth a call: below this the budget counts as spent. */
export const MIN_ANSWER_TOKENS = 16;

/**
 * An upper estimate of the prompt's tokens: one per character (tokenisers of Chinese and English
 * give at most about one token a character) plus the chat template's few tokens per message.
 */
export function promptTokenCeiling(messages: LlmMessage[]): number {
  return messages.reduce((n, m) => n + m.content.length + 8, 0);
}

/**
 * The answer's token cap for a call when `used` tokens of the day are spent or reserved: null
 * without a budget; 0 when what is left cannot carry the prompt and a short answer (refused).
 */
export function answerCap(dailyTokens: number, used: number, promptCeiling: number): number | null {
  if (dailyTokens <= 0) return null;
  const cap = dailyTokens - used - promptCeiling;
  return cap >= MIN_ANSWER_TOKENS ? cap : 0;
}

export interface Reservation {
  /** The call log row, for `finishCall`. */
  id: string;
  /** The `max_tokens` to send (null: no budget, no cap). */
  maxTokens: number | null;
}

/**
 * Refuses (10010005, 30010002) a call over the user's rate, while another of theirs runs, or past
 * the budget; otherwise logs the call as running with its reservation, in one locked step.
 */
export async function reserveCall(
  db: Db,
  userId: string,
  kind: CallKind,
  s: AssistantSettings,
  messages: LlmMessage[],
  now: Date,
  zone: string,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    // The user's row serialises their calls (every instance shares the database).
    await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, userId)).for('update');
    const [recent] = await tx
      .select({
        n: count(),
        running: sql<number>`count(*) filter (where ${elAssistantCall.outcome} = 'running'
          and ${elAssistantCall.createdAt} > ${staleBefore(s, now)})`.mapWith(Number),
      })
      .from(elAssistantCall)
      .where(and(eq(elAssistantCall.userId, userId), gte(elAssistantCall.createdAt, new Date(now.getTime() - 60_000))));
    if (recent.running > 0) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, BUSY_MESSAGE);
    if (recent.n >= s.perMinute) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, RATE_MESSAGE);
    const ceiling = promptTokenCeiling(messages);
    let maxTokens: number | null = null;
    if (s.dailyTokens > 0) {
      maxTokens = answerCap(s.dailyTokens, await tokensToday(tx, userId, s, now, zone), ceiling);
      if (!maxTokens) throw new AppError(ErrorCode.ASSISTANT_BUDGET);
    }
    const [row] = await tx
      .insert(elAssistantCall)
      .values({
        userId,
        kind,
        model: s.model,
        outcome: 'running',
        totalTokens: maxTokens === null ? 0 : ceiling + maxTokens,
        createdAt: now,
      })
      .returning({ id: elAssistantCall.id });
    return { id: row.id, maxTokens };
  });
}

/** A 'running' row older than this was left by a stopped process: it neither blocks nor reserves. */
const staleBefore = (s: AssistantSettings, now: Date) => new Date(now.getTime() - s.timeoutSeconds * 2000);

/** Tokens of the site's day: used by finished calls, reserved by running ones. */
export async function tokensToday(
  db: Executor,
  userId: string,
  s: AssistantSettings,
  now: Date,
  zone: string,
): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(case when ${elAssistantCall.outcome} = 'running'
        and ${elAssistantCall.createdAt} <= ${staleBefore(s, now)} then 0 else ${elAssistantCall.totalTokens} end), 0)`.mapWith(
        Number,
      ),
    })
    .from(elAssistantCall)
    .where(and(eq(elAssistantCall.userId, userId), gte(elAssistantCall.createdAt, startOfDay(now, zone))));
  return row?.n ?? 0;
}

/** Settles a call's row: its outcome and the usage reported (replacing the reservation). */
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
