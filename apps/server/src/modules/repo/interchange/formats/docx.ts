/**
 * Word (.docx) import through mammoth (platform/docx-read.ts), in the usual Chinese layout:
 *
 *   一、单选题                      ← a heading sets the type of the questions below it
 *   1. 题干（  ）                    ← a numbered stem; `【多选题】` in the stem sets its type
 *   A. 选项一  B. 选项二             ← options A. to H. (one or several per line)
 *   答案：A                          ← also 【答案】; 解析：… 难度：普通/困难 知识点：a，b
 *   得分关键词：安全:2；责任:1       ← short answer; 填空设置：区分大小写 (fill blank)
 *   ① 左侧项  …  A. 右侧项          ← matching: left items ①②③…, right items A.–H., 答案：1-A；2-C
 *   5.【组合题】材料……              ← composite; its children start with (1) or （1）
 *   一、排序题 … A. 项 B. 项 答案：CAB ← ordering: the letters in the right order
 *
 * Two other layouts Chinese teams use are read too: the answer key gathered after the questions
 * (a line 参考答案 / 答案 / 标准答案, then `1.B 2.AC 3.对` or one `4. 答案文字` per line, optionally
 * under the same section headings when numbering restarts per section, `解析：` lines following an
 * answer), and a question table (a header row 题型 | 题目 | A…H or 选项A… | 答案 | 解析 | 难度 | 知识点,
 * one question per row; see docxTables).
 *
 * Without a type, it is inferred: options → single/multiple by the answer; true/false words →
 * true/false; blanks (____ or （ ）) → fill blank; ①… items → matching; otherwise short answer.
 * Questions are read into the interchange model (layout.ts) and mapped by their kinds; text uses the
 * plain-text form of contracts/repo/rich-text.ts (blanks, `$latex$`). `writeQuestionsDocx` writes
 * the same layout (export), so an export imports back to the same questions.
 */
import { htmlToPlain, htmlToText, plainToHtml } from '@exam/contracts';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { InvalidDocxError, readDocx } from '../../../../platform/docx-read.js';
import { findKind, isComposite } from '../../kinds/registry.js';
import { OPTION_KEYS } from '../../kinds/shared.js';
import type { ImportItem } from '../../qu-import.js';
import {
  formatTags,
  levelLabel,
  parseChoiceAnswer,
  parseLevel,
  parseTags,
  parseType,
  typeLabel,
} from '../../qu-text.js';
import { assertImportSize } from '../import-cap.js';
import { formatsOf } from '../kinds/index.js';
import { type InterQuestion, interQuestion, type StoredQuestion } from '../model.js';
import { toInterchange } from '../registry.js';
import { type LayoutItem, layoutItem, readLayout, writeLayout } from './layout.js';
import { parseXmlTree, type XmlEl } from './xml-safe.js';

interface Draft {
  no: number;
  /** Index of the section heading above it (-1 before any). */
  section: number;
  type: number | null;
  stem: string[];
  options: string[];
  left: string[];
  fields: Record<string, string>;
  children: Draft[];
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';
const HEADING = /^[一二三四五六七八九十]+[、.．]\s*(.+)$/;
const STEM = /^(\d+)\s*[.．、]\s*(.*)$/;
const CHILD = /^[（(](\d+)[）)]\s*(.*)$/;
const OPTION = /^([A-H])\s*[.．、]\s*(.*)$/;
const FIELD = /^[【[]?(答案|参考答案|解析|难度|知识点|得分关键词|关键词|填空设置)[】\]]?\s*[:：]?\s*(.*)$/;
const TYPE_TAG = /^[【[]([^】\]]+?)[】\]]\s*/;
const FIELD_KEYS: Record<string, string> = { 参考答案: '答案', 关键词: '得分关键词' };

/** The report column of a rule field. */
export function docxColumnOf(field: string): string {
  if (field.startsWith('options') || field === 'answer.right') return '选项';
  if (field === 'answer.left') return '左侧项';
  if (field === 'answer.keywords') return '得分关键词';
  if (field.startsWith('answer')) return '答案';
  if (field === 'children') return '子题';
  return '题目内容';
}

const newDraft = (no: number, type: number | null, text: string, section = -1): Draft => {
  const tag = TYPE_TAG.exec(text);
  const tagged = tag ? parseType(tag[1]) : null;
  return {
    no,
    section,
    type: tagged ?? type,
    stem: [tag && tagged ? text.slice(tag[0].length) : text],
    options: [],
    left: [],
    fields: {},
    children: [],
  };
};

