/** Reads a server-sent-events stream of a listening test app over a real socket. */
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REALTIME_STREAM_PATH, realtimeTicket } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app.js';

export interface SseMessage {
  id: string | null;
  data: { topic: string | null; type: string; at: string; data: any };
}

export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  /** Everything received so far, as sent. */
  readonly text: string;
  /** The `data:` messages received so far, parsed. */
  messages(): SseMessage[];
  /** Waits until the text matches (15 s at most). */
  until(pattern: RegExp, ms?: number): Promise<void>;
  /** Resolves when the server ends the connection. */
  ended: Promise<void>;
  res: IncomingMessage;
  req: ClientRequest;
  close(): void;
}

/** Listens on a free port once (the app keeps listening until it closes). */
export async function listening(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export async function openSse(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
  options: { read?: boolean } = {},
): Promise<SseClient> {
  const port = await listening(app);
  let text = '';
  const req = httpRequest({ host: '127.0.0.1', port, path, headers });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
  const ended = new Promise<void>((resolve) => {
    res.on('close', () => resolve());
    res.on('error', () => resolve());
  });
  res.setEncoding('utf8');
  if (options.read !== false) res.on('data', (chunk: string) => (text += chunk));
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    get text() {
      return text;
    },
    messages: () =>
      text
        .split('\n\n')
        .filter((block) => /^data: /m.test(block))
        .map((block) => ({
          id: /^id: (.*)$/m.exec(block)?.[1] ?? null,
          data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
        })),
    until: (pattern, ms = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`stream never showed ${pattern}: ${text.slice(-400)}`)), ms);
        const check = () => {
          if (pattern.test(text)) {
            clearTimeout(deadline);
            resolve();
          } else setTimeout(check, 20);
        };
        check();
      }),
    ended,
    res,
    req,
    close: () => req.destroy(),
  };
}

/** Takes a ticket for the topics with the token and opens the stream with it (fails the test if refused). */
export async function openTopics(
  t: { app: FastifyInstance; request: TestApp['request'] },
  token: string,
  topics: string[],
  options: { lastEventId?: string; read?: boolean } = {},
): Promise<SseClient> {
  const res = await t.request(realtimeTicket, { topics, lastEventId: options.lastEventId }, token);
  if (res.code !== 0) throw new Error(`ticket refused: ${res.code} ${res.msg}`);
  const stream = await openSse(t.app, `${REALTIME_STREAM_PATH}?ticket=${res.data.ticket}`, {}, options);
  if (stream.status !== 200) throw new Error(`stream refused: ${stream.status}`);
  return stream;
}
