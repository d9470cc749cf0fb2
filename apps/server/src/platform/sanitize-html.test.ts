import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html.js';

describe('sanitizeRichText', () => {
  it('drops scripts, event handlers, javascript: URLs, style expressions and svg', () => {
    const hostile = [
      '<p onclick="alert(1)">hi<script>alert(2)</script></p>',
      '<img src="x" onerror="alert(3)">',
      '<img src="javascript:alert(4)">',
      '<a href="javascript:alert(5)">link</a>',
      '<a href="JaVaScRiPt&colon;alert(6)">link2</a>',
      '<p style="width: expression(alert(7)); background:url(javascript:alert(8))">styled</p>',
      '<svg onload="alert(9)"><script>alert(10)</script></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<span data-blank="1" class="qu-blank" onmouseover="alert(11)">x</span>',
      '<span data-formula="x&quot; onmouseover=&quot;alert(12)" class="qu-formula"></span>',
      '<math><mi xlink:href="javascript:alert(13)">m</mi></math>',
      '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
      '<style>p{color:red}</style><object data="x"></object>',
    ].join('');
    const out = sanitizeRichText(hostile);
    const outside = out.replace(/data-formula="[^"]*"/, '');
    expect(outside).not.toMatch(
      /<script|onerror|onclick|onload|onmouseover=|javascript:|expression\(|<svg|<iframe|<style|<object|<math|data:image/i,
    );
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<a target="_blank" rel="noopener noreferrer">link</a>');
    expect(out).toContain('<span data-blank="1" class="qu-blank"></span>');
    // the quote stays inside the attribute value, escaped
    expect(out).toContain('data-formula="x&quot; onmouseover=&quot;alert(12)" class="qu-formula"');
  });

  it('keeps formatting, tables, safe images and the named nodes in their fixed form', () => {
    const html =
      '<p style="text-align: center"><strong>粗体</strong><em>斜体</em><u>下划线</u></p>' +
      '<table><tbody><tr><td colspan="2">单元格</td></tr></tbody></table>' +
      '<p><img src="/api/common/file/abc123" alt="图"><img src="https://example.com/a.png"></p>' +
      '<p>第<span class="qu-blank" data-blank="7">旧</span>空，第<span data-blank="3" class="qu-blank"></span>空，' +
      '<span class="qu-formula other" data-formula="a &lt; b">a&lt;b</span></p>';
    const out = sanitizeRichText(html);
    expect(out).toContain('<p style="text-align:center"><strong>粗体</strong><em>斜体</em><u>下划线</u></p>');
    expect(out).toContain('<td colspan="2">单元格</td>');
    expect(out).toContain('<img src="/api/common/file/abc123" alt="图" />');
    expect(out).toContain('<img src="https://example.com/a.png" />');
    expect(out).toContain(
      '第<span data-blank="1" class="qu-blank"></span>空，第<span data-blank="2" class="qu-blank"></span>空',
    );
    expect(out).toContain('<span data-formula="a &lt; b" class="qu-formula"></span>');
  });

  it('refuses images outside http(s) and the file API, and relative links keep no scheme tricks', () => {
    expect(sanitizeRichText('<img src="/etc/passwd"><img src="//evil.example/x.png">')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
  });
});
