/**
 * Calls of the teaching assistant (学习助教). The chat and 讲解这道题 answers are streamed:
 * fetch + ReadableStream over the usual POST with the token header, NDJSON lines; a refusal before
 * the first line is the usual envelope and is thrown with its Chinese message.
 */
import {
  ASSISTANT_CHAT_PATH,
  ASSISTANT_EXPLAIN_PATH,
  assistantDraftDoc,
  type TAssistantChunk,
  type TAssistantExplain,
} from '@exam/contracts';
import { getToken } from '../utils/auth';
import { callUpload } from './call';

export const assistantApi = {
  /** The text of a course document (.docx, .pdf, .txt, .md) to draft from; nothing is kept on the server. */
  readDoc: (file: File) => callUpload(assistantDraftDoc, file),
};

/** A refusal or a failure while answering, with the message to show. */
export class AssistantError extends Error {}

export type AssistantAsk = { kind: 'chat'; content: string } | ({ kind: 'explain' } & TAssistantExplain);

/** Parses NDJSON from a byte stream, handing each complete line on. */
export async function readLines(body: ReadableStream<Uint8Array>, onLine: (chunk: TAssistantChunk) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) onLine(JSON.parse(line) as TAssistantChunk);
      nl = buffer.indexOf('\n');
    }
  }
}

/**
 * Asks and streams the answer into `onDelta`; resolves at the end, rejects with an AssistantError.
 * Aborting `signal` (停止, closing the dialog) closes the connection: the server cancels upstream.
 */
export async function askAssistant(ask: AssistantAsk, onDelta: (piece: string) => void, signal: AbortSignal) {
  const { kind, ...body } = ask;
  const token = getToken();
  const res = await fetch(kind === 'chat' ? ASSISTANT_CHAT_PATH : ASSISTANT_EXPLAIN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
    signal,
  }).catch((err) => {
    if (signal.aborted) throw err;
    throw new AssistantError('啊哦，与服务器失去连接了~');
  });
  if (!res.ok)
    throw new AssistantError(res.status === 429 ? '操作过于频繁，请稍后再试' : '学习助教暂时无法回答，请稍后再试');
  if (res.headers.get('content-type')?.includes('application/json')) {
    const envelope = (await res.json()) as { code: number; msg: string };
    throw new AssistantError(envelope.msg || '学习助教暂时无法回答，请稍后再试');
  }
  let failed: string | null = null;
  await readLines(res.body as ReadableStream<Uint8Array>, (chunk) => {
    if (chunk.t === 'delta') onDelta(chunk.d);
    else if (chunk.t === 'error') failed = chunk.msg;
  });
  if (failed) throw new AssistantError(failed);
}
