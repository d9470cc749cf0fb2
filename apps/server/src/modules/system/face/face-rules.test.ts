/** The match rules of face login, on made-up descriptors (no models). */
import { describe, expect, it } from 'vitest';
import { cosine, MATCH_THRESHOLD, matches, meanDescriptor } from './face-rules.js';

const base = Array.from({ length: 16 }, (_, i) => (i % 3) + 1);
const other = Array.from({ length: 16 }, (_, i) => (i % 3 === 0 ? 4 : 0));
describe('face rules', () => {
  it('cosine: 1 for the same direction, lower for another face, 0 for bad input', () => {
    expect(
      cosine(
        base,
        base.map((v) => v * 3),
      ),
    ).toBeCloseTo(1, 6);
    expect(cosine(base, other)).toBeLessThan(0.8);
    expect(cosine(base, [1, 2])).toBe(0);
    expect(Math.hypot(...meanDescriptor([base, other]))).toBeCloseTo(1, 4);
  });

  it('matches only above the threshold', () => {
    expect(matches(base, base)).toBe(true);
    expect(cosine(base, other)).toBeLessThan(MATCH_THRESHOLD);
    expect(matches(base, other)).toBe(false);
  });
});
