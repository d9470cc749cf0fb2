/**
 * Arrows point down: platform/ and db/ never import a module; modules hand the platform what it
 * needs (routes, event consumers, start-up hooks) through modules/index.ts. Between modules too:
 * each imports only modules below it in MODULE_ORDER; where a lower one needs a higher one's
 * answer it offers a port that modules/index.ts fills (repo/answer-lock.ts, paper/book-writer.ts,
 * system/file/private-file-rules.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './paths.js';

const src = path.join(serverRoot, 'src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.(ts|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [file] : [];
  });
}

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
 * audience rules serve courses and exams) stand on nothing; the question bank below the papers
 * built from it; training and exams on top.
 */
const MODULE_ORDER = ['system', 'notice', 'repo', 'paper', 'course', 'cert', 'exam', 'train', 'live'];

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
