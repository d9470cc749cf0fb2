/**
 * Lighter antd internals for the first page. Three imports inside antd's own ES files
 * put code on every page that almost no page renders:
 * - `form/context.js` takes FormProvider from the index of @rc-component/form, whose
 *   `RefForm.Field = Field`-style assignments keep the whole form engine (Form, Field, List, useForm,
 *   the async validator) alive; every Tooltip, Dropdown and Select reaches that file (through
 *   ContextIsolator), so the form engine rode along with a tooltip. The same FormProvider is imported
 *   from its own module instead: same object, nothing else changes.
 * - `card/Card.js` imports Tabs (and through it Dropdown, Menu and their icons) for the `tabList`
 *   prop; `list/index.js` imports Pagination (and through it Select and the virtual list) for the
 *   `pagination` prop. Both become lazy components, rendered in their own Suspense: a Card without
 *   tabList or a List without pagination never loads them, and one with them shows them once loaded.
 * - Every Button and Tag style, and every Tooltip, reads a colour helper of the ColorPicker
 *   (`color-picker/color.js`, `util.js`, `components/ColorPresets.js`), which imported the
 *   `Color` class from the index of @rc-component/color-picker (keeping the whole picker) and
 *   Collapse (for the picker's preset panel). `Color` and `ColorBlock` are imported from their own
 *   modules, and Collapse becomes lazy like Tabs.
 *
 * Each rewrite names the exact import statement; if antd changes that line the build fails here
 * (instead of quietly putting the weight back), and the rewrite has to be looked at again.
 */
import type { Plugin } from 'vite';

interface Rewrite {
  /** The antd file, as the end of its resolved path. */
  file: string;
  /** The exact statement replaced. */
  from: string;
  to: string;
}

/** A lazy stand-in named `local` for the default export of `source`, with its own Suspense boundary. */
function lazyDefault(local: string, source: string): string {
  return [
    `import { createElement as __leanH, lazy as __leanLazy, Suspense as __LeanSuspense } from 'react';`,
    `const __Lean${local} = /*#__PURE__*/ __leanLazy(() => import('${source}'));`,
    `const ${local} = (props) => __leanH(__LeanSuspense, { fallback: null }, __leanH(__Lean${local}, props));`,
  ].join('\n');
}

export const REWRITES: Rewrite[] = [
  {
    file: 'antd/es/form/context.js',
    from: `import { FormProvider as RcFormProvider } from '@rc-component/form';`,
    to: `import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';`,
  },
  { file: 'antd/es/card/Card.js', from: `import Tabs from '../tabs';`, to: lazyDefault('Tabs', '../tabs') },
  {
    file: 'antd/es/list/index.js',
    from: `import Pagination from '../pagination';`,
    to: lazyDefault('Pagination', '../pagination'),
  },
  ...['antd/es/color-picker/color.js', 'antd/es/color-picker/util.js'].map((file) => ({
    file,
    from: `import { Color as RcColor } from '@rc-component/color-picker';`,
    to: `import { Color as RcColor } from '@rc-component/color-picker/es/color';`,
  })),
  {
    file: 'antd/es/color-picker/components/ColorPresets.js',
    from: `import { ColorBlock, Color as RcColor } from '@rc-component/color-picker';`,
    to: [
      `import ColorBlock from '@rc-component/color-picker/es/components/ColorBlock';`,
      `import { Color as RcColor } from '@rc-component/color-picker/es/color';`,
    ].join('\n'),
  },
  {
    file: 'antd/es/color-picker/components/ColorPresets.js',
    from: `import Collapse from '../../collapse';`,
    to: lazyDefault('Collapse', '../../collapse'),
  },
];

const normalise = (id: string) => id.split('?')[0].replace(/\\/g, '/');

/** The rewritten source of `id`, or null when no rewrite applies; throws when an expected line is gone. */
export function leanAntdSource(id: string, source: string): string | null {
  const path = normalise(id);
  const rewrites = REWRITES.filter((r) => path.endsWith(`/node_modules/${r.file}`));
  if (rewrites.length === 0) return null;
  let out = source;
  for (const rewrite of rewrites) {
    const at = out.indexOf(rewrite.from);
    if (at < 0 || out.indexOf(rewrite.from, at + 1) >= 0) {
      throw new Error(`lean-antd: ${rewrite.file} no longer holds exactly one "${rewrite.from}" (antd changed?)`);
    }
    out = out.replace(rewrite.from, () => rewrite.to);
  }
  return out;
}

export function leanAntd(): Plugin {
  return {
    name: 'lean-antd',
    apply: 'build',
    enforce: 'pre',
    transform(source, id) {
      const out = leanAntdSource(id, source);
      return out === null ? null : { code: out, map: null };
    },
  };
}
