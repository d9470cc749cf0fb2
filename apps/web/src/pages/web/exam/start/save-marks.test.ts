import { describe, expect, it } from 'vitest';
import { applyOutcome, clearMark, saveMark } from './save-marks';

describe('answer card save marks', () => {
  const none = new Set<string>();
  it('is saved only when nothing is pending, failed or in conflict', () => {
    expect(saveMark(['q1'], none, {})).toBe('saved');
    expect(saveMark(['q1'], new Set(['q1']), {})).toBe('pending');
  });
  it('marks each refusal kind as not saved', () => {
    let marks = applyOutcome({}, 'q1', { kind: 'failed', error: new Error('x') });
    expect(saveMark(['q1'], none, marks)).toBe('failed');
    marks = applyOutcome(marks, 'q2', { kind: 'conflict', answer: 'B', flagged: false });
    expect(saveMark(['q2'], none, marks)).toBe('conflict');
    // paused (other window): the entry stays in the journal, so the question stays pending
    expect(saveMark(['q3'], new Set(['q3']), marks)).toBe('pending');
    expect(saveMark(['q1'], none, applyOutcome(marks, 'q1', { kind: 'saved' }))).toBe('saved');
  });
  it('a window taken over shows nothing as saved', () => {
    expect(saveMark(['q1'], none, {}, true)).toBe('stale');
    expect(saveMark(['q1'], new Set(['q1']), {}, true)).toBe('pending');
  });
  it('a composite shows the worst of its children', () => {
    const marks = applyOutcome({}, 'c2', { kind: 'conflict', answer: null, flagged: null });
    expect(saveMark(['c1', 'c2'], new Set(['c1']), marks)).toBe('conflict');
    expect(saveMark(['c1', 'c3'], new Set(['c1']), marks)).toBe('pending');
  });
  it('a new change clears the old outcome', () => {
    const marks = applyOutcome({}, 'q1', { kind: 'failed', error: null });
    expect(clearMark(marks, 'q1')).toEqual({});
    expect(clearMark(marks, 'q2')).toBe(marks);
  });
});
