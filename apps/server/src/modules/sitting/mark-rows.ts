/**
 * Marks the rows of a handed-in paper with scoring.ts: leaves by their kind, composites as the sum of
 * their children. Pure; hand-in.ts and mark.service.ts store what it answers.
 */
import { MarkState } from '@exam/contracts';
import type { PaperQuRow } from '../paper/paper-view.js';
import { type MarkOutcome, type MarkPolicy, markComposite, markQuestion, round2 } from '../paper/scoring.js';
import { isComposite, isManual } from '../repo/kinds/registry.js';

export interface RowMark {
  quId: string;
  score: number;
  isRight: boolean | null;
  markState: number;
  suggestScore: number | null;
}

export interface PaperMarks {
  rows: RowMark[];
  /** Sum over automatically marked leaves. */
  objScore: number;
  /** Sum over leaves marked by hand. */
  subjScore: number;
  pending: boolean;
}

/** What marking reads of a row: hand-in selects only these (never the stem or the analysis). */
export type MarkSource = Pick<
  PaperQuRow,
  'quId' | 'parentQuId' | 'type' | 'score' | 'options' | 'refAnswer' | 'answer' | 'markState' | 'actualScore'
>;

const isEmptyText = (a: unknown) => a === null || a === undefined || (typeof a === 'string' && a.trim() === '');

/**
 * Marks every row at hand-in. Short answers await a person (an empty one is 0 at once); rows
 * already marked by hand (`markState` 3) keep their score, so the same function re-totals a
 * paper after manual marking.
 */
export function markPaperRows(rows: MarkSource[], policy: MarkPolicy): PaperMarks {
  const leaf = new Map<string, RowMark & { outcome: MarkOutcome }>();
  let objScore = 0;
  let subjScore = 0;
  for (const row of rows) {
    if (isComposite(row.type)) continue;
    let outcome: MarkOutcome;
    let markState: number;
    let suggest: number | null = null;
    if (row.markState === MarkState.MANUAL) {
      outcome = { score: row.actualScore, isRight: row.actualScore >= row.score, pending: false };
      markState = MarkState.MANUAL;
      subjScore += row.actualScore;
    } else if (isManual(row.type)) {
      const m = markQuestion(row, row.answer);
      if (isEmptyText(row.answer)) {
        outcome = { score: 0, isRight: false, pending: false };
        markState = MarkState.AUTO;
      } else {
        outcome = { score: 0, isRight: null, pending: true };
        markState = MarkState.PENDING;
        suggest = m.score;
      }
    } else {
      outcome = markQuestion(row, row.answer, policy);
      markState = MarkState.AUTO;
      objScore += outcome.score;
    }
    leaf.set(row.quId, {
      quId: row.quId,
      score: outcome.score,
      isRight: outcome.isRight,
      markState,
      suggestScore: suggest,
      outcome,
    });
  }
  const out: RowMark[] = [];
  for (const row of rows) {
    if (!isComposite(row.type)) {
      const { outcome: _o, ...mark } = leaf.get(row.quId) as RowMark & { outcome: MarkOutcome };
      out.push(mark);
      continue;
    }
    const kids = rows.filter((r) => r.parentQuId === row.quId).map((r) => leaf.get(r.quId)?.outcome);
    const m = markComposite(kids.filter((k): k is MarkOutcome => Boolean(k)));
    out.push({
      quId: row.quId,
      score: m.score,
      isRight: m.isRight,
      markState: m.pending ? MarkState.PENDING : MarkState.AUTO,
      suggestScore: null,
    });
  }
  return {
    rows: out,
    objScore: round2(objScore),
    subjScore: round2(subjScore),
    pending: out.some((r) => r.markState === MarkState.PENDING),
  };
}
