/**
 * The wrong-answer book's port for its one writer. The book's rules (review ladder, leave streak)
 * live in training (train/book-record.ts `recordAnswer`), which builds on papers (scoring, the
 * sitting guard), so paper may not import it. A redo (book.service.ts) writes through this port and
 * modules/index.ts hands in training's `recordAnswer` at start.
 */
import type { Executor } from '../../platform/db.js';

/** A redo of a book entry, as the book's writer records it. */
export interface BookRedo {
  userId: string;
  quId: string;
  examId: string | null;
  repoId: string | null;
  source: 'book';
  /** null (a short answer that could not be judged) changes nothing. */
  isRight: boolean | null;
  answer: unknown;
  now: Date;
}

/** What the redo did to the book entry ('left': a right streak took it out of the book). */
export type BookChange = 'added' | 'bumped' | 'advanced' | 'left' | 'none';

export type BookWriter = (tx: Executor, redo: BookRedo) => Promise<BookChange>;

let writer: BookWriter | null = null;

/** Called once at start by modules/index.ts with training's `recordAnswer`. */
export function provideBookWriter(write: BookWriter): void {
  writer = write;
}

/** Records a redo in the caller's transaction. Throws while no writer was handed in: a redo is never dropped. */
export async function recordRedo(tx: Executor, redo: BookRedo): Promise<BookChange> {
  if (!writer) throw new Error('book-writer: no book writer was provided (modules/index.ts)');
  return writer(tx, redo);
}
