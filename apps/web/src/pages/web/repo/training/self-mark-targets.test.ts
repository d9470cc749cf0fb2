import type { TQuView, TTrainFeedback, TTrainQu } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { selfMarkTargets } from './SelfMarkPanel';

const view = (id: string, type: number, children: TQuView[] = []) => ({ id, type, children }) as unknown as TQuView;
const qu = (question: TQuView) => ({ question }) as TTrainQu;
const feedback = (isRight: boolean | null, childRight: Record<string, boolean | null> = {}) =>
  ({ isRight, score: 0, childRight, question: null, selfMarkOpen: true }) as TTrainFeedback;

describe('selfMarkTargets', () => {
  it('a short answer is marked as itself, with its verdict', () => {
    expect(selfMarkTargets(qu(view('q', 4)), feedback(false))).toEqual([
      { childId: null, label: null, verdict: false },
    ]);
  });

  it('a composite is marked per manual child, numbered by its place; objective children are left out', () => {
    const q = view('q', 99, [view('c1', 1), view('c2', 4), view('c3', 4)]);
    expect(selfMarkTargets(qu(q), feedback(null, { c1: true, c2: true, c3: null }))).toEqual([
      { childId: 'c2', label: '第（2）小题', verdict: true },
      { childId: 'c3', label: '第（3）小题', verdict: null },
    ]);
  });

  it('an objective question has nothing to mark', () => {
    expect(selfMarkTargets(qu(view('q', 1)), feedback(true))).toEqual([]);
  });
});
