/**
 * The common end of every import (xlsx, docx and the interchange formats): check every parsed
 * question with the rules of its type, report (row or place, column, reason), count per type,
 * flag duplicates, and import all or nothing (or only the valid ones on request); a preview writes
 * nothing. The questions are written in short transactions of WRITE_CHUNK, hidden, and published
 * in one last transaction (writeStaged), so an import of thousands never holds PGlite's one
 * connection for seconds and the user still sees all of it or nothing.
 */
import {
  type TImportIssue,
  type TImportPlace,
  type TQuChildSave,
  type TQuImportResult,
  ZQuSaveSchema,
} from '@exam/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../platform/db.js';
import { validationMessage } from '../../platform/zod-messages.js';
import { insertQuestions } from './qu.service.js';
import { nothingImported } from './qu-import-outcome.js';
import { checkQuestion, type NormalQuestion, normaliseQuestion, type RuleIssue } from './qu-rules.js';
import { questionPoolChanged } from './question-pool.js';

/** A question read from a file, before the rules are checked. */
export interface ImportItem {
  /** Row (xlsx) or question number (docx) shown in the report; the item's number for other formats. */
  row: number;
  /** Where the item is in a file without rows (GIFT line, XML element path, question name). */
  place?: string;
  input: TQuChildSave & { children: TQuChildSave[] };
  tags: string[];
  /** Rows of the children, in order (composite only). */
  childRows: number[];
  /** Problems found while reading the file. */
  issues: TImportIssue[];
  /** The bank (by title) its file category sends it to (category=bank); none: the chosen banks. */
  bank?: string;
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
export async function checkItemsYielding(
  items: ImportItem[],
  columnOf: ColumnOf,
  onProgress?: ImportProgress,
): Promise<CheckedItem[]> {
  const out: CheckedItem[] = [];
  for (const item of items) {
    if (out.length % 50 === 49) {
      onProgress?.('check', out.length, items.length);
      await yieldTurn();
    }
    out.push(checkItem(item, columnOf));
  }
  return out;
}

/** Lets the requests waiting on the event loop in. */
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Where a long import is: checking the rules or writing, `done` of `total` questions. */
export type ImportProgress = (phase: 'check' | 'write', done: number, total: number) => void;

/**
 * The editor's own schema (the body of /api/repo/qu/save without the banks): an import writes
 * nothing the editor would refuse (eight options, text lengths, 20 tags of 30 characters, 50
 * children), and reports it with the editor's message.
 */
const ZImportQuestion = ZQuSaveSchema.omit({ repoIds: true });
/** Schema problems reported per item (a file of 200,000 answers to one question gives one line). */
const MAX_SCHEMA_ISSUES = 5;
/** Report columns of the fields the formats' own column names do not cover. */
const SCHEMA_COLUMNS: Record<string, string> = { tags: '知识点', analysis: '解析', level: '难度' };

/** The item as the editor would save it, or the editor's refusals (field and message). */
function editorShape(item: ImportItem): { input: ImportItem['input']; tags: string[] } | RuleIssue[] {
  const parsed = ZImportQuestion.safeParse({ ...item.input, tags: item.tags });
  if (parsed.success) {
    const { tags, ...input } = parsed.data;
    return { input, tags };
  }
  const seen = new Set<string>();
  const out: RuleIssue[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const field = path.filter((p, i) => !(/^\d+$/.test(p) && path[i - 1] !== 'children')).join('.');
    const message = validationMessage(
      [{ instancePath: `/${path.join('/')}`, message: issue.message }],
      ZImportQuestion,
    );
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message });
    if (out.length === MAX_SCHEMA_ISSUES) break;
  }
  return out;
}

/** A refused item's question, cut to what the schema allows: only counted and compared, never written. */
const cutToSchema = (input: ImportItem['input']): ImportItem['input'] => ({
  ...input,
  content: input.content.slice(0, 50_000),
  options: input.options.slice(0, 8),
  children: input.children.slice(0, 50),
});

function checkItem(item: ImportItem, columnOf: ColumnOf): CheckedItem {
  const shaped = editorShape(item);
  const issues = [...item.issues];
  const column = (field: string) => SCHEMA_COLUMNS[field] ?? columnOf(field);
  if (Array.isArray(shaped)) {
    const q = normaliseQuestion(cutToSchema(item.input));
    issues.push(...shaped.flatMap((issue) => placed(item, issue, column)));
    return { item, q, issues };
  }
  item.input = shaped.input;
  item.tags = shaped.tags;
  const q = normaliseQuestion(shaped.input);
  for (const issue of checkQuestion(q)) issues.push(...placed(item, issue, column));
  return { item, q, issues };
}

