import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './icons';

const catalogue = path.resolve(__dirname, '../../../../server/src/modules/system/menu/catalogue');

describe('menu icons', () => {
  it('bundles every icon the menu catalogue names', () => {
    const used = new Set<string>();
    for (const file of fs.readdirSync(catalogue).filter((f) => f.endsWith('.ts'))) {
      for (const m of fs.readFileSync(path.join(catalogue, file), 'utf8').matchAll(/icon: '([A-Za-z]+)'/g))
        used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !(name in MENU_ICONS))).toEqual([]);
  });
});
