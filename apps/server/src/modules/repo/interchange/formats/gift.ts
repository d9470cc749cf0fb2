/**
 * GIFT, as Moodle documents it (docs.moodle.org/en/GIFT_format): questions separated by blank
 * lines, `//` comments, `$CATEGORY:` markers, `::title::`, `[html]`/`[markdown]`/`[plain]`/
 * `[moodle]` formats, answers in `{…}`: `=`right `~`wrong, `%50%` weights, `#`feedback, `####`
 * general feedback, `->` matching, `{T}`/`{TRUE}`/`{F}`/`{FALSE}`, numeric `{#3.14:0.01}`,
 * `{#1..5}`, essay `{}`, text after the block (missing word), escapes `\~ \= \# \{ \} \:`.
 *
 * Mapping: one `=` among `~` → 单选题; weights → 多选题 (right = positive weight); only `=` →
 * 填空题 (the block is the blank); T/F → 判断题; `->` → 匹配题; numeric (`{#3:2}`, `{#1..5}`) → a
 * numeric 填空题 keeping its tolerance; `{}` → 简答题 without a reference. What GIFT cannot say
 * (composite, ordering, several blanks) is written as a description with a `// 未导出` comment,
 * which the reader reports as skipped with that reason.
 */
import { blankHtml, escapeHtml } from '@exam/contracts';
import { formatsOf, type GiftSyntax, UNKNOWN_KIND } from '../kinds/index.js';
import { type InterOption, type InterQuestion, interQuestion, type ReadResult, type Skip } from '../model.js';
import { analysisWith, numericBlank, typeName } from './text-common.js';

const ESC: Record<string, string> = {
  '~': '\uE010',
  '=': '\uE011',
  '#': '\uE012',
  '{': '\uE013',
  '}': '\uE014',
  ':': '\uE015',
  '\\': '\uE016',
};
const UNESC = Object.fromEntries(Object.entries(ESC).map(([k, v]) => [v, k]));
export const hide = (s: string) => s.replace(/\\([~=#{}:\\])/g, (_, c: string) => ESC[c]).replace(/\\n/g, '\n');
export const show = (s: string) => s.replace(/[\uE010-\uE016]/g, (c) => UNESC[c]);
const NOT_EXPORTED = '// 未导出：';

interface Token {
  right: boolean;
  weight: number | null;
  text: string;
  feedback: string;
}

/** `=a#fb ~%50%b` into tokens (escapes hidden). */
export function tokens(body: string): Token[] {
  const out: Token[] = [];
  for (const m of body.matchAll(/([=~])([^=~]*)/g)) {
    let rest = m[2];
    let weight: number | null = null;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (w) {
      weight = Number(w[1]);
      rest = rest.slice(w[0].length);
    }
    const [text, ...fb] = rest.split('#');
    out.push({ right: m[1] === '=', weight, text: text.trim(), feedback: fb.join('#').trim() });
  }
  return out;
}

interface Block {
  line: number;
  text: string;
  /** A `// 未导出：reason` comment just before it. */
  note: string | null;
  /** Moodle's tag comments before it (`// [tag:安全/消防]`): our knowledge points. */
  tags: string[];
}

const TAG_COMMENT = /\[tag:([^\]]+)\]/g;

/** Blocks of non-blank lines, comments removed (their line numbers kept). */
function blocksOf(source: string): Block[] {
  const blocks: Block[] = [];
  let cur: Block | null = null;
  let note: string | null = null;
  let tags: string[] = [];
  source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line.startsWith('//')) {
        if (line.startsWith(NOT_EXPORTED)) note = line.slice(NOT_EXPORTED.length).trim();
        for (const m of line.matchAll(TAG_COMMENT)) tags.push(m[1].trim());
        return;
      }
      if (!line) {
        cur = null;
        return;
      }
      if (!cur) {
        cur = { line: i + 1, text: raw, note, tags };
        note = null;
        tags = [];
        blocks.push(cur);
      } else cur.text += `\n${raw}`;
    });
  return blocks;
}

