/**
 * The paper's states and the only ways between them (SPEC 4: 0 考试中, 1 待阅卷, 2 已完成, 3 已放弃):
 *   0 --handIn--> 1 (short answers to mark) | 2 (everything marked automatically)
 *   0 --abandon--> 3
 *   1 --mark--> 1 (some still pending) | 2 (marking finished)
 *   1, 2, 3 --void--> same state, voided (a voided paper no longer counts)
 *   1, 2 --regrade--> same state, re-marked after a question's key or score was corrected
 * Everything else is refused: a finished paper is never marked again, a paper in exam is never
 * voided, nothing returns to 0.
 */
import { PaperState } from '@exam/contracts';

export type PaperAction = 'handIn' | 'abandon' | 'mark' | 'void' | 'regrade';

const { IN_EXAM, AWAITING_MARK, FINISHED, ABANDONED } = PaperState;

const ALLOWED: Record<PaperAction, Record<number, readonly number[]>> = {
  handIn: { [IN_EXAM]: [AWAITING_MARK, FINISHED] },
  abandon: { [IN_EXAM]: [ABANDONED] },
  mark: { [AWAITING_MARK]: [AWAITING_MARK, FINISHED] },
  void: { [AWAITING_MARK]: [AWAITING_MARK], [FINISHED]: [FINISHED], [ABANDONED]: [ABANDONED] },
  // A corrected question re-marks a handed-in paper; its state stays.
  regrade: { [AWAITING_MARK]: [AWAITING_MARK], [FINISHED]: [FINISHED] },
};

/** Whether `action` may take a paper from state `from` to state `to`. */
export function canTransition(action: PaperAction, from: number, to: number): boolean {
  return ALLOWED[action][from]?.includes(to) ?? false;
}

/** Whether `action` applies to a paper in state `from` at all. */
export const canStart = (action: PaperAction, from: number): boolean => ALLOWED[action][from] !== undefined;

/** The state after hand-in or a marking save: pending questions keep the paper awaiting marking. */
export const stateAfterMarks = (pending: boolean): number => (pending ? AWAITING_MARK : FINISHED);

/** Throws when the transition is not allowed (a programming error: callers check the state first). */
export function assertTransition(action: PaperAction, from: number, to: number): void {
  if (!canTransition(action, from, to)) throw new Error(`paper transition refused: ${action} ${from} -> ${to}`);
}
