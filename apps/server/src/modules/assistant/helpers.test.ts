import { describe, expect, it } from 'vitest';
import { jsonIn, normaliseDraft } from './helpers.service.js';
import { estimateTokens } from './llm.js';
import { answerText, explainMessages, plainText } from './prompts.js';

describe('jsonIn', () => {
  it('finds the JSON in prose or a ```json fence, and answers null for none', () => {
    expect(jsonIn('好的：\n```json\n{"score": 3}\n```')).toEqual({ score: 3 });
    expect(jsonIn('建议 {"score": 2, "reasons": "缺要点"} 以上')).toEqual({ score: 2, reasons: '缺要点' });
    expect(jsonIn('[{"type":1}]')).toEqual([{ type: 1 }]);
    expect(jsonIn('没有 JSON')).toBeNull();
    expect(jsonIn('{坏的')).toBeNull();
  });
});

describe('normaliseDraft', () => {
  it('letters options in order, keeps only the asked kinds, and drops empty stems', () => {
    const q = normaliseDraft(
      { type: 2, level: 3, content: '题', options: [{ key: 'x', content: '甲', isRight: 'true' }, { content: '乙' }] },
      [2],
    );
    expect(q).toEqual({
      type: 2,
      level: 1,
      content: '题',
      analysis: null,
      options: [
        { key: 'A', content: '甲', isRight: true },
        { key: 'B', content: '乙', isRight: false },
      ],
      answer: {},
      children: [],
    });
    expect(normaliseDraft({ type: 1, content: '题' }, [2])).toBeNull();
    expect(normaliseDraft({ type: 1, content: ' ' }, [1])).toBeNull();
    expect(normaliseDraft('x', [1])).toBeNull();
  });

  it('keeps ordering items and a composite question’s children; a short answer has no options', () => {
    const order = normaliseDraft(
      { type: 7, content: '排序', options: [{ content: '一' }, { content: '二' }], answer: { order: ['B', 'A'] } },
      [7],
    );
    expect(order?.options.map((o) => o.key)).toEqual(['A', 'B']);
    expect(order?.answer).toEqual({ order: ['B', 'A'] });
    const comp = normaliseDraft(
      {
        type: 99,
        content: '材料',
        children: [{ type: 4, content: '小题', options: [{ content: 'x' }] }, { type: 99 }],
      },
      [99],
    );
    expect(comp?.children).toHaveLength(1);
    expect(comp?.children[0]).toMatchObject({ type: 4, content: '小题', options: [] });
  });
});

describe('prompts', () => {
  it('turns rich text into plain text, keeping formulas', () => {
    expect(plainText('<p>求 <span data-latex="x^2">x²</span> 的值&nbsp;&amp;</p><p>第二行</p>')).toBe(
      '求  $x^2$  的值 &\n第二行',
    );
  });

  it('sends the question, the right answer, the learner’s answer and the analysis for 讲解', () => {
    const [, user] = explainMessages('云帆', {
      type: 1,
      content: '<p>1+1=?</p>',
      options: [
        { key: 'A', content: '2' },
        { key: 'B', content: '3' },
      ],
      rightAnswer: 'A',
      myAnswer: 'B',
      analysis: '<p>加法</p>',
    });
    expect(user.content).toContain('题目：1+1=?');
    expect(user.content).toContain('A. 2');
    expect(user.content).toContain('正确答案：A');
    expect(user.content).toContain('我的答案：B');
    expect(user.content).toContain('解析：加法');
  });

  it('writes any answer value as text', () => {
    expect(answerText(['A', 'C'])).toBe('A；C');
    expect(answerText({ text: '<p>答</p>' })).toBe('答');
    expect(answerText(null)).toBe('');
  });

  it('estimates tokens when a server reports none', () => {
    expect(estimateTokens('你好abcd')).toBe(3);
  });
});
