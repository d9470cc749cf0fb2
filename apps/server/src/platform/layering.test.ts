/**
 * Arrows point down: platform/ and db/ never import a module; modules hand the platform what it
 * needs (routes, event consumers, start-up hooks) through modules/index.ts.
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

/** Files of `layer` that import something under modules/. */
function importsOfModules(layer: string): string[] {
  return sources(path.join(src, layer)).filter((file) => {
    const specifiers = [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']+)'/g)].map((m) => m[1]);
    return specifiers.some((s) => path.resolve(path.dirname(file), s).startsWith(path.join(src, 'modules') + path.sep));
  });
}

describe('layering', () => {
  it.each(['platform', 'db'])('%s/ imports no module', (layer) => {
    expect(importsOfModules(layer).map((f) => path.relative(src, f))).toEqual([]);
  });
});
