/**
 * The marking policy of an exam: its question kinds' settings (el_exam.kind_settings), read in the
 * caller's transaction through the exam port (exam-port.ts). The one read of them for hand-in, manual marking, regrading and the book's
 * redo (it was the same select of two policy columns in four files).
 */
import type { Executor } from '../../platform/db.js';
import type { MarkPolicy } from '../paper/scoring.js';
import { policyOf } from '../paper/scoring.js';
import { examsForSitting } from './exam-port.js';

export async function examMarkPolicy(tx: Executor, examId: string | null | undefined): Promise<MarkPolicy> {
  return policyOf(examId ? await examsForSitting().kindSettings(tx, examId) : undefined);
}