/** Splits the lines of a document into question drafts. */
function draftsOf(lines: string[]): Draft[] {
  const drafts: Draft[] = [];
  let sectionType: number | null = null;
  let section = -1;
  let top: Draft | null = null;
  let cur: Draft | null = null;
  let last: { list: string[]; i: number } | { field: string } | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const heading = HEADING.exec(line);
    const stem = STEM.exec(line);
    const child = CHILD.exec(line);
    const field = FIELD.exec(line);
    if (heading) {
      sectionType = parseType(heading[1].replace(/[（(].*$/, '').trim());
      section++;
      top = cur = null;
    } else if (stem) {
      top = cur = newDraft(Number(stem[1]), sectionType, stem[2], section);
      drafts.push(top);
      last = { list: cur.stem, i: 0 };
    } else if (!cur || !top) {
    } else if (child && top.type !== null && isComposite(top.type)) {
      cur = newDraft(top.no, null, child[2]);
      top.children.push(cur);
      last = { list: cur.stem, i: 0 };
    } else if (OPTION.test(line)) {
      for (const part of line.split(/\s+(?=[B-H]\s*[.．、])/)) {
        const o = OPTION.exec(part);
        if (o) cur.options.push(o[2].trim());
      }
      last = { list: cur.options, i: cur.options.length - 1 };
    } else if (CIRCLED.includes(line[0])) {
      cur.left.push(line.slice(1).replace(/^\s*[.．、]?\s*/, ''));
      last = { list: cur.left, i: cur.left.length - 1 };
    } else if (field) {
      const key = FIELD_KEYS[field[1]] ?? field[1];
      cur.fields[key] = field[2].trim();
      last = { field: key };
    } else if (last && 'list' in last) {
      if (last.list === cur.stem) cur.stem.push(line);
      else last.list[last.i] += `\n${line}`;
    } else if (last) {
      cur.fields[last.field] += `\n${line}`;
    }
  }
  return drafts;
}

const KEY_HEADING =
  /^(?:[一二三四五六七八九十]+[、.．]\s*)?[【[]?(?:参考答案|标准答案|答案)(?:及解析|与解析)?[】\]]?\s*[:：]?\s*$/;
const KEY_LINE = /^(\d+)\s*[.．、:：]\s*(.*)$/;
const KEY_TOKENS = /(\d+)\s*[.．、:：]\s*(\S+)/g;
const KEY_MANY = /^\S+(?:\s+\d+\s*[.．、:：]\s*\S+)+$/;

interface KeyEntry {
  section: number;
  no: number;
  answer: string;
  analysis?: string;
}

/**
 * Splits off an answer key gathered after the questions: a line 参考答案 (or 答案, 标准答案) alone,
 * after at least one question, whose next line (past section headings) starts with a question number.
 */
function splitKey(lines: string[]): { questions: string[]; key: KeyEntry[] } {
  const text = lines.map((l) => l.trim());
  // The key's first line after the heading (section headings inside the key are passed over).
  const next = (i: number) => text.slice(i + 1).find((l) => l && !HEADING.test(l)) ?? '';
  const at = text.findIndex(
    (l, i) => KEY_HEADING.test(l) && text.slice(0, i).some((x) => STEM.test(x)) && KEY_LINE.test(next(i)),
  );
  if (at < 0) return { questions: lines, key: [] };
  const key: KeyEntry[] = [];
  let section = -1;
  for (const line of text.slice(at + 1)) {
    if (!line) continue;
    const m = KEY_LINE.exec(line);
    const analysis = /^[【[]?解析[】\]]?\s*[:：]\s*(.*)$/.exec(line);
    if (HEADING.test(line)) section++;
    else if (m && KEY_MANY.test(m[2])) {
      for (const t of line.matchAll(KEY_TOKENS)) key.push({ section, no: Number(t[1]), answer: t[2] });
    } else if (m) key.push({ section, no: Number(m[1]), answer: m[2].trim() });
    else if (analysis && key.length) key[key.length - 1].analysis = analysis[1].trim();
  }
  return { questions: lines.slice(0, at), key };
}

/** Gives each question without its own 答案 the key's (by number, or by section and number when numbering restarts). */
function applyKey(drafts: Draft[], key: KeyEntry[]): void {
  if (key.length === 0) return;
  const unique = new Set(drafts.map((d) => d.no)).size === drafts.length;
  const id = (section: number, no: number) => (unique ? `${no}` : `${section}:${no}`);
  const byId = new Map(key.map((k) => [id(k.section, k.no), k]));
  for (const d of drafts) {
    const k = byId.get(id(d.section, d.no));
    if (!k) continue;
    if (d.fields.答案 === undefined) d.fields.答案 = k.answer;
    if (k.analysis && d.fields.解析 === undefined) d.fields.解析 = k.analysis;
  }
}