/** A broken rule as a report line: a child's on the child's row, named by the format's column. */
function placed(item: ImportItem, issue: RuleIssue, columnOf: ColumnOf): TImportIssue[] {
  const m = /^children\.(\d+)\.(.+)$/.exec(issue.field);
  const place = item.place ? { place: item.place } : {};
  if (m) {
    const row = item.childRows[Number(m[1])] ?? item.row;
    const reason = item.place ? issue.message : issue.message.replace(/^第\d+道子题：/, '');
    return [{ row, column: columnOf(m[2]), reason, ...place }];
  }
  return [{ row: item.row, column: columnOf(issue.field), reason: issue.message, ...place }];
}

export interface ImportOptions {
  repoIds: string[];
  onlyValid: boolean;
  userId: string;
  /** Nothing is written; the report says what would be. */
  preview?: boolean;
  /** Items of the file not taken, reported as they are. */
  skipped?: TImportPlace[];
  /** Questions already in the bank or earlier in the file (`banks`: the existing banks of categories, by title). */
  duplicates?: (checked: CheckedItem[], banks: Map<string, string>) => Promise<TImportPlace[]>;
  /** Finds banks by title and creates the missing ones (in the import's transaction), for items with a `bank`. */
  banks?: {
    existing: (titles: string[]) => Promise<Map<string, string>>;
    create: (tx: Tx, title: string) => Promise<string>;
  };
  /** Runs before the insert on the questions to import (stores their images); answers how to undo it. */
  prepare?: (valid: CheckedItem[]) => Promise<(() => Promise<void>) | undefined>;
  /** Told how far the writing is. */
  onProgress?: ImportProgress;
}

/** Top-level questions per type (a composite counts once). */
const countByType = (checked: CheckedItem[]): Record<string, number> =>
  checked.reduce<Record<string, number>>((acc, c) => {
    acc[String(c.q.type)] = (acc[String(c.q.type)] ?? 0) + 1;
    return acc;
  }, {});

/**
 * Imports the checked items into banks in one transaction. With errors and `onlyValid` false,
 * nothing is imported; with `onlyValid`, the valid questions are; with `preview`, nothing is.
 */
export async function importChecked(
  db: Executor,
  checked: CheckedItem[],
  options: ImportOptions,
): Promise<TQuImportResult> {
  const errors = checked.flatMap((c) => c.issues).sort((a, b) => a.row - b.row);
  const valid = checked.filter((c) => c.issues.length === 0);
  const skipped = options.skipped ?? [];
  const taken = options.onlyValid ? valid : checked;
  const titles = [...new Set(taken.flatMap((c) => (c.item.bank ? [c.item.bank] : [])))];
  const existing = titles.length && options.banks ? await options.banks.existing(titles) : new Map<string, string>();
  const duplicates = options.duplicates ? await options.duplicates(checked, existing) : [];
  const report = {
    total: checked.length,
    valid: valid.length,
    byType: countByType(taken),
    skipped,
    duplicates,
    ...(titles.length
      ? {
          banks: titles.map((title) => ({
            title,
            count: taken.filter((c) => c.item.bank === title).length,
            exists: existing.has(title),
          })),
        }
      : {}),
  };
  if (checked.length === 0) {
    const none = { row: 0, column: '', reason: skipped.length ? '文件中没有可导入的试题' : '文件中没有识别到试题' };
    const empty = { ...report, imported: 0, errors: [none, ...errors] };
    if (options.preview) return empty;
    throw nothingImported(empty, options.onlyValid);
  }
  if (options.preview || (errors.length > 0 && !options.onlyValid) || valid.length === 0) {
    const none = { ...report, imported: 0, errors };
    // A confirmed import that writes nothing says why, never 操作成功.
    if (options.preview) return none;
    throw nothingImported(none, options.onlyValid);
  }
  const undo = await options.prepare?.(valid);
  // Items go to the chosen banks, or to the bank their category names (found or created here).
  const groups = new Map<string, { q: NormalQuestion; tags: string[] }[]>();
  for (const c of valid) {
    const key = c.item.bank ?? '';
    const group = groups.get(key) ?? [];
    group.push({ q: c.q, tags: c.item.tags });
    groups.set(key, group);
  }
  try {
    await writeStaged(db, groups, existing, options);
  } catch (err) {
    // What prepare stored outside the transaction (images) would otherwise stay unreferenced.
    await undo?.();
    throw err;
  }
  return { ...report, imported: valid.length, errors };
}

