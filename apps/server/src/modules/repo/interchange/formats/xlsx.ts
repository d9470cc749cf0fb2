/**
 * The xlsx format of questions: one row per question, composite children on the rows after their
 * stem with 所属组合题 set to the stem's 序号. Cells hold the plain-text form of rich text
 * (blanks `____`, formulas `$latex$`, see contracts/repo/rich-text.ts) or sanitised HTML when the
 * content has other formatting, so an export imports back to the same questions. Rows are read
 * into the interchange model and mapped by the kinds (interchange/registry.ts); the option,
 * answer and keyword cells are our text layout (layout.ts). The question sheet of yf-exam-lite (one
 * row per option: 题目序号 | 题目类型 | 题目内容 | 整体解析 | … | 是否正确项 | 选项内容 | 选项解析) is
 * recognised by its header row; a header that is neither is refused with the columns expected.
 */
import { htmlToPlain, MAX_IMPORT_QUESTIONS, plainToHtml } from '@exam/contracts';
import { badParams } from '../../../../platform/errors.js';
import { xlsxWithoutTimes } from '../../../../platform/xlsx.js';
import { InvalidXlsxError, readXlsxRows, type SheetRow } from '../../../../platform/xlsx-read.js';
import { findKind, isComposite } from '../../kinds/registry.js';
import { OPTION_COLS } from '../../kinds/shared.js';
import type { ImportItem } from '../../qu-import.js';
import { formatTags, levelLabel, parseLevel, parseTags, parseType, typeLabel } from '../../qu-text.js';
import { type InterQuestion, interQuestion, type StoredQuestion } from '../model.js';
import { toInterchange } from '../registry.js';
import { type LayoutItem, layoutItem, readLayout, writeLayout } from './layout.js';

/** The columns, in order. */
export const XLSX_COLUMNS = [
  '序号',
  '所属组合题',
  '题型',
  '难度',
  '题目内容',
  ...OPTION_COLS,
  '左侧项',
  '答案',
  '得分关键词',
  '填空设置',
  '解析',
  '知识点',
];
const col = (name: string) => XLSX_COLUMNS.indexOf(name) + 1;

/** The report column of a rule field. */
export function xlsxColumnOf(field: string): string {
  if (field.startsWith('options')) return '选项';
  if (field === 'answer.left') return '左侧项';
  if (field === 'answer.right') return '选项';
  if (field === 'answer.keywords') return '得分关键词';
  if (field.startsWith('answer')) return '答案';
  if (field === 'children') return '所属组合题';
  if (field === 'content') return '题目内容';
  return '题型';
}

const rich = (html: string | null | undefined, blanks = false) => (html ? (htmlToPlain(html, { blanks }) ?? html) : '');

function rowOf(q: InterQuestion, seq: number | '', parent: number | ''): (string | number)[] {
  const cells: Record<string, string | number> = {
    序号: seq,
    所属组合题: parent,
    题型: typeLabel(q.type),
    难度: levelLabel(q.level),
    题目内容: rich(q.text, findKind(q.type)?.contentBlanks === true),
    解析: rich(q.analysis),
    知识点: formatTags(q.tags),
    ...writeLayout(q, (html) => rich(html)),
  };
  return XLSX_COLUMNS.map((c) => cells[c] ?? '');
}

/** A workbook of questions (the export and, with sample questions, the template). */
export async function writeQuestionsXlsx(questions: StoredQuestion[], withGuide = false): Promise<Buffer> {
  const book = xlsxWithoutTimes();
  const rows: (string | number)[][] = [];
  let seq = 0;
  for (const stored of questions) {
    const q = toInterchange(stored);
    const mine = ++seq;
    rows.push(rowOf(q, mine, ''));
    for (const c of q.children) rows.push(rowOf(c, ++seq, mine));
  }
  const widths = XLSX_COLUMNS.map((c, i) => (c === '题目内容' || c === '解析' ? 40 : i < 4 ? 10 : 16));
  const ws = book.rows('试题', [[...XLSX_COLUMNS], ...rows], { header: true, widths });
  ws.eachRow((row) => {
    row.alignment = { wrapText: true, vertical: 'top' };
  });
  if (withGuide)
    book.rows(
      '填写说明',
      XLSX_GUIDE.map((line) => [line]),
      { widths: [120] },
    );
  return book.toBuffer();
}