/** A question table's header cell → the draft part it holds. */
function columnOf(header: string): string | null {
  const h = header.replace(/\s+/g, '');
  if (/^(题型|类型|试题类型|题目类型)$/.test(h)) return 'type';
  if (/^(题目|题干|试题|试题内容|题目内容|问题)$/.test(h)) return 'stem';
  if (/^(题号|序号|编号)$/.test(h)) return 'no';
  const option = /^(?:选项)?([A-H])$/i.exec(h);
  if (option) return `option${option[1].toUpperCase()}`;
  if (/^(答案|正确答案|参考答案|标准答案)$/.test(h)) return '答案';
  if (/^(解析|答案解析|试题解析)$/.test(h)) return '解析';
  if (/^(难度|难易程度)$/.test(h)) return '难度';
  if (/^(知识点|标签)$/.test(h)) return '知识点';
  return null;
}

const cellText = (el: XmlEl): string => {
  const parts: string[] = [];
  const visit = (n: XmlEl | string, out: string[]) => {
    if (typeof n === 'string') out.push(n);
    else if (n.name === 'p' || n.name === 'li') {
      const line: string[] = [];
      for (const k of n.kids) visit(k, line);
      parts.push(line.join(''));
    } else for (const k of n.kids) visit(k, out);
  };
  const loose: string[] = [];
  for (const k of el.kids) visit(k, loose);
  if (loose.join('').trim()) parts.unshift(loose.join(''));
  return parts.join('\n').trim();
};

/**
 * Questions of a question table (mammoth's HTML of the document): a table whose header row names
 * at least the stem and the answer columns; one question per row. Other tables are ignored.
 */
function tableDrafts(html: string): Draft[] {
  if (!html.includes('<table')) return [];
  let root: XmlEl;
  try {
    root = parseXmlTree(`<div>${html}</div>`, 'Word 表格');
  } catch {
    return [];
  }
  const all = (el: XmlEl, name: string): XmlEl[] =>
    el.kids.flatMap((k) => (typeof k === 'string' ? [] : k.name === name ? [k] : all(k, name)));
  const drafts: Draft[] = [];
  for (const table of all(root, 'table')) {
    const rows = all(table, 'tr').map((tr) => all(tr, 'td').concat(all(tr, 'th')).map(cellText));
    const columns = (rows[0] ?? []).map(columnOf);
    if (!columns.includes('stem') || !columns.includes('答案')) continue;
    for (const [i, cells] of rows.slice(1).entries()) {
      const cell = (name: string) => cells[columns.indexOf(name)] ?? '';
      if (!cell('stem') && !cell('答案')) continue;
      const no = Number(cell('no')) || drafts.length + 1;
      const d = newDraft(no, parseType(cell('type')) ?? null, cell('stem'));
      const letters = OPTION_KEYS.split('').filter((k) => cell(`option${k}`));
      const last = letters.length ? OPTION_KEYS.indexOf(letters[letters.length - 1]) : -1;
      d.options = OPTION_KEYS.slice(0, last + 1)
        .split('')
        .map((k) => cell(`option${k}`));
      for (const f of ['答案', '解析', '难度', '知识点']) if (cell(f)) d.fields[f] = cell(f);
      d.no = no || i + 1;
      drafts.push(d);
    }
  }
  return drafts;
}

function inferType(d: Draft): number {
  if (d.type) return d.type;
  const answer = d.fields.答案 ?? '';
  if (d.left.length) return 6;
  if (d.options.length) {
    const letters = parseChoiceAnswer(answer, false, d.options);
    return letters && letters.length > 1 ? 2 : 1;
  }
  if (parseChoiceAnswer(answer, true, ['正确', '错误']) && !/^[A-H]+$/i.test(answer.trim())) return 3;
  if (/_{3,}|（\s*）|\(\s*\)/.test(d.stem.join('\n'))) return 5;
  return 4;
}

