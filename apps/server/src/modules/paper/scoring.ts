/**
 * Automatic marking, shared by exams and training: each kind marks its own questions
 * (repo/kinds/<kind>/, with its partial-credit policy from the exam); a composite is the sum of its
 * children; short answer is manual, with a score suggested from its keywords.
 * Answers come from the client and are treated as untrusted: a wrong shape scores 0.
 */

import { kindSettingsOf, splitCompositeScore } from '@exam/contracts';
import { findKind } from '../repo/kinds/registry.js';
import { round2 } from '../repo/kinds/shared.js';
import { type MarkOutcome, type MarkPolicy, NO_PARTIAL_CREDIT, type QuestionKey } from '../repo/kinds/types.js';

export { scoreSingle } from '../repo/kinds/choice.js';
export { countRightBlanks, normaliseBlank, scoreFillBlank } from '../repo/kinds/fill-blank/index.js';
export { scoreMatching } from '../repo/kinds/matching/index.js';
export { scoreMultiple } from '../repo/kinds/multiple/index.js';
export { scoreOrdering } from '../repo/kinds/ordering/index.js';
export { isObjective } from '../repo/kinds/registry.js';
export { round2 } from '../repo/kinds/shared.js';
export { suggestShortAnswer } from '../repo/kinds/short-answer/index.js';
export type {
  MarkOutcome,
  MarkPolicy,
  MultiPolicyValue,
  OrderPolicyValue,
  QuestionKey,
} from '../repo/kinds/types.js';
export { NO_PARTIAL_CREDIT } from '../repo/kinds/types.js';

/** An exam's kind settings (el_exam.kind_settings) as the marking policy, defaults filled in. */
export const policyOf = (exam: { kindSettings?: unknown } | undefined): MarkPolicy =>
  kindSettingsOf(exam?.kindSettings);

/** Marks one non-composite question by its kind (kinds/<kind>/), with the exam's kind settings. */
export function markQuestion(q: QuestionKey, answer: unknown, policy: MarkPolicy = NO_PARTIAL_CREDIT): MarkOutcome {
  const kind = findKind(q.type);
  return kind ? kind.mark(q, answer, policy) : { score: 0, isRight: false, pending: false };
}

/** Composite: the sum of its children; right when every child is; pending while one is. */
export function markComposite(children: MarkOutcome[]): MarkOutcome {
  const pending = children.some((c) => c.pending);
  return {
    score: round2(children.reduce((s, c) => s + c.score, 0)),
    isRight: pending ? null : children.length > 0 && children.every((c) => c.isRight === true),
    pending,
  };
}

/** Splits a composite question's score over its children (contracts' one rule: whole or half points, the rest on the last). */
export const splitScore = (total: number, parts: number): number[] => splitCompositeScore(total, parts);

/** Total = objective + subjective; passed when total >= pass score. */
export function totalOf(objScore: number, subjScore: number, passScore: number): { total: number; passed: boolean } {
  const total = round2(objScore + subjScore);
  return { total, passed: total >= passScore };
}
