import { describe, expect, it } from 'vitest';
import { flagsOfFindings, riskOf } from './risk-rules.js';

describe('riskOf', () => {
  it('is zero without flags', () => {
    expect(riskOf({})).toEqual({ score: 0, reasons: [] });
  });
  it('weighs a mismatch most and names each kind with its count', () => {
    const r = riskOf({ mismatch: 2, leave: 1 });
    expect(r.score).toBe(65);
    expect(r.reasons).toEqual(['人脸不符 2 次', '离开考试页面 1 次']);
    expect(riskOf({ mismatch: 1 }).score).toBeGreaterThan(riskOf({ faces: 1 }).score);
    expect(riskOf({ faces: 1 }).score).toBeGreaterThan(riskOf({ 'no-face': 1 }).score);
  });
  it('caps each kind and the total', () => {
    expect(riskOf({ leave: 50 }).score).toBe(15);
    expect(riskOf({ 'no-face': 100 }).score).toBe(20);
    expect(riskOf({ mismatch: 9, faces: 9, 'camera-stop': 9, 'second-lost': 9 }).score).toBe(100);
  });
  it('ignores actions that are no flags', () => {
    expect(riskOf({ warn: 3, pause: 1 } as Record<string, number>).score).toBe(0);
  });
});

describe('flagsOfFindings', () => {
  it('raises the most serious flag of the findings', () => {
    expect(flagsOfFindings('random', 2, 0.1, 0.6)).toEqual(['faces']);
    expect(flagsOfFindings('random', 0, null, 0.6)).toEqual(['no-face']);
    expect(flagsOfFindings('random', 1, 0.3, 0.6)).toEqual(['mismatch']);
    expect(flagsOfFindings('leave', 1, 0.9, 0.6)).toEqual(['leave']);
    expect(flagsOfFindings('leave', 0, null, 0.6)).toEqual(['no-face', 'leave']);
    expect(flagsOfFindings('random', 1, 0.9, 0.6)).toEqual([]);
    expect(flagsOfFindings('random', 1, null, 0.6)).toEqual([]);
  });
});