const XLSX_GUIDE = [
  '每行一道试题；题型填写：单选题、多选题、判断题、简答题、填空题、匹配题、排序题、组合题；难度填写：普通、困难。',
  '组合题：先写一行组合题（题目内容为材料），其子题写在其后各行，“所属组合题”填写组合题的序号；子题不能是组合题。',
  '单选/多选/判断：选项写在“选项A”至“选项H”，答案写字母（多选如 ABD）；判断题选项可留空（默认为 正确/错误），答案可写 正确 或 错误。',
  '简答题：答案写参考答案；得分关键词写成 “关键词:权重；关键词:权重”。',
  '填空题：题目内容中用 ____（至少三个下划线）或（  ）表示空；答案按空的顺序用“；”分隔，同一空的多个可接受答案用“|”分隔；填空设置可写 区分大小写、区分全半角、顺序无关。',
  '匹配题：左侧项每行一项（自动编号 1、2、3…），右侧项写在“选项A”起的各列（可多于左侧，作干扰项）；答案写成 “1-A；2-C”。',
  '排序题：各项写在“选项A”起的各列；答案按正确顺序写出全部字母（如 CABD），留空表示各列已按正确顺序排列。',
  '公式写成 $LaTeX$，如 $x^2+y^2=r^2$；普通的美元符号写成 \\$。知识点用“，”分隔。',
];

/** Data rows of one import (the cap of every format); the exports write at most 5,000 questions. */
export const MAX_IMPORT_ROWS = MAX_IMPORT_QUESTIONS;

type Getter = (cells: string[], name: string) => string;

