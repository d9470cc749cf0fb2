/**
 * The web app's floors (apps/web/README.md "Floors"): a folder imports only folders below it, so
 * the HTTP clients never reach for a store, a helper never reaches for the router, and a page can
 * be read knowing only what lies beneath it. Within a floor the sub-folders (components/question,
 * pages/admin/exam, ...) form no import loop either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = __dirname;

/** Low to high. `.` is the files directly in src (main.tsx, App.tsx), the top. */
export const FLOORS = [
  'test',
  'utils',
  'api',
  'stores',
  'hooks',
  'components',
  'router',
  'layouts',
  'pages',
  'routes',
  '.',
] as const;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** A relative specifier's file: as written, with .ts/.tsx, or the folder's index. */
function resolveImport(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? base;
}

/**
 * What a file imports by relative path: static imports and re-exports, bare imports, `import()`
 * and `import.meta.glob`, resolved against the file. Comments are left out so a path named in a
 * comment is no import.
 */
export function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|import\.meta\.glob(?:<[^>]*>)?\(\s*)['"](\.[^'"]*)['"]/g;
  return [...code.matchAll(pattern)].map((m) => resolveImport(file, m[1]));
}

/** Code rather than a stylesheet or an image (a page may use another's stylesheet). */
const isCode = (file: string) => /\.tsx?$/.test(file) || file.includes('*');

/** The floor of a file under src: its first folder, or `.` for a file directly in src. */
export function folderOf(file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '.';
}

/** The sub-folder a file belongs to, one level below its floor (pages one more: pages/admin/exam). */
function areaOf(file: string): string {
  const folders = path.relative(src, path.dirname(file)).split(path.sep).filter(Boolean);
  return folders.slice(0, folders[0] === 'pages' ? 3 : 2).join('/') || '.';
}

/** A file's imports that do not go down a floor: "file -> folder". */
export function upwardOf(file: string, targets: string[]): string[] {
  const floor = (folder: string) => FLOORS.indexOf(folder as (typeof FLOORS)[number]);
  const from = folderOf(file);
  return targets
    .filter(isCode)
    .map(folderOf)
    .filter((to) => to !== from && floor(to) >= floor(from))
    .map((to) => `${path.relative(src, file)} -> ${to}`);
}

/** Loops between sub-folders: each as the sub-folders of one loop (Tarjan's strongly connected components). */
export function areaCycles(files: string[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = areaOf(file);
    for (const target of importsOf(file).filter(isCode)) {
      const to = areaOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let top: string | undefined;
      do {
        top = stack.pop() as string;
        onStack.delete(top);
        component.push(top);
      } while (top !== node);
      if (component.length > 1) loops.push(component.sort().join(', '));
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return loops;
}

describe('the web app imports down', () => {
  const files = sources(src);

  it('every folder of src has a floor', () => {
    const folders = fs
      .readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !FLOORS.includes(f as (typeof FLOORS)[number]))).toEqual([]);
  });

  it('no folder imports a folder on its floor or above', () => {
    expect(files.flatMap((file) => upwardOf(file, importsOf(file)))).toEqual([]);
  });

  it('no two sub-folders import each other, however indirectly', () => {
    // a test may drive two sub-folders of its floor together (the kinds through the answer view)
    expect(areaCycles(files.filter((file) => !/\.test\.tsx?$/.test(file)))).toEqual([]);
  });

  it('reads every kind of import and catches an upward one', () => {
    const file = path.join(src, 'utils', 'probe.ts');
    const text = [
      "import { a } from '../api/call';",
      "export { b } from '../stores/user';",
      "import '../styles.css';",
      "const page = () => import('../pages/web/index/index');",
      "const all = import.meta.glob<{ x: 1 }>('../routes/*.tsx');",
      "// import { c } from '../router/menu-routes';",
      "import { d } from './date-format';",
    ].join('\n');
    const targets = importsOf(file, text);
    expect(targets.map((f) => path.relative(src, f))).toEqual([
      path.join('api', 'call.ts'),
      path.join('stores', 'user.ts'),
      'styles.css',
      path.join('pages', 'web', 'index', 'index.tsx'),
      path.join('routes', '*.tsx'),
      path.join('utils', 'date-format.ts'),
    ]);
    expect(upwardOf(file, targets)).toEqual([
      'utils/probe.ts -> api',
      'utils/probe.ts -> stores',
      'utils/probe.ts -> pages',
      'utils/probe.ts -> routes',
    ]);
    expect(upwardOf(path.join(src, 'pages', 'web', 'x.tsx'), targets)).toEqual(['pages/web/x.tsx -> routes']);
    expect(importsOf(path.join(src, 'pages', 'x.ts'), "import { A } from '../components';")).toEqual([
      path.join(src, 'components', 'index.ts'),
    ]);
  });
});
