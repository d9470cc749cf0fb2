/**
 * The kinds' interchange mappings, gathered: a format module calls `toInterchange`
 * on export and `fromInterchange` on import and never looks at a kind's stored shape. Composite
 * children are mapped here by their own kinds (a child may not be a composite).
 */
import type { TQuChildSave } from '@exam/contracts';
import { compositeInterchange } from '../kinds/composite/interchange.js';
import { fillBlankInterchange } from '../kinds/fill-blank/interchange.js';
import { judgeInterchange } from '../kinds/judge/interchange.js';
import { matchingInterchange } from '../kinds/matching/interchange.js';
import { multipleInterchange } from '../kinds/multiple/interchange.js';
import { orderingInterchange } from '../kinds/ordering/interchange.js';
import { shortAnswerInterchange } from '../kinds/short-answer/interchange.js';
import { singleInterchange } from '../kinds/single/interchange.js';
import { baseOf } from './kind-base.js';
import type { InterQuestion, KindInterchange, StoredQuestion } from './model.js';

const MAPPINGS: KindInterchange[] = [
  singleInterchange,
  multipleInterchange,
  judgeInterchange,
  shortAnswerInterchange,
  fillBlankInterchange,
  matchingInterchange,
  orderingInterchange,
  compositeInterchange,
];
const byType = new Map(MAPPINGS.map((m) => [m.type, m]));
const COMPOSITE = compositeInterchange.type;

/** A stored question (children included) in the neutral model. */
export function toInterchange(q: StoredQuestion): InterQuestion {
  // A type no kind knows (never stored: the save refuses it) keeps its text; the reader reports it.
  const out = byType.get(q.type)?.toInterchange(q) ?? baseOf(q);
  out.children = q.type === COMPOSITE ? (q.children ?? []).map((c) => toInterchange(c)) : [];
  return out;
}

export type SaveInput = TQuChildSave & { children: TQuChildSave[] };

/** The save input of a model question, or the reason it cannot be held (named for a child). */
export function fromInterchange(q: InterQuestion, isChild = false): { input: SaveInput } | { skip: string } {
  const m = byType.get(q.type);
  if (!m) return { skip: '不支持的题型' };
  if (isChild && q.type === COMPOSITE) return { skip: '组合题的子题不能是组合题' };
  const parts = m.fromInterchange(q);
  if ('skip' in parts) return parts;
  const children: TQuChildSave[] = [];
  for (const [i, c] of (q.type === COMPOSITE ? q.children : []).entries()) {
    const child = fromInterchange(c, true);
    if ('skip' in child) return { skip: `第${i + 1}道子题：${child.skip}` };
    children.push(child.input);
  }
  return {
    input: {
      type: q.type,
      level: (q.level === 2 ? 2 : 1) as 1 | 2,
      content: q.text,
      analysis: q.analysis,
      options: parts.options,
      answer: parts.answer as TQuChildSave['answer'],
      children,
    },
  };
}
