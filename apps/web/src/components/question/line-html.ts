/**
 * One line of question HTML for tables and lists: every tag dropped except formulas,
 * which stay as `<span data-formula>` for KaTeX, so a list shows S=πr² where it showed `S=\pi r^2`;
 * blanks become ____. The input is the server's sanitised HTML: text stays escaped as it came.
 */
const FORMULA = /<span[^>]*\bdata-formula="([^"]*)"[^>]*>[\s\S]*?<\/span>/g;
const BLANK = /<span[^>]*\bdata-blank[^>]*>[\s\S]*?<\/span>/g;

export function questionLineHtml(html: string | null | undefined): string {
  const formulas: string[] = [];
  const text = (html ?? '')
    .replace(FORMULA, (_, latex: string) => {
      formulas.push(latex);
      return `\u0000${formulas.length - 1}\u0000`;
    })
    .replace(BLANK, '____')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholders set above
  return text.replace(/\u0000(\d+)\u0000/g, (_, i: string) => `<span data-formula="${formulas[Number(i)]}"></span>`);
}

/**
 * The same line from a plain-text summary (the bank's question list: tags already dropped, each
 * formula written `$latex$`): the text escaped, each formula a `<span data-formula>` for KaTeX.
 */
export function summaryLineHtml(text: string): string {
  const escaped = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return escaped(text).replace(/\$([^$]+)\$/g, (_, latex: string) => `<span data-formula="${latex}"></span>`);
}
