/**
 * The one fixed HTML form of the two named rich-text nodes (DESIGN 4), shared by the editor,
 * the server sanitiser, the xlsx and the docx formats:
 * - blank (填空):  `<span data-blank="N" class="qu-blank"></span>`, N = 1-based position in the content;
 * - formula (公式): `<span data-formula="LATEX" class="qu-formula"></span>`, LATEX html-escaped.
 *
 * Plain-text form used in xlsx cells and docx paragraphs (both directions):
 * - a blank is written `____` (three or more underscores); on import of a fill-blank question
 *   `（  ）`, `（）` and `()` (only spaces inside) are blanks too;
 * - a formula is written `$latex$`; a literal dollar is written `\$`;
 * - paragraphs are lines. Content with other formatting (bold, tables, images...) is written as
 *   its sanitised HTML, which the import recognises by its leading `<` and keeps as is.
 */

export const BLANK_CLASS = 'qu-blank';
export const FORMULA_CLASS = 'qu-formula';

/** Matches a blank node in sanitised HTML; group 1 is its number. */
export const BLANK_RE = /<span data-blank="(\d+)" class="qu-blank"><\/span>/g;
/** Matches a formula node in sanitised HTML; group 1 is its escaped LaTeX. */
export const FORMULA_RE = /<span data-formula="([^"]*)" class="qu-formula"><\/span>/g;

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Decodes the entities that sanitised HTML may hold. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}

/** The fixed HTML of blank number `n` (1-based). */
export const blankHtml = (n: number): string => `<span data-blank="${n}" class="${BLANK_CLASS}"></span>`;

/** The fixed HTML of a formula. */
export const formulaHtml = (latex: string): string =>
  `<span data-formula="${escapeHtml(latex)}" class="${FORMULA_CLASS}"></span>`;

/** Number of blanks in sanitised HTML. */
export function countBlanks(html: string): number {
  return (html.match(BLANK_RE) ?? []).length;
}

/** Renumbers the blanks 1..n in document order. */
export function renumberBlanks(html: string): string {
  let n = 0;
  return html.replace(BLANK_RE, () => blankHtml(++n));
}

/** True when rich text has something to show: text, an image, a formula or a blank. */
export function hasRichContent(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\s|data-formula=|data-blank=/.test(html)) return true;
  return htmlToText(html).trim().length > 0;
}

/** Plain text of rich text for lists and search (blanks as ____, formulas as $latex$). */
export function htmlToText(html: string): string {
  return unescapeHtml(
    html
      .replace(BLANK_RE, '____')
      .replace(FORMULA_RE, (_, latex) => `$${latex}$`)
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const SIMPLE_PARAGRAPH = /^<p>([^<]*)<\/p>$/;

/**
 * The plain-text form of sanitised HTML for xlsx/docx when the content is only paragraphs of
 * text, blanks and formulas; null when it holds other formatting (then the HTML is written).
 */
export function htmlToPlain(html: string, options: { blanks: boolean }): string | null {
  const marked = html
    .replace(BLANK_RE, '\uE001')
    .replace(FORMULA_RE, (_, latex) => `\uE002${unescapeHtml(latex)}\uE003`);
  const paragraphs = marked.split(/(?<=<\/p>)/).filter(Boolean);
  if (paragraphs.length === 0) return '';
  const lines: string[] = [];
  for (const p of paragraphs) {
    const m = SIMPLE_PARAGRAPH.exec(p);
    if (!m) return null;
    const text = unescapeHtml(m[1]);
    if (text !== text.trim() || text === '' || /\n/.test(text)) return null;
    if (options.blanks && /_{3,}|[（(]\s*[）)]/.test(text)) return null;
    lines.push(
      text
        .replace(/\$/g, '\\$')
        .replace(/\uE001/g, '____')
        .replace(/\uE002([^\uE003]*)\uE003/g, (_, latex) => `$${latex}$`),
    );
  }
  return lines.join('\n');
}

/**
 * Rich text from the plain-text form (or HTML kept as is when the text starts with `<`).
 * The result still goes through the server sanitiser.
 */
export function plainToHtml(text: string, options: { blanks: boolean }): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('<') && /<\/?[a-z][^>]*>/i.test(trimmed)) return trimmed;
  const lines = trimmed
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines
    .map((line) => {
      const formulas: string[] = [];
      let s = line.replace(/\\\$/g, '\uE004');
      s = s.replace(/\$([^$]+)\$/g, (_, latex) => {
        formulas.push(latex.replace(/\uE004/g, '$'));
        return `\uE002${formulas.length - 1}\uE003`;
      });
      s = escapeHtml(s.replace(/\uE004/g, '$'));
      if (options.blanks) s = s.replace(/_{3,}|（\s*）|\(\s*\)/g, '\uE001');
      s = s.replace(/\uE002(\d+)\uE003/g, (_, i) => formulaHtml(formulas[Number(i)]));
      return `<p>${s.replace(/\uE001/g, blankHtml(0))}</p>`;
    })
    .join('')
    .replace(
      BLANK_RE,
      (() => {
        let n = 0;
        return () => blankHtml(++n);
      })(),
    );
}
