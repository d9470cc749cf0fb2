import { ErrorCode, TrainMode, TrainState } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { bookStep, needsSelfMark, type SelfMarkRequest, selfMarkOpen, selfMarkTarget } from './self-mark-rules.js';

const SHORT = 4;
const SINGLE = 1;
const COMPOSITE = 99;

const open = { mode: TrainMode.SEQUENTIAL, state: TrainState.OPEN, markOpenQuId: 'q' };
const short: SelfMarkRequest = { train: open, question: { id: 'q', type: SHORT, answered: true }, children: [] };
const composite: SelfMarkRequest = {
  train: open,
  question: { id: 'q', type: COMPOSITE, answered: true },
  children: [
    { id: 'c1', type: SINGLE },
    { id: 'c2', type: SHORT },
  ],
};

/** The code and message a refused self-mark throws. */
function refusal(req: SelfMarkRequest): { code: number; msg: string } {
  try {
    selfMarkTarget(req);
  } catch (e) {
    const err = e as { code: number; message: string };
    return { code: err.code, msg: err.message };
  }
  throw new Error('not refused');
}

describe('needsSelfMark', () => {
  it('holds for manual kinds and composites with a manual child, not for objective ones', () => {
    expect(needsSelfMark({ id: 'q', type: SHORT }, [])).toBe(true);
    expect(needsSelfMark({ id: 'q', type: SINGLE }, [])).toBe(false);
    expect(needsSelfMark(composite.question, composite.children)).toBe(true);
    expect(needsSelfMark(composite.question, [{ id: 'c1', type: SINGLE }])).toBe(false);
  });
});

describe('selfMarkTarget', () => {
  it('marks a short answer under its own id, and a composite under the manual child', () => {
    expect(selfMarkTarget(short)).toBe('q');
    expect(selfMarkTarget({ ...short, childId: 'q' })).toBe('q');
    expect(selfMarkTarget({ ...composite, childId: 'c2' })).toBe('c2');
  });

  it('refuses an objective question or child with a bad-parameter message', () => {
    const objective = { ...short, question: { id: 'q', type: SINGLE, answered: true } };
    expect(refusal(objective)).toEqual({ code: ErrorCode.BAD_PARAMS, msg: '该题由系统自动判分，不需要自评' });
    expect(refusal({ ...composite, childId: 'c1' })).toEqual({
      code: ErrorCode.BAD_PARAMS,
      msg: '该小题由系统自动判分，不需要自评',
    });
    expect(refusal({ ...composite, childId: null }).msg).toBe('组合题请选择要自评的小题');
    expect(refusal({ ...composite, childId: 'other' }).msg).toBe('该小题不属于这道组合题');
    expect(refusal({ ...short, childId: 'c2' }).msg).toBe('该题不是组合题，没有小题');
  });

  it('refuses before the answer, after moving on, and outside marking-at-once modes', () => {
    expect(refusal({ ...short, question: { ...short.question, answered: false } })).toEqual({
      code: ErrorCode.CONFLICT,
      msg: '请先提交答案，再对照参考答案自评',
    });
    expect(refusal({ ...short, train: { ...open, markOpenQuId: 'other' } }).msg).toBe(
      '已进入下一题，不能再修改这道题的自评',
    );
    expect(refusal({ ...short, train: { ...open, markOpenQuId: null } }).code).toBe(ErrorCode.CONFLICT);
    expect(refusal({ ...short, train: { ...open, state: TrainState.FINISHED } }).msg).toBe('训练已结束，不能再自评');
    expect(refusal({ ...short, train: { ...open, mode: TrainMode.MOCK } }).msg).toBe(
      '模拟考试交卷后统一判分，不能自评',
    );
    expect(refusal({ ...short, train: { ...open, mode: TrainMode.RECITE } }).msg).toBe('背题模式不需要自评');
  });

  it('accepts every mode that marks at once, spaced review included', () => {
    for (const mode of [TrainMode.SEQUENTIAL, TrainMode.RANDOM, TrainMode.BY_TYPE, TrainMode.WRONG, TrainMode.REVIEW])
      expect(selfMarkTarget({ ...short, train: { ...open, mode } })).toBe('q');
  });
});

describe('selfMarkOpen', () => {
  it('is true exactly when a mark would be accepted', () => {
    expect(selfMarkOpen(short)).toBe(true);
    expect(selfMarkOpen(composite)).toBe(true);
    expect(selfMarkOpen({ ...short, train: { ...open, markOpenQuId: 'other' } })).toBe(false);
    expect(selfMarkOpen({ ...short, question: { ...short.question, answered: false } })).toBe(false);
    expect(selfMarkOpen({ ...short, question: { id: 'q', type: SINGLE, answered: true } })).toBe(false);
    expect(selfMarkOpen({ ...short, train: { ...open, mode: TrainMode.MOCK } })).toBe(false);
    expect(selfMarkOpen({ ...short, train: { ...open, state: TrainState.FINISHED } })).toBe(false);
  });
});

describe('bookStep', () => {
  it('applies the first verdict, redoes a changed one and leaves the same one alone', () => {
    expect(bookStep(null, false)).toBe('apply');
    expect(bookStep(null, true)).toBe('apply');
    expect(bookStep(false, false)).toBe('none');
    expect(bookStep(null, null)).toBe('none');
    expect(bookStep(false, true)).toBe('redo');
    expect(bookStep(true, false)).toBe('redo');
    expect(bookStep(true, null)).toBe('undo');
  });
});
