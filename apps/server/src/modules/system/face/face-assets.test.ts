import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { faceAssetFiles, registerFaceAssets } from './face-assets.js';

describe('face assets', () => {
  it('lists the four models and the wasm binaries, nothing else', () => {
    const names = [...faceAssetFiles().keys()].sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'blazeface.bin',
        'blazeface.json',
        'facemesh.json',
        'iris.json',
        'faceres.json',
        'faceres.bin',
        'tfjs-backend-wasm.wasm',
        'tfjs-backend-wasm-simd.wasm',
      ]),
    );
    expect(names.some((n) => n.startsWith('emotion') || n.startsWith('package'))).toBe(false);
  });

  it('serves a listed file with long caching and refuses any other name', async () => {
    const app = Fastify();
    registerFaceAssets(app);
    const ok = await app.inject({ method: 'GET', url: '/face-assets/blazeface.json' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('max-age=31536000');
    expect(JSON.parse(ok.body)).toHaveProperty('modelTopology');
    const wasm = await app.inject({ method: 'GET', url: '/face-assets/tfjs-backend-wasm-simd.wasm' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    for (const url of ['/face-assets/emotion.json', '/face-assets/..%2Fpackage.json', '/face-assets/models.json'])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await app.close();
  });
});
