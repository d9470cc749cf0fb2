import { PaperState } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { assertTransition, canStart, canTransition, type PaperAction, stateAfterMarks } from './transitions.js';

const { IN_EXAM: S0, AWAITING_MARK: S1, FINISHED: S2, ABANDONED: S3 } = PaperState;
const states = [S0, S1, S2, S3];
const actions: PaperAction[] = ['handIn', 'abandon', 'mark', 'void'];

describe('paper lifecycle transitions', () => {
  it('allows exactly the transitions of the lifecycle', () => {
    const allowed = actions.flatMap((a) =>
      states.flatMap((from) => states.filter((to) => canTransition(a, from, to)).map((to) => `${a} ${from}->${to}`)),
    );
    expect(allowed.sort()).toEqual(
      [
        'abandon 0->3',
        'handIn 0->1',
        'handIn 0->2',
        'mark 1->1',
        'mark 1->2',
        'void 1->1',
        'void 2->2',
        'void 3->3',
      ].sort(),
    );
  });

  it('refuses re-marking a finished paper, voiding one in exam and any return to 0', () => {
    expect(canStart('mark', S2)).toBe(false);
    expect(canStart('void', S0)).toBe(false);
    expect(canStart('handIn', S1)).toBe(false);
    expect(canStart('abandon', S2)).toBe(false);
    for (const a of actions) for (const from of states) expect(canTransition(a, from, S0)).toBe(false);
    expect(() => assertTransition('handIn', S2, S2)).toThrow('paper transition refused: handIn 2 -> 2');
    expect(() => assertTransition('mark', S1, S2)).not.toThrow();
  });

  it('keeps a paper with pending questions awaiting marking', () => {
    expect(stateAfterMarks(true)).toBe(S1);
    expect(stateAfterMarks(false)).toBe(S2);
  });
});
