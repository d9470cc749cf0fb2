/**
 * The storage rule: a module keeps files only through the storage port
 * (deps.blobs, platform/storage), so it never imports `fs` and never builds a path in DATA_DIR.
 * The few module files that need `fs` for something other than kept files are listed below with
 * the reason; a listed file that no longer imports `fs` must leave the list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../paths.js';

const modules = path.join(serverRoot, 'src', 'modules');

/** Module files allowed `fs`, each for files that are not kept by the product. */
const FS_ALLOWED: Record<string, string> = {
  'cert/cert-render.ts': 'reads the CJK font shipped in the npm package @embedpdf/fonts-sc',
  'course/course-media.ts':
    'LibreOffice takes a file name: the stored document is copied into a temporary folder, converted and the folder removed',
  'live/live-replay.ts': "reads the media server's recording and remuxes it in the OS temporary folder",
  'course/course-test-kit.ts': 'test helper: makes sample media in the OS temporary folder with ffmpeg',
  'repo/interchange/test/qti-fixtures.ts': 'test helper: reads the committed QTI fixture files',
  'system/face/face-samples.ts': 'reads a sample image shipped in the npm package of the face engine',
  'system/face/face-worker.mjs': 'loads the face engine model files shipped in its npm package',
  'system/face/face-assets.ts': "serves the browser face engine's model and wasm files shipped in their npm packages",
  'system/file/demo-files.ts':
    'reads the demo assets committed under apps/server/assets/demo (kept through deps.blobs)',
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.(ts|mjs|js|cjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [file] : [];
  });
}

/** `fs`, `fs/promises` and their node: names, imported, re-exported, import()ed or require()d. */
const FS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](?:node:)?fs(?:\/promises)?['"]/m;

export function importsFs(text: string): boolean {
  return FS_IMPORT.test(text);
}

const rel = (file: string) => path.relative(modules, file).split(path.sep).join('/');

describe('storage port', () => {
  it('recognises every way of importing fs', () => {
    for (const text of [
      "import fs from 'node:fs';",
      "import fsp from 'node:fs/promises';",
      'import { readFile } from "fs/promises";',
      "import * as fs from 'fs';",
      "const fs = await import('node:fs');",
      "const fs = require('fs');",
      "export { createReadStream } from 'node:fs';",
      "import 'node:fs';",
    ])
      expect(importsFs(text), text).toBe(true);
    for (const text of ["import path from 'node:path';", "import { fsx } from './fs-helpers.js';", '// fs is not used'])
      expect(importsFs(text), text).toBe(false);
  });

  it('no module imports fs for kept files (they go through deps.blobs)', () => {
    const offenders = sources(modules)
      .filter((file) => importsFs(fs.readFileSync(file, 'utf8')))
      .map(rel)
      .filter((file) => !Object.hasOwn(FS_ALLOWED, file));
    expect(offenders).toEqual([]);
  });

  it('every allowed file still needs fs (the list does not go stale)', () => {
    const stale = Object.keys(FS_ALLOWED).filter(
      (file) =>
        !fs.existsSync(path.join(modules, file)) || !importsFs(fs.readFileSync(path.join(modules, file), 'utf8')),
    );
    expect(stale).toEqual([]);
  });

  it('no module builds a path in DATA_DIR (the local backend owns the folder layout)', () => {
    const offenders = sources(modules)
      .filter((file) => /\bdataDir\b/.test(fs.readFileSync(file, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });
});
