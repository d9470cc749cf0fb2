import { describe, expect, it } from 'vitest';
import { answerCap, MIN_ANSWER_TOKENS, promptTokenCeiling } from './usage.js';

describe('the answer cap of a call', () => {
  it('counts the prompt generously: a token a character and a few per message', () => {
    expect(
      promptTokenCeiling([
        { role: 'system', content: '你是学习助教' },
        { role: 'user', content: 'hello' },
      ]),
    ).toBe(6 + 8 + 5 + 8);
  });

  it('caps the answer at the budget left after the prompt, and refuses when too little is left', () => {
    expect(answerCap(0, 5000, 100)).toBeNull();
    expect(answerCap(1000, 0, 100)).toBe(900);
    expect(answerCap(1000, 600, 100)).toBe(300);
    expect(answerCap(1000, 1000 - 100 - MIN_ANSWER_TOKENS, 100)).toBe(MIN_ANSWER_TOKENS);
    expect(answerCap(1000, 1000 - 100 - MIN_ANSWER_TOKENS + 1, 100)).toBe(0);
    expect(answerCap(50, 0, 184)).toBe(0);
  });
});
