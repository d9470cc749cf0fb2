/**
 * Port: what a paper needs of its exam. Exams (el_exam, el_exam_override) are the exam module's,
 * which stands above paper (exam builds attempts from papers), so paper may not read them; a paper
 * is sat, marked and reviewed by its exam's settings, and the sitting guard holds a key back while
 * the exam's review options (with a learner's arrangement) say so. modules/index.ts hands in exam's
 * `examsForPaper` (exam/exam-facts.ts) at load; an unfilled port throws.
 */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db.js';

/** The settings of one exam a paper is sat, marked and reviewed by. */
export interface ExamSettings {
  id: string;
  title: string;
  /** Set when the exam was deleted (its papers and results stay). */
  deletedAt: Date | null;
  handMinMinutes: number;
  leaveLimit: number;
  fullScreen: boolean;
  allowFocusMode: boolean;
  noCopy: boolean;
  resultShow: number;
  showRank: boolean;
  reviewAfter: number;
}

export interface ExamsForPaper {
  /** One exam's settings (deleted exams included); undefined when there is no such exam. */
  settings(db: Executor, examId: string): Promise<ExamSettings | undefined>;
  /** The exam's kind settings (el_exam.kind_settings as stored), read in the caller's transaction; undefined when none. */
  kindSettings(tx: Executor, examId: string): Promise<{ kindSettings: unknown } | undefined>;
  /** The exams not deleted that use one of the templates, with their titles. */
  templateExams(db: Executor, tmplIds: readonly string[]): Promise<{ tmplId: string; title: string }[]>;
  /**
   * SQL (one expression, to go inside the caller's statement): whether the review of the exam whose
   * id is `examId` is still held for `userId`; false when there is no such exam.
   */
  reviewHeldSql(examId: SQL | AnyPgColumn, userId: string | SQL): SQL;
}

let exams: ExamsForPaper | null = null;

/** Called once at load by modules/index.ts with exam's `examsForPaper`. */
export function provideExamsForPaper(source: ExamsForPaper): void {
  exams = source;
}

/** The filled port; throws while nothing was handed in (a paper never falls back to made-up settings). */
export function examsForPaper(): ExamsForPaper {
  if (!exams) throw new Error('exam-port: no exam reader was provided (modules/index.ts)');
  return exams;
}
