import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders Markdown and KaTeX formulas', () => {
    const html = renderMarkdown('**勾股定理**：$a^2+b^2=c^2$\n\n$$\\frac{1}{2}$$\n\n- 一\n- 二');
    expect(html).toContain('<strong>勾股定理</strong>');
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
    expect(html).toContain('<li>一</li>');
  });

  it('keeps no script, handler or javascript: link a model might answer', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><img src=x onerror="alert(2)"> [点我](javascript:alert(3)) <a href="x" onclick="y">z</a>',
    );
    expect(html).not.toMatch(/<script|<img|onerror|onclick|javascript:/i);
    expect(html).toContain('&lt;script&gt;');
  });
});
