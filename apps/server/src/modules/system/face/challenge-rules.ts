/**
 * The rules of the active liveness challenge, without HTTP, database or models: is one step's
 * sequence of analysed frames one clear face, the same person as the session's earlier steps, doing
 * the asked action. A passive check (any head movement or blink) is beaten by a short video of the
 * person; a random order of asked actions within a minute is not, short of a live deep fake.
 *
 * Directions, measured on the sample faces (face-samples.ts, the server engine) and checked by eye
 * on profiles: the camera image is not mirrored, and a face turned towards the image's RIGHT edge
 * (the learner's own left: the camera faces the learner) reads a NEGATIVE yaw (tile 0,7: −0.29 to
 * −0.33 by size; the mirrored profile of tile 3,11: −0.52); its mirror image reads positive. So
 * 'turn-left' asks for yaw ≤ −TURN_YAW and 'turn-right' for yaw ≥ +TURN_YAW. The browser shows the
 * learner a mirrored preview but sends unmirrored frames; the words 请向左转头 mean the learner's
 * own left either way.
 * Readings of photos facing the camera (fairly frontal): yaw −0.15…+0.16 (the most frontal ±0.08…0.11), pitch
 * 0.01…0.25, eyeOpen 0.27…0.43 (open eyes), mouthOpen 0.00…0.04 (closed mouths).
 */
import type { TChallengeAction } from '@exam/contracts';
import type { FrameAnalysis } from './face-engine.js';
import {
  BLINK_RATIO,
  cosine,
  MAX_FRAMES,
  MIN_FACE_PX,
  MIN_FRAMES,
  meanDescriptor,
  OPEN_EYE,
  SAME_SEQUENCE_THRESHOLD,
} from './face-rules.js';

/** A frame this close to frontal (|yaw|, radians, ≈ 8.6°) is the turn's starting point. */
export const FRONTAL_YAW = 0.15;
/**
 * A turn counts from this yaw the asked way (≈ 11.5°); the same the other way refuses the step.
 * The turned sample photo reads −0.23…−0.35 depending on its JPEG quality (60-95), its frontal
 * ones −0.08…−0.12: a deliberate turn clears it, a head at rest does not.
 */
export const TURN_YAW = 0.2;
/** A nod: max pitch − min pitch across the frames (≈ 11.5°). */
export const NOD_PITCH_RANGE = 0.2;
/** Closed mouth: inner-lip gap at most this share of the mouth's width; open: at least MOUTH_OPEN. */
export const MOUTH_CLOSED = 0.1;
export const MOUTH_OPEN = 0.25;

export type StepCheck = { ok: true; descriptors: number[][] } | { ok: false; reason: string };

const nums = (values: (number | null | undefined)[]) => values.filter((v): v is number => typeof v === 'number');

/** Whether the frames show the asked action; null when they do, else what the learner should do. */
export function actionRefusal(action: TChallengeAction, frames: readonly FrameAnalysis[]): string | null {
  switch (action) {
    case 'turn-left':
    case 'turn-right': {
      // Negative yaw is the learner's own left (see the file's comment).
      const sign = action === 'turn-left' ? -1 : 1;
      const yaws = nums(frames.map((f) => f.yaw)).map((y) => y * sign);
      const word = action === 'turn-left' ? '左' : '右';
      if (yaws.some((y) => y <= -TURN_YAW)) return `转头方向不对，请向${word}转头`;
      if (!yaws.some((y) => Math.abs(y) <= FRONTAL_YAW) || !yaws.some((y) => y >= TURN_YAW))
        return `未检测到向${word}转头，请先正对摄像头，再缓慢向${word}转头`;
      return null;
    }
    case 'blink': {
      const eyes = nums(frames.map((f) => f.eyeOpen));
      const maxEye = eyes.length ? Math.max(...eyes) : 0;
      if (eyes.length < 2 || maxEye < OPEN_EYE || Math.min(...eyes) > maxEye * BLINK_RATIO)
        return '未检测到眨眼，请正对摄像头眨眨眼';
      return null;
    }
    case 'open-mouth': {
      const mouths = nums(frames.map((f) => f.mouthOpen));
      if (mouths.length < 2 || Math.min(...mouths) > MOUTH_CLOSED || Math.max(...mouths) < MOUTH_OPEN)
        return '未检测到张嘴，请先闭嘴，再张开嘴';
      return null;
    }
    case 'nod': {
      const pitches = nums(frames.map((f) => f.pitch));
      if (pitches.length < 2 || Math.max(...pitches) - Math.min(...pitches) < NOD_PITCH_RANGE)
        return '未检测到点头，请缓慢点点头';
      return null;
    }
  }
}

/**
 * Checks one step: 5-8 readable frames, one clear face each, every frame the same person as the
 * session so far (cosine to the mean of the earlier steps' descriptors and these ≥
 * SAME_SEQUENCE_THRESHOLD, and to the mean of the session's other frames), and the asked action. Answers this step's descriptors.
 */
export function checkStep(
  action: TChallengeAction,
  frames: readonly FrameAnalysis[],
  earlier: readonly (readonly number[])[] = [],
): StepCheck {
  if (frames.length < MIN_FRAMES) return { ok: false, reason: `至少需要${MIN_FRAMES}帧画面，请重新采集` };
  if (frames.length > MAX_FRAMES) return { ok: false, reason: `最多${MAX_FRAMES}帧画面，请重新采集` };
  if (frames.some((f) => f.error)) return { ok: false, reason: '画面无法识别，请重新采集' };
  if (frames.some((f) => f.faces > 1)) return { ok: false, reason: '画面中有多张人脸，请确保只有本人在镜头前' };
  if (frames.some((f) => f.faces === 0 || !f.descriptor?.length))
    return { ok: false, reason: '未检测到人脸，请正对摄像头并保持光线充足' };
  if (frames.some((f) => (f.size ?? 0) < MIN_FACE_PX)) return { ok: false, reason: '人脸过小，请靠近摄像头' };
  const descriptors = frames.map((f) => f.descriptor as number[]);
  const all = [...earlier, ...descriptors];
  const changed = { ok: false, reason: '核验过程中人脸不一致，请本人重新核验' } as const;
  if (all.some((d) => d.length !== descriptors[0].length)) return changed;
  // Against the earlier steps' mean first: many frames of a new face must not outweigh them.
  const before = earlier.length ? meanDescriptor(earlier) : null;
  if (before && descriptors.some((d) => cosine(d, before) < SAME_SEQUENCE_THRESHOLD)) return changed;
  // Each frame against the mean of the others: one stranger's frame among five would pull the
  // mean of all towards itself enough to pass.
  if (
    descriptors.some(
      (d, i) => cosine(d, meanDescriptor(all.filter((_, j) => j !== earlier.length + i))) < SAME_SEQUENCE_THRESHOLD,
    )
  )
    return changed;
  const refusal = actionRefusal(action, frames);
  if (refusal) return { ok: false, reason: refusal };
  return { ok: true, descriptors };
}
