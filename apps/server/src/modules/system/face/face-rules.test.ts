/** The liveness and match rules of face login, on made-up frame analyses (no models). */
import { describe, expect, it } from 'vitest';
import type { FrameAnalysis } from './face-engine.js';
import { checkLiveness, cosine, MATCH_THRESHOLD, matches, meanDescriptor } from './face-rules.js';

const base = Array.from({ length: 16 }, (_, i) => (i % 3) + 1);
const other = Array.from({ length: 16 }, (_, i) => (i % 3 === 0 ? 4 : 0));
const jitter = (d: number[], k: number) => d.map((v, i) => v + ((i + k) % 4) * 0.02);
const frame = (over: Partial<FrameAnalysis> = {}, k = 0): FrameAnalysis => ({
  faces: 1,
  score: 0.99,
  yaw: 0,
  pitch: 0,
  eyeOpen: 0.32,
  descriptor: jitter(base, k),
  size: 180,
  ...over,
});

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

  it('accepts a head turn across the sequence', () => {
    const frames = [-0.15, -0.05, 0.05, 0.12, 0.16].map((yaw, k) => frame({ yaw }, k));
    const r = checkLiveness(frames);
    expect(r).toMatchObject({ ok: true, movement: 'turn' });
    if (r.ok) expect(matches(r.descriptor, base)).toBe(true);
  });

  it('accepts a blink (eyes closed in one frame)', () => {
    const frames = [0.33, 0.31, 0.08, 0.3, 0.32].map((eyeOpen, k) => frame({ eyeOpen, yaw: 0.01 * k }, k));
    expect(checkLiveness(frames)).toMatchObject({ ok: true, movement: 'blink' });
  });

  it('refuses a still face: one repeated frame, or too little movement', () => {
    expect(checkLiveness(Array.from({ length: 6 }, () => frame()))).toMatchObject({ ok: false });
    const small = [0, 0.05, 0.1, 0.05, 0].map((yaw, k) => frame({ yaw, eyeOpen: 0.3 + k * 0.01 }, k));
    const r = checkLiveness(small);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('活体检测未通过');
  });

  it('refuses missing, several, small or changing faces, and too few frames', () => {
    const turn = (over: Partial<FrameAnalysis>, at = 2) =>
      [-0.2, -0.1, 0, 0.1, 0.2].map((yaw, k) => (k === at ? frame({ yaw, ...over }, k) : frame({ yaw }, k)));
    const reason = (frames: FrameAnalysis[]) => {
      const r = checkLiveness(frames);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason(turn({ faces: 0, descriptor: null }))).toContain('未检测到人脸');
    expect(reason(turn({ faces: 2 }))).toContain('多张人脸');
    expect(reason(turn({ size: 30 }))).toContain('人脸过小');
    expect(reason(turn({ error: 'decode' }))).toContain('无法识别');
    expect(reason(turn({ descriptor: other }))).toContain('人脸不一致');
    expect(reason(turn({}).slice(0, 4))).toContain('至少需要5帧');
  });

  it('matches only above the threshold', () => {
    expect(matches(base, base)).toBe(true);
    expect(cosine(base, other)).toBeLessThan(MATCH_THRESHOLD);
    expect(matches(base, other)).toBe(false);
  });
});
