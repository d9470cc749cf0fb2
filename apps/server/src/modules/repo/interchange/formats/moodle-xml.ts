/**
 * Moodle XML (docs.moodle.org/en/Moodle_XML_format): categories, multichoice (single and multiple;
 * right = positive fraction), truefalse, shortanswer (→ 填空题, accepted answers = full credit,
 * usecase → case sensitive), essay (→ 简答题, graderinfo as the reference, none → 无参考答案; our
 * scoring keywords are a list after the reference), cloze as our composite writes it (stem, then a
 * `qu-child` block per child with its choice or blank parts),
 * matching (empty subquestions are distractors), numerical (→ a numeric 填空题 keeping its
 * tolerance), cloze (→ 填空题 when every part is a short/numeric answer, else 组合题 whose parts
 * become children), ordering (→ 排序题), description (skipped, reported), embedded images
 * (`@@PLUGINFILE@@/name`, base64 `<file>`), general feedback → analysis, option feedback kept in it.
 * What the format cannot say is written as a description named `未导出：reason`.
 */
import { blankHtml, escapeHtml, unescapeHtml } from '@exam/contracts';
import { XMLBuilder } from 'fast-xml-parser';
import { formatsOf, type MoodleSyntax, UNKNOWN_KIND } from '../kinds/index.js';
import {
  type InterBlank,
  type InterImage,
  type InterOption,
  type InterQuestion,
  interQuestion,
  type ReadResult,
  type Skip,
} from '../model.js';
import { hide, show } from './gift.js';
import { mathmlInHtml } from './mathml.js';
import {
  analysisWith,
  IMAGE_MIME,
  NOT_EXPORTED,
  numericBlank,
  splitKeywords,
  textHtml,
  trueFalseValue,
  typeName,
} from './text-common.js';
import { attr, child, children, parseXml, textOf } from './xml-safe.js';

/** The HTML of a Moodle text field (`<questiontext format=…><text>…</text><file…/>`), its files collected. */
function richOf(field: unknown, images: InterImage[]): string {
  if (!field) return '';
  for (const f of children(field, 'file')) {
    const name = attr(f, 'name');
    const ext = name.split('.').pop()?.toLowerCase() ?? '';
    if (attr(f, 'encoding') === 'base64' && IMAGE_MIME[ext])
      images.push({ name, mime: IMAGE_MIME[ext], data: Buffer.from(textOf(f).replace(/\s+/g, ''), 'base64') });
  }
  const text = textOf(child(field, 'text')).trim();
  const format = attr(field, 'format') || 'html';
  // MathML in the HTML is kept as the editor's formula (LaTeX), never dropped by the sanitiser.
  return format === 'html' ? mathmlInHtml(text) : textHtml(text);
}

const fractionOf = (a: unknown) => Number(attr(a, 'fraction') || '0');
const flag = (v: unknown) => ['1', 'true'].includes(textOf(v).trim().toLowerCase());

/** A blank where the text has underscores, else at its end. */
function withBlanks(html: string, n = 1): string {
  let i = 0;
  const out = html.replace(/_{3,}/g, (m) => (i < n ? blankHtml(++i) : m));
  if (i > 0) return out;
  return `${html}<p>${blankHtml(1)}</p>`;
}

/** Reads a Moodle XML file into the interchange model (badParams for a malformed file). */
export function readMoodleXml(xml: string): ReadResult {
  const doc = parseXml(xml, ['question', 'answer', 'subquestion', 'file', 'tag'], 'Moodle XML 文件');
  const quiz = child(doc, 'quiz');
  if (!quiz) throw badFormat('没有 <quiz> 根元素');
  const result: ReadResult = { entries: [], skipped: [] };
  let category: string | undefined;
  children(quiz, 'question').forEach((node, i) => {
    const type = attr(node, 'type');
    const name = textOf(child(child(node, 'name'), 'text')).trim();
    const place = `quiz/question[${i + 1}]${name ? `（${name}）` : ''}`;
    if (type === 'category') {
      // A category names where the next questions go; it is no question, skipped or not.
      category = textOf(child(child(node, 'category'), 'text')).trim();
      return;
    }
    const read = readQuestion(type, node);
    if ('reason' in read) {
      result.skipped.push({ place, reason: read.reason });
      return;
    }
    const q = read.q;
    q.name = name || undefined;
    q.category = category;
    q.tags = children(child(node, 'tags'), 'tag')
      .map((t) => textOf(child(t, 'text')).trim())
      .filter(Boolean);
    result.entries.push({ place, question: q });
  });
  return result;
}

