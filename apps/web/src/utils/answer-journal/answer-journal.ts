/**
 * The answer journal of the exam room and the mock exam: every change gets a new sequence number,
 * is written to localStorage at once (one key per paper) and sent to the server after a short
 * debounce; what the server has not acknowledged is re-sent with a growing back-off, on the
 * 'online' event and when the page loads again. A reload or a dropped connection therefore loses
 * nothing, and a late re-send never overwrites a newer answer (the server keeps the highest sequence).
 * Every send ends in one outcome the page shows: saved, conflict (the server holds another
 * answer: the page shows that one), failed (refused for good), or paused (another window answers
 * the paper: nothing is sent until resume()); an entry leaves the journal only when saved,
 * replaced by the server's answer, or failed (and then the page marks it not saved).
 */
import type { FailureKind, JournalEntry, JournalOptions, SendOutcome, SendResult } from './journal-types';
import { type Reconciled, reconcile, type ServerAnswer, sameAnswer } from './reconcile';

export type { FailureKind, JournalEntry, JournalOptions, SendOutcome, SendResult };

interface Stored {
  lastSeq: number;
  entries: Record<string, JournalEntry>;
}

export const journalKey = (paperId: string) => `exam-journal:${paperId}`;

/** Back-off of the n-th consecutive failure (n from 1): base·2^(n-1), capped. */
export function backoffDelay(failures: number, baseMs = 1000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

export class AnswerJournal {
  private readonly key: string;
  private readonly storage: Storage;
  private state: Stored;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private paused = false;
  /** The server's sequence per question as this window last knew it. */
  private known: Record<string, number> = {};
  private readonly onlineListener = () => void this.flush();

  constructor(
    readonly paperId: string,
    private readonly options: JournalOptions,
  ) {
    this.key = options.storageKey ?? journalKey(paperId);
    this.storage = options.storage ?? window.localStorage;
    this.state = this.read();
  }

  /** Starts listening to 'online' and sends what a previous page left unsent. */
  start(): void {
    window.addEventListener('online', this.onlineListener);
    this.emit();
    if (this.pendingCount() > 0) void this.flush();
  }

  dispose(): void {
    window.removeEventListener('online', this.onlineListener);
    this.clearTimers();
  }

  /** Makes the next sequence larger than any the server already holds (from the paper detail). */
  seedSeq(serverSeq: number): void {
    if (serverSeq > this.state.lastSeq) {
      this.state.lastSeq = serverSeq;
      this.write();
    }
  }

  /**
   * Takes the server's answers (page load, takeover): keeps only the entries newer than them
   * (see reconcile), and sequences above any the server holds.
   */
  applyServer(server: ServerAnswer[], otherWindow: boolean): Reconciled {
    const r = reconcile(server, this.pendingEntries(), otherWindow);
    const keep = new Set(r.keep.map((e) => e.quId));
    for (const e of this.pendingEntries()) if (!keep.has(e.quId)) delete this.state.entries[e.quId];
    this.known = Object.fromEntries(server.map((s) => [s.quId, s.seq]));
    this.state.lastSeq = Math.max(this.state.lastSeq, ...server.map((s) => s.seq));
    this.write();
    this.emit();
    return r;
  }

  /** Whether sending is paused because another window answers the paper. */
  isPaused(): boolean {
    return this.paused;
  }

  /** Sends again after a takeover (call reconcile() with the server's answers first). */
  resume(): void {
    this.paused = false;
    this.failures = 0;
    void this.flush();
  }

  /** Removes an entry without sending it (replaced by the server's answer). */
  discard(quId: string): void {
    if (!this.state.entries[quId]) return;
    delete this.state.entries[quId];
    this.write();
    this.emit();
  }

  /** Unsent answers by question, to lay over the server's (they are newer). */
  pendingEntries(): JournalEntry[] {
    return Object.values(this.state.entries);
  }

  pendingCount(): number {
    return Object.keys(this.state.entries).length;
  }

  /** Records a change (journalled at once) and sends it after the debounce. */
  record(quId: string, answer: unknown, flagged?: boolean | null): JournalEntry {
    const seq = this.state.lastSeq + 1;
    this.state.lastSeq = seq;
    const previous = this.state.entries[quId];
    const base = previous ? previous.base : this.known[quId];
    const entry: JournalEntry = { quId, answer, flagged: flagged ?? previous?.flagged ?? null, seq, base };
    this.state.entries[quId] = entry;
    this.write();
    this.emit();
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.flush();
    }, this.options.debounceMs ?? 800);
    return entry;
  }

  /**
   * Sends every answer unsent now; resolves once each was tried. A round already in flight sends only
   * what was pending when it began, so the caller also waits for the round after it: a hand-in that
   * follows the last answer at once must not count that answer as unsaved while it is on its way.
   */
  flush(): Promise<void> {
    if (this.closed || this.paused) return Promise.resolve();
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.flushing = this.round().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Forgets the journal (after hand-in). */
  clear(): void {
    this.closed = true;
    this.clearTimers();
    this.state = { lastSeq: this.state.lastSeq, entries: {} };
    this.storage.removeItem(this.key);
    this.emit();
  }

  private async round(): Promise<void> {
    const entries = this.pendingEntries();
    let failed = false;
    for (const entry of entries) {
      if (this.closed || this.paused) return;
      try {
        this.settle(entry, await this.options.send(entry));
      } catch (error) {
        const kind = this.options.classify?.(error) ?? 'retry';
        if (kind === 'closed' || kind === 'paused') {
          if (kind === 'closed') this.closed = true;
          else this.paused = true;
          this.clearTimers();
          if (kind === 'closed') this.options.onClosed?.(error);
          else this.options.onPaused?.(error);
          return;
        }
        if (kind === 'drop') {
          if (this.acknowledge(entry)) this.options.onResult?.(entry, { kind: 'failed', error });
        } else {
          failed = true;
          break; // the network is down: the rest would fail the same way
        }
      }
    }
    if (failed) {
      this.failures += 1;
      const delay = backoffDelay(this.failures, this.options.baseDelayMs, this.options.maxDelayMs);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.flush();
      }, delay);
    } else {
      this.failures = 0;
    }
  }

  /**
   * A refusal as stale counts as saved only when the server holds this very answer; otherwise the
   * server's answer replaces this window's (and any newer change of the question), never silently.
   */
  private settle(entry: JournalEntry, r: SendResult): void {
    this.known[entry.quId] = r.seq;
    const current = this.state.entries[entry.quId];
    const newer = current && current.seq !== entry.seq ? current : null;
    if (r.accepted || sameAnswer(r.answer, entry.answer)) {
      if (newer) {
        newer.base = r.seq; // the newer change builds on this save
        this.write();
      } else if (this.acknowledge(entry)) this.options.onResult?.(entry, { kind: 'saved' });
      return;
    }
    this.discard(entry.quId);
    this.options.onResult?.(entry, { kind: 'conflict', answer: r.answer ?? null, flagged: r.flagged ?? null });
  }

  /** Removes the entry unless a newer change of the same question came meanwhile; answers whether it did. */
  private acknowledge(entry: JournalEntry): boolean {
    const current = this.state.entries[entry.quId];
    if (!current || current.seq !== entry.seq) return false;
    delete this.state.entries[entry.quId];
    this.write();
    this.emit();
    return true;
  }

  private clearTimers(): void {
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.debounceTimer = null;
    this.retryTimer = null;
  }

  private emit(): void {
    this.options.onPending?.(this.pendingCount());
  }

  private read(): Stored {
    try {
      const raw = this.storage.getItem(this.key);
      if (raw) {
        const parsed = JSON.parse(raw) as Stored;
        if (parsed && typeof parsed.lastSeq === 'number' && parsed.entries) return parsed;
      }
    } catch {
      // a broken journal is ignored
    }
    return { lastSeq: 0, entries: {} };
  }

  private write(): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(this.state));
    } catch {
      // storage full or refused: the answer is still sent
    }
  }
}
