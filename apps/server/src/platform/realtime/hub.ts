/**
 * The realtime hub: modules publish small events to topics (`exam:<id>:invigilate`, `user:<id>`,
 * `live:<roomId>`) and the stream endpoint (stream.ts) relays them to the clients subscribed.
 * In one process an EventEmitter carries them; with Redis every instance publishes to one channel
 * and delivers what it receives (its own events included), so all instances see the same events
 * in the same order and keep the same recent ones: a client reconnecting to another instance with
 * `Last-Event-ID` is replayed what it missed. Redis is never the only copy of anything: an event
 * says "this happened, look again"; the state stays in the database.
 */

import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { subscribeOnEveryReady } from '../redis-subscribe.js';

/** One event as subscribers see it. */
export interface RealtimeEvent<T = unknown> {
  /** `<publish time in ms>-<instance>-<n>`: unique, and its time bounds what a replay may trust. */
  id: string;
  topic: string;
  /** A short name (`note`, `msg`, `chat`); `ready` and `reset` belong to the stream. */
  type: string;
  data: T;
  at: string;
  /** Users the event is about, for a topic's filter (topics.ts); never sent to a client. */
  about?: string[];
}

export interface PublishInput<T = unknown> {
  type: string;
  data: T;
  about?: string[];
}

export interface HubSettings {
  /** Events kept per topic for replay. */
  ringSize: number;
  /** A `Last-Event-ID` older than this gets `reset` instead of a replay. */
  replayWindowMs: number;
  /** Topics kept at most (the least recently published go first). */
  maxTopics: number;
}

export const DEFAULT_HUB_SETTINGS: HubSettings = { ringSize: 100, replayWindowMs: 120_000, maxTopics: 2000 };

export const REALTIME_CHANNEL = 'realtime';
const TYPE = /^[a-z][a-zA-Z0-9._-]{0,39}$/;
const RESERVED = new Set(['ready', 'reset']);

interface Kept {
  event: RealtimeEvent;
  /** Arrival order on this instance (the same on every instance: one Redis channel). */
  n: number;
}

interface Ring {
  kept: Kept[];
  /** Publish time of the newest event dropped from the ring: a replay from before it has a gap. */
  droppedUpTo: number;
}

const timeOf = (id: string): number | null => {
  const m = /^(\d{10,16})-/.exec(id);
  return m ? Number(m[1]) : null;
};

export class RealtimeHub {
  private readonly local = new EventEmitter();
  private readonly rings = new Map<string, Ring>();
  private readonly instance = randomBytes(3).toString('hex');
  private seq = 0;
  private arrivals = 0;
  /** Replays from this time or before have a gap (rings cleared, topics evicted, Redis lost). */
  private horizon = 0;
  private pub: Redis | null = null;
  private sub: Redis | null = null;
  readonly settings: HubSettings;

  constructor(
    settings: Partial<HubSettings> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.settings = { ...DEFAULT_HUB_SETTINGS, ...settings };
    this.local.setMaxListeners(0);
  }

  /**
   * Publishes to every subscriber of the topic on every instance. Never blocks and never throws
   * for a lost Redis (the event is then delivered on this instance only): safe on any path.
   */
  publish<T>(topic: string, input: PublishInput<T>): RealtimeEvent<T> {
    if (!TYPE.test(input.type) || RESERVED.has(input.type)) throw new Error(`bad realtime event type: ${input.type}`);
    const at = this.now();
    const event: RealtimeEvent<T> = {
      id: `${at}-${this.instance}-${(++this.seq).toString(36)}`,
      topic,
      type: input.type,
      data: input.data,
      at: new Date(at).toISOString(),
      ...(input.about ? { about: input.about } : {}),
    };
    if (this.pub) {
      this.pub.publish(REALTIME_CHANNEL, JSON.stringify(event)).catch(() => this.deliver(event));
    } else {
      this.deliver(event);
    }
    return event;
  }

  /** Listens to topics; answers the function that stops listening. */
  subscribe(topics: readonly string[], onEvent: (event: RealtimeEvent) => void): () => void {
    for (const t of topics) this.local.on(t, onEvent);
    return () => {
      for (const t of topics) this.local.off(t, onEvent);
    };
  }

  listenerCount(topic: string): number {
    return this.local.listenerCount(topic);
  }

