/**
 * What a question kind (题型) provides, on the server. One folder per kind implements it and
 * `registry.ts` lists them; callers ask the registry (`kindOf(type)`) instead of testing types.
 */
import { kindSettingsOf, type TKindSettings, type TQuAnswer, type TQuChildSave } from '@exam/contracts';
import type { QuestionAnswer, QuestionOption } from '../../../db/schema/repo.js';

/** A question ready to store (children of a composite included). */
export interface NormalQuestion {
  id?: string | null;
  type: number;
  level: number;
  content: string;
  analysis: string | null;
  options: QuestionOption[];
  answer: QuestionAnswer;
  children: NormalQuestion[];
}

export type Add = (field: string, message: string) => void;

/** Multiple choice partial credit: 0 none, 1 half for a right subset, 2 per right choice. */
export type MultiPolicyValue = TKindSettings['2']['policy'];
/** Ordering partial credit: 0 all or nothing, 1 by right adjacent pairs. */
export type OrderPolicyValue = TKindSettings['7']['policy'];
/**
 * An exam's marking settings: the kinds' settings keyed by type (el_exam.kind_settings, defaults
 * filled by `kindSettingsOf`); each kind reads its own entry.
 */
export type MarkPolicy = TKindSettings;
export const NO_PARTIAL_CREDIT: MarkPolicy = kindSettingsOf({});

export interface QuestionKey {
  type: number;
  score: number;
  options: QuestionOption[];
  refAnswer: QuestionAnswer;
}

export interface MarkOutcome {
  score: number;
  /** null while a subjective answer awaits manual marking. */
  isRight: boolean | null;
  /** True for a short answer: a person gives the score; `score` is then the suggestion. */
  pending: boolean;
}

/** The options and key a paper row keeps for one attempt. */
export interface Snapshot {
  options: QuestionOption[];
  refAnswer: QuestionAnswer;
}

/** The kind-specific parts of a learner's view of a question (never a key). */
/** A bank row seen by one learner: `viewerId` sees the items of `quId` in one fixed order. */
export interface BankViewer {
  viewerId: string;
  quId: string;
  /** A practice session or mock paper: its own draw, fixed within it (arrange.ts `viewOrder`). */
  session?: string | null;
}

export interface LearnerParts {
  options: { key: string; content: string }[];
  matching: { left: { key: string; content: string }[]; right: { key: string; content: string }[] } | null;
  blankCount: number;
}

/** Rich text as printable plain text (exam/print hands its own in). */
export type Plain = (html: string | null | undefined) => string;
/** A paper row as printing sees it: the snapshot's options and key. */
export interface PrintQuestion {
  content: string;
  options: QuestionOption[];
  refAnswer: QuestionAnswer;
}
/** What a kind prints of its questions (exam/print/print-text.ts); each part has a default there. */
export interface KindPrint {
  /** The lines under the stem (default: the lettered options). */
  body?: (q: PrintQuestion, plain: Plain) => string[];
  /** The key in words, printed after the right option letters (default: none). */
  key?: (q: PrintQuestion, plain: Plain) => string[];
  /** A learner's (non-empty) answer in words; null for the default (letters, or numbered texts). */
  answer?: (answer: unknown, q: PrintQuestion, plain: Plain) => string | null;
}

export interface QuKind {
  type: number;
  /** 'choice' options with right flags; 'items' options without (ordering); 'none'. */
  options: 'choice' | 'items' | 'none';
  /** Composite: its children are questions of the other kinds. */
  composite?: boolean;
  /** Marked by a person; `mark` then answers a suggestion with `pending`. */
  manual?: boolean;
  /** The content holds blanks (____) in the text formats. */
  contentBlanks?: boolean;
  normaliseOptions?: (options: TQuChildSave['options']) => QuestionOption[];
  normaliseAnswer: (a: TQuAnswer, options: QuestionOption[]) => QuestionAnswer;
  /** Adds every broken rule of the kind (the common ones are checked by qu-rules.ts). */
  check: (q: NormalQuestion, add: Add, isChild: boolean) => void;
  /** The options and key of a paper row; `shuffleOpt` is the exam's setting. */
  snapshot: (options: QuestionOption[], answer: QuestionAnswer, shuffleOpt: boolean) => Snapshot;
  /**
   * What a learner may see: `paper` rows (snapshots, already arranged) or a bank row seen by one
   * viewer, whose items a kind shows in that viewer's one fixed order (arrange.ts `viewOrder`).
   */
  learnerParts: (
    q: { content: string; options: QuestionOption[]; answer: QuestionAnswer },
    from: 'paper' | BankViewer,
  ) => LearnerParts;
  /** The reference answer shown in a review (right option letters travel apart). */
  reference: (refAnswer: QuestionAnswer) => unknown;
  mark: (q: QuestionKey, answer: unknown, policy: MarkPolicy) => MarkOutcome;
  /** Manual kinds: the keywords and reference shown to the marker; full score in practice. */
  markingHints?: (refAnswer: QuestionAnswer) => {
    keywords: { word: string; weight: number }[];
    reference: string | null;
  };
  practiceFull?: (refAnswer: QuestionAnswer) => number;
  /** Printing a paper (blank, with the key, answered); kinds with nothing special leave it out. */
  print?: KindPrint;
}
