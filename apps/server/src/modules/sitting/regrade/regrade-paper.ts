/**
 * Regrading one paper (pure): applies a question's correction (score and/or key) to the paper's
 * rows, re-marks them with sitting/mark-rows.ts (each kind through the registry, the exam's
 * partial-credit policy; scores given by hand are kept, capped at a lowered full score) and
 * answers the rows that changed and the paper's new totals. regrade-run.ts stores what it answers.
 */
import { PaperState } from '@exam/contracts';
import type { QuestionAnswer } from '../../../db/schema/index.js';
import type { PaperQuRow } from '../../paper/paper-view.js';
import { type MarkPolicy, round2, totalOf } from '../../paper/scoring.js';
import { markPaperRows } from '../mark-rows.js';

/** What an administrator corrected. */
export interface Correction {
  quId: string;
  newScore: number;
  /** Choice kinds: the contents of the right options (options are shuffled and re-lettered per paper). */
  rightContents: string[] | null;
  /** Kinds whose paper key is the bank key as written (fill blank): the new key. */
  newAnswer: QuestionAnswer | null;
}

export interface PaperTotals {
  state: number;
  passScore: number;
  totalScore: number;
  objScore: number;
  subjScore: number;
  userScore: number;
  passed: boolean;
}

export interface PaperRegrade {
  rows: PaperQuRow[];
  totals: Omit<PaperTotals, 'state' | 'passScore'>;
  quBefore: number;
  quAfter: number;
}

const MARK_FIELDS = ['score', 'options', 'refAnswer', 'actualScore', 'isRight', 'markState', 'suggestScore'] as const;

const changedRow = (a: PaperQuRow, b: PaperQuRow) =>
  MARK_FIELDS.some((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null));

/** Regrades one paper; a paper still in exam only gets the corrected key and score (it is marked at hand-in). */
export function regradePaper(
  paper: PaperTotals,
  original: PaperQuRow[],
  c: Correction,
  policy: MarkPolicy,
): PaperRegrade | null {
  const rows = original.map((r) => ({ ...r }));
  const target = rows.find((r) => r.quId === c.quId);
  if (!target) return null;
  const quBefore = target.actualScore;
  const delta = round2(c.newScore - target.score);
  target.score = c.newScore;
  if (c.rightContents) {
    const right = new Set(c.rightContents);
    target.options = target.options.map((o) => ({ ...o, isRight: right.has(o.content) }));
  }
  if (c.newAnswer) target.refAnswer = c.newAnswer;
  if (target.actualScore > c.newScore) target.actualScore = c.newScore;
  const parent = target.parentQuId ? rows.find((r) => r.quId === target.parentQuId) : undefined;
  if (parent) parent.score = round2(parent.score + delta);
  const totalScore = round2(paper.totalScore + delta);

  if (paper.state === PaperState.IN_EXAM) {
    return {
      rows: rows.filter((r, i) => changedRow(r, original[i])),
      totals: { ...paper, totalScore },
      quBefore,
      quAfter: quBefore,
    };
  }
  const marks = markPaperRows(rows, policy);
  for (const m of marks.rows) {
    const row = rows.find((r) => r.quId === m.quId) as PaperQuRow;
    row.actualScore = m.score;
    row.isRight = m.isRight;
    row.markState = m.markState;
    row.suggestScore = m.suggestScore ?? row.suggestScore;
  }
  const { total, passed } = totalOf(marks.objScore, marks.subjScore, paper.passScore);
  return {
    rows: rows.filter((r, i) => changedRow(r, original[i])),
    totals: {
      totalScore,
      objScore: marks.objScore,
      subjScore: marks.subjScore,
      userScore: total,
      passed: paper.state === PaperState.FINISHED && passed,
    },
    quBefore,
    quAfter: target.actualScore,
  };
}
