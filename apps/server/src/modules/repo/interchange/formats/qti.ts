/**
 * IMS QTI (1EdTech) items, 2.1/2.2 (`assessmentItem`, imsqti_v2p1/v2p2) and 3.0 (`qti-assessment-item`,
 * imsqtiasi_v3p0): read one item document into the interchange model, and write one as QTI 3.0.
 * QTI 3.0 names are read as their 2.x names (`qti-simple-choice` → simpleChoice, `response-identifier`
 * → responseIdentifier), so one reader serves both. Mapped: choice (single/multiple by cardinality;
 * two options 正确/错误 → 判断题), text entry (→ 填空题, accepted answers from the correct response
 * and the mapping's positive entries), extended text (→ 简答题, no correct response → 无参考答案),
 * match / associate (→ 匹配题), order (→ 排序题), one inline choice (→ 单选题). Any other interaction,
 * or a mix that is no single kind, is skipped with the item identifier and the reason.
 */
import { blankHtml, escapeHtml } from '@exam/contracts';
import { formatsOf, type QtiSyntax, UNKNOWN_KIND } from '../kinds/index.js';
import { type InterImage, type InterQuestion, interQuestion, type ReadResult, type Skip } from '../model.js';
import { mathmlFormula } from './mathml.js';
import { IMAGE_MIME, NOT_EXPORTED, splitKeywords, textHtml, trueFalseValue, typeName } from './text-common.js';
import { parseXmlTree, type XmlEl } from './xml-safe.js';

// ---- reading ----

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** QTI 3.0 names as their 2.x names; XHTML elements and their attributes are left as they are. */
function normalise(el: XmlEl): XmlEl {
  const qti = el.name.startsWith('qti-');
  return {
    name: qti ? camel(el.name.slice(4)) : el.name,
    attrs: qti ? Object.fromEntries(Object.entries(el.attrs).map(([k, v]) => [camel(k), v])) : el.attrs,
    kids: el.kids.map((k) => (typeof k === 'string' ? k : normalise(k))),
  };
}

const elems = (el: XmlEl, name?: string) =>
  el.kids.filter((k): k is XmlEl => typeof k !== 'string' && (!name || k.name === name));
const first = (el: XmlEl | undefined, name: string) => (el ? elems(el, name)[0] : undefined);
const textIn = (el: XmlEl | undefined): string =>
  el ? el.kids.map((k) => (typeof k === 'string' ? k : textIn(k))).join('') : '';

function* walk(el: XmlEl): Generator<XmlEl> {
  for (const k of elems(el)) {
    yield k;
    yield* walk(k);
  }
}

const SUPPORTED = new Set([
  'choiceInteraction',
  'textEntryInteraction',
  'extendedTextInteraction',
  'matchInteraction',
  'associateInteraction',
  'orderInteraction',
  'inlineChoiceInteraction',
]);
/** Elements of an item body that are not shown as text (feedback shown after answering, rubrics, templates). */
const HIDDEN = new Set(['feedbackInline', 'feedbackBlock', 'rubricBlock', 'templateInline', 'templateBlock', 'prompt']);
const VOID = new Set(['br', 'img', 'hr']);

interface Declaration {
  cardinality: string;
  baseType: string;
  correct: string[];
  mapped: { key: string; value: number; caseSensitive: boolean }[];
}

function declarations(item: XmlEl): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const d of elems(item, 'responseDeclaration')) {
    const mapping = first(d, 'mapping');
    out.set(d.attrs.identifier ?? '', {
      cardinality: d.attrs.cardinality ?? 'single',
      baseType: d.attrs.baseType ?? '',
      correct: elems(first(d, 'correctResponse') ?? { name: '', attrs: {}, kids: [] }, 'value').map((v) =>
        textIn(v).trim(),
      ),
      mapped: (mapping ? elems(mapping, 'mapEntry') : []).map((m) => ({
        key: (m.attrs.mapKey ?? '').trim(),
        value: Number(m.attrs.mappedValue ?? '0'),
        caseSensitive: m.attrs.caseSensitive === 'true',
      })),
    });
  }
  return out;
}

