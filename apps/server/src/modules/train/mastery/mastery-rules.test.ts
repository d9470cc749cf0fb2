import { describe, expect, it } from 'vitest';
import { HALF_LIFE_DAYS, masteryOf, pointsOfPath } from './mastery-rules.js';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe('mastery', () => {
  it('is nothing without answers', () => {
    expect(masteryOf([])).toBeNull();
  });

  it('weighs a recent answer more than an old one', () => {
    // Wrong long ago, right today: more right than wrong, but not fully.
    const m = masteryOf([
      { share: 0, at: day(0), weight: 1 },
      { share: 1, at: day(HALF_LIFE_DAYS), weight: 1 },
    ]);
    expect(m?.mastery).toBeCloseTo(1 / 1.5, 4);
    expect(m?.weight).toBeCloseTo(1.5, 4);
    expect(m?.lastAt).toEqual(day(HALF_LIFE_DAYS));
    // The same answers the other way round.
    const r = masteryOf([
      { share: 1, at: day(0), weight: 1 },
      { share: 0, at: day(HALF_LIFE_DAYS), weight: 1 },
    ]);
    expect(r?.mastery).toBeCloseTo(0.5 / 1.5, 4);
  });

  it('counts a practice answer at its lower weight', () => {
    const m = masteryOf([
      { share: 1, at: day(1), weight: 1 },
      { share: 0, at: day(1), weight: 0.5 },
    ]);
    expect(m?.mastery).toBeCloseTo(1 / 1.5, 4);
  });

  it('reads the ancestors from a path', () => {
    expect(pointsOfPath('/a/b/c/')).toEqual(['a', 'b', 'c']);
  });
});
