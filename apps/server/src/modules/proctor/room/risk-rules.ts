/**
 * The attempt's risk score (0-100) from its flags, for the console's ordering and the review
 * queue. A mismatched face weighs most (someone else may be sitting), then several faces (help in
 * the room), a stopped camera and a lost second camera (nothing was watched), then no face and
 * leaving the window (often innocent: looking away, a notification). Each kind is capped so that
 * one noisy kind cannot fill the score alone; the reasons name each kind with its count.
 */
import { PROCTOR_FLAG_LABELS, type TProctorFlag, type TRisk } from '@exam/contracts';

/** Points per occurrence and the most a kind can add, in the order the reasons are listed. */
export const RISK_WEIGHTS: { flag: TProctorFlag; each: number; cap: number }[] = [
  { flag: 'mismatch', each: 30, cap: 60 },
  { flag: 'faces', each: 20, cap: 40 },
  { flag: 'camera-stop', each: 15, cap: 30 },
  { flag: 'second-lost', each: 15, cap: 30 },
  { flag: 'no-face', each: 5, cap: 20 },
  { flag: 'leave', each: 5, cap: 15 },
  { flag: 'door-failed', each: 2, cap: 6 },
];

/** The score and its reasons ('人脸不符 2 次') from the flag counts. */
export function riskOf(counts: Partial<Record<string, number>>): TRisk {
  let score = 0;
  const reasons: string[] = [];
  for (const w of RISK_WEIGHTS) {
    const n = counts[w.flag] ?? 0;
    if (n <= 0) continue;
    score += Math.min(w.cap, n * w.each);
    reasons.push(`${PROCTOR_FLAG_LABELS[w.flag]} ${n} 次`);
  }
  return { score: Math.min(100, score), reasons };
}

/** The flags a snapshot's findings raise: what the camera saw, and leaving the window. */
export function flagsOfFindings(
  reason: string,
  faces: number,
  similarity: number | null,
  threshold: number,
): TProctorFlag[] {
  const flags: TProctorFlag[] = [];
  if (faces > 1) flags.push('faces');
  else if (faces === 0) flags.push('no-face');
  else if (similarity !== null && similarity < threshold) flags.push('mismatch');
  if (reason === 'leave') flags.push('leave');
  return flags;
}
