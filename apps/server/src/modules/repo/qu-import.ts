/**
 * The common end of the xlsx and docx imports: check every parsed question with the rules of its
 * type, report (row, column, reason), and import all or nothing (or only the valid ones on request).
 */
import type { TImportIssue, TQuChildSave, TQuImportResult } from '@exam/contracts';
import type { Executor } from '../../platform/db.js';
import { insertQuestions } from './qu.service.js';
import { checkQuestion, type NormalQuestion, normaliseQuestion } from './qu-rules.js';

/** A question read from a file, before the rules are checked. */
export interface ImportItem {
  /** Row (xlsx) or question number (docx) shown in the report. */
  row: number;
  input: TQuChildSave & { children: TQuChildSave[] };
  tags: string[];
  /** Rows of the children, in order (composite only). */
  childRows: number[];
  /** Problems found while reading the file. */
  issues: TImportIssue[];
}

/** Maps a rule field (content, options, answer.blanks...) to the column name of the format. */
export type ColumnOf = (field: string) => string;

export interface CheckedItem {
  item: ImportItem;
  q: NormalQuestion;
  issues: TImportIssue[];
}

/** Applies the rules to every item and gathers the report. */
export function checkItems(items: ImportItem[], columnOf: ColumnOf): CheckedItem[] {
  return items.map((item) => checkItem(item, columnOf));
}

/**
 * checkItems for a whole import file: the rules of thousands of questions took seconds of the
 * request thread, so it lets other requests in every few dozen questions.
 */
export async function checkItemsYielding(items: ImportItem[], columnOf: ColumnOf): Promise<CheckedItem[]> {
  const out: CheckedItem[] = [];
  for (const item of items) {
    if (out.length % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    out.push(checkItem(item, columnOf));
  }
  return out;
}

function checkItem(item: ImportItem, columnOf: ColumnOf): CheckedItem {
  const q = normaliseQuestion(item.input);
  const issues = [...item.issues];
  for (const issue of checkQuestion(q)) {
    const m = /^children\.(\d+)\.(.+)$/.exec(issue.field);
    if (m) {
      const row = item.childRows[Number(m[1])] ?? item.row;
      issues.push({ row, column: columnOf(m[2]), reason: issue.message.replace(/^第\d+道子题：/, '') });
    } else issues.push({ row: item.row, column: columnOf(issue.field), reason: issue.message });
  }
  return { item, q, issues };
}

/**
 * Imports the checked items into banks in one transaction. With errors and `onlyValid` false,
 * nothing is imported; with `onlyValid`, the valid questions are.
 */
export async function importChecked(
  db: Executor,
  checked: CheckedItem[],
  options: { repoIds: string[]; onlyValid: boolean; userId: string },
): Promise<TQuImportResult> {
  const errors = checked.flatMap((c) => c.issues).sort((a, b) => a.row - b.row);
  const valid = checked.filter((c) => c.issues.length === 0);
  if (checked.length === 0) {
    return { total: 0, imported: 0, errors: [{ row: 0, column: '', reason: '文件中没有识别到试题' }, ...errors] };
  }
  if ((errors.length > 0 && !options.onlyValid) || valid.length === 0) {
    return { total: checked.length, imported: 0, errors };
  }
  const items = valid.map((c) => ({ q: c.q, tags: c.item.tags }));
  await db.transaction((tx) => insertQuestions(tx, items, options.repoIds, options.userId));
  return { total: checked.length, imported: valid.length, errors };
}
