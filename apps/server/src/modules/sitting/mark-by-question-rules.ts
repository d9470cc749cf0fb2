/**
 * Second marking (双评) of one answer when marking by question: without it the first score is final;
 * with it two different markers score, the average is final when they differ by at most the gap,
 * otherwise a third person arbitrates and their score is final. Pure; unit-tested beside it.
 */
import { round2 } from '../paper/scoring.js';

export interface MarkSetting {
  doubleMark: boolean;
  gap: number;
}

export interface GivenMark {
  /** 1 first marker, 2 second marker, 3 arbitration. */
  round: number;
  markerId: string;
  score: number;
}

export type MarkDecision = { outcome: 'final'; score: number } | { outcome: 'waiting' } | { outcome: 'arbitration' };

/** What the marks given so far decide. */
export function decide(setting: MarkSetting, marks: GivenMark[]): MarkDecision {
  const arbitration = marks.find((m) => m.round === 3);
  if (arbitration) return { outcome: 'final', score: arbitration.score };
  const first = marks.find((m) => m.round === 1);
  if (!first) return { outcome: 'waiting' };
  if (!setting.doubleMark) return { outcome: 'final', score: first.score };
  const second = marks.find((m) => m.round === 2);
  if (!second) return { outcome: 'waiting' };
  if (Math.abs(first.score - second.score) > setting.gap + 1e-9) return { outcome: 'arbitration' };
  return { outcome: 'final', score: round2((first.score + second.score) / 2) };
}

/** The round a marker's score takes, or the reason it is refused (Chinese, shown to the marker). */
export function nextRound(setting: MarkSetting, marks: GivenMark[], markerId: string): number | string {
  if (marks.some((m) => m.markerId === markerId)) return '您已评过该答案，双评须由另一位阅卷人评分';
  const rounds = marks.filter((m) => m.round !== 3).length;
  if (rounds === 0) return 1;
  if (setting.doubleMark && rounds === 1) return 2;
  return setting.doubleMark ? '该答案两位阅卷人已评分，分差超出阈值时进入仲裁' : '该答案已评分';
}

/** Whether a marker may arbitrate: two scores that differ beyond the gap, no arbitration yet, not one of the two. */
export function canArbitrate(setting: MarkSetting, marks: GivenMark[], markerId: string): true | string {
  if (decide(setting, marks).outcome !== 'arbitration') return '该答案不在仲裁列表中';
  if (marks.some((m) => m.markerId === markerId)) return '仲裁须由两位阅卷人以外的第三人进行';
  return true;
}