/** Reads a GIFT file into the interchange model. */
export function readGift(source: string): ReadResult {
  const result: ReadResult = { entries: [], skipped: [] };
  let category: string | undefined;
  for (const block of blocksOf(source)) {
    let s = hide(block.text).trim();
    const place = `第${block.line}行`;
    const cat = /^\$CATEGORY:\s*(.*)$/s.exec(s);
    if (cat) {
      // A category marker names where the next questions go; it is no question, skipped or not.
      category = show(cat[1]).trim();
      continue;
    }
    let name: string | undefined;
    const title = /^::(.*?)::/s.exec(s);
    if (title) {
      name = show(title[1]).trim();
      s = s.slice(title[0].length).trim();
    }
    const named = name ? `${place}（${name}）` : place;
    const fmt = /^\[(html|markdown|plain|moodle)\]/i.exec(s);
    const isHtml = fmt?.[1].toLowerCase() === 'html';
    if (fmt) s = s.slice(fmt[0].length);
    const open = s.indexOf('{');
    const close = open < 0 ? -1 : s.indexOf('}', open);
    if (open < 0) {
      result.skipped.push({ place: named, reason: block.note ?? '描述（没有答案的文字），不是试题' });
      continue;
    }
    if (close < 0) {
      result.skipped.push({ place: named, reason: '答案缺少右花括号“}”' });
      continue;
    }
    const read = readQuestion(
      s.slice(0, open).trimStart(),
      s.slice(open + 1, close),
      s.slice(close + 1).trimEnd(),
      isHtml,
    );
    if ('reason' in read) {
      result.skipped.push({ place: named, reason: read.reason });
      continue;
    }
    const q = read.q;
    q.name = name;
    q.category = category;
    q.tags = [...new Set(block.tags.filter(Boolean))];
    result.entries.push({ place: named, question: q });
  }
  return result;
}

function readQuestion(
  before: string,
  rawBody: string,
  after: string,
  isHtml: boolean,
): { q: InterQuestion } | { reason: string } {
  const html = (t: string) => (isHtml ? show(t).trim() : `<p>${escapeHtml(show(t).trim())}</p>`);
  const html1 = (t: string) => (t.trim() ? html(t) : '');
  const stem = (mark: string) => {
    const all = `${before}${mark}${after}`.trim();
    if (isHtml) return show(all).replace('\uE001', blankHtml(1));
    return show(all)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => `<p>${escapeHtml(l).replace('\uE001', blankHtml(1))}</p>`)
      .join('');
  };
  const [body, ...generalParts] = rawBody.split('####');
  const general = generalParts.length ? html1(generalParts.join('####')) || null : null;
  const b = body.trim();
  const missingWord = after.trim() !== '';
  if (b === '') {
    const q = interQuestion(4, stem(''));
    q.analysis = general;
    return { q };
  }
  const tf = /^(TRUE|T|FALSE|F)\s*(?:#([^#]*))?(?:#(.*))?$/s.exec(b);
  if (tf) {
    const value = tf[1].startsWith('T');
    const q = interQuestion(3, stem(missingWord ? '（  ）' : ''));
    q.options = [
      { text: '<p>正确</p>', right: value },
      { text: '<p>错误</p>', right: !value },
    ];
    const fbs = [tf[2], tf[3]].filter((f) => f?.trim()).map((f) => html(f as string));
    q.analysis = [general ?? '', ...fbs].join('') || null;
    return { q };
  }
  if (b.startsWith('#')) return readNumeric(b.slice(1), stem, general);
  const toks = tokens(b);
  if (toks.length === 0) return { reason: '答案无法识别' };
  if (toks.some((t) => t.right && t.text.includes('->'))) {
    const q = interQuestion(6, stem(''));
    for (const t of toks) {
      const [left, right] = t.text.split('->').map((x) => x.trim());
      if (right === undefined) return { reason: `匹配项“${show(t.text)}”缺少“->”` };
      const r = html1(right);
      if (left) q.pairs.push({ left: html(left), right: r });
      if (!q.rights.includes(r)) q.rights.push(r);
    }
    q.analysis = general;
    return { q };
  }
  if (toks.every((t) => t.right)) {
    const q = interQuestion(5, stem('\uE001'));
    q.blanks = [{ answers: toks.filter((t) => t.weight === null || t.weight >= 100).map((t) => show(t.text).trim()) }];
    q.analysis = analysisWith(general, { options: toks.map(asOption(html1)) }, false);
    return { q };
  }
  const options = toks.map(asOption(html1));
  const weighted = toks.some((t) => !t.right && (t.weight ?? 0) > 0);
  const single = !weighted && toks.filter((t) => t.right).length === 1;
  const q = interQuestion(single ? 1 : 2, stem(missingWord ? '（  ）' : ''));
  q.options = options;
  q.analysis = analysisWith(general, q);
  return { q };
}

