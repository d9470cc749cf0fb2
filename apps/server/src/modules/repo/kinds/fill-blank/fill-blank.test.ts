/** 填空题 marking: a numeric blank takes a number within ± its tolerance; a text blank compares text. */
import { describe, expect, it } from 'vitest';
import { checkQuestion, normaliseQuestion } from '../../qu-rules.js';
import { countRightBlanks, numberOf, scoreFillBlank } from './index.js';

describe('numeric blanks', () => {
  const key = { blanks: [{ answers: ['3'], tolerance: 2 }] };

  it('are right within the tolerance, edges included, and wrong outside it', () => {
    for (const given of ['3', '1', '5', '4.99', '3.0', '+2', ' 4 ', '５', '1e0'])
      expect(countRightBlanks(key, [given]), given).toBe(1);
    for (const given of ['0.99', '5.01', '-3', 'three', '', '3 4', '1..5'])
      expect(countRightBlanks(key, [given]), given).toBe(0);
    expect(scoreFillBlank(key, ['2'], 10)).toBe(10);
  });

  it('with tolerance 0 take the same number written otherwise (1822.0), unlike a text blank', () => {
    expect(countRightBlanks({ blanks: [{ answers: ['1822'], tolerance: 0 }] }, ['1822.0'])).toBe(1);
    expect(countRightBlanks({ blanks: [{ answers: ['1822'] }] }, ['1822.0'])).toBe(0);
  });

  it('mix with text blanks, in order or not', () => {
    const two = { blanks: [{ answers: ['北京'] }, { answers: ['0.5'], tolerance: 0.01 }], orderMatters: false };
    expect(countRightBlanks(two, ['0.505', '北京'])).toBe(2);
    expect(countRightBlanks({ ...two, orderMatters: true }, ['0.505', '北京'])).toBe(0);
  });

  it('reads written numbers only', () => {
    expect(numberOf('３.５')).toBe(3.5);
    expect(numberOf('-.5')).toBe(-0.5);
    expect(numberOf('1,000')).toBeNull();
  });

  it('are refused by the rules when an answer is no number', () => {
    const q = normaliseQuestion({
      type: 5,
      level: 1,
      content: '<p>数：<span data-blank="1" class="qu-blank"></span></p>',
      options: [],
      answer: { blanks: [{ answers: ['三'], tolerance: 1 }] },
      analysis: null,
      children: [],
    });
    expect(checkQuestion(q).map((i) => i.message)).toEqual(['第1个空是数值答案（误差±1），答案必须是数字']);
  });
});
