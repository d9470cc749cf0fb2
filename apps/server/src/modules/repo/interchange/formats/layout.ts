/**
 * Our own text layout of a question, shared by the xlsx and docx formats: option columns/lines
 * A..H, an answer written as letters (choices, ordering), blanks `甲|乙；丙`, keywords `词:权重`,
 * matching pairs `1-A；2-C`. Reads into and writes from the interchange model; each kind's cells
 * are its own (interchange/kinds/<kind>.ts `layout`).
 */

import type { TImportIssue } from '@exam/contracts';
import type { ImportItem } from '../../qu-import.js';
import { formatsOf } from '../kinds/index.js';
import type { LayoutParts } from '../kinds/types.js';

import type { InterQuestion } from '../model.js';
import { fromInterchange, type SaveInput } from '../registry.js';

/** Fills the model parts of question `q` (its type set) from a layout row, as its kind reads it. */
export function readLayout(q: InterQuestion, p: LayoutParts): void {
  formatsOf(q.type)?.layout?.read(q, p);
}

/** The layout cells of a model question: option columns 选项A.., 左侧项, 答案, 得分关键词, 填空设置. */
export function writeLayout(q: InterQuestion, rich: (html: string | null | undefined) => string) {
  const cells: Record<string, string> = {};
  formatsOf(q.type)?.layout?.write(q, cells, rich);
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