const asOption =
  (html1: (t: string) => string) =>
  (t: Token): InterOption => {
    const weight = t.weight ?? (t.right ? 100 : 0);
    return { text: html1(t.text), right: weight > 0, weight: weight / 100, feedback: html1(t.feedback) || undefined };
  };

function readNumeric(
  body: string,
  stem: (mark: string) => string,
  general: string | null,
): { q: InterQuestion } | { reason: string } {
  const parts = /[=~]/.test(body) ? tokens(body).filter((t) => t.right && (t.weight ?? 100) >= 100) : null;
  const blank = numericBlank((parts ? parts.map((t) => t.text) : [body.split('#')[0]]).map((t) => show(t)));
  if ('reason' in blank) return blank;
  const q = interQuestion(5, stem('\uE001'));
  q.blanks = [blank];
  q.analysis = general;
  return { q };
}

// ---- writing ----

const esc = (s: string) => s.replace(/[~=#{}:\\]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
const weightOf = (n: number) => `%${Number((100 / n).toFixed(5))}%`;

const SYNTAX: GiftSyntax = { esc, weightOf };

/** Writes questions as GIFT; what GIFT cannot hold is written as a description and listed. */
export function writeGift(questions: InterQuestion[]): { text: string; skipped: Skip[] } {
  const skipped: Skip[] = [];
  const out: string[] = ['// 试题导出（GIFT 格式）', ''];
  questions.forEach((q, i) => {
    const title = `::Q${i + 1}::[html]`;
    const kind = formatsOf(q.type);
    const reason = kind ? kind.gift.cannot(q) : UNKNOWN_KIND;
    const general = q.analysis ? `####${esc(q.analysis)}` : '';
    if (!kind || reason) {
      const why = reason ?? UNKNOWN_KIND;
      skipped.push({ place: `第${i + 1}题（${typeName[q.type] ?? q.type}）`, reason: why });
      out.push(`${NOT_EXPORTED}${why}`, `${title}${esc(q.text)}`, '');
      return;
    }
    // Moodle's GIFT tag comment; a tag's "]" cannot be written in it (titles never hold one)
    if (q.tags.length) out.push(`// ${q.tags.map((t) => `[tag:${t.replace(/\]/g, '')}]`).join(' ')}`);
    const answer = `{${kind.gift.block(q, SYNTAX)}${general}}`;
    const text = esc(q.text);
    const at = text.indexOf(esc(blankHtml(1)));
    out.push(
      kind.gift.atBlank && at >= 0
        ? `${title}${text.slice(0, at)}${answer}${text.slice(at + esc(blankHtml(1)).length)}`
        : `${title}${text}${answer}`,
      '',
    );
  });
  return { text: out.join('\n'), skipped };
}
