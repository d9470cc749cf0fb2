/**
 * Laying the journal over what the server holds, after a page load or a takeover from another
 * window, so that no journalled answer overwrites a newer one blindly and none is shown as
 * saved when the server holds something else.
 */
import type { JournalEntry } from './journal-types';

/** Equal answers: deep equality, object key order ignored, undefined read as null. */
export function sameAnswer(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  if (kx.length !== ky.length) return false;
  return kx.every((k) => sameAnswer((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]));
}

/** A question's saved state on the server (paper detail). */
export interface ServerAnswer {
  quId: string;
  seq: number;
  answer: unknown;
  flagged: boolean;
}

export interface Reconciled {
  /** Entries still to send (newer than the server's answer). */
  keep: JournalEntry[];
  /** Questions whose journalled answer the server already holds. */
  saved: string[];
  /** Questions where the server holds another, newer answer: it replaces the journal's. */
  conflicts: ServerAnswer[];
}

/**
 * An entry is kept only when the server holds nothing as new for its question; after another
 * window answered the paper (`otherWindow`), also only when the server's answer is still the one
 * this window's change started from (its `base`), since the other window's sequences say nothing.
 */
export function reconcile(server: ServerAnswer[], entries: JournalEntry[], otherWindow: boolean): Reconciled {
  const byId = new Map(server.map((s) => [s.quId, s]));
  const out: Reconciled = { keep: [], saved: [], conflicts: [] };
  for (const e of entries) {
    const s = byId.get(e.quId);
    if (!s) continue; // not a question of this paper any more
    const newer = s.seq >= e.seq || (otherWindow && e.base !== undefined && s.seq > e.base);
    if (!newer) out.keep.push(e);
    else if (sameAnswer(s.answer, e.answer)) out.saved.push(e.quId);
    else out.conflicts.push(s);
  }
  return out;
}
