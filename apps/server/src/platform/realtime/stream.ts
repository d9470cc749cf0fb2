/**
 * The one realtime endpoint pair:
 * - `POST /api/realtime/ticket` {topics, lastEventId?} (token in the header, the usual envelope):
 *   checks every topic with its module's rule (10010004 for one the caller may not see) and
 *   answers a single-use ticket valid 30 s.
 * - `GET /api/realtime/stream?ticket=…`: server-sent events. Each event is a default `message`
 *   with `id:` and `data: {topic, type, at, data}`; first the events missed since `Last-Event-ID`
 *   (the header, else the ticket's `lastEventId`) or one `reset` when they are no longer held, then
 *   `ready`, then live events. A comment line every 15 s; the stream ends after 30 min (the client
 *   takes a new ticket); a client that lets 1 MiB wait unsent is cut off. Frames leave in chunks
 *   of one short tick (coalesce.ts: 100 ms by default), not one write per event and stream.
 */
import { ErrorCode, REALTIME_STREAM_PATH, realtimeTicket } from '@exam/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import { route } from '../route.js';
import { Coalescer } from './coalesce.js';
import type { RealtimeEvent, RealtimeHub } from './hub.js';
import { issueTicket, takeTicket } from './tickets.js';
import { authorizeTopics, type TopicGrant, type TopicRule } from './topics.js';

const STATUS: Partial<Record<number, number>> = {
  [ErrorCode.NOT_LOGIN]: 401,
  [ErrorCode.NO_PERMISSION]: 403,
  [ErrorCode.NOT_FOUND]: 404,
};

export const TICKET_INVALID = '实时连接凭证无效或已过期，请重新连接';

/** The envelope with a status: the stream's refusals before it opens (EventSource then stops). */
function refuse(reply: FastifyReply, err: unknown) {
  const code = err instanceof AppError ? err.code : ErrorCode.SERVER_ERROR;
  const msg = err instanceof AppError ? err.message : '请求失败';
  return reply.status(STATUS[code] ?? (code === ErrorCode.SERVER_ERROR ? 500 : 400)).send({ code, msg, data: null });
}

/** How long a stream's frames wait to leave together (RealtimeLimits.coalesceMs). */
export const DEFAULT_COALESCE_MS = 100;

const frame = (id: string | null, body: object) => `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(body)}\n\n`;
/** An event's frame, written once however many streams carry it (a chat message reaches hundreds). */
const frames = new WeakMap<RealtimeEvent, string>();
const message = (e: RealtimeEvent) => {
  let text = frames.get(e);
  if (text === undefined) {
    text = frame(e.id, { topic: e.topic, type: e.type, at: e.at, data: e.data });
    frames.set(e, text);
  }
  return text;
};

export function registerRealtimeRoutes(app: FastifyInstance, hub: RealtimeHub, rules: readonly TopicRule[]): void {
  route(
    app,
    realtimeTicket,
    { summary: '实时推送：领取连接凭证', tags: ['实时推送'], rateLimit: { max: 60, timeWindow: 60_000, per: 'user' } },
    async ({ body, user, deps }) => {
      const now = deps.clock();
      await authorizeTopics(rules, { db: deps.db, user, now }, body.topics);
      const { ticket, expiresAt } = await issueTicket(deps.db, user, body, now);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  // Open streams end when the app closes (tests, a graceful shutdown).
  const open = new Set<() => void>();
  const coalescer = new Coalescer(app.deps.config.realtime.coalesceMs ?? DEFAULT_COALESCE_MS);
  app.addHook('preClose', async () => {
    for (const stop of [...open]) stop();
  });

  app.get(REALTIME_STREAM_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { db, clock, config } = app.deps;
    const limits = config.realtime;
    let topics: string[];
    let grants: Map<string, TopicGrant>;
    let lastEventId: string | null;
    try {
      const now = clock();
      const taken = await takeTicket(db, String((request.query as { ticket?: string }).ticket ?? ''), now);
      if (!taken) throw new AppError(ErrorCode.NOT_LOGIN, TICKET_INVALID);
      topics = taken.topics;
      grants = await authorizeTopics(rules, { db, user: taken.user, now }, topics);
      const header = request.headers['last-event-id'];
      lastEventId = (typeof header === 'string' && header) || taken.lastEventId;
    } catch (err) {
      return refuse(reply, err);
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once instead of buffering the response.
      'x-accel-buffering': 'no',
    });
    let closed = false;
    const outlet = coalescer.outlet(res, limits.sendBufferBytes, (bytes) => {
      request.log.warn({ topics, waiting: bytes }, 'realtime: slow client cut off');
      stop(true);
    });
    const write = (text: string) => {
      if (!closed) outlet.push(text);
    };

    // Live events wait here until the replay is written, and pass each filter in order. With
    // nothing waiting and no filter, an event goes to the outlet at once (no promise per event and
    // stream); the outlet writes it with the others of its tick.
    let chain: Promise<void> = Promise.resolve();
    let waiting = 0;
    const inOrder = (step: () => unknown) => {
      waiting += 1;
      chain = chain.then(async () => {
        try {
          await step();
        } finally {
          waiting -= 1;
        }
      });
    };
    const relay = (event: RealtimeEvent) => {
      const filter = grants.get(event.topic)?.filter;
      if (!filter && waiting === 0) return write(message(event));
      inOrder(async () => {
        if (closed) return;
        if (
          filter &&
          !(await Promise.resolve(event)
            .then(filter)
            .catch(() => false))
        )
          return;
        write(message(event));
      });
    };
    const unsubscribe = hub.subscribe(topics, relay);

    const heartbeat = setInterval(() => write(': heartbeat\n\n'), limits.heartbeatMs);
    const maxAge = setTimeout(() => stop(false), limits.maxStreamMs);
    const stop = (cut: boolean) => {
      if (closed) return;
      closed = true;
      open.delete(stopNow);
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      unsubscribe();
      if (cut) {
        outlet.close();
        res.destroy();
      } else outlet.end();
    };
    const stopNow = () => stop(false);
    open.add(stopNow);
    request.raw.on('close', stopNow);
    res.on('close', stopNow);

    write('retry: 3000\n\n');
    const at = clock().toISOString();
    if (lastEventId) {
      const missed = hub.replay(topics, lastEventId);
      if (missed) for (const e of missed) relay(e);
      else inOrder(() => write(frame(null, { topic: null, type: 'reset', at, data: { topics } })));
    }
    const cursor = hub.cursor(topics);
    inOrder(() => write(frame(cursor, { topic: null, type: 'ready', at, data: { topics } })));
  });
}
