/**
 * The rules of face login, without HTTP or models: is a sequence of analysed frames
 * one live face, and does it match a stored descriptor. Thresholds are measured (docs/SECURITY.md,
 * "Face login"; bench/face-threshold.ts).
 */
import type { FrameAnalysis } from './face-engine.js';

/** Cosine similarity at or above which two descriptors are taken for the same person. */
export const MATCH_THRESHOLD = 0.6;
/** Every frame of one attempt must be this close to the attempt's mean face (one person throughout). */
export const SAME_SEQUENCE_THRESHOLD = 0.6;
/** Head turn across the frames that counts as movement: max yaw − min yaw, radians (≈ 11°). */
export const MIN_YAW_RANGE = 0.2;
/** A blink: the least eye openness at most this share of the largest, which must be an open eye. */
export const BLINK_RATIO = 0.6;
export const OPEN_EYE = 0.15;
/** Smallest face accepted (shorter side of its box, pixels). */
export const MIN_FACE_PX = 60;
export const MIN_FRAMES = 5;
export const MAX_FRAMES = 8;

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The mean of unit-length descriptors, itself of unit length. */
export function meanDescriptor(list: readonly (readonly number[])[]): number[] {
  const n = list[0]?.length ?? 0;
  const sum = new Array<number>(n).fill(0);
  for (const d of list) {
    const norm = Math.hypot(...d) || 1;
    for (let i = 0; i < n; i++) sum[i] += d[i] / norm;
  }
  const norm = Math.hypot(...sum) || 1;
  return sum.map((v) => Number((v / norm).toFixed(6)));
}

export type LiveResult = { ok: true; descriptor: number[]; movement: 'turn' | 'blink' } | { ok: false; reason: string };

/** Checks the frames of one attempt: readable, one clear face each, the same person, and movement. */
export function checkLiveness(frames: readonly FrameAnalysis[]): LiveResult {
  if (frames.length < MIN_FRAMES) return { ok: false, reason: `至少需要${MIN_FRAMES}帧画面，请重新采集` };
  if (frames.some((f) => f.error)) return { ok: false, reason: '画面无法识别，请重新采集' };
  if (frames.some((f) => f.faces > 1)) return { ok: false, reason: '画面中有多张人脸，请确保只有本人在镜头前' };
  if (frames.some((f) => f.faces === 0 || !f.descriptor?.length))
    return { ok: false, reason: '未检测到人脸，请正对摄像头并保持光线充足' };
  if (frames.some((f) => (f.size ?? 0) < MIN_FACE_PX)) return { ok: false, reason: '人脸过小，请靠近摄像头' };
  const descriptors = frames.map((f) => f.descriptor as number[]);
  const mean = meanDescriptor(descriptors);
  if (descriptors.some((d) => cosine(d, mean) < SAME_SEQUENCE_THRESHOLD))
    return { ok: false, reason: '采集过程中人脸不一致，请本人重新采集' };
  const yaws = frames.map((f) => f.yaw).filter((y): y is number => typeof y === 'number');
  const eyes = frames.map((f) => f.eyeOpen).filter((e): e is number => typeof e === 'number');
  const turned = yaws.length >= 2 && Math.max(...yaws) - Math.min(...yaws) >= MIN_YAW_RANGE;
  const maxEye = eyes.length ? Math.max(...eyes) : 0;
  const blinked = eyes.length >= 2 && maxEye >= OPEN_EYE && Math.min(...eyes) <= maxEye * BLINK_RATIO;
  if (!turned && !blinked)
    return { ok: false, reason: '活体检测未通过：未检测到眨眼或转头，请按提示眨眼或缓慢左右转头' };
  return { ok: true, descriptor: mean, movement: turned ? 'turn' : 'blink' };
}

/** Whether a live attempt's descriptor matches the enrolled one. */
export function matches(live: readonly number[], enrolled: readonly number[]): boolean {
  return cosine(live, enrolled) >= MATCH_THRESHOLD;
}
