/**
 * A local OpenAI-compatible server for the tests, speaking the protocol over a real
 * socket: GET /v1/models, POST /v1/chat/completions with and without `stream` (SSE chunks
 * `data: {...}` and `data: [DONE]`, usage in the last chunk when asked), errors, slow answers. What
 * it answers is chosen per test (`reply`), and it records every request and whether the client went
 * away before the answer ended (`cancelled`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeReply {
  /** The answer's pieces (streamed one per chunk; joined without streaming). */
  pieces: string[];
  /** Wait before each piece (ms); a long one makes a slow model. */
  delayMs?: number;
  /** Answer this HTTP status with an OpenAI error body instead. */
  status?: number;
  /** The answer's pieces wait for this (a test holds an answer running while it checks). */
  until?: Promise<unknown>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface FakeRequest {
  path: string;
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] } & Record<string, unknown>;
  authorization: string | undefined;
  /** The client closed the connection before the answer ended. */
  cancelled: boolean;
  finished: boolean;
}

export interface FakeOpenAi {
  /** The base URL to configure, ending in /v1. */
  baseUrl: string;
  requests: FakeRequest[];
  reply: FakeReply | ((req: FakeRequest) => FakeReply);
  /** Resolves when a request has been cancelled by the client. */
  nextCancel(): Promise<FakeRequest>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(port = 0): Promise<FakeOpenAi> {
  const cancelWaiters: ((r: FakeRequest) => void)[] = [];
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    reply: { pieces: ['你好', '，我是', '学习助教。'] },
    nextCancel: () => new Promise((resolve) => cancelWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const record: FakeRequest = {
      path: req.url,
      body: JSON.parse(raw || '{}'),
      authorization: req.headers.authorization,
      cancelled: false,
      finished: false,
    };
    fake.requests.push(record);
    res.on('close', () => {
      if (record.finished) return;
      record.cancelled = true;
      for (const w of cancelWaiters.splice(0)) w(record);
    });
    const chosen = typeof fake.reply === 'function' ? fake.reply(record) : fake.reply;
    // A model stops at `max_tokens` (each piece is one token here) and says so in finish_reason.
    const cap = typeof record.body.max_tokens === 'number' ? record.body.max_tokens : Number.POSITIVE_INFINITY;
    const plan = { ...chosen, pieces: chosen.pieces.slice(0, cap) };
    const finish = chosen.pieces.length > cap ? 'length' : 'stop';
    if (plan.status) {
      if (plan.delayMs) await sleep(plan.delayMs);
      res.writeHead(plan.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error', code: null } }));
      record.finished = true;
      return;
    }
    const usage = plan.usage ?? {
      prompt_tokens: 10,
      completion_tokens: plan.pieces.length,
      total_tokens: 10 + plan.pieces.length,
    };
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: record.body.model ?? 'fake' };
    if (!record.body.stream) {
      if (plan.delayMs) await sleep(plan.delayMs * plan.pieces.length);
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: plan.pieces.join('') }, finish_reason: finish }],
          usage,
        }),
      );
      record.finished = true;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant' } }] });
    await plan.until;
    for (const piece of plan.pieces) {
      if (plan.delayMs) await sleep(plan.delayMs);
      if (res.destroyed) return;
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] });
    }
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }] });
    const streamOptions = record.body.stream_options as { include_usage?: boolean } | undefined;
    if (streamOptions?.include_usage) send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    send('[DONE]');
    record.finished = true;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** Runs the fake as a process of its own (e2e): `npx tsx fake-openai.ts [port]`, prints its base URL. */
if (process.argv[1]?.endsWith('fake-openai.ts')) {
  startFakeOpenAi(Number(process.argv[2] ?? 0)).then((f) => console.log(f.baseUrl));
}
