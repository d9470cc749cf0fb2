/** MathML to the editor's formula (LaTeX): the common presentation elements. */
import { describe, expect, it } from 'vitest';
import { mathmlInHtml, mathmlToLatex } from './mathml.js';
import { parseXmlTree } from './xml-safe.js';

const latex = (xml: string) => mathmlToLatex(parseXmlTree(`<math>${xml}</math>`, 'MathML '));

describe('MathML to LaTeX', () => {
  it.each([
    ['<mfrac><mn>1</mn><mn>2</mn></mfrac>', '\\frac{1}{2}'],
    ['<msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><msub><mi>a</mi><mn>10</mn></msub>', 'x^2+a_{10}'],
    ['<msqrt><mn>16</mn></msqrt><mo>×</mo><mroot><mi>x</mi><mn>3</mn></mroot>', '\\sqrt{16}\\times \\sqrt[3]{x}'],
    ['<mi>π</mi><msup><mi>r</mi><mn>2</mn></msup>', '\\pi r^2'],
    ['<mi>sin</mi><mo>&#x2061;</mo><mi>θ</mi><mo>≤</mo><mn>1</mn>', '\\sin \\theta \\le 1'],
    ['<mtext>speed</mtext><mo>=</mo><mfrac><mi>d</mi><mi>t</mi></mfrac>', '\\text{speed}=\\frac{d}{t}'],
    [
      '<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi>',
      '\\sum_{i=1}^ni',
    ],
    ['<mover><mi>x</mi><mo>¯</mo></mover>', '\\overline{x}'],
    ['<mfenced><mi>a</mi><mi>b</mi></mfenced>', '\\left(a,b\\right)'],
    [
      '<mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable>',
      '\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}',
    ],
    [
      '<semantics><mi>x</mi><annotation encoding="application/x-tex">x_{\\text{max}}</annotation></semantics>',
      'x_{\\text{max}}',
    ],
  ])('%s', (xml, tex) => expect(latex(xml)).toBe(tex));

  it('replaces MathML inside HTML by formula nodes; a malformed one keeps its text', () => {
    expect(mathmlInHtml('<p>Area <math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math>.</p>')).toBe(
      '<p>Area <span data-formula="\\pi r^2" class="qu-formula"></span>.</p>',
    );
    expect(mathmlInHtml('<p><m:math><m:mi>x</m:mi></m:math></p>')).toBe(
      '<p><span data-formula="x" class="qu-formula"></span></p>',
    );
    expect(mathmlInHtml('<math><mi>x</mi><mi>y</math>')).toBe(
      '<span data-formula="\\text{xy}" class="qu-formula"></span>',
    );
  });
});
