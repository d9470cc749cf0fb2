// Bundles the server (and @exam/contracts) into dist/main.js, and the question-file reader that runs
// in a worker (modules/repo/interchange/read-worker.ts) into dist/interchange-reader.js; npm
// packages stay external.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@exam/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'interchange-reader': 'src/modules/repo/interchange/read-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
