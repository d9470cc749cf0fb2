/**
 * The server-side sanitiser of user rich text (DESIGN 4). Keeps common formatting, tables,
 * links (http, https, mailto), images (http(s) or files served by /api/common/file/) and the two
 * named nodes in their fixed form (packages/contracts/src/repo/rich-text.ts); strips scripts,
 * event handlers, javascript: URLs, style expressions, svg and everything else.
 */
import { BLANK_CLASS, blankHtml, FORMULA_CLASS, formulaHtml, renumberBlanks, unescapeHtml } from '@exam/contracts';
import sanitizeHtml from 'sanitize-html';

const SAFE_IMG_SRC = /^(https?:\/\/[^\s"'<>]+|\/api\/common\/file\/[A-Za-z0-9_./-]+)$/;

const ALIGN = [/^(left|right|center|justify)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'mark',
  ],
  allowedAttributes: {
    span: ['data-blank', 'data-formula', 'class'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': ALIGN },
    img: { width: [/^\d{1,4}(px|%)$/] },
  },
  allowedClasses: { span: [BLANK_CLASS, FORMULA_CLASS] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'object'],
  transformTags: {
    span: (tagName, attribs): { tagName: string; attribs: sanitizeHtml.Attributes } => {
      if (attribs['data-blank'] !== undefined) return { tagName, attribs: { 'data-blank': '0', class: BLANK_CLASS } };
      if (attribs['data-formula'] !== undefined)
        return { tagName, attribs: { 'data-formula': attribs['data-formula'], class: FORMULA_CLASS } };
      return { tagName, attribs: {} };
    },
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMG_SRC.test(frame.attribs.src ?? ''),
};

/** Collapses the inner text of the named nodes so each has exactly its fixed form. */
function fixNamedNodes(html: string): string {
  return html
    .replace(/<span data-blank="0" class="qu-blank">[\s\S]*?<\/span>/g, blankHtml(0))
    .replace(/<span data-formula="([^"]*)" class="qu-formula">[\s\S]*?<\/span>/g, (_, latex) =>
      formulaHtml(unescapeHtml(latex)),
    );
}

/** Sanitises user rich text; blanks are renumbered 1..n in document order. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const clean = sanitizeHtml(html, OPTIONS);
  return renumberBlanks(fixNamedNodes(clean))
    .replace(/<span>([^<]*)<\/span>/g, '$1')
    .trim();
}