/** Context of one item: its file in the package (for images) and the package's files. */
export interface ItemSource {
  /** Path of the item document inside the package ('' for a single uploaded item). */
  file: string;
  /** Reads a file of the package by its path (images); null when absent or not a package. */
  read?: (path: string) => Buffer | null;
}

/** A path relative to the item's folder, resolved inside the package (`../` allowed, never above its root). */
function resolvePath(base: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\//i.test(href)) return null;
  const parts = base.split('/').slice(0, -1);
  for (const seg of decodeURI(href.split(/[?#]/)[0]).split('/')) {
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** The HTML of XHTML content: interactions replaced by `inline`, packaged images collected. */
function htmlOf(
  nodes: (XmlEl | string)[],
  src: ItemSource,
  images: InterImage[],
  inline: (el: XmlEl) => string | null,
): string {
  return nodes
    .map((k) => {
      if (typeof k === 'string') return escapeHtml(k);
      const replaced = inline(k);
      if (replaced !== null) return replaced;
      // MathML is kept as the editor's formula (LaTeX), never dropped.
      if (/^(\w+:)?math$/.test(k.name)) return mathmlFormula(k);
      if (HIDDEN.has(k.name) || k.name.endsWith('Interaction')) return '';
      const attrs = { ...k.attrs };
      if (k.name === 'img' && attrs.src) {
        const path = resolvePath(src.file, attrs.src);
        const data = path !== null ? src.read?.(path) : null;
        const ext = path?.split('.').pop()?.toLowerCase() ?? '';
        if (path && data && IMAGE_MIME[ext]) {
          if (!images.some((i) => i.name === path)) images.push({ name: path, mime: IMAGE_MIME[ext], data });
          attrs.src = `@@PLUGINFILE@@/${path}`;
        }
      }
      const open = `<${k.name}${Object.entries(attrs)
        .map(([a, v]) => ` ${a}="${escapeHtml(v)}"`)
        .join('')}>`;
      if (VOID.has(k.name)) return open;
      return `${open}${htmlOf(k.kids, src, images, inline)}</${k.name}>`;
    })
    .join('');
}

const isBlankText = (html: string) => !html.replace(/<[^>]+>/g, '').trim() && !/<img/i.test(html);

type Read = { q: InterQuestion } | { reason: string };

/** Reads one QTI item document. `place` names it in the report: the file and the item identifier. */
export function readQtiItem(xml: string, src: ItemSource): { place: string } & Read {
  const root = normalise(parseXmlTree(xml, src.file ? `QTI 文件 ${src.file} ` : 'QTI 文件'));
  const id = root.attrs.identifier ?? '';
  const place = `${src.file || '试题'}${id ? `（${id}）` : ''}`;
  if (root.name !== 'assessmentItem')
    return { place, reason: `不是 QTI 试题（根元素是 ${root.name}，应为 assessmentItem / qti-assessment-item）` };
  return { place, ...readItem(root, src) };
}

function readItem(item: XmlEl, src: ItemSource): Read {
  const title = item.attrs.title ?? '';
  const body = first(item, 'itemBody');
  if (!body) return { reason: '试题没有 itemBody' };
  const responses = declarations(item);
  const interactions = [...walk(body)].filter((e) => e.name.endsWith('Interaction'));
  const unsupported = interactions.find((e) => !SUPPORTED.has(e.name));
  if (unsupported)
    return {
      reason: `不支持的交互类型 ${unsupported.name}（${unsupported.attrs.responseIdentifier ?? '无标识'}），无法对应为本系统的题型`,
    };
  if (interactions.length === 0)
    return {
      reason: title.startsWith(NOT_EXPORTED) ? title.slice(NOT_EXPORTED.length) : '试题中没有作答交互，不是试题',
    };
  const kinds = new Set(interactions.map((e) => e.name));
  const block = interactions.filter((e) => e.name !== 'textEntryInteraction' && e.name !== 'inlineChoiceInteraction');
  if (kinds.size > 1 || block.length > 1 || (kinds.has('inlineChoiceInteraction') && interactions.length > 1))
    return { reason: `一道试题含多个交互（${[...kinds].join('、')}），无法对应为一种题型` };

  const images: InterImage[] = [];
  const html = (nodes: (XmlEl | string)[], inline: (el: XmlEl) => string | null = () => null) =>
    htmlOf(nodes, src, images, inline).trim();
  const the = interactions[0];
  const decl = responses.get(the.attrs.responseIdentifier ?? '');
  const prompt = first(the, 'prompt');
  let blanks = 0;
  const stem = (inline: (el: XmlEl) => string | null = () => null) =>
    html(body.kids, inline) + (prompt ? html([{ name: 'p', attrs: {}, kids: prompt.kids }]) : '');
  const feedback = elems(item, 'modalFeedback')
    .map((f) => html(first(f, 'contentBody')?.kids ?? f.kids))
    .filter((f) => !isBlankText(f));
  let q: InterQuestion;
  switch (the.name) {
    case 'choiceInteraction': {
      if (!decl) return { reason: `选择交互 ${the.attrs.responseIdentifier ?? ''} 没有作答声明` };
      const right = (id: string) =>
        decl.correct.length ? decl.correct.includes(id) : decl.mapped.some((m) => m.key === id && m.value > 0);
      const choices = elems(the, 'simpleChoice');
      const single = decl.cardinality === 'single' || the.attrs.maxChoices === '1';
      q = interQuestion(single ? 1 : 2, stem());
      q.options = choices.map((c) => ({ text: html(c.kids), right: right(c.attrs.identifier ?? '') }));
      if (single && trueFalseValue(q) !== null) q.type = 3;
      break;
    }
    case 'textEntryInteraction': {
      q = interQuestion(
        5,
        stem((el) => (el.name === 'textEntryInteraction' ? blankHtml(++blanks) : null)),
      );
      for (const entry of interactions) {
        const d = responses.get(entry.attrs.responseIdentifier ?? '');
        const answers = [
          ...new Set([...(d?.correct ?? []), ...(d?.mapped ?? []).filter((m) => m.value > 0).map((m) => m.key)]),
        ];
        if (answers.length === 0) return { reason: `填空 ${entry.attrs.responseIdentifier ?? ''} 没有正确答案` };
        q.blanks.push({ answers });
        if (d?.mapped.some((m) => m.caseSensitive)) q.caseSensitive = true;
      }
      break;
    }
    case 'extendedTextInteraction': {
      q = interQuestion(4, stem());
      // Scoring keywords as our export writes them: a scorers' rubric block.
      for (const r of [...walk(body)].filter((e) => e.name === 'rubricBlock'))
        q.keywords.push(...splitKeywords(html(first(r, 'contentBody')?.kids ?? r.kids)).keywords);
      const ref = decl?.correct.join('\n').trim();
      // Our own export writes the reference HTML as the correct response; others write plain text.
      q.reference = ref ? (ref.startsWith('<') ? ref : textHtml(ref)) : undefined;
      break;
    }
    case 'matchInteraction':
    case 'associateInteraction': {
      if (!decl) return { reason: `匹配交互 ${the.attrs.responseIdentifier ?? ''} 没有作答声明` };
      const sets = the.name === 'matchInteraction' ? elems(the, 'simpleMatchSet') : [the];
      const choices = sets.flatMap((s) => elems(s, 'simpleAssociableChoice'));
      const textOf = new Map(choices.map((c) => [c.attrs.identifier ?? '', html(c.kids)]));
      const pairs = decl.correct.map((v) => v.split(/\s+/));
      q = interQuestion(6, stem());
      const lefts =
        the.name === 'matchInteraction'
          ? elems(sets[0] ?? the, 'simpleAssociableChoice').map((c) => c.attrs.identifier ?? '')
          : [...new Set(pairs.map((p) => p[0]))];
      const rights =
        the.name === 'matchInteraction'
          ? elems(sets[1] ?? the, 'simpleAssociableChoice').map((c) => c.attrs.identifier ?? '')
          : choices.map((c) => c.attrs.identifier ?? '').filter((c) => !lefts.includes(c));
      for (const l of lefts) {
        const to = pairs.filter((p) => p[0] === l).map((p) => p[1]);
        if (to.length !== 1) return { reason: `匹配项 ${l} 有${to.length}个正确配对，本系统的匹配题每项只对应一项` };
        q.pairs.push({ left: textOf.get(l) ?? '', right: textOf.get(to[0]) ?? '' });
      }
      q.rights = rights.map((r) => textOf.get(r) ?? '');
      break;
    }
    case 'orderInteraction': {
      const choices = new Map(elems(the, 'simpleChoice').map((c) => [c.attrs.identifier ?? '', c]));
      if (!decl || decl.correct.length !== choices.size || decl.correct.some((c) => !choices.has(c)))
        return { reason: `排序交互 ${the.attrs.responseIdentifier ?? ''} 的正确顺序不完整` };
      q = interQuestion(7, stem());
      q.options = decl.correct.map((c) => ({ text: html(choices.get(c)?.kids ?? []), right: false }));
      break;
    }
    default: {
      if (!decl?.correct.length) return { reason: `下拉选择 ${the.attrs.responseIdentifier ?? ''} 没有正确答案` };
      q = interQuestion(
        1,
        stem((el) => (el.name === 'inlineChoiceInteraction' ? '（  ）' : null)),
      );
      q.options = elems(the, 'inlineChoice').map((c) => ({
        text: textHtml(textIn(c)),
        right: decl.correct.includes(c.attrs.identifier ?? ''),
      }));
    }
  }
  q.name = title || undefined;
  q.analysis = feedback.length ? feedback.join('') : null;
  q.images = images;
  return { q };
}

// ---- writing (QTI 3.0) ----

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const RP = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml';
const esc = (s: string) => escapeHtml(s);
/** Our sanitised HTML as XHTML: void elements closed, `&nbsp;` as a character reference. */
const xhtml = (html: string) =>
  html.replace(/<(br|img|hr)(\s[^>]*?)?\s*\/?>/gi, '<$1$2/>').replace(/&nbsp;/g, '&#160;');

const declaration = (id: string, cardinality: string, baseType: string, values: string[], mapping = '') =>
  `<qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">` +
  `<qti-correct-response>${values.map((v) => `<qti-value>${esc(v)}</qti-value>`).join('')}</qti-correct-response>${mapping}` +
  '</qti-response-declaration>';

const SYNTAX: QtiSyntax = {
  xhtml,
  esc,
  declaration,
  choice: (prefix, i, text) => `<qti-simple-choice identifier="${prefix}${i + 1}">${xhtml(text)}</qti-simple-choice>`,
};

/** One question as a QTI 3.0 item document; what it cannot express is an item without interaction titled 未导出：reason. */
export function writeQtiItem(q: InterQuestion, id: string): { xml: string; skip: string | null } {
  const kind = formatsOf(q.type);
  const reason = kind ? kind.qti.cannot(q) : UNKNOWN_KIND;
  const { decls, body } =
    kind && !reason ? kind.qti.item(q, xhtml(q.text), SYNTAX) : { decls: '', body: xhtml(q.text) };
  const title = reason ? `${NOT_EXPORTED}${reason}` : (q.name ?? typeName[q.type] ?? '');
  const feedback = q.analysis
    ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="ANALYSIS" show-hide="show"><qti-content-body>${xhtml(q.analysis)}</qti-content-body></qti-modal-feedback>`
    : '';
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<qti-assessment-item xmlns="${NS}" identifier="${id}" title="${esc(title)}" adaptive="false" time-dependent="false" xml:lang="zh-CN">` +
    decls +
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>' +
    '<qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>' +
    `<qti-item-body>${body}</qti-item-body>` +
    (reason ? '' : `<qti-response-processing template="${RP}"/>`) +
    feedback +
    '</qti-assessment-item>\n';
  return { xml, skip: reason };
}

export type { ReadResult, Skip };
