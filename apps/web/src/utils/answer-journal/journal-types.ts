/** Types of the answer journal (answer-journal.ts). */

export interface JournalEntry {
  quId: string;
  answer: unknown;
  flagged?: boolean | null;
  seq: number;
  /** The server's sequence of the question this window knew when the change began. */
  base?: number;
}

/** Answer of a send: the server's sequence, and when not accepted, what it holds. */
export interface SendResult {
  accepted: boolean;
  seq: number;
  answer?: unknown;
  flagged?: boolean;
}

/** What to do with a failed send: try again later, give it up, stop (paper closed), or pause (other window). */
export type FailureKind = 'retry' | 'drop' | 'closed' | 'paused';

/** How one entry ended. */
export type SendOutcome =
  | { kind: 'saved' }
  | { kind: 'conflict'; answer: unknown; flagged: boolean | null }
  | { kind: 'failed'; error: unknown };

export interface JournalOptions {
  /** Sends one answer; resolves with the sequence the server holds for the question. */
  send: (entry: JournalEntry) => Promise<SendResult>;
  /** Classifies a rejected send; default: everything is retried. */
  classify?: (error: unknown) => FailureKind;
  /** Called when the number of unsent answers changes. */
  onPending?: (count: number) => void;
  /** The paper was closed by the server (handed in, deadline passed). */
  onClosed?: (error: unknown) => void;
  /** How an entry ended (saved, replaced by the server's answer, or refused for good). */
  onResult?: (entry: JournalEntry, outcome: SendOutcome) => void;
  /** Another window answers the paper: sending stopped until resume(). */
  onPaused?: (error: unknown) => void;
  storage?: Storage;
  /** localStorage key; default exam-journal:<paperId>. */
  storageKey?: string;
  debounceMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}
