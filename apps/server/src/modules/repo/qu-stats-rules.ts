/**
 * The rules of measured item statistics (题目统计), pure so they are unit-tested without a database.
 *
 * - Difficulty is the share answering right: the mean score share (a partial credit counts its
 *   share), exam answers weighing 1 and practice answers PRACTICE_WEIGHT. Practice counts less
 *   because it is low-stakes and open: a learner may look the answer up, repeat a question they
 *   were just shown, or guess to move on, so practice shares run high and noisy; half a weight
 *   lets a bank used only for practice still be measured without practice drowning out exams.
 * - Discrimination is the point-biserial correlation of the item's score share with the rest of
 *   the attempt's score (the corrected total, without the item, so the item does not correlate
 *   with itself), over finished exam attempts only: practice has no attempt total.
 * - Below MIN_ANSWERS nothing is said (NULL, "答题太少"): with fewer than 10 answers one answer
 *   moves the share by more than 0.1, across a difficulty band, and a correlation's standard error
 *   (about 1/√n) is over 0.3, so a negative sign would be noise. Ten is reachable by an ordinary
 *   department exam, where a larger floor would leave most questions unmeasured.
 */

/** Weight of one practice answer against one exam answer. */
export const PRACTICE_WEIGHT = 0.5;
/** Fewest (weighted) answers for a difficulty, and fewest exam answers for a discrimination. */
export const MIN_ANSWERS = 10;
/** A discrimination below this flags the item: better learners do worse on it. */
export const NEGATIVE_DISCRIMINATION = 0;

/** What the sources say about one question. */
export interface ItemFigures {
  quId: string;
  /** Exam answers in finished attempts, the sum of their shares, and the point-biserial (null: no variance). */
  answers: number;
  examScore: number;
  correlation: number | null;
  practiceAnswers: number;
  practiceScore: number;
  fullCount: number;
  zeroCount: number;
}

/** The measured statistics of one question. */
export interface ItemStat extends ItemFigures {
  difficulty: number | null;
  discrimination: number | null;
}

const round = (v: number) => Math.round(v * 10000) / 10000;

/** Difficulty and discrimination from the figures, NULL below the minimum. */
export function itemStat(f: ItemFigures): ItemStat {
  const weighted = f.answers + PRACTICE_WEIGHT * f.practiceAnswers;
  const difficulty =
    weighted >= MIN_ANSWERS ? round((f.examScore + PRACTICE_WEIGHT * f.practiceScore) / weighted) : null;
  const discrimination =
    f.answers >= MIN_ANSWERS && f.correlation !== null && Number.isFinite(f.correlation) ? round(f.correlation) : null;
  return { ...f, difficulty, discrimination };
}

/** Why an item is listed for review, or null when it behaves. */
export type BadReason = 'negative' | 'allRight' | 'allWrong';

export function badReason(s: {
  answers: number;
  practiceAnswers: number;
  fullCount: number;
  zeroCount: number;
  discrimination: number | null;
}): BadReason | null {
  const all = s.answers + s.practiceAnswers;
  if (s.discrimination !== null && s.discrimination < NEGATIVE_DISCRIMINATION) return 'negative';
  if (s.answers + PRACTICE_WEIGHT * s.practiceAnswers < MIN_ANSWERS) return null;
  if (s.fullCount === all) return 'allRight';
  if (s.zeroCount === all) return 'allWrong';
  return null;
}

/** Point-biserial (Pearson) correlation of two series; null without variance or with fewer than 2. */
export function correlation(x: number[], y: number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}
