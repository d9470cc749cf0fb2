import { describe, expect, it } from 'vitest';
import { formatPercent } from './number';

describe('formatPercent', () => {
  it('shows a 0-1 rate as a percentage, not a bare fraction', () => {
    expect(formatPercent(0.4286)).toBe('42.86%');
    expect(formatPercent(3 / 7)).toBe('42.86%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });
});