/** Reads the questions of a workbook (in a worker, xlsx-read.ts); rows that cannot be read carry their issues. */
export async function readQuestionsXlsx(buffer: Buffer): Promise<ImportItem[]> {
  let rows: SheetRow[];
  try {
    rows = await readXlsxRows(buffer, { maxRows: MAX_IMPORT_ROWS });
  } catch (err) {
    if (err instanceof InvalidXlsxError) return [layoutItem.invalid('文件不是有效的 xlsx 文件')];
    throw err;
  }
  const headerRow = rows[0]?.row === 1 ? rows[0] : null;
  const header = (headerRow?.cells ?? []).map((v) => v.trim());
  if (rows.length === 0) return [];
  if (YF_REQUIRED.every((c) => header.includes(c))) return readYfRows(rows, header);
  if (!OUR_REQUIRED.every((c) => header.includes(c)))
    throw badParams(
      `文件：无法识别表头，第1行应为本系统导入模板的列（${XLSX_COLUMNS.join('、')}），或 yf-exam-lite 试题模板的列（${YF_COLUMNS.join('、')}）`,
    );
  const at = new Map(header.map((h, i) => [h, i + 1]));
  const get: Getter = (cells, name) => (cells[(at.get(name) ?? col(name)) - 1] ?? '').trim();
  const items: LayoutItem[] = [];
  const bySeq = new Map<string, LayoutItem>();
  for (const { row: r, cells } of rows) {
    // Thousands of rows are turned into questions on the request thread: let other requests in.
    if (r % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
    if (r === 1) continue;
    if (XLSX_COLUMNS.every((c) => get(cells, c) === '')) continue;
    const item = readRow(cells, r, get);
    const parent = get(cells, '所属组合题');
    if (parent) {
      const p = bySeq.get(parent);
      if (!p || !isComposite(p.q.type))
        item.issues.push({ row: r, column: '所属组合题', reason: `找不到序号为“${parent}”的组合题` });
      else {
        p.q.children.push(item.q);
        p.childRows.push(r);
        p.issues.push(...item.issues);
        continue;
      }
    }
    const seq = get(cells, '序号');
    if (seq) bySeq.set(seq, item);
    items.push(item);
  }
  return items.map(layoutItem.toImport);
}

/** Columns a header must have to be read as ours (the others fall back to their template positions). */
const OUR_REQUIRED = ['题型', '题目内容'];
/** yf-exam-lite's question sheet (its export/import DTO), one row per option. */
export const YF_COLUMNS = [
  '题目序号',
  '题目类型',
  '题目内容',
  '整体解析',
  '题目图片',
  '题目视频',
  '所属题库',
  '是否正确项',
  '选项内容',
  '选项解析',
  '选项图片',
];
const YF_REQUIRED = ['题目序号', '题目类型', '题目内容', '是否正确项', '选项内容'];
const YF_TYPES: Record<string, number> = { '1': 1, '2': 2, '3': 3 };
const YES = ['1', '是', 'Y', 'YES', 'TRUE', '正确', '对', '√'];

/** yf-exam-lite rows: a question starts at a row with a new 题目序号; the rows after it with the same (or none) are its options. */
function readYfRows(rows: SheetRow[], header: string[]): ImportItem[] {
  const get = (cells: string[], name: string) => (cells[header.indexOf(name)] ?? '').trim();
  type YfItem = LayoutItem & { no: string; notes: string[] };
  const items: YfItem[] = [];
  let cur: YfItem | null = null;
  for (const { row: r, cells } of rows) {
    if (r === 1 || cells.every((c) => !c.trim())) continue;
    const no = get(cells, '题目序号');
    if (!cur || (no && no !== cur.no)) {
      const typeText = get(cells, '题目类型');
      const type = YF_TYPES[typeText] ?? parseType(typeText);
      const issues: LayoutItem['issues'] = [];
      if (type === null || type > 3)
        issues.push({ row: r, column: '题目类型', reason: `题目类型“${typeText}”不正确，应为 1 单选、2 多选、3 判断` });
      const q = interQuestion(type ?? 0, plainToHtml(get(cells, '题目内容'), { blanks: false }));
      q.analysis = plainToHtml(get(cells, '整体解析'), { blanks: false }) || null;
      cur = { row: r, q, childRows: [], issues, no, notes: [] };
      items.push(cur);
    }
    const text = get(cells, '选项内容');
    if (!text) continue;
    const right = YES.includes(get(cells, '是否正确项').toUpperCase());
    cur.q.options.push({ text: plainToHtml(text, { blanks: false }), right });
    const note = get(cells, '选项解析');
    if (note)
      cur.notes.push(
        `<p>${String.fromCharCode(64 + cur.q.options.length)}：${plainToHtml(note, { blanks: false }).replace(/^<p>|<\/p>$/g, '')}</p>`,
      );
  }
  return items.map(({ no: _no, notes, ...item }) => {
    if (notes.length) item.q.analysis = `${item.q.analysis ?? ''}${notes.join('')}`;
    return layoutItem.toImport(item);
  });
}

function readRow(row: string[], r: number, get: Getter): LayoutItem {
  const issues: LayoutItem['issues'] = [];
  const type = parseType(get(row, '题型'));
  if (type === null) issues.push({ row: r, column: '题型', reason: `题型“${get(row, '题型')}”不正确` });
  const level = parseLevel(get(row, '难度'));
  if (level === null)
    issues.push({ row: r, column: '难度', reason: `难度“${get(row, '难度')}”不正确，应为普通或困难` });
  const q = interQuestion(
    type ?? 0,
    plainToHtml(get(row, '题目内容'), { blanks: type !== null && findKind(type)?.contentBlanks === true }),
  );
  q.level = level ?? 1;
  q.analysis = plainToHtml(get(row, '解析'), { blanks: false }) || null;
  q.tags = parseTags(get(row, '知识点'));
  const optionTexts = OPTION_COLS.map((c) => get(row, c));
  const last = optionTexts.map((t) => t !== '').lastIndexOf(true);
  readLayout(q, {
    options: optionTexts.slice(0, last + 1),
    left: get(row, '左侧项')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean),
    answer: get(row, '答案'),
    field: (name) => get(row, name),
    issue: (column, reason) => issues.push({ row: r, column, reason }),
    strictLetters: true,
  });
  return { row: r, q, childRows: [], issues };
}
