// @vitest-environment node
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { leanAntdSource, REWRITES } from './lean-antd';

const require = createRequire(import.meta.url);
const antdRoot = require.resolve('antd/package.json').replace(/package\.json$/, '');

describe('leanAntdSource', () => {
  it.each(REWRITES.map((r) => [r.file, r]))('rewrites the installed %s', (file, rewrite) => {
    // (ColorPresets has two rewrites: each is checked on the file with all of them applied)
    const path = `${antdRoot}${file.replace(/^antd\//, '')}`;
    const out = leanAntdSource(path, fs.readFileSync(path, 'utf8'));
    expect(out).not.toBeNull();
    expect(out).not.toContain(rewrite.from);
    expect(out).toContain(rewrite.to);
  });

  it('takes Color and ColorBlock from the modules that define them, the objects the index exports', () => {
    const index = require('@rc-component/color-picker/lib/index.js');
    expect(require('@rc-component/color-picker/lib/color.js').Color).toBe(index.Color);
    expect(require('@rc-component/color-picker/lib/components/ColorBlock.js').default).toBe(index.ColorBlock);
  });

  it('takes FormProvider from the module that defines it, the same object the index exports', () => {
    const index = require('@rc-component/form/lib/index.js');
    const own = require('@rc-component/form/lib/FormContext.js');
    expect(own.FormProvider).toBe(index.FormProvider);
    const to = REWRITES[0].to;
    expect(to).toContain(`from '@rc-component/form/es/FormContext'`);
    expect(fs.existsSync(require.resolve('@rc-component/form/es/FormContext'))).toBe(true);
  });

  it('makes Tabs and Pagination lazy components with their own Suspense', () => {
    const card = leanAntdSource('/x/node_modules/antd/es/card/Card.js', `import Tabs from '../tabs';\nuse(Tabs);`);
    expect(card).toContain(`__leanLazy(() => import('../tabs'))`);
    expect(card).toContain('const Tabs = (props) => __leanH(__LeanSuspense, { fallback: null }');
    expect(card).toContain('use(Tabs);');
  });

  it('fails the build when antd no longer holds the line', () => {
    expect(() => leanAntdSource('/x/node_modules/antd/es/card/Card.js', `import Tabs from '../tabs/index';`)).toThrow(
      /antd\/es\/card\/Card\.js no longer holds exactly one/,
    );
  });

  it('leaves other files alone, other antd files and the lib build included', () => {
    expect(leanAntdSource('/x/node_modules/antd/es/button/Button.js', `import Tabs from '../tabs';`)).toBeNull();
    expect(leanAntdSource('/x/node_modules/antd/lib/card/Card.js', `import Tabs from '../tabs';`)).toBeNull();
    expect(leanAntdSource('/x/src/card/Card.js', `import Tabs from '../tabs';`)).toBeNull();
  });
});
