/**
 * The browser face engine's files (GET /face-assets/<name>): the four models the web engine loads
 * (blazeface, facemesh, iris, faceres) from @vladmandic/human and the tfjs wasm binaries, served by
 * us so that nothing is fetched from the internet. A fixed list: no other file of node_modules is
 * reachable. The files change only with the package version, so they are cached for a year.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const FACE_ASSETS_PATH = '/face-assets/';
const MODELS = ['blazeface', 'facemesh', 'iris', 'faceres'];
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

const require = createRequire(import.meta.url);

/** name → absolute file, for the files that exist in this install. */
export function faceAssetFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const humanDir = require.resolve
    .paths('@vladmandic/human')
    ?.map((dir) => path.join(dir, '@vladmandic/human'))
    .find((dir) => fs.existsSync(path.join(dir, 'models')));
  if (humanDir)
    for (const m of MODELS)
      for (const ext of ['.json', '.bin']) files.set(m + ext, path.join(humanDir, 'models', m + ext));
  let wasmDir: string | null = null;
  try {
    wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  } catch {
    try {
      wasmDir = require.resolve('@tensorflow/tfjs-backend-wasm').replace(/dist[\\/].*$/, 'dist/');
    } catch {
      wasmDir = null;
    }
  }
  if (wasmDir) for (const w of WASM) files.set(w, path.join(wasmDir, w));
  for (const [name, file] of files) if (!fs.existsSync(file)) files.delete(name);
  return files;
}

const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

export function registerFaceAssets(app: FastifyInstance): void {
  const files = faceAssetFiles();
  app.get<{ Params: { name: string } }>(
    `${FACE_ASSETS_PATH}:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const file = files.get(request.params.name);
      if (!file) return reply.code(404).header('cache-control', 'no-store').send({ code: 404, msg: '文件不存在' });
      const stat = await fs.promises.stat(file);
      return reply
        .header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream')
        .header('content-length', stat.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file));
    },
  );
}
