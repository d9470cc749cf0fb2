/**
 * A question's difficulty band (易 / 中 / 难), one rule for the bank's counts, blueprints and
 * mastery. The measured difficulty (share of answers right, 0..1, NULL while too few answers)
 * decides when it is known, because it is what learners actually found: ≥ 0.7 easy, 0.4 up to
 * 0.7 medium, below 0.4 hard. Otherwise the author's level decides: 1 ordinary → medium,
 * 2 hard → hard (an author never marks a question "easy", so no level maps to easy).
 *
 * The SQL twin takes the measured column as a parameter, so a query that has no statistics to
 * join passes `sql\`null\`` and gets the level rule, and the two stay the same rule (unit test).
 * The edges are compared as `real`, the type of el_qu_stat.difficulty: 0.7::real is a hair below
 * the numeric 0.7, so a share of exactly 0.7 stored as real would otherwise fall to medium.
 */
import type { DifficultyBand } from '@exam/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export const EASY_FROM = 0.7;
export const MEDIUM_FROM = 0.4;
/** Author's levels (el_qu.level). */
export const LEVEL_ORDINARY = 1;
export const LEVEL_HARD = 2;

export function difficultyBand(measured: number | null | undefined, level: number): DifficultyBand {
  if (measured !== null && measured !== undefined && Number.isFinite(measured)) {
    if (measured >= EASY_FROM) return 'easy';
    if (measured >= MEDIUM_FROM) return 'medium';
    return 'hard';
  }
  return level >= LEVEL_HARD ? 'hard' : 'medium';
}

/** The same rule in SQL: `measured` is a real 0..1 or NULL, `level` the question's level column. */
export function difficultyBandSql(measured: SQLWrapper, level: SQLWrapper): SQL<DifficultyBand> {
  return sql<DifficultyBand>`(case
    when ${measured} is not null then (case when ${measured} >= ${sql.raw(String(EASY_FROM))}::real then 'easy'
      when ${measured} >= ${sql.raw(String(MEDIUM_FROM))}::real then 'medium' else 'hard' end)
    when ${level} >= ${sql.raw(String(LEVEL_HARD))} then 'hard'
    else 'medium' end)`;
}
