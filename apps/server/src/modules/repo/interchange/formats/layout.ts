/**
 * Our own text layout of a question, shared by the xlsx and docx formats: option columns/lines
 * A..H, an answer written as letters (choices, ordering), blanks `甲|乙；丙`, keywords `词:权重`,
 * matching pairs `1-A；2-C`. Reads into and writes from the interchange model, by model type.
 */

import type { TImportIssue } from '@exam/contracts';
import { OPTION_COLS, OPTION_KEYS, plainRich } from '../../kinds/shared.js';
import type { ImportItem } from '../../qu-import.js';
import {
  formatBlanks,
  formatFillFlags,
  formatKeywords,
  formatPairs,
  parseBlanks,
  parseChoiceAnswer,
  parseFillFlags,
  parseKeywords,
  parsePairs,
} from '../../qu-text.js';
import type { InterQuestion } from '../model.js';
import { fromInterchange, type SaveInput } from '../registry.js';

/** What a layout row or paragraph holds besides the text. */
export interface LayoutParts {
  /** Option texts A.. (choices, ordering items, right-hand matching items). */
  options: string[];
  /** Left-hand matching items. */
  left: string[];
  answer: string;
  /** 得分关键词, 填空设置. */
  field: (name: string) => string;
  issue: (column: string, reason: string) => void;
  /** xlsx reports answer letters beyond the options; docx leaves that to the rules. */
  strictLetters: boolean;
}

/** Fills the model parts of question `q` (its type set) from a layout row. */
export function readLayout(q: InterQuestion, p: LayoutParts): void {
  switch (q.type) {
    case 1:
    case 2:
    case 3: {
      const trueFalse = q.type === 3;
      const texts = trueFalse && p.options.length === 0 ? ['正确', '错误'] : p.options;
      const rights = p.answer.trim() ? parseChoiceAnswer(p.answer, trueFalse, texts) : [];
      if (rights === null) p.issue('答案', `答案“${p.answer}”无法识别，应填写选项字母`);
      q.options = texts.map((t, i) => ({ text: plainRich(t), right: Boolean(rights?.includes(OPTION_KEYS[i])) }));
      const unknown = rights?.filter((k) => OPTION_KEYS.indexOf(k) >= texts.length) ?? [];
      if (p.strictLetters && unknown.length) p.issue('答案', `答案中的选项${unknown.join('、')}不存在`);
      return;
    }
    case 4: {
      const keywords = parseKeywords(p.field('得分关键词'));
      if (keywords === null) p.issue('得分关键词', '得分关键词的权重必须是数字');
      q.reference = plainRich(p.answer);
      q.keywords = keywords ?? [];
      return;
    }
    case 5:
      q.blanks = parseBlanks(p.answer);
      Object.assign(q, parseFillFlags(p.field('填空设置')));
      return;
    case 6: {
      const pairs = parsePairs(p.answer);
      if (pairs === null) p.issue('答案', `匹配答案“${p.answer}”无法识别，应写成 1-A；2-C`);
      const left = p.left.map(plainRich);
      q.rights = p.options.map(plainRich);
      const rightOf = (key: string) => q.rights[OPTION_KEYS.indexOf(key)] ?? key;
      // Pairs in the order of the left items; a pair naming no left item is kept for the rules to report.
      const given = pairs ?? [];
      q.pairs = [
        ...left.map((l, i) => ({ left: l, right: rightOf(given.find((g) => g.left === String(i + 1))?.right ?? '') })),
        ...given.filter((g) => !left[Number(g.left) - 1]).map((g) => ({ left: g.left, right: rightOf(g.right) })),
      ];
      return;
    }
    case 7: {
      const letters = p.answer.toUpperCase().replace(/[\s,，、;；>→-]/g, '');
      let ordered = p.options;
      if (letters) {
        const idx = [...letters].map((l) => OPTION_KEYS.indexOf(l));
        const ok =
          idx.length === p.options.length &&
          new Set(idx).size === idx.length &&
          idx.every((i) => i >= 0 && i < p.options.length);
        if (ok) ordered = idx.map((i) => p.options[i]);
        else p.issue('答案', `排序答案“${p.answer}”无法识别，应按正确顺序写出全部选项字母，如 CABD`);
      }
      q.options = ordered.map((t) => ({ text: plainRich(t), right: false }));
      return;
    }
  }
}

/** The layout cells of a model question: option columns 选项A.., 左侧项, 答案, 得分关键词, 填空设置. */
export function writeLayout(q: InterQuestion, rich: (html: string | null | undefined) => string) {
  const cells: Record<string, string> = {};
  const letters = (n: number) => OPTION_KEYS.slice(0, n);
  switch (q.type) {
    case 1:
    case 2:
    case 3:
      q.options.forEach((o, i) => {
        cells[OPTION_COLS[i]] = rich(o.text);
      });
      cells.答案 = q.options
        .map((o, i) => (o.right ? OPTION_KEYS[i] : ''))
        .filter(Boolean)
        .join('');
      break;
    case 4:
      cells.答案 = rich(q.reference);
      cells.得分关键词 = formatKeywords(q.keywords);
      break;
    case 5:
      cells.答案 = formatBlanks(q.blanks);
      cells.填空设置 = formatFillFlags(q);
      break;
    case 6: {
      const lefts = [...new Set(q.pairs.map((p) => p.left))];
      q.rights.forEach((r, i) => {
        cells[OPTION_COLS[i]] = rich(r);
      });
      cells.左侧项 = lefts.map((l) => rich(l)).join('\n');
      cells.答案 = formatPairs(
        q.pairs.map((p) => ({
          left: String(lefts.indexOf(p.left) + 1),
          right: OPTION_KEYS[q.rights.indexOf(p.right)] ?? '',
        })),
      );
      break;
    }
    case 7:
      q.options.forEach((o, i) => {
        cells[OPTION_COLS[i]] = rich(o.text);
      });
      cells.答案 = letters(q.options.length);
      break;
  }
  return cells;
}

/** A question of our layouts while its file is read: the model question, its rows and the issues found. */
export interface LayoutItem {
  row: number;
  q: InterQuestion;
  childRows: number[];
  issues: TImportIssue[];
}

export const layoutItem = {
  /** The one item of a file that could not be opened. */
  invalid: (reason: string): ImportItem => ({
    row: 0,
    input: { type: 0, level: 1, content: '', options: [], answer: {}, children: [] },
    tags: [],
    childRows: [],
    issues: [{ row: 0, column: '', reason }],
  }),
  /**
   * The import item of a layout question, mapped by its kind. What a kind cannot hold is an issue
   * of the row; the rules (qu-rules.ts) then report the rest, as for a question typed in the editor.
   */
  toImport: (item: LayoutItem): ImportItem => {
    const mapped = fromInterchange(item.q);
    const issues = [...item.issues];
    let input: SaveInput;
    if ('input' in mapped) input = mapped.input;
    else {
      if (item.q.type !== 0) issues.push({ row: item.row, column: '题型', reason: mapped.skip });
      input = {
        type: item.q.type,
        level: (item.q.level === 2 ? 2 : 1) as 1 | 2,
        content: item.q.text,
        analysis: item.q.analysis,
        options: [],
        answer: {},
        children: [],
      };
    }
    return { row: item.row, input, tags: item.q.tags, childRows: item.childRows, issues };
  },
};
