/**
 * The rules of face matching, without HTTP or models: descriptors, their mean, and whether a live
 * face matches a stored descriptor (the liveness steps are challenge-rules.ts). Thresholds are measured (docs/SECURITY.md,
 * "Face login"; bench/face-threshold.ts).
 */
/** Cosine similarity at or above which two descriptors are taken for the same person. */
export const MATCH_THRESHOLD = 0.6;
/** Every frame of one attempt must be this close to the attempt's mean face (one person throughout). */
export const SAME_SEQUENCE_THRESHOLD = 0.6;
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

/** Whether a live attempt's descriptor matches the enrolled one. */
export function matches(live: readonly number[], enrolled: readonly number[]): boolean {
  return cosine(live, enrolled) >= MATCH_THRESHOLD;
}
