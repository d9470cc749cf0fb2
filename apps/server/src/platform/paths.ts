/** Locates the server package folder, from source (src/...) or from the bundle (dist/main.js). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@exam/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot locate the @exam/server package folder');
    dir = parent;
  }
}

export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.resolve(serverRoot, '..', '..');
