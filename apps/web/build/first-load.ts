/**
 * The first load on a slow line. On Fast 3G every request waits 562 ms, and the
 * product is served over HTTP/1.1: six requests at a time per host. The learner home needed 87
 * script files, found in three waves (the entry's, then the layout's once the guard had the menus,
 * then the page's once the layout rendered): 13 s to the exam list. Two changes, both here:
 *
 * - Fold: the modules a first route reaches by static imports go into a few chunks (`foldGroups`):
 *   the entry's closure in one, and the rest of the learner home, the exam room, the admin home
 *   and the sign-in page grouped by which of those routes use them, instead of one tiny chunk per
 *   set of importers. A module only other pages use is split as before.
 * - Preload: index.html gets an inline script that adds a `modulepreload` link for each chunk (and
 *   a stylesheet link for each stylesheet: a mere preload made the page's dynamic import load it a
 *   second time and wait) of the route the address names (`FIRST_ROUTES`), so they load beside the
 *   entry rather than after the guard and the layout asked for them.
 * - First calls: an inline script before it starts the guard's and the route's API calls
 *   (src/api/first-calls.ts) while the scripts load.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstCallsScript } from '../src/api/first-calls';

/** The cookie the client keeps the token in (src/utils/auth.ts TOKEN_KEY; a test holds them equal). */
export const TOKEN_COOKIE = 'token';

/** A first route: the address it answers (regular expression on the pathname) and its source files. */
interface FirstRoute {
  name: string;
  match: string;
  sources: string[];
  /**
   * Fold its modules into grouped chunks: the learner's home only. A folded admin home or exam
   * room took modules the learner home loads on render (its lazy Select, the assistant) into their
   * own chunks, and the learner then loaded those whole (57 KB of the exam room on the home).
   */
  fold: boolean;
}

/** The first match wins: the generic learner layout comes after the learner home. */
export const FIRST_ROUTES: FirstRoute[] = [
  {
    name: 'home',
    match: '^/(web/index)?/?$',
    sources: ['src/layouts/web/WebLayout.tsx', 'src/pages/web/index/index.tsx'],
    fold: true,
  },
  { name: 'room', match: '^/web/exam/start/', sources: ['src/pages/web/exam/start/index.tsx'], fold: false },
  {
    name: 'admin',
    match: '^/admin/dashboard/?$',
    sources: ['src/layouts/admin/AdminLayout.tsx', 'src/pages/admin/dashboard/index.tsx'],
    fold: false,
  },
  { name: 'login', match: '^/login', sources: ['src/pages/login/index.tsx'], fold: false },
  { name: 'web', match: '^/web/', sources: ['src/layouts/web/WebLayout.tsx'], fold: false },
  { name: 'admin-any', match: '^/admin/', sources: ['src/layouts/admin/AdminLayout.tsx'], fold: false },
];

/**
 * The chunk name of a module: 'app' for the entry's closure, `first-<routes>` for a module of the
 * folded first routes (named by which of them use it), null for the rest (split as usual).
 */
export function foldName(id: string, entry: Set<string>, routes: { name: string; modules: Set<string> }[]) {
  if (entry.has(id)) return 'app';
  const users = routes.filter((r) => r.modules.has(id)).map((r) => r.name);
  return users.length ? `first-${users.join('-')}` : null;
}

/** The inline script that preloads the files of the route the address names. */
export function preloadScript(routes: { match: string; files: string[] }[], base: string): string {
  const table = JSON.stringify(routes.map((r) => [r.match, r.files]));
  return `(function(t,b){var p=location.pathname;for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;t[i][1].forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='stylesheet'}else{l.rel='modulepreload';l.crossOrigin=''}l.href=b+f;document.head.appendChild(l)});return}})(${table},${JSON.stringify(base)})`;
}

/**
 * Puts inline scripts before the entry's script tag: after the charset and viewport (which the
 * browser wants early) and before the stylesheet link, since an inline script after a stylesheet
 * waits until the stylesheet has loaded.
 */
export function inlineBeforeEntry(html: string, scripts: string[]): string {
  const at = html.indexOf('<script type="module"');
  if (at < 0) throw new Error('first-load: index.html has no entry script');
  const tags = scripts.map((s) => `<script>${s}</script>\n    `).join('');
  return html.slice(0, at) + tags + html.slice(at);
}