const badFormat = (why: string) => new MoodleFormatError(why);
export class MoodleFormatError extends Error {}

function readQuestion(type: string, node: unknown): { q: InterQuestion } | { reason: string } {
  const images: InterImage[] = [];
  const text = richOf(child(node, 'questiontext'), images);
  const general = richOf(child(node, 'generalfeedback'), images) || null;
  const answers = children(node, 'answer');
  const option = (a: unknown): InterOption => {
    const fraction = fractionOf(a);
    return {
      text: richOf(a, images),
      right: fraction > 0,
      weight: fraction / 100,
      feedback: richOf(child(a, 'feedback'), images) || undefined,
    };
  };
  let q: InterQuestion;
  switch (type) {
    case 'multichoice': {
      const single = flag(child(node, 'single'));
      q = interQuestion(single ? 1 : 2, text);
      q.options = answers.map(option);
      if (single) {
        const best = Math.max(...answers.map(fractionOf));
        q.options.forEach((o, n) => {
          o.right = fractionOf(answers[n]) === best && best > 0;
        });
      }
      q.analysis = analysisWith(general, q);
      break;
    }
    case 'truefalse': {
      const t = answers.find((a) => textOf(child(a, 'text')).trim().toLowerCase() === 'true');
      const value = t ? fractionOf(t) > 0 : false;
      q = interQuestion(3, text);
      q.options = [
        { text: '<p>正确</p>', right: value },
        { text: '<p>错误</p>', right: !value },
      ];
      const fbs = answers.map((a) => richOf(child(a, 'feedback'), images)).filter(Boolean);
      q.analysis = [general ?? '', ...fbs].join('') || null;
      break;
    }
    case 'shortanswer': {
      q = interQuestion(5, withBlanks(text));
      q.blanks = [{ answers: answers.filter((a) => fractionOf(a) >= 100).map((a) => textOf(child(a, 'text')).trim()) }];
      q.caseSensitive = flag(child(node, 'usecase'));
      q.analysis = analysisWith(general, { options: answers.map(option) }, false);
      break;
    }
    case 'numerical': {
      const full = answers.filter((a) => fractionOf(a) >= 100);
      const blank = numericBlank(
        full.map((a) => {
          const tol = textOf(child(a, 'tolerance')).trim();
          return `${textOf(child(a, 'text')).trim()}${tol ? `:${tol}` : ''}`;
        }),
      );
      if ('reason' in blank) return blank;
      q = interQuestion(5, withBlanks(text));
      q.blanks = [blank];
      q.analysis = general;
      break;
    }
    case 'essay': {
      q = interQuestion(4, text);
      // Our export lists the scoring keywords after the reference (for Moodle's graders); read them back.
      const { reference, keywords } = splitKeywords(richOf(child(node, 'graderinfo'), images));
      q.reference = reference.replace(/<[^>]+>/g, '').trim() ? reference : undefined;
      q.keywords = keywords;
      q.analysis = general;
      break;
    }
    case 'matching': {
      q = interQuestion(6, text);
      for (const s of children(node, 'subquestion')) {
        const left = richOf(s, images);
        const right = textHtml(textOf(child(children(s, 'answer')[0], 'text')).trim());
        if (!q.rights.includes(right)) q.rights.push(right);
        if (left.replace(/<[^>]+>/g, '').trim() || /<img/i.test(left)) q.pairs.push({ left, right });
      }
      q.analysis = general;
      break;
    }
    case 'ordering': {
      q = interQuestion(7, text);
      q.options = answers.map((a) => ({ text: richOf(a, images), right: false }));
      q.analysis = general;
      break;
    }
    case 'cloze':
    case 'multianswer': {
      const read = readCloze(text);
      if ('reason' in read) return read;
      q = read.q;
      q.analysis = general;
      break;
    }
    case 'description':
      return {
        reason: textOf(child(child(node, 'name'), 'text'))
          .trim()
          .startsWith(NOT_EXPORTED)
          ? textOf(child(child(node, 'name'), 'text'))
              .trim()
              .slice(NOT_EXPORTED.length)
          : '描述（没有答案的文字），不是试题',
      };
    default:
      return { reason: `不支持的题型“${type || '（无）'}”` };
  }
  q.images = images;
  return { q };
}

