/**
 * Port: whether a learner may pass an exam's door (远程监考). The proctoring module stands above
 * the exam module (it reads exams, starts face checks, records the door), so the exam's entry gate
 * may not import it: modules/index.ts hands in proctor's `doorPassed` at load; an unfilled port
 * throws (a proctored exam never opens by default).
 */
import type { TProctorSetting } from '@exam/contracts';
import type { Executor } from '../../platform/db.js';

/** True when the learner consented to the exam's current notice and passed (or was admitted at) its door. */
export type DoorCheck = (
  db: Executor,
  exam: { id: string; proctor: TProctorSetting },
  userId: string,
) => Promise<boolean>;

let check: DoorCheck | null = null;

/** Called once at load by modules/index.ts with proctor's `doorPassed`. */
export function provideDoorCheck(source: DoorCheck): void {
  check = source;
}

export function doorCheck(): DoorCheck {
  if (!check) throw new Error('door-port: no door check was provided (modules/index.ts)');
  return check;
}
