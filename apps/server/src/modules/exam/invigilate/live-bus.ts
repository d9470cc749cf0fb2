/**
 * What happened in a watched exam (a hand-in, an invigilator's action), for the consoles watching
 * it. In one process an EventEmitter carries it; with REDIS_URL every instance publishes to one
 * Redis channel and relays what it receives to its own consoles, so a console on instance A learns
 * at once of a hand-in on instance B. The snapshots themselves are read from the shared database by
 * each console's own instance; the bus only says "look again now" (and what happened, for the log).
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/** One thing that happened in an exam. */
export interface LiveNote {
  examId: string;
  kind: 'handedIn' | 'voided' | 'abandoned' | 'msg' | 'addTime' | 'hand' | 'void';
  /** Short Chinese text for the console's event list. */
  text: string;
  at: string;
  /**
   * The learners the note is about (none: the whole exam). A console of an administrator of a
   * department shows a note only when one of them is inside their data scope (live-stream.ts).
   */
  userIds?: string[];
}

export const LIVE_CHANNEL = 'exam:invigilate';

/** The process-wide bus; `attachRedis` makes it span instances. */
export class LiveBus {
  private readonly local = new EventEmitter();
  private pub: Redis | null = null;
  private sub: Redis | null = null;

  constructor() {
    this.local.setMaxListeners(0);
  }

  /** Relays through Redis from now on (a second connection subscribes: a subscriber can do nothing else). */
  async attachRedis(redis: Redis): Promise<void> {
    if (this.pub) return;
    this.pub = redis;
    const sub = redis.duplicate();
    this.sub = sub;
    sub.on('error', () => {
      // Redis is never the only copy: the periodic snapshot still reaches every console.
    });
    sub.on('message', (channel: string, raw: string) => {
      if (channel !== LIVE_CHANNEL) return;
      try {
        const note = JSON.parse(raw) as LiveNote;
        this.local.emit(note.examId, note);
      } catch {
        // A foreign message on the channel is ignored.
      }
    });
    await sub.subscribe(LIVE_CHANNEL);
  }

  /** Tells every console watching the exam, on every instance. */
  publish(note: LiveNote): void {
    if (this.pub) {
      this.pub.publish(LIVE_CHANNEL, JSON.stringify(note)).catch(() => this.local.emit(note.examId, note));
      return;
    }
    this.local.emit(note.examId, note);
  }

  /** Listens to one exam; answers the function that stops listening. */
  subscribe(examId: string, onNote: (note: LiveNote) => void): () => void {
    this.local.on(examId, onNote);
    return () => this.local.off(examId, onNote);
  }

  /** Consoles listening on this instance (all exams). */
  listenerCount(examId: string): number {
    return this.local.listenerCount(examId);
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    this.pub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

/** The bus of this process. */
export const liveBus = new LiveBus();

/** Publishes a note about an exam now. */
export const nudge = (examId: string, kind: LiveNote['kind'], text: string, userIds?: string[]): void =>
  liveBus.publish({ examId, kind, text, at: new Date().toISOString(), ...(userIds ? { userIds } : {}) });
