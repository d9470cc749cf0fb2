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
    const el = document.createElement('div');
    el.innerHTML = html;
    expect(el.querySelectorAll('script, img').length).toBe(0);
    expect(
      [...el.querySelectorAll('*')].flatMap((n) => n.getAttributeNames()).filter((a) => a.startsWith('on')),
    ).toEqual([]);
    expect([...el.querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContain('javascript:alert(3)');
    expect(el.textContent).toContain('<script>alert(1)</script>');
  });

  it('sanitises even if raw HTML got through: DOMPurify strips handlers', () => {
    const html = renderMarkdown('[链接](https://example.com) $\\href{javascript:alert(1)}{x}$');
    expect(html).toContain('target="_blank"');
    expect(html).not.toMatch(/href="javascript:/i);
  });
});
