/**
 * What the answer card says about saving, per question: saved (the server holds what is shown),
 * pending (journalled, not yet acknowledged: 未保存), failed (refused for good: 未保存), conflict
 * (another window's answer replaced this one: 已被其他窗口修改), stale (another window took the paper
 * over: what this window shows may no longer be what the server holds). Never "saved" unless the
 * server holds it.
 */
import type { SendOutcome } from '../../../../utils/answer-journal/answer-journal';

export type SaveMark = 'saved' | 'stale' | 'pending' | 'failed' | 'conflict';
/** Marks set by send outcomes; a question absent here and not pending is saved. */
export type OutcomeMarks = Record<string, 'failed' | 'conflict'>;

const RANK: Record<SaveMark, number> = { saved: 0, stale: 1, pending: 2, failed: 3, conflict: 4 };

/**
 * The mark of one card item (a composite shows the worst of its children). `stale`: this window
 * was taken over, so nothing it shows counts as saved any more.
 */
export function saveMark(quIds: string[], pending: ReadonlySet<string>, marks: OutcomeMarks, stale = false): SaveMark {
  let worst: SaveMark = stale ? 'stale' : 'saved';
  for (const id of quIds) {
    const m: SaveMark = marks[id] ?? (pending.has(id) ? 'pending' : 'saved');
    if (RANK[m] > RANK[worst]) worst = m;
  }
  return worst;
}

/** The marks after an outcome: saved clears, failed and conflict stay until the next change. */
export function applyOutcome(marks: OutcomeMarks, quId: string, outcome: SendOutcome): OutcomeMarks {
  const next = { ...marks };
  if (outcome.kind === 'saved') delete next[quId];
  else next[quId] = outcome.kind;
  return next;
}

/** A new change of a question: its old outcome no longer describes it (it is pending now). */
export function clearMark(marks: OutcomeMarks, quId: string): OutcomeMarks {
  if (!(quId in marks)) return marks;
  const next = { ...marks };
  delete next[quId];
  return next;
}

export const SAVE_MARK_LABELS: Record<SaveMark, string> = {
  saved: '已保存',
  stale: '已在其他窗口作答，此处不再同步',
  pending: '未保存',
  failed: '未保存',
  conflict: '已被其他窗口修改',
};
