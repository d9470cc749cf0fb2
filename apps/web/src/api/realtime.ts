/**
 * The client of the one realtime stream (server: platform/realtime). `openRealtime(topics, …)`
 * takes a ticket with the session's token (POST, header), opens an EventSource on
 * `/api/realtime/stream?ticket=…`, and whenever the stream drops (network, a server restart, the
 * stream's 30-minute end) takes a new ticket carrying the last event id, so the server replays what
 * was missed, or sends `reset` when it no longer holds it (then `onReset`: read the state again).
 * Events are delivered at least once; ids already seen are dropped here.
 */
import {
  ErrorCode,
  REALTIME_STREAM_PATH,
  realtimeTicket,
  type TRealtimeMessage,
  type TRealtimeTicket,
} from '@exam/contracts';
import { call } from './call';
import { ApiError } from './http-errors';

export interface RealtimeEvent<T = unknown> {
  id: string;
  topic: string;
  type: string;
  at: string;
  data: T;
}

/** connecting → live; lost while reconnecting; refused (a topic not allowed: no retry). */
export type RealtimeState = 'connecting' | 'live' | 'lost' | 'refused';

export interface RealtimeHandlers {
  onEvent: (event: RealtimeEvent) => void;
  /** The server could not replay what was missed: read the state again. */
  onReset?: () => void;
  /** Each time the stream is (re)opened and live. */
  onReady?: () => void;
  onState?: (state: RealtimeState) => void;
}

/** The transport, replaceable in tests. */
export const realtimeDeps = {
  ticket: (body: TRealtimeTicket) => call(realtimeTicket, body, { silent: true }),
  eventSource: (url: string): EventSource => new EventSource(url),
  streamUrl: (ticket: string) =>
    `${import.meta.env?.VITE_API_BASE ?? ''}${REALTIME_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`,
};

/** Waits after a failure before the next ticket: 1 s, 2 s, 4 s … 30 s. */
export const backoffMs = (failures: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

const REFUSALS = new Set<number>([ErrorCode.NO_PERMISSION, ErrorCode.NOT_FOUND, ErrorCode.BAD_PARAMS]);
const SEEN_KEPT = 200;

/** Subscribes to the topics until the answered function is called. */
export function openRealtime(topics: string[], handlers: RealtimeHandlers): () => void {
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  const seen: string[] = [];
  const state = (s: RealtimeState) => handlers.onState?.(s);

  const retry = () => {
    if (closed) return;
    failures += 1;
    state('lost');
    timer = setTimeout(connect, backoffMs(failures));
  };

  const onMessage = (e: MessageEvent<string>) => {
    if (e.lastEventId) lastEventId = e.lastEventId;
    let msg: TRealtimeMessage;
    try {
      msg = JSON.parse(e.data) as TRealtimeMessage;
    } catch {
      return;
    }
    if (msg.type === 'ready') {
      failures = 0;
      state('live');
      handlers.onReady?.();
    } else if (msg.type === 'reset') {
      handlers.onReset?.();
    } else if (msg.topic && e.lastEventId && !seen.includes(e.lastEventId)) {
      seen.push(e.lastEventId);
      if (seen.length > SEEN_KEPT) seen.shift();
      handlers.onEvent({ id: e.lastEventId, topic: msg.topic, type: msg.type, at: msg.at, data: msg.data });
    }
  };

  async function connect() {
    timer = null;
    if (closed) return;
    let ticket: string;
    try {
      ticket = (await realtimeDeps.ticket({ topics, lastEventId })).ticket;
    } catch (err) {
      if (err instanceof ApiError && err.code !== undefined && REFUSALS.has(err.code)) {
        state('refused');
        return;
      }
      retry();
      return;
    }
    if (closed) return;
    const es = realtimeDeps.eventSource(realtimeDeps.streamUrl(ticket));
    source = es;
    es.onmessage = onMessage;
    // A ticket opens one stream: instead of EventSource's own retry (refused), a new ticket.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  }

  state('connecting');
  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
