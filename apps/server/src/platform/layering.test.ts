/**
 * Arrows point down: platform/ and db/ never import a module; modules hand the platform what it
 * needs (routes, event consumers, start-up hooks) through modules/index.ts. Between modules too:
 * each imports only modules below it in MODULE_ORDER; where a lower one needs a higher one's
 * answer it offers a port that modules/index.ts fills (repo/answer-lock.ts, sitting/exam-port.ts,
 * system/file/private-file-rules.ts; the platform's own: platform/auth.ts provideIdentity).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../db/schema/owners.js';
import {
  type Access,
  FIXTURE_FILE,
  sources,
  src,
  tableAccess,
  tableNames,
  withoutComments,
} from './table-access-kit.js';

/** The files a source file imports by relative path (static, re-exports and import()), resolved. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((s) => path.resolve(path.dirname(file), s));
}

/** Files of `layer` that import something under modules/. */
function importsOfModules(layer: string): string[] {
  return sources(path.join(src, layer)).filter((file) =>
    importsOf(file).some((target) => target.startsWith(path.join(src, 'modules') + path.sep)),
  );
}

/**
 * The modules from the ground up: system (users, departments, files, messages) and notice (its
 * audience rules serve courses and exams) stand on nothing; the question bank below the paper
 * templates drawn from it; courses; the sitting (an attempt from its start to its review) below the
 * certificates, exams and training that read it through its functions; training and exams on top; the administrator's home (overview) reads them all, last.
 */
const MODULE_ORDER = [
  'system',
  'notice',
  'repo',
  'paper',
  'course',
  'sitting',
  'cert',
  'exam',
  'candidate',
  'proctor',
  'train',
  'live',
  'assistant',
  'overview',
];

/** Every import from one module into another that is not below it: "file -> module". */
function arrowsUp(): string[] {
  const modules = path.join(src, 'modules');
  const moduleOf = (file: string) => path.relative(modules, file).split(path.sep)[0];
  return sources(modules).flatMap((file) => {
    const from = moduleOf(file);
    if (!MODULE_ORDER.includes(from)) return []; // modules/index.ts wires them all
    return importsOf(file)
      .filter((target) => target.startsWith(modules + path.sep))
      .map(moduleOf)
      .filter((to) => to !== from && MODULE_ORDER.indexOf(to) > MODULE_ORDER.indexOf(from))
      .map((to) => `${path.relative(src, file)} -> ${to}`);
  });
}

