/**
 * The practice modes and states with their labels, in a file without schemas: pages that only show a
 * label do not load zod. Exported again from train.ts.
 */
/**
 * The :mode values of /web/repo/training/:repoId/:mode; 7 is the review of due wrong questions, 8 draws
 * the bank's questions of the learner's weakest knowledge points.
 */
export const TrainMode = {
  SEQUENTIAL: 1,
  RANDOM: 2,
  BY_TYPE: 3,
  WRONG: 4,
  RECITE: 5,
  MOCK: 6,
  REVIEW: 7,
  WEAK: 8,
} as const;
export const TRAIN_MODE_LABELS: Record<number, string> = {
  1: '顺序练习',
  2: '随机练习',
  3: '题型练习',
  4: '错题练习',
  5: '背题模式',
  6: '模拟考试',
  7: '错题复习',
  8: '薄弱知识点',
};
/** 0 in progress, 1 finished. */
export const TrainState = { OPEN: 0, FINISHED: 1 } as const;
export const TRAIN_STATE_LABELS: Record<number, string> = { 0: '进行中', 1: '已完成' };
