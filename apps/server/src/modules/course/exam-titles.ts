/**
 * Port: the titles of exams by id. Exams are the exam module's (above course and cert); a course
 * checks and lists its linked exams, a certificate rule checks its exam and a certificate names it.
 * modules/index.ts hands in exam's reader at load; cert (above course) asks through here too.
 */
import type { Executor } from '../../platform/db.js';

/** The exams among `ids` that exist (deleted ones included), with their titles; in no set order. */
export type ExamTitles = (db: Executor, ids: readonly string[]) => Promise<{ id: string; title: string }[]>;

let reader: ExamTitles | null = null;

/** Called once at load by modules/index.ts with exam's `examTitles`. */
export function provideExamTitles(read: ExamTitles): void {
  reader = read;
}

/** Throws while no reader was handed in: a missing exam is never reported by mistake. */
export async function examTitles(db: Executor, ids: readonly string[]): Promise<{ id: string; title: string }[]> {
  if (ids.length === 0) return [];
  if (!reader) throw new Error('exam-titles: no exam reader was provided (modules/index.ts)');
  return reader(db, ids);
}