/** A built chunk as both passes see it. */
interface OutChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunk files `roots` load through static imports, `skip` excepted (CSS included). */
function chunkClosure(chunks: OutChunk[], roots: OutChunk[], skip = new Set<string>()): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (chunk: OutChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName) || skip.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const dep of chunk.imports) visit(byFile.get(dep));
  };
  for (const root of roots) visit(root);
  return files;
}

/** The modules of each first route in a build's chunks (tree-shaken: what the route really loads). */
export function planOf(chunks: OutChunk[], abs: (source: string) => string) {
  const modulesOf = (files: Set<string>) =>
    new Set(chunks.filter((c) => files.has(c.fileName)).flatMap((c) => c.moduleIds));
  const entryFiles = chunkClosure(
    chunks,
    chunks.filter((c) => c.isEntry),
  );
  const routes = FIRST_ROUTES.filter((r) => r.fold).map((r) => ({
    name: r.name,
    modules: modulesOf(
      chunkClosure(
        chunks,
        chunks.filter((c) => r.sources.some((s) => c.facadeModuleId === abs(s))),
        entryFiles,
      ),
    ),
  }));
  return { entry: modulesOf(entryFiles), routes };
}

/**
 * The plugin and the code-splitting groups that read its plan. The plan comes from a first build
 * in memory (`write: false`, split as usual): its chunks say which modules each first route really
 * loads once tree-shaken, which the import graph does not (every page's antd parts are reachable
 * from the entry through antd's index).
 */
export function firstLoad(root: string) {
  const abs = (source: string) => path.resolve(root, source);
  let plan: ReturnType<typeof planOf> = { entry: new Set(), routes: [] };
  const planning = () => process.env.FIRST_LOAD_PLANNING === '1';

  /** An API on another origin (VITE_API_BASE): the page's own address cannot start its calls. */
  let apiBase = '';
  const plugin: Plugin = {
    name: 'first-load',
    apply: 'build',
    configResolved(config) {
      apiBase = String(config.env.VITE_API_BASE ?? '');
    },
    async buildStart() {
      if (planning()) return;
      const { build } = await import('vite');
      process.env.FIRST_LOAD_PLANNING = '1';
      try {
        const out = await build({ root, logLevel: 'silent', build: { write: false, manifest: false } });
        const outputs = (Array.isArray(out) ? out : [out]) as { output: unknown[] }[];
        const chunks = outputs.flatMap((o) => o.output).filter((c) => (c as OutChunk).type === 'chunk');
        plan = planOf(chunks as OutChunk[], abs);
      } finally {
        delete process.env.FIRST_LOAD_PLANNING;
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || planning()) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk') as unknown as OutChunk[];
        const entryFiles = chunkClosure(
          chunks,
          chunks.filter((c) => c.isEntry),
        );
        const routes = FIRST_ROUTES.map((r) => ({
          match: r.match,
          files: [
            ...chunkClosure(
              chunks,
              chunks.filter((c) => r.sources.some((s) => c.facadeModuleId === abs(s))),
              entryFiles,
            ),
          ],
        }));
        // The first calls go first: they are small, and the guard waits for them once the scripts have run.
        const scripts = [...(apiBase ? [] : [firstCallsScript(TOKEN_COOKIE)]), preloadScript(routes, '/')];
        return inlineBeforeEntry(html, scripts);
      },
    },
  };

  // A route's own page or layout module stays the facade of its chunk (the manifest key the
  // budgets and the lazy import name); what it imports is folded.
  const sources = new Set(FIRST_ROUTES.flatMap((r) => r.sources.map(abs)));
  const groups = [
    { name: 'app', test: (id: string) => plan.entry.has(id) && !sources.has(id), priority: 3 },
    {
      debugName: 'first-routes',
      name: (id: string) => foldName(id, plan.entry, plan.routes),
      test: (id: string) => !sources.has(id) && plan.routes.some((r) => r.modules.has(id)),
      priority: 1,
      // Each module where its users put it: with its dependencies, a module of the admin home would
      // take along the parts it shares with the learner's, which the learner would then load whole.
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}