/**
 * Questions per short transaction of an import: PGlite's one connection is free between them (200
 * held it up to 830 ms at p99 on a loaded 2-core machine, bench/README.md).
 */
const WRITE_CHUNK = 100;
/** Ids per statement when publishing or discarding what an import staged. */
const ID_SLICE = 1000;
/** The deletion time of rows an import staged and has not published: hidden from every reader. */
const STAGED_AT = new Date(0);

const slices = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / ID_SLICE) }, (_, i) => ids.slice(i * ID_SLICE, (i + 1) * ID_SLICE));

/**
 * Writes the questions (and the banks their categories create) hidden, as deleted at STAGED_AT,
 * in short transactions with a turn of the event loop between them, then makes them visible in
 * one transaction: the import is all or nothing for every reader. On a failure what was staged
 * is deleted; a process dying meanwhile leaves only hidden rows.
 */
async function writeStaged(
  db: Executor,
  groups: Map<string, { q: NormalQuestion; tags: string[] }[]>,
  existing: Map<string, string>,
  options: ImportOptions,
): Promise<void> {
  const total = [...groups.values()].reduce((n, items) => n + items.length, 0);
  const quIds: string[] = [];
  const bankIds: string[] = [];
  const withChildren = [...groups.values()].some((items) => items.some(({ q }) => q.children.length > 0));
  try {
    for (const [title, items] of groups) {
      let repoIds = options.repoIds;
      const banks = options.banks;
      if (title && banks) {
        const found = existing.get(title);
        const id =
          found ??
          (await db.transaction(async (tx) => {
            const created = await banks.create(tx, title);
            await tx.update(elRepo).set({ deletedAt: STAGED_AT }).where(eq(elRepo.id, created));
            return created;
          }));
        if (!found) bankIds.push(id);
        repoIds = [id];
      }
      for (let start = 0; start < items.length; start += WRITE_CHUNK) {
        const chunk = items.slice(start, start + WRITE_CHUNK);
        quIds.push(...(await db.transaction((tx) => insertQuestions(tx, chunk, repoIds, options.userId, STAGED_AT))));
        options.onProgress?.('write', quIds.length, total);
        await yieldTurn();
      }
    }
    await db.transaction(async (tx) => {
      if (bankIds.length)
        await tx
          .update(elRepo)
          .set({ deletedAt: null })
          .where(and(inArray(elRepo.id, bankIds), eq(elRepo.deletedAt, STAGED_AT)));
      // Only rows still staged: a bank deleted meanwhile took its questions with it.
      for (const ids of slices(quIds)) {
        const staged = (rows: SQL | undefined) => and(rows, eq(elQu.deletedAt, STAGED_AT));
        await tx
          .update(elQu)
          .set({ deletedAt: null })
          .where(staged(inArray(elQu.id, ids)));
        if (withChildren)
          await tx
            .update(elQu)
            .set({ deletedAt: null })
            .where(staged(inArray(elQu.parentId, ids)));
      }
    });
    await questionPoolChanged();
  } catch (err) {
    // The failure is what the user is answered; what a failing discard leaves stays hidden.
    await discardStaged(db, quIds, bankIds).catch(() => undefined);
    throw err;
  }
}

/** Deletes what writeStaged staged (never published: nothing refers to it). */
async function discardStaged(db: Executor, quIds: string[], bankIds: string[]): Promise<void> {
  for (const ids of slices(quIds)) {
    await db.delete(elQuRepo).where(inArray(elQuRepo.quId, ids));
    await db.delete(elQu).where(and(inArray(elQu.parentId, ids), eq(elQu.deletedAt, STAGED_AT)));
    await db.delete(elQu).where(and(inArray(elQu.id, ids), eq(elQu.deletedAt, STAGED_AT)));
  }
  if (bankIds.length) await db.delete(elRepo).where(and(inArray(elRepo.id, bankIds), eq(elRepo.deletedAt, STAGED_AT)));
}
