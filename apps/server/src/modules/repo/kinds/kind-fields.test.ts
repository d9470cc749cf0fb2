/**
 * Kinds own their knowledge: no source file outside a kind's folders reads the fields
 * of that kind's key or exam setting (`x.blanks`, `x?.pairs`, `x['order']`, `'answer.keywords'`…).
 * A kind's folders are `apps/server/src/modules/repo/kinds/<kind>/`,
 * `apps/web/src/components/question/kinds/<kind>/` and `packages/contracts/src/repo/kinds/<kind>.ts`;
 * callers ask the kind (print, mark, Editor, Settings…) instead. Test files are not scanned (their
 * fixtures write whole questions). Printing, the exam settings and the web editors moved into the
 * kinds: 21 files touched a kind outside its folders before, 12 after (besides two that match by
 * name only); those left belong to other work (formats, marking hints, the regrade key editor) and
 * are listed below, so that none is added.
 * `KIND_SCAN_ROOT=<checkout>` scans another checkout (the count before).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../platform/paths.js';

const root = process.env.KIND_SCAN_ROOT ?? repoRoot;
const SCANNED = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];

/** The fields of each kind's key (el_qu.answer) and exam settings that only the kind may read. */
const KIND_FIELDS: Record<string, string[]> = {
  'fill-blank': ['blanks', 'caseSensitive', 'widthSensitive', 'orderMatters'],
  matching: ['pairs'],
  ordering: ['order', 'orderPolicy'],
  'short-answer': ['keywords'],
  multiple: ['multiPolicy'],
};

/** Files that match by name only: not a kind's field. */
const NOT_A_KIND_FIELD = new Set([
  'packages/contracts/src/repo/rich-text.ts', // plainToHtml's `blanks` option (text formats)
  'packages/contracts/src/exam/paper.ts', // ANSWER_LIMITS.blanks / .pairs: sizes of any answer
]);

/** Still outside their kind, each for its reason: may only shrink. */
const NOT_YET_MOVED = new Set([
  'apps/server/src/modules/sitting/mark-by-question.service.ts', // marking hints' keywords in the API
  'apps/server/src/modules/sitting/mark.service.ts', // marking hints' keywords in the API
  'apps/server/src/modules/sitting/sitting-leaks.ts', // the answer-secrecy walker's key texts
  'apps/server/src/modules/repo/qu-import.ts', // format column names (interchange work)
  'apps/server/src/modules/repo/qu-text.ts', // fill blank flags in the text formats (interchange work)
  'apps/web/src/pages/admin/exam/mark-qu/AnswerCard.tsx', // marking hints' keywords
  'apps/web/src/pages/admin/exam/mark-qu/MarkQuBoard.tsx', // marking hints' keywords
  'apps/web/src/pages/admin/exam/mark/detail/MarkItem.tsx', // marking hints' keywords
  'apps/web/src/pages/admin/exam/regrade/RegradeModal.tsx', // the fill blank key editor of a regrade
  'apps/web/src/pages/web/repo/training/SelfMarkPanel.tsx', // the short answer's keyword share
]);

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(file);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/**
 * The format modules read the neutral interchange model (repo/interchange/model.ts), whose fields
 * (blanks, pairs, keywords…) carry the same names as the kinds' keys: each kind maps its key to and
 * from that model in its own `interchange.ts`, so a format never reads a kind's key itself.
 */
const INTERCHANGE = 'apps/server/src/modules/repo/interchange/';

const inKindFolder = (rel: string, kind: string) =>
  rel.startsWith(INTERCHANGE) ||
  rel.startsWith(`apps/server/src/modules/repo/kinds/${kind}/`) ||
  rel.startsWith(`apps/web/src/components/question/kinds/${kind}/`) ||
  rel === `packages/contracts/src/repo/kinds/${kind}.ts`;

/** Reads of a field: `.f`, `?.f`, `['f']` (a call `.f(` is a method, not a field). */
const touches = (text: string, field: string) =>
  new RegExp(`(?:\\?\\.|\\.)${field}\\b(?!\\s*\\()|\\[\\s*'${field}'\\s*\\]`).test(text);

/** "file: kind" for every file that touches a kind's field outside the kind's folders. */
export function kindFieldsOutside(): string[] {
  const found: string[] = [];
  for (const file of SCANNED.flatMap((d) => sources(path.join(root, d)))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    for (const [kind, fields] of Object.entries(KIND_FIELDS))
      if (!inKindFolder(rel, kind) && fields.some((f) => touches(text, f))) found.push(`${rel}: ${kind}`);
  }
  return found;
}

describe('kinds own their fields', () => {
  it('finds a field read, not a method call', () => {
    expect(touches('const b = key?.blanks ?? [];', 'blanks')).toBe(true);
    expect(touches("q['order']", 'order')).toBe(true);
    expect(touches('db.select().order(x)', 'order')).toBe(false);
    expect(touches('row.orderly', 'order')).toBe(false);
  });

  it('no file outside a kind folder reads a kind field, but the listed ones', () => {
    const outside = kindFieldsOutside();
    const files = [...new Set(outside.map((f) => f.split(':')[0]))];
    if (process.env.KIND_SCAN_ROOT) console.log(`${files.length} files:\n${outside.join('\n')}`);
    const unexpected = outside.filter((f) => {
      const file = f.split(':')[0];
      return !NOT_A_KIND_FIELD.has(file) && !NOT_YET_MOVED.has(file);
    });
    expect(unexpected).toEqual([]);
    // A listed file that no longer touches a kind leaves the list.
    expect([...NOT_YET_MOVED].filter((f) => !files.includes(f))).toEqual([]);
  });
});
