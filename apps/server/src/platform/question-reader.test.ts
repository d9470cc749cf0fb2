/**
 * One question reader: question content (stem, options, answer, analysis, right
 * flags) reaches a learner only through modules/repo/question-reader.ts, which applies the sitting
 * guard. Every other file that reads the question table (el_qu) is listed here with its reason; a
 * new one fails. Files listed without `keys` may read ids, counts, type, level and stem only (no
 * options, answer, analysis or whole rows); those with `keys` are the bank's own administration
 * and the paper start's snapshot. And only the reader asks the guard's lock. Seeders and test kits
 * are left out, as in the layering test, whose scanner this uses (table-access-kit.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_FILE, sources, src, tableAccess, withoutComments } from './table-access-kit.js';

const READER = path.join('modules', 'repo', 'question-reader.ts');

interface Listed {
  /** Whether the file may read keys (options, answer, analysis, whole rows). */
  keys: boolean;
  reason: string;
}

const OUTSIDE_READER: Record<string, Listed> = {
  'modules/train/book.service.ts': {
    keys: false,
    reason:
      "the wrong-answer book's list: type and stem of each entry (searchable, deleted left out); its question and the redo's key come from the reader",
  },
  'modules/paper/blueprint-pool.ts': {
    keys: false,
    reason:
      "a blueprint's pool: id, kind, band and knowledge-point paths of the candidate questions (one statement for all cells), never content or keys",
  },
  'modules/repo/question-pool.ts': {
    keys: true,
    reason:
      "paper start (hot path): the draw's pool in memory, whole rows, keys included, which paper/paper-build.ts copies into the attempt's own rows (el_paper_qu) and returns nothing of them; the exam room reads those rows through paper/paper-view.ts, which never returns a key",
  },
  'modules/sitting/sitting-guard.ts': {
    keys: false,
    reason: 'the guard itself: ids and content fingerprints of the locked questions',
  },
  'modules/paper/tmpl.service.ts': {
    keys: false,
    reason:
      "administrators' paper templates (permission routes): whether chosen questions exist, rule candidates counted; the editor's stems come from the reader's admin entry point",
  },
  'modules/repo/interchange/import.ts': {
    keys: false,
    reason: "the bank's own import (administrators): type and stem of stored questions for the duplicate check",
  },
  'modules/repo/qu-import.ts': {
    keys: false,
    reason:
      "the bank's own import (administrators): stages the new questions hidden and publishes or removes them by id",
  },
  'modules/repo/qu-io.service.ts': { keys: true, reason: "the bank's own export and import (administrators)" },
  'modules/repo/qu.service.ts': {
    keys: true,
    reason: "the bank's own administration: questions created, edited, listed and shown to administrators",
  },
  'modules/repo/knowledge.service.ts': {
    keys: false,
    reason: "the knowledge point tree and a bank's counts: ids, types and levels of live questions, no key",
  },
  'modules/repo/qu-stats.service.ts': {
    keys: false,
    reason: "the bank's review list of badly behaving questions (administrators): type, level and a text summary",
  },
  'modules/repo/repo-counts.ts': { keys: false, reason: "the dashboard's question count (a port system asks)" },
  'modules/repo/repo.service.ts': {
    keys: false,
    reason: "the bank's own administration: questions counted by type and level, orphans deleted with their bank",
  },
  'modules/train/fav/fav.service.ts': {
    keys: false,
    reason:
      'favourites and notes: whether a question exists, type and stem for the lists; opening one reads through the reader',
  },
  'modules/train/train-query.service.ts': {
    keys: false,
    reason: 'practice statistics and the review count: live questions counted per bank',
  },
  'modules/train/train.service.ts': {
    keys: false,
    reason: "a new session draws ids and types of a bank's live questions (the reader's lock leaves locked ones out)",
  },
};

/** Reads of keys in a file's text: key columns, whole rows, whole-row types. */
const KEY_READS = [
  /\belQu\.(?:options|answer|analysis)\b/,
  /\belQu\.\$inferSelect\b/,
  /\.select\(\s*\)\s*\.from\(\s*elQu\s*\)/,
  /\.select\(\s*\)[^;]*?Join\(\s*elQu\b/,
  /\bselect\s+(?:\w+\.)?\*\s+from\s+(?:\$\{elQu\}|"?el_qu"?)(?!\w)/i,
];

export function readsKeys(file: string): boolean {
  const text = withoutComments(fs.readFileSync(file, 'utf8'));
  return KEY_READS.some((re) => re.test(text));
}

const scanned = () =>
  [...sources(path.join(src, 'modules')), ...sources(path.join(src, 'platform'))].filter(
    (file) => file.endsWith('.ts') && !FIXTURE_FILE.test(file),
  );

/** Files other than the reader that read or write el_qu, as "modules/…" paths. */
function questionTableFiles(): string[] {
  return scanned()
    .filter((file) => tableAccess(file).some((a) => a.table === 'el_qu'))
    .map((file) => path.relative(src, file))
    .filter((rel) => rel !== READER)
    .map((rel) => rel.split(path.sep).join('/'))
    .sort();
}

/** Files that call the guard's lock (sittingLock, answerLock, assertNotSitting) rather than define it. */
function lockAskers(): string[] {
  return scanned()
    .filter((file) => {
      const text = withoutComments(fs.readFileSync(file, 'utf8'));
      return [...text.matchAll(/(\bfunction\s+)?\b(?:sittingLock|answerLock|assertNotSitting)\s*\(/g)].some(
        (m) => !m[1],
      );
    })
    .map((file) => path.relative(src, file).split(path.sep).join('/'))
    .sort();
}

describe('one question reader', () => {
  it('the scanner sees key reads and tells them from ids and stems', () => {
    const tmp = path.join(os.tmpdir(), `question-reader-${process.pid}.ts`);
    const cases: [string, boolean][] = [
      ['const r = await db.select({ id: elQu.id, content: elQu.content }).from(elQu);', false],
      ['const r = await db.select().from(elQu).where(x);', true],
      ['const r = await db.select({ a: elQu.answer }).from(elQu);', true],
      ['const r = await db.select().from(elUserBook).innerJoin(elQu, eq(elQu.id, elUserBook.quId));', true],
      ['type Row = typeof elQu.$inferSelect;', true],
      ['await db.execute(sql`select q.* from el_qu q`);', true],
      ['// db.select().from(elQu) in a comment is nothing', false],
    ];
    try {
      for (const [text, keys] of cases) {
        fs.writeFileSync(tmp, text);
        expect([text, readsKeys(tmp)]).toEqual([text, keys]);
      }
    } finally {
      fs.rmSync(tmp);
    }
  });

  it('the reader exists and reads the question table', () => {
    expect(tableAccess(path.join(src, READER)).some((a) => a.table === 'el_qu')).toBe(true);
  });

  it('every other file reading the question table is listed with its reason', () => {
    expect(questionTableFiles()).toEqual(Object.keys(OUTSIDE_READER).sort());
    for (const listed of Object.values(OUTSIDE_READER)) expect(listed.reason.length).toBeGreaterThan(10);
  });

  it('a listed file without keys reads no options, answer, analysis or whole rows', () => {
    const offenders = Object.entries(OUTSIDE_READER)
      .filter(([rel, listed]) => !listed.keys && readsKeys(path.join(src, rel)))
      .map(([rel]) => rel);
    expect(offenders).toEqual([]);
  });

  it("only the reader asks the sitting guard's lock", () => {
    expect(lockAskers()).toEqual(['modules/repo/question-reader.ts']);
  });
});
