import { describe, expect, it } from 'vitest';
import { latexText } from './latex-text.js';
import { plainText } from './print-text.js';

describe('LaTeX as printed text', () => {
  it.each([
    ['S=\\pi r^2', 'S=πr²'],
    ['\\frac{a}{b}', 'a/b'],
    ['\\frac{1}{x+1}', '1/(x+1)'],
    ['\\sqrt{2}', '√2'],
    ['\\sqrt{x+y}', '√(x+y)'],
    ['\\sqrt[3]{8}', '³√8'],
    ['x^{10} + a_1', 'x^(10)+a1'],
    ['a \\times b \\div c \\leq d', 'a×b÷c≤d'],
    ['90^\\circ', '90°'],
    ['\\left( x \\right)', '(x)'],
    ['\\text{面积}=\\alpha\\beta', '面积=αβ'],
  ])('%s → %s', (latex, text) => {
    expect(latexText(latex)).toBe(text);
  });

  it('keeps a formula in the printed text of a question instead of dropping it', () => {
    expect(
      plainText('<p>圆的面积公式为 <span data-formula="S=\\pi r^2" class="qu-formula"></span>，r 为半径</p>'),
    ).toBe('圆的面积公式为 S=πr²，r 为半径');
    expect(plainText('<p><span data-formula="a &lt; b &amp;&amp; c"></span></p>')).toBe('a<b c');
  });
});
