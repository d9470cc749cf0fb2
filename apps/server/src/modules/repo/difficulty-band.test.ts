import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { difficultyBand, difficultyBandSql } from './difficulty-band.js';

describe('difficulty band', () => {
  it('measured difficulty decides when known, at the 0.7 and 0.4 edges', () => {
    expect(difficultyBand(1, 2)).toBe('easy');
    expect(difficultyBand(0.7, 2)).toBe('easy');
    expect(difficultyBand(0.69, 1)).toBe('medium');
    expect(difficultyBand(0.4, 2)).toBe('medium');
    expect(difficultyBand(0.39, 1)).toBe('hard');
    expect(difficultyBand(0, 1)).toBe('hard');
  });

  it('the author level decides while nothing is measured: ordinary medium, hard hard', () => {
    expect(difficultyBand(null, 1)).toBe('medium');
    expect(difficultyBand(undefined, 2)).toBe('hard');
    expect(difficultyBand(Number.NaN, 2)).toBe('hard');
  });

  const client = new PGlite();
  const db = drizzle(client);
  afterAll(() => client.close());

  it('the SQL expression gives the same band as the function', async () => {
    const cases: [number | null, number][] = [
      [1, 2],
      [0.7, 2],
      [0.69, 1],
      [0.4, 2],
      [0.39, 1],
      [0, 1],
      [null, 1],
      [null, 2],
    ];
    for (const [measured, level] of cases) {
      const m = measured === null ? sql`null::real` : sql`${measured}::real`;
      const res = await db.execute<{ band: string }>(
        sql`select ${difficultyBandSql(m, sql`${level}::smallint`)} as band`,
      );
      expect(res.rows[0].band, `${measured}/${level}`).toBe(difficultyBand(measured, level));
    }
  });
});
