/**
 * Calls to the organisation's OpenAI-compatible endpoint (Ollama, vLLM, Xinference, DeepSeek- or
 * Qwen-compatible APIs) through the official `openai` client: no retries (a learner waits), an idle
 * deadline that restarts with every streamed piece, and the caller's AbortSignal (the learner closed
 * the dialog) passed down so that the upstream request is cancelled too.
 */
import OpenAI from 'openai';
import type { AssistantSettings } from './assistant-config.js';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type Outcome = 'ok' | 'cancelled' | 'timeout' | 'unreachable' | 'upstream';

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** A failed call with the Chinese message the learner or administrator reads. */
export class LlmError extends Error {
  constructor(
    readonly outcome: Exclude<Outcome, 'ok'>,
    message: string,
  ) {
    super(message);
  }
}

export const LLM_MESSAGES = {
  timeout: '学习助教响应超时，大模型服务繁忙，请稍后再试',
  unreachable: '无法连接学习助教服务（大模型），请稍后再试或联系管理员',
  cancelled: '已停止回答',
  upstream: (status?: number) => `学习助教服务出错${status ? `（HTTP ${status}）` : ''}，请稍后再试或联系管理员`,
} as const;

function clientOf(s: AssistantSettings): OpenAI {
  return new OpenAI({
    baseURL: s.baseUrl.replace(/\/+$/, ''),
    // Local servers (Ollama) take no key; the client insists on one.
    apiKey: s.apiKey || 'none',
    timeout: s.timeoutSeconds * 1000,
    maxRetries: 0,
  });
}

/** The answer's token cap (the daily budget left); null or absent: none. */
export interface CallLimits {
  maxTokens?: number | null;
}

// `max_tokens` is what OpenAI-compatible servers (Ollama, vLLM, Xinference, DeepSeek, Qwen) read.
const capOf = (limits: CallLimits) => (limits.maxTokens ? { max_tokens: limits.maxTokens } : {});

/** Rough count when a server reports no usage: about one token per CJK character or 4 other characters. */
export function estimateTokens(text: string): number {
  const cjk = (text.match(/[\u3000-\u9fff\uff00-\uffef]/g) ?? []).length;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** An abort controller following `outer`, aborted after `ms` without a `touch()`. */
function deadline(outer: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  const follow = () => controller.abort();
  outer?.addEventListener('abort', follow, { once: true });
  if (outer?.aborted) controller.abort();
  touch();
  return {
    signal: controller.signal,
    touch,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}

function failure(err: unknown, timedOut: boolean, outer?: AbortSignal): LlmError {
  if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError) return new LlmError('timeout', LLM_MESSAGES.timeout);
  if (outer?.aborted || err instanceof OpenAI.APIUserAbortError)
    return new LlmError('cancelled', LLM_MESSAGES.cancelled);
  if (err instanceof OpenAI.APIConnectionError) return new LlmError('unreachable', LLM_MESSAGES.unreachable);
  if (err instanceof OpenAI.APIError) return new LlmError('upstream', LLM_MESSAGES.upstream(err.status));
  return new LlmError('upstream', LLM_MESSAGES.upstream());
}

const usageOf = (
  u: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined,
  prompt: LlmMessage[],
  answer: string,
): LlmUsage => {
  if (u?.total_tokens)
    return {
      promptTokens: u.prompt_tokens ?? 0,
      completionTokens: u.completion_tokens ?? 0,
      totalTokens: u.total_tokens,
    };
  const promptTokens = estimateTokens(prompt.map((m) => m.content).join('\n'));
  const completionTokens = estimateTokens(answer);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
};

/**
 * Streams an answer, handing each piece to `onDelta`; answers the usage. On failure throws an
 * LlmError carrying what was answered so far (`partial`).
 */
export async function streamChat(
  s: AssistantSettings,
  messages: LlmMessage[],
  signal: AbortSignal,
  onDelta: (piece: string) => void,
  limits: CallLimits = {},
): Promise<{ text: string; usage: LlmUsage }> {
  const d = deadline(signal, s.timeoutSeconds * 1000);
  let text = '';
  let usage: Parameters<typeof usageOf>[0] = null;
  try {
    const stream = await clientOf(s).chat.completions.create(
      { model: s.model, messages, stream: true, stream_options: { include_usage: true }, ...capOf(limits) },
      { signal: d.signal },
    );
    for await (const chunk of stream) {
      d.touch();
      const piece = chunk.choices[0]?.delta?.content ?? '';
      if (piece) {
        text += piece;
        onDelta(piece);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    // The client's stream ends quietly when aborted: a stop or the deadline is a failure here.
    if (d.signal.aborted) throw new OpenAI.APIUserAbortError();
    return { text, usage: usageOf(usage, messages, text) };
  } catch (err) {
    throw Object.assign(failure(err, d.timedOut(), signal), { partial: text, usage: usageOf(null, messages, text) });
  } finally {
    d.done();
  }
}

/** One answer without streaming (the administrators' helpers). */
export async function complete(
  s: AssistantSettings,
  messages: LlmMessage[],
  limits: CallLimits = {},
  signal?: AbortSignal,
): Promise<{ text: string; usage: LlmUsage }> {
  const d = deadline(signal, s.timeoutSeconds * 1000);
  try {
    const res = await clientOf(s).chat.completions.create(
      { model: s.model, messages, ...capOf(limits) },
      { signal: d.signal },
    );
    const text = res.choices[0]?.message?.content ?? '';
    return { text, usage: usageOf(res.usage, messages, text) };
  } catch (err) {
    throw failure(err, d.timedOut(), signal);
  } finally {
    d.done();
  }
}