function toModel(d: Draft, issues: LayoutItem['issues']): InterQuestion {
  const type = inferType(d);
  const f = d.fields;
  const level = parseLevel(f.难度 ?? '');
  if (level === null) issues.push({ row: d.no, column: '难度', reason: `难度“${f.难度}”不正确，应为普通或困难` });
  const q = interQuestion(type, plainToHtml(d.stem.join('\n'), { blanks: findKind(type)?.contentBlanks === true }));
  q.level = level ?? 1;
  q.analysis = f.解析 ? plainToHtml(f.解析, { blanks: false }) : null;
  q.tags = parseTags(f.知识点 ?? '');
  const circled = (a: string) => a.replace(new RegExp(`[${CIRCLED}]`, 'g'), (ch) => String(CIRCLED.indexOf(ch) + 1));
  const answer = f.答案 ?? '';
  readLayout(q, {
    options: d.options,
    left: d.left,
    answer: type === 6 ? circled(answer) : answer,
    field: (name) => f[name] ?? '',
    issue: (column, reason) => {
      // The pair message names the answer as written (①-B), not as read.
      issues.push({ row: d.no, column, reason: reason.replace(`“${circled(answer)}”`, `“${answer}”`) });
    },
    strictLetters: false,
  });
  return q;
}

/**
 * Reads the questions of a .docx file (mammoth in a capped worker behind the zip guard); a file
 * that is no docx gives one issue, a file over the zip limits is refused (badParams).
 */
export async function readQuestionsDocx(buffer: Buffer): Promise<ImportItem[]> {
  let read: { text: string; html?: string };
  try {
    read = await readDocx(buffer, { html: true });
  } catch (err) {
    if (!(err instanceof InvalidDocxError)) throw err;
    return [layoutItem.invalid('文件不是有效的 Word（.docx）文件')];
  }
  let drafts = tableDrafts(read.html ?? '');
  if (drafts.length === 0) {
    const { questions, key } = splitKey(read.text.split(/\r?\n/));
    drafts = draftsOf(questions);
    applyKey(drafts, key);
  }
  assertImportSize(drafts.length);
  return drafts.map((d) => {
    const issues: LayoutItem['issues'] = [];
    const q = toModel(d, issues);
    q.children = d.children.map((c) => toModel(c, issues));
    return layoutItem.toImport({ row: d.no, q, childRows: d.children.map(() => d.no), issues });
  });
}

const HEADINGS = '一二三四五六七八九十';
const plain = (html: string | null | undefined, blanks = false) =>
  html ? (htmlToPlain(html, { blanks }) ?? htmlToText(html)) : '';

/** The paragraphs of one question (or child) in the layout the reader above takes. */
function questionParagraphs(q: InterQuestion, head: string, tagType: boolean): Paragraph[] {
  const line = (text: string) => new Paragraph({ children: [new TextRun(text)], alignment: AlignmentType.LEFT });
  const stemLines = plain(q.text, findKind(q.type)?.contentBlanks === true).split('\n');
  const tag = tagType ? `【${typeLabel(q.type)}】` : '';
  const out = [line(`${head}${tag}${stemLines[0]}`), ...stemLines.slice(1).map(line)];
  const cells = writeLayout(q, (html) => plain(html));
  if (cells.左侧项)
    cells.左侧项.split('\n').forEach((l, i) => {
      if (l) out.push(line(`${CIRCLED[i] ?? `${i + 1}.`} ${l}`));
    });
  OPTION_KEYS.split('').forEach((k) => {
    const text = cells[`选项${k}`];
    if (text) out.push(line(`${k}. ${text}`));
  });
  if (!formatsOf(q.type)?.noAnswerLine) out.push(line(`答案：${cells.答案 ?? ''}`));
  if (cells.得分关键词) out.push(line(`得分关键词：${cells.得分关键词}`));
  if (cells.填空设置) out.push(line(`填空设置：${cells.填空设置}`));
  if (q.analysis) out.push(line(`解析：${plain(q.analysis)}`));
  out.push(line(`难度：${levelLabel(q.level)}`));
  if (q.tags.length) out.push(line(`知识点：${formatTags(q.tags)}`));
  return out;
}

/** A Word document of questions in the import layout: a heading per type, numbered stems, 答案：… lines. */
export async function writeQuestionsDocx(questions: StoredQuestion[]): Promise<Buffer> {
  const models = questions.map(toInterchange);
  const types = [...new Set(models.map((q) => q.type))];
  const children: Paragraph[] = [];
  let no = 0;
  types.forEach((type, i) => {
    children.push(
      new Paragraph({ text: `${HEADINGS[i] ?? i + 1}、${typeLabel(type)}`, heading: HeadingLevel.HEADING_2 }),
    );
    for (const q of models.filter((m) => m.type === type)) {
      children.push(...questionParagraphs(q, `${++no}. `, type === 99));
      q.children.forEach((c, n) => {
        children.push(...questionParagraphs(c, `（${n + 1}）`, true));
      });
    }
  });
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