describe('layering', () => {
  it.each(['platform', 'db'])('%s/ imports no module', (layer) => {
    expect(importsOfModules(layer).map((f) => path.relative(src, f))).toEqual([]);
  });

  it('every module folder has its place in MODULE_ORDER', () => {
    const folders = fs
      .readdirSync(path.join(src, 'modules'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((name) => !MODULE_ORDER.includes(name))).toEqual([]);
  });

  it('a module imports only modules below it (a higher one is reached through a port)', () => {
    expect(arrowsUp()).toEqual([]);
  });
});

/*
 * Table access: every table has one owner (db/schema/owners.ts). A module writes
 * (Drizzle insert/update/delete, or an INSERT/UPDATE/DELETE in raw SQL) only its own tables, and
 * reads its own, the platform's and those of modules below it. The platform writes only its own.
 * Seeders and test kits (demo data and fixtures written once, not a product path) are left out.
 */
const ownerOf = (table: string): string => (TABLE_OWNERS as Record<string, string>)[table];
const moduleOfFile = (rel: string) => (rel.startsWith(`modules${path.sep}`) ? rel.split(path.sep)[1] : 'platform');

function accesses(): Access[] {
  return [...sources(path.join(src, 'modules')), ...sources(path.join(src, 'platform'))]
    .filter((file) => file.endsWith('.ts') && !FIXTURE_FILE.test(file))
    .flatMap(tableAccess)
    .filter((a) => MODULE_ORDER.includes(moduleOfFile(a.file)) || moduleOfFile(a.file) === 'platform');
}

/** Writes to a table of another owner: "file writes table (owner)", one line per statement. */
export function foreignWrites(): string[] {
  return accesses()
    .filter((a) => a.write && ownerOf(a.table) !== moduleOfFile(a.file))
    .map((a) => `${a.file} writes ${a.table} (${ownerOf(a.table)})`);
}

/**
 * Reads of a higher module's tables allowed by exception, each with its reason ("module reads
 * table"). Empty since the platform got its ports (there were 16): the platform reads users, roles, menus and the site
 * config through the system module's port (platform/auth.ts `provideIdentity`, platform/boot.ts
 * `provideUploadFolder`), data scope moved into system, and repo, paper, course and cert ask exam
 * through ports (repo/answer-lock.ts `keyReviewed`, paper/exam-port.ts, sitting/exam-port.ts, course/exam-titles.ts).
 * A new upward read fails; add it here only with a reason no port can serve.
 */
const UPWARD_READS: Record<string, string> = {};

function upwardReads(): string[] {
  const rank = (m: string) => (m === 'platform' ? -1 : MODULE_ORDER.indexOf(m));
  return [
    ...new Set(
      accesses()
        .filter((a) => !a.write && rank(ownerOf(a.table)) > rank(moduleOfFile(a.file)))
        .map((a) => `${moduleOfFile(a.file)} reads ${a.table}`),
    ),
  ].sort();
}

/**
 * Files outside the sitting that read the attempt's tables (the sitting's own, db/schema/owners.ts),
 * each with its reason. Every other module reads attempts through the sitting's read functions
 * (modules/sitting/reads/), so the attempt's columns and statements change in one place.
 */
const ATTEMPT_TABLE_READERS: Record<string, string> = {
  'modules/exam/my-exams.ts':
    "我的成绩 pages the learner's records and filters and labels them by their latest paper's state in the same statement (count and page)",
  'modules/exam/report/report.service.ts':
    "the reports group marked papers by the exam's and the department's columns, cut by the exam's period, in one grouped statement each",
};

/** Files outside modules/sitting that read a table the sitting owns (paths with '/'). */
function attemptTableReaders(): string[] {
  const sitting = path.join('modules', 'sitting') + path.sep;
  return [
    ...new Set(
      accesses()
        .filter((a) => !a.write && ownerOf(a.table) === 'sitting' && !a.file.startsWith(sitting))
        .map((a) => a.file.split(path.sep).join('/')),
    ),
  ].sort();
}

/** The statements that change el_paper.state: "file". */
function paperStateWrites(): string[] {
  return [...sources(path.join(src, 'modules')), ...sources(path.join(src, 'platform'))].flatMap((file) => {
    const text = withoutComments(fs.readFileSync(file, 'utf8'));
    const drizzle = [...text.matchAll(/\.update\(\s*elPaper\s*\)([\s\S]*?)\.where\(/g)].filter((m) =>
      /[{,\s]state\s*[:,}]/.test(m[1]),
    );
    const raw = [...text.matchAll(/update\s+(?:\$\{elPaper\}|"?el_paper"?)\s([\s\S]*?)\bwhere\b/gi)].filter((m) =>
      /\bset\b[\s\S]*?[\s,]state\s*=/i.test(m[1]),
    );
    return [...drizzle, ...raw].map(() => path.relative(src, file));
  });
}

describe('table ownership', () => {
  it('every table has exactly one owner, a module of MODULE_ORDER or the platform', () => {
    expect([...tableNames].filter((t) => !ownerOf(t)).sort()).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !tableNames.has(t))).toEqual([]);
    const owners = new Set(Object.values(TABLE_OWNERS));
    expect([...owners].filter((o) => o !== 'platform' && !MODULE_ORDER.includes(o))).toEqual([]);
  });

  it('sees writes in Drizzle calls and raw SQL', () => {
    const tmp = path.join(os.tmpdir(), `layering-${process.pid}.ts`);
    fs.writeFileSync(
      tmp,
      [
        'await tx.insert(elPaper).values(x);',
        'await db.update( sysMsg ).set(y);',
        // A raw statement naming the table by its Drizzle object and by its SQL name.
        ['await tx.execute(sql`update $', '{elCert} set a = 1`);'].join(''),
        'await tx.execute(sql`DELETE FROM el_user_book WHERE id = 1`);',
        '// tx.delete(elExam) in a comment is nothing',
        'const r = await db.select().from(elQu);',
      ].join('\n'),
    );
    try {
      const got = tableAccess(tmp).map((a) => `${a.write ? 'w' : 'r'} ${a.table}`);
      expect(got.sort()).toEqual(['r el_qu', 'w el_cert', 'w el_paper', 'w el_user_book', 'w sys_msg'].sort());
    } finally {
      fs.rmSync(tmp);
    }
  });

  it('a module writes only its own tables, the platform only its own', () => {
    expect(foreignWrites()).toEqual([]);
  });

  it("a module reads only its own tables, the platform's and those of modules below it (or a listed exception)", () => {
    expect(upwardReads()).toEqual(Object.keys(UPWARD_READS).sort());
  });

  it('the attempt tables are read through the sitting (or by a listed file, with its reason)', () => {
    expect(attemptTableReaders()).toEqual(Object.keys(ATTEMPT_TABLE_READERS).sort());
  });

  it("only the sitting's lifecycle apply changes el_paper.state", () => {
    expect(paperStateWrites()).toEqual([path.join('modules', 'sitting', 'lifecycle', 'index.ts')]);
  });
});

/** Each table and the schema file declaring it (without `.ts`), read from the files' text. */
function declaringFiles(): Map<string, string> {
  const dir = path.join(src, 'db', 'schema');
  const out = new Map<string, string>();
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = withoutComments(fs.readFileSync(path.join(dir, name), 'utf8'));
    for (const m of text.matchAll(/\bpgTable\(\s*'(\w+)'/g)) out.set(m[1], name.replace(/\.ts$/, ''));
  }
  return out;
}

describe('schema files', () => {
  it("each table is declared in its owner's file, <owner>.ts or <owner>-<topic>.ts", () => {
    const files = declaringFiles();
    expect([...tableNames].filter((t) => !files.has(t)).sort()).toEqual([]);
    const misplaced = [...files]
      .filter(([table, file]) => {
        const owner = ownerOf(table);
        return file !== owner && !file.startsWith(`${owner}-`);
      })
      .map(([table, file]) => `${table} (${ownerOf(table)}) in ${file}.ts`);
    expect(misplaced).toEqual([]);
  });
});
