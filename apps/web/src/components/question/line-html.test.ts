import { describe, expect, it } from 'vitest';
import { questionLineHtml, summaryLineHtml } from './line-html';

describe('one line of question text', () => {
  it('keeps formulas for KaTeX instead of showing their LaTeX, drops other tags', () => {
    const html =
      '<p>圆的面积公式为 <span data-formula="S=\\pi r^2" class="qu-formula">S=\\pi r^2</span>，填 <span data-blank="1"></span></p><p><img src="/a.png"></p>';
    const line = questionLineHtml(html);
    expect(line).toBe('圆的面积公式为 <span data-formula="S=\\pi r^2"></span>，填 ____');
    expect(line).not.toContain('<p>');
    expect(line).not.toContain('<img');
  });
  it('keeps escaped text escaped', () => {
    expect(questionLineHtml('<p>a &lt;b&gt; c</p>')).toBe('a &lt;b&gt; c');
    expect(questionLineHtml(null)).toBe('');
  });
});

describe('summaryLineHtml', () => {
  it('turns $latex$ into a formula span and escapes the rest', () => {
    expect(summaryLineHtml('圆的面积公式为 $S=\\pi r^2$，a<b')).toBe(
      '圆的面积公式为 <span data-formula="S=\\pi r^2"></span>，a&lt;b',
    );
  });
});