  /**
   * What a client subscribed to `topics` missed after `lastEventId`, oldest first; null when it
   * may have missed more than the rings hold (too old, dropped, or unknown): it must reset.
   */
  replay(topics: readonly string[], lastEventId: string): RealtimeEvent[] | null {
    const since = timeOf(lastEventId);
    const now = this.now();
    if (since === null || since < now - this.settings.replayWindowMs || since <= this.horizon || since > now + 60_000)
      return null;
    const kept = topics.flatMap((t) => this.rings.get(t)?.kept ?? []).sort((a, b) => a.n - b.n);
    const seen = kept.find((k) => k.event.id === lastEventId);
    if (seen) return kept.filter((k) => k.n > seen.n).map((k) => k.event);
    // Not one of these topics' events (a cursor of `cursor()`, or a topic since dropped from the
    // list): everything published after its time, if nothing after it was dropped.
    if (topics.some((t) => (this.rings.get(t)?.droppedUpTo ?? 0) > since)) return null;
    return kept.filter((k) => (timeOf(k.event.id) ?? 0) > since).map((k) => k.event);
  }

  /**
   * An id to resume from when the stream opens: the newest event of these topics, else a point
   * a little before now (a replay from it may repeat an event published meanwhile; clients drop
   * ids they have seen), so a client that saw no event yet still gets what it misses later.
   */
  cursor(topics: readonly string[]): string {
    let newest: Kept | null = null;
    for (const t of topics) {
      const last = this.rings.get(t)?.kept.at(-1);
      if (last && (!newest || last.n > newest.n)) newest = last;
    }
    return newest?.event.id ?? `${this.now() - 2000}-${this.instance}-c`;
  }

  /** Relays through Redis from now on (a second connection subscribes: a subscriber can do nothing else). */
  async attachRedis(redis: Redis): Promise<void> {
    if (this.pub) return;
    const sub = redis.duplicate();
    this.sub = sub;
    sub.on('error', () => {
      // Lost Redis: events of other instances are missed until it is back (see `ready` below).
    });
    sub.on('message', (channel: string, raw: string) => {
      if (channel !== REALTIME_CHANNEL) return;
      try {
        const event = JSON.parse(raw) as RealtimeEvent;
        if (typeof event.topic === 'string' && typeof event.id === 'string') this.deliver(event);
      } catch {
        // A foreign message on the channel is ignored.
      }
    });
    this.pub = redis;
    // A reconnect: what other instances published meanwhile never came, so no replay reaches back.
    await subscribeOnEveryReady(sub, REALTIME_CHANNEL, () => this.forget());
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    this.pub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  /** Drops every kept event: a replay from before now answers reset. */
  forget(): void {
    this.rings.clear();
    this.horizon = this.now();
  }

  private deliver(event: RealtimeEvent): void {
    this.keep(event);
    this.local.emit(event.topic, event);
  }

  private keep(event: RealtimeEvent): void {
    const { ringSize, replayWindowMs, maxTopics } = this.settings;
    let ring = this.rings.get(event.topic);
    if (ring)
      this.rings.delete(event.topic); // re-inserted last: the map's order is recency
    else ring = { kept: [], droppedUpTo: 0 };
    ring.kept.push({ event, n: ++this.arrivals });
    const oldest = this.now() - replayWindowMs;
    while (ring.kept.length > ringSize || (ring.kept.length > 0 && (timeOf(ring.kept[0].event.id) ?? 0) < oldest)) {
      const dropped = ring.kept.shift() as Kept;
      ring.droppedUpTo = Math.max(ring.droppedUpTo, timeOf(dropped.event.id) ?? 0);
    }
    this.rings.set(event.topic, ring);
    // Topics whose newest event left the window hold nothing a replay could need (the map's
    // order is recency: stop at the first that is fresh).
    for (const [topic, old] of this.rings) {
      const last = old.kept.at(-1);
      if (last && (timeOf(last.event.id) ?? 0) >= oldest) break;
      this.rings.delete(topic);
    }
    while (this.rings.size > maxTopics) {
      const [topic, old] = this.rings.entries().next().value as [string, Ring];
      this.rings.delete(topic);
      const last = old.kept.at(-1);
      this.horizon = Math.max(this.horizon, last ? (timeOf(last.event.id) ?? 0) : old.droppedUpTo);
    }
  }
}
