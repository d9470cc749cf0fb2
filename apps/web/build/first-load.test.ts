// @vitest-environment node
// The first-load plan: which modules each first route really loads, the chunk a
// module is folded into, and the inline script that preloads a route's files.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { foldName, planOf, preloadScript } from './first-load';

const abs = (source: string) => `/app/${source}`;
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: object = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: false,
  facadeModuleId: null as string | null,
  imports,
  moduleIds,
  ...extra,
});

describe('planOf', () => {
  it("answers the entry's modules and each folded route's, without the entry's", () => {
    const chunks = [
      chunk('index.js', ['/app/src/main.tsx', 'react'], ['runtime.js'], { isEntry: true }),
      chunk('runtime.js', ['runtime']),
      chunk('WebLayout.js', [abs('src/layouts/web/WebLayout.tsx')], ['button.js', 'runtime.js'], {
        facadeModuleId: abs('src/layouts/web/WebLayout.tsx'),
      }),
      chunk('home.js', [abs('src/pages/web/index/index.tsx')], ['button.js', 'list.js'], {
        facadeModuleId: abs('src/pages/web/index/index.tsx'),
      }),
      chunk('room.js', [abs('src/pages/web/exam/start/index.tsx')], ['button.js'], {
        facadeModuleId: abs('src/pages/web/exam/start/index.tsx'),
      }),
      chunk('button.js', ['antd/button']),
      chunk('list.js', ['antd/list']),
      chunk('echarts.js', ['echarts']), // only another page's
    ];
    const plan = planOf(chunks, abs);
    expect([...plan.entry].sort()).toEqual(['/app/src/main.tsx', 'react', 'runtime']);
    const home = plan.routes.find((r) => r.name === 'home')!;
    expect([...home.modules].sort()).toEqual(
      [abs('src/layouts/web/WebLayout.tsx'), abs('src/pages/web/index/index.tsx'), 'antd/button', 'antd/list'].sort(),
    );
    // the exam room is preloaded, not folded: its page is in no plan
    expect(plan.routes.map((r) => r.name)).toEqual(['home']);
    expect(plan.routes.some((r) => r.modules.has(abs('src/pages/web/exam/start/index.tsx')))).toBe(false);
    expect(plan.routes.some((r) => r.modules.has('echarts'))).toBe(false);
  });
});

describe('foldName', () => {
  const entry = new Set(['react']);
  const routes = [
    { name: 'home', modules: new Set(['antd/button', 'antd/list']) },
    { name: 'room', modules: new Set(['antd/button', 'katex']) },
  ];
  it('names a module by the first routes that use it', () => {
    expect(foldName('react', entry, routes)).toBe('app');
    expect(foldName('antd/button', entry, routes)).toBe('first-home-room');
    expect(foldName('antd/list', entry, routes)).toBe('first-home');
    expect(foldName('katex', entry, routes)).toBe('first-room');
    expect(foldName('echarts', entry, routes)).toBeNull();
  });
});

describe('preloadScript', () => {
  /** Runs the script against a made-up address and head; answers the links it added. */
  function linksFor(pathname: string) {
    const added: Record<string, string>[] = [];
    const script = preloadScript(
      [
        { match: '^/(web/index)?/?$', files: ['assets/home.js', 'assets/home.css'] },
        { match: '^/web/', files: ['assets/WebLayout.js'] },
      ],
      '/',
    );
    vm.runInNewContext(script, {
      location: { pathname },
      document: {
        createElement: () => ({}),
        head: { appendChild: (l: Record<string, string>) => added.push(l) },
      },
    });
    return added;
  }

  // A stylesheet is linked, not preloaded: the page's dynamic import then finds it in place and does
  // not wait for a second load of it (vite's preload helper skips a stylesheet already linked).
  it('preloads the scripts of the first route the address matches and links its stylesheets', () => {
    expect(linksFor('/web/index')).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/home.js' },
      { rel: 'stylesheet', href: '/assets/home.css' },
    ]);
    expect(linksFor('/web/uc')).toEqual([{ rel: 'modulepreload', crossOrigin: '', href: '/assets/WebLayout.js' }]);
    expect(linksFor('/admin/sys/user')).toEqual([]);
  });
});
