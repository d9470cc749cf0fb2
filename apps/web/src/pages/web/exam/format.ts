/** Time used by an attempt: 1小时2分3秒 / 2分3秒. */
export function usedText(seconds: number): string {
  const t = Math.max(0, Math.round(seconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  return `${h ? `${h}小时` : ''}${m}分${s}秒`;
}

/** One line of text from question HTML for tables: tags dropped, formulas as their LaTeX, blanks as ____. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<span[^>]*data-formula="([^"]*)"[^>]*>[\s\S]*?<\/span>/g, ' $1 ')
    .replace(/<span[^>]*data-blank[^>]*>[\s\S]*?<\/span>/g, '____')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
