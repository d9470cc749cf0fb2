import { describe, expect, it } from 'vitest';
import { questionLineHtml } from '../../../../../components/question/line-html';
import { pickedItem } from './picked-item';

describe('a question picked for a fixed paper', () => {
  it('keeps its formula for KaTeX instead of the raw $latex$ of the list summary', () => {
    const item = pickedItem({ id: 'q1', type: 1, level: 1, summary: '质能方程 $E=mc^2$ 中 c<光速>' });
    expect(item.content).toBe('质能方程 <span data-formula="E=mc^2"></span> 中 c&lt;光速&gt;');
    // What the section table renders (QuestionLine html=…) keeps the formula span, no dollar signs.
    expect(questionLineHtml(item.content)).toContain('<span data-formula="E=mc^2"></span>');
    expect(questionLineHtml(item.content)).not.toContain('$');
  });
});
