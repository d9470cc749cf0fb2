/**
 * The answer journal of the exam room: every change gets a new sequence number, is written to
 * localStorage at once (one key per paper) and sent to the server after a short debounce; what
 * the server has not acknowledged is re-sent with a growing back-off, on the 'online' event and
 * when the page loads again. A reload or a dropped connection therefore loses nothing, and a
 * late re-send never overwrites a newer answer (the server keeps the highest sequence).
 */

export interface JournalEntry {
  quId: string;
  answer: unknown;
  flagged?: boolean | null;
  seq: number;
}

interface Stored {
  lastSeq: number;
  entries: Record<string, JournalEntry>;
}

/** What to do with a failed send: try again later, give the entry up, or stop (paper closed). */
export type FailureKind = 'retry' | 'drop' | 'closed';

export interface JournalOptions {
  /** Sends one answer; resolves with the sequence the server holds for the question. */
  send: (entry: JournalEntry) => Promise<{ accepted: boolean; seq: number }>;
  /** Classifies a rejected send; default: everything is retried. */
  classify?: (error: unknown) => FailureKind;
  /** Called when the number of unsent answers changes. */
  onPending?: (count: number) => void;
  /** The paper was closed by the server (handed in, deadline passed). */
  onClosed?: (error: unknown) => void;
  /** An entry was given up (a refusal that a retry cannot fix). */
  onDrop?: (entry: JournalEntry, error: unknown) => void;
  storage?: Storage;
  debounceMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
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
  private again = false;
  private closed = false;
  private readonly onlineListener = () => void this.flush();

  constructor(
    readonly paperId: string,
    private readonly options: JournalOptions,
  ) {
    this.key = journalKey(paperId);
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
    const entry: JournalEntry = { quId, answer, flagged: flagged ?? previous?.flagged ?? null, seq };
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

  /** Sends every unsent answer now; resolves when this round is done. */
  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.flushing = this.round().finally(() => {
      this.flushing = null;
      if (this.again && !this.closed) {
        this.again = false;
        void this.flush();
      }
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
      if (this.closed) return;
      try {
        const r = await this.options.send(entry);
        if (r.accepted || r.seq >= entry.seq) this.acknowledge(entry);
        else failed = true;
      } catch (error) {
        const kind = this.options.classify?.(error) ?? 'retry';
        if (kind === 'closed') {
          this.closed = true;
          this.clearTimers();
          this.options.onClosed?.(error);
          return;
        }
        if (kind === 'drop') {
          this.acknowledge(entry);
          this.options.onDrop?.(entry, error);
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

  /** Removes the entry unless a newer change of the same question came meanwhile. */
  private acknowledge(entry: JournalEntry): void {
    const current = this.state.entries[entry.quId];
    if (current && current.seq === entry.seq) {
      delete this.state.entries[entry.quId];
      this.write();
      this.emit();
    }
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
