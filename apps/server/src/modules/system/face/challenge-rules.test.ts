/** The active liveness challenge's rules on made-up frame analyses (no models): each action, and the refusals. */
import { describe, expect, it } from 'vitest';
import { actionRefusal, checkStep, TURN_YAW } from './challenge-rules.js';
import type { FrameAnalysis } from './face-engine.js';

const base = Array.from({ length: 16 }, (_, i) => (i % 3) + 1);
/** Another person: far from `base` (cosine ≈ 0). */
const other = base.map((v, i) => (i % 2 ? v : -v));
const jitter = (d: number[], k: number) => d.map((v, i) => v + ((i + k) % 4) * 0.02);
const frame = (over: Partial<FrameAnalysis> = {}, k = 0): FrameAnalysis => ({
  faces: 1,
  score: 0.99,
  yaw: 0,
  pitch: 0.1,
  eyeOpen: 0.33,
  mouthOpen: 0.02,
  descriptor: jitter(base, k),
  size: 180,
  ...over,
});
const seq = (values: Partial<FrameAnalysis>[]) => values.map((v, k) => frame(v, k));
const reason = (r: ReturnType<typeof checkStep>) => (r.ok ? 'ok' : r.reason);
/** Negative yaw is the learner's own left (challenge-rules.ts, measured on the sample faces). */
const turnLeft = seq([0, -0.05, -0.15, -0.3, -0.4].map((yaw) => ({ yaw })));
const turnRight = seq([0.02, 0.05, 0.15, 0.3, 0.4].map((yaw) => ({ yaw })));
const still = seq(Array.from({ length: 6 }, () => ({})));

describe('challenge rules: actions', () => {
  it('turn-left passes on a frontal then a left-turned face, not on a right turn or a still face', () => {
    expect(checkStep('turn-left', turnLeft).ok).toBe(true);
    expect(reason(checkStep('turn-left', turnRight))).toBe('转头方向不对，请向左转头');
    expect(reason(checkStep('turn-left', still))).toContain('未检测到向左转头');
  });

  it('turn-right is the mirror image, and needs a frontal start', () => {
    expect(checkStep('turn-right', turnRight).ok).toBe(true);
    expect(reason(checkStep('turn-right', turnLeft))).toBe('转头方向不对，请向右转头');
    const noStart = seq([0.3, 0.32, 0.35, 0.4, 0.4].map((yaw) => ({ yaw })));
    expect(reason(checkStep('turn-right', noStart))).toContain('请先正对摄像头');
  });

  it('a head shaken both ways is no turn to one side', () => {
    const shake = seq([0, TURN_YAW + 0.05, 0, -(TURN_YAW + 0.05), 0].map((yaw) => ({ yaw })));
    expect(checkStep('turn-left', shake).ok).toBe(false);
    expect(checkStep('turn-right', shake).ok).toBe(false);
  });

  it('blink: closed eyes in one frame between open ones', () => {
    expect(checkStep('blink', seq([0.33, 0.31, 0.08, 0.3, 0.32].map((eyeOpen) => ({ eyeOpen })))).ok).toBe(true);
    expect(reason(checkStep('blink', still))).toBe('未检测到眨眼，请正对摄像头眨眨眼');
    // a turn is no blink
    expect(checkStep('blink', turnLeft).ok).toBe(false);
  });

  it('open-mouth: closed in one frame and open in another', () => {
    const open = seq([0.02, 0.05, 0.2, 0.4, 0.45].map((mouthOpen) => ({ mouthOpen })));
    expect(checkStep('open-mouth', open).ok).toBe(true);
    expect(reason(checkStep('open-mouth', still))).toBe('未检测到张嘴，请先闭嘴，再张开嘴');
    // a mouth open all along (a photo of an open mouth) shows no opening
    const always = seq([0.4, 0.42, 0.41, 0.4, 0.43].map((mouthOpen) => ({ mouthOpen })));
    expect(checkStep('open-mouth', always).ok).toBe(false);
  });

  it('nod: a pitch range, not a still head', () => {
    expect(checkStep('nod', seq([0.05, 0.15, 0.3, 0.2, 0.05].map((pitch) => ({ pitch })))).ok).toBe(true);
    expect(reason(checkStep('nod', still))).toBe('未检测到点头，请缓慢点点头');
    expect(actionRefusal('nod', turnLeft)).not.toBeNull();
  });
});

describe('challenge rules: refusals', () => {
  const at2 = (over: Partial<FrameAnalysis>) => turnLeft.map((f, k) => (k === 2 ? { ...f, ...over } : f));

  it('refuses two faces, no face, a small face, an unreadable frame, too few or too many frames', () => {
    expect(reason(checkStep('turn-left', at2({ faces: 2 })))).toContain('多张人脸');
    expect(reason(checkStep('turn-left', at2({ faces: 0, descriptor: null })))).toContain('未检测到人脸');
    expect(reason(checkStep('turn-left', at2({ size: 30 })))).toContain('人脸过小');
    expect(reason(checkStep('turn-left', at2({ error: 'decode' })))).toContain('无法识别');
    expect(reason(checkStep('turn-left', turnLeft.slice(0, 4)))).toContain('至少需要5帧');
    expect(reason(checkStep('turn-left', [...turnLeft, ...turnLeft]))).toContain('最多8帧');
  });

  it('refuses another person in the middle of a step, and a step by another person than the earlier steps', () => {
    expect(reason(checkStep('turn-left', at2({ descriptor: other })))).toContain('人脸不一致');
    const earlier = Array.from({ length: 5 }, (_, k) => jitter(base, k));
    const r = checkStep('turn-left', turnLeft, earlier);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.descriptors).toHaveLength(5);
    const otherEarlier = Array.from({ length: 10 }, (_, k) => jitter(other, k));
    expect(reason(checkStep('turn-left', turnLeft, otherEarlier))).toContain('人脸不一致');
  });
});
