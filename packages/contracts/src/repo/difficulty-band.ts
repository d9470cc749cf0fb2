/**
 * Difficulty bands (难度档) used by the bank's counts, blueprints and mastery: one rule for all,
 * written out in apps/server/src/modules/repo/difficulty-band.ts.
 */
export const DIFFICULTY_BANDS = ['easy', 'medium', 'hard'] as const;
export type DifficultyBand = (typeof DIFFICULTY_BANDS)[number];
export const DIFFICULTY_BAND_LABELS: Record<DifficultyBand, string> = { easy: '易', medium: '中', hard: '难' };
