/**
 * The wrong-answer book's port for its one writer. The book's table (el_user_book) and rules
 * (review ladder, leave streak) belong to training (train/book-record.ts `recordAnswer`,
 * `removeBookEntries`), which builds on papers (scoring, the sitting guard), so paper may not
 * import it. A redo or a removal (book.service.ts) writes through this port and modules/index.ts
 * hands in training's functions at start.
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

export type BookRemover = (db: Executor, userId: string, ids: string[]) => Promise<void>;

let writer: BookWriter | null = null;
let remover: BookRemover | null = null;

/** Called once at start by modules/index.ts with training's `recordAnswer` and `removeBookEntries`. */
export function provideBookWriter(write: BookWriter, remove: BookRemover): void {
  writer = write;
  remover = remove;
}

/** Records a redo in the caller's transaction. Throws while no writer was handed in: a redo is never dropped. */
export async function recordRedo(tx: Executor, redo: BookRedo): Promise<BookChange> {
  if (!writer) throw new Error('book-writer: no book writer was provided (modules/index.ts)');
  return writer(tx, redo);
}

/** Removes the learner's own entries. Throws while no writer was handed in. */
export async function removeFromBook(db: Executor, userId: string, ids: string[]): Promise<void> {
  if (!remover) throw new Error('book-writer: no book writer was provided (modules/index.ts)');
  return remover(db, userId, ids);
}