const CLOZE = /\{(\d*):([A-Z_]+):((?:\\.|[^}\\])*)\}/g;

/** The start of a child of our composite inside a cloze text (the writer's mark, read back as a child). */
const CHILD = '<div class="qu-child">';
type ClozePart = { kind: string; body: string; whole: string };
const partsOf = (html: string): ClozePart[] =>
  [...html.matchAll(CLOZE)].map((m) => ({ kind: m[2].toUpperCase(), body: m[3], whole: m[0] }));

/** Cloze answers are separated by `~`; each may start with `=` (full credit) or `%n%` (weight). */
const answersOf = (body: string) =>
  hide(body)
    .split('~')
    .filter((a) => a.trim())
    .map((a) => {
      const m = /^\s*(=)?\s*(?:%(-?\d+(?:\.\d+)?)%)?([^#]*)(?:#(.*))?$/s.exec(a);
      const weight = m?.[2] !== undefined ? Number(m[2]) : m?.[1] ? 100 : 0;
      return { text: show(m?.[3] ?? a).trim(), weight, right: weight > 0 };
    });
const isText = (k: string) => /^(SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC|NUMERICAL|NM)$/.test(k);
const isCase = (k: string) => /_C$|^SAC$|^MWC$/.test(k);
const isSingle = (k: string) =>
  /^(MULTICHOICE|MC|MULTICHOICE_V|MCV|MULTICHOICE_H|MCH|MULTICHOICE_S|MCS|MULTICHOICE_VS|MCVS|MULTICHOICE_HS|MCHS)$/.test(
    k,
  );
const isMultiple = (k: string) =>
  /^(MULTIRESPONSE|MR|MULTIRESPONSE_H|MRH|MULTIRESPONSE_S|MRS|MULTIRESPONSE_HS|MRHS)$/.test(k);

function blankOf(p: ClozePart): InterBlank | { reason: string } {
  const accepted = answersOf(p.body)
    .filter((a) => a.weight >= 100)
    .map((a) => a.text);
  if (/^(NUMERICAL|NM)$/.test(p.kind)) return numericBlank(accepted);
  return { answers: accepted.map((a) => a.trim()) };
}

/** Text parts as one fill-blank question whose text is `html` with the parts as blanks. */
function fillOf(html: string, parts: ClozePart[]): { q: InterQuestion } | { reason: string } {
  let n = 0;
  const q = interQuestion(
    5,
    html.replace(CLOZE, () => blankHtml(++n)),
  );
  const blanks = parts.map(blankOf);
  const bad = blanks.find((b) => 'reason' in b);
  if (bad) return bad as { reason: string };
  q.blanks = blanks as InterBlank[];
  q.caseSensitive = parts.some((p) => isCase(p.kind));
  return { q };
}

/** A choice part as a single (正确/错误 → 判断题) or multiple choice question with `text`. */
function choiceOf(text: string, p: ClozePart): InterQuestion {
  const all = answersOf(p.body);
  const best = Math.max(...all.map((a) => a.weight));
  const c = interQuestion(isSingle(p.kind) ? 1 : 2, text);
  c.options = all.map((a) => ({
    text: `<p>${escapeHtml(a.text)}</p>`,
    right: isSingle(p.kind) ? a.weight === best && best > 0 : a.weight > 0,
  }));
  if (c.type === 1 && trueFalseValue(c) !== null) c.type = 3;
  return c;
}

/** A cloze text: all short/numeric parts → one fill-blank question; otherwise a composite of its parts. */
function readCloze(text: string): { q: InterQuestion } | { reason: string } {
  if (text.includes(CHILD)) return readComposite(text);
  const parts = partsOf(text);
  if (parts.length === 0) return { reason: '完形填空题中没有可识别的空' };
  if (parts.every((p) => isText(p.kind))) return fillOf(text, parts);
  let n = 0;
  const q = interQuestion(
    99,
    text.replace(CLOZE, () => `（${++n}）`),
  );
  for (const [i, p] of parts.entries()) {
    const label = `<p>（${i + 1}）</p>`;
    if (isText(p.kind)) {
      const b = blankOf(p);
      if ('reason' in b) return { reason: `第${i + 1}空：${b.reason}` };
      const c = interQuestion(5, `<p>（${i + 1}）${blankHtml(1)}</p>`);
      c.blanks = [b];
      c.caseSensitive = isCase(p.kind);
      q.children.push(c);
    } else if (isSingle(p.kind) || isMultiple(p.kind)) {
      const c = choiceOf(label, p);
      c.type = isSingle(p.kind) ? 1 : 2;
      q.children.push(c);
    } else return { reason: `完形填空中第${i + 1}空的类型“${p.kind}”不支持` };
  }
  return { q };
}

/** A composite as our export writes it: the stem, then each child in a `qu-child` block with its parts. */
function readComposite(text: string): { q: InterQuestion } | { reason: string } {
  const [stem, ...blocks] = text.split(CHILD);
  const q = interQuestion(99, stem);
  for (const [i, block] of blocks.entries()) {
    const body = block.replace(/<\/div>\s*$/, '');
    const parts = partsOf(body);
    const choice = parts.length === 1 && (isSingle(parts[0].kind) || isMultiple(parts[0].kind));
    if (parts.length > 0 && parts.every((p) => isText(p.kind))) {
      const read = fillOf(body, parts);
      if ('reason' in read) return { reason: `第${i + 1}道子题：${read.reason}` };
      q.children.push(read.q);
    } else if (choice) q.children.push(choiceOf(body.replace(`<p>${parts[0].whole}</p>`, ''), parts[0]));
    else return { reason: `第${i + 1}道子题不是一个选择或几个填空，无法识别` };
  }
  return { q };
}

// ---- writing ----

const cdata = (html: string) => ({ __cdata: html.replace(/]]>/g, ']]]]><![CDATA[>') });
const rich = (html: string) => ({ '@_format': 'html', text: cdata(html) });
const clozeEsc = (s: string) => s.replace(/[~=#{}:\\]/g, (c) => `\\${c}`);

/** One blank as a cloze part: `{1:SHORTANSWER:=a~=b}`, a numeric one `{1:NUMERICAL:=3:2}`. */
function clozeBlank(b: InterBlank | undefined, caseSensitive?: boolean): string {
  const answers = b?.answers ?? [];
  if (b?.tolerance !== undefined) return `{1:NUMERICAL:${answers.map((a) => `=${a}:${b.tolerance}`).join('~')}}`;
  const kind = caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
  return `{1:${kind}:${answers.map((a) => `=${clozeEsc(a)}`).join('~')}}`;
}

/** An option Moodle's cloze can hold (plain text in one paragraph), or null. */
const plainOption = (html: string) => {
  const m = /^<p>([^<]*)<\/p>$/.exec(html.trim());
  return m ? unescapeHtml(m[1]).trim() : null;
};

const SYNTAX: MoodleSyntax = {
  rich,
  clozeEsc,
  clozeBlank,
  plainOption,
  clozeChild: (c, which) =>
    formatsOf(c.type)?.moodle.clozeChild?.(c, which, SYNTAX) ?? {
      reason: `${which}：Moodle 完形填空只能表示单选、多选、判断和填空子题`,
    },
  childBlock: CHILD,
};

/** Writes questions as Moodle XML; what it cannot hold is a description named 未导出：reason. */
export function writeMoodleXml(questions: InterQuestion[]): { text: string; skipped: Skip[] } {
  const skipped: Skip[] = [];
  const out = questions.map((q, i) => {
    const name = { text: `Q${i + 1}` };
    const tags = q.tags.length ? { tags: { tag: q.tags.map((t) => ({ text: t })) } } : {};
    const general = q.analysis ? { generalfeedback: rich(q.analysis) } : {};
    const kind = formatsOf(q.type);
    const reason = kind ? kind.moodle.cannot(q, SYNTAX) : UNKNOWN_KIND;
    if (!kind || reason) {
      const why = reason ?? UNKNOWN_KIND;
      skipped.push({ place: `第${i + 1}题（${typeName[q.type] ?? q.type}）`, reason: why });
      return { '@_type': 'description', name: { text: `${NOT_EXPORTED}${why}` }, questiontext: rich(q.text) };
    }
    const base = { name, questiontext: rich(q.text), ...general, defaultgrade: '1' };
    return kind.moodle.question(q, base, tags, SYNTAX);
  });
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', cdataPropName: '__cdata' });
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: out } })}`;
  return { text, skipped };
}
