/**
 * Port: what the sitting asks of its exam. Exams (el_exam, el_exam_override, the passwords and the
 * arrangements) are the exam module's, which stands above the sitting (its console, reports and
 * results read the attempts), so the sitting may not read them: an attempt is started, sat, marked
 * and reviewed by its exam's answers, given here as typed values. modules/index.ts hands in exam's
 * `examsForSitting` (exam/exam-facts.ts) at load; an unfilled port throws. No answer calls back
 * into the sitting: the exam's side reads only its own tables and those below the sitting.
 */
import type { SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';

/** The settings of one exam an attempt is sat, marked and reviewed by. */
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
  /** The question kinds' marking settings (el_exam.kind_settings as stored; locked once a paper started). */
  kindSettings: unknown;
  /** 监考方式 (el_exam.proctor.mode; 0 for an exam without proctoring). */
  proctorMode: number;
}

/** What a learner asks to start with (/api/paper/paper/create). */
export interface EntryRequest {
  examId: string;
  password?: string | null;
  canFullScreen?: boolean | null;
}

/**
 * The exam as this learner may start it now (their arrangement applied), once the exam's gate let
 * them through: audience, window, latest entry, focus mode, course locks and password.
 */
export interface EntryTerms {
  examId: string;
  title: string;
  tmplId: string;
  /** The template's last change (ms): a start may draw from a template in memory of this version. */
  tmplVersion: number;
  shuffleQu: boolean;
  shuffleOpt: boolean;
  passScore: number;
  /** The settings a locking edit may change (`unchangedSince` compares them). */
  kindSettings: unknown;
  /** Attempts allowed in the current cycle, arranged extra tries included; 0 = no limit. */
  tryLimit: number;
  /** The start of the current cycle (daily, weekly, monthly); null = attempts count over all time. */
  attemptsFrom: Date | null;
  /** The paper's deadline when it starts at `start` (duration, window end, extra minutes). */
  deadlineFor(start: Date): Date;
}

/** A learner's attempts of one exam, handed in or not, for the review rule. */
export interface ExamAttempts {
  examId: string;
  attempts: number;
}

export interface ExamsForSitting {
  /** One exam's settings (deleted exams included); undefined when there is no such exam. */
  settings(db: Executor, examId: string): Promise<ExamSettings | undefined>;
  /** The exam's kind settings (el_exam.kind_settings as stored), read in the caller's transaction; undefined when none. */
  kindSettings(tx: Executor, examId: string): Promise<{ kindSettings: unknown } | undefined>;
  /** The exam's gate for a start: throws the refusal (AppError), else answers the learner's terms. */
  entryTerms(db: Executor, user: AuthUser, request: EntryRequest, now: Date, zone: string): Promise<EntryTerms>;
  /**
   * An SQL condition for the statement that writes the attempt: true while the exam still has the
   * settings the terms were read with, holding its row against a locking edit until the attempt
   * is written (FOR KEY SHARE).
   */
  unchangedSince(terms: EntryTerms): SQL;
  /** Of the exams given with the learner's attempts, those whose review is still held for `userId`. */
  reviewHeld(db: Executor, userId: string, exams: readonly ExamAttempts[]): Promise<Set<string>>;
}

let exams: ExamsForSitting | null = null;

/** Called once at load by modules/index.ts with exam's `examsForSitting`. */
export function provideExamsForSitting(source: ExamsForSitting): void {
  exams = source;
}

/** The filled port; throws while nothing was handed in (an attempt never falls back to made-up settings). */
export function examsForSitting(): ExamsForSitting {
  if (!exams) throw new Error('exam-port: no exam reader was provided (modules/index.ts)');
  return exams;
}
