// Face analysis off the event loop: one long-lived worker thread holds the models of
// @vladmandic/human (shipped inside the npm package, read from disk; nothing is downloaded) on the
// tfjs WASM backend, and answers one job at a time. A job is a list of JPEG frames; the answer per
// frame is what the rules need (face count, score, yaw, pitch, eye and mouth openness, descriptor). The frames are
// decoded into local buffers and dropped after the job: nothing is written anywhere.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const jpeg = require('jpeg-js');

// human's package "exports" lists its builds without "./", which Node refuses: load by file path.
const humanDir = require.resolve
  .paths('@vladmandic/human')
  .map((dir) => `${dir}/@vladmandic/human/`)
  .find((dir) => fs.existsSync(`${dir}dist/human.node-wasm.js`));
if (!humanDir) throw new Error('@vladmandic/human is not installed');
const { Human } = require(`${humanDir}dist/human.node-wasm.js`);
const wasmDir = require.resolve('@tensorflow/tfjs-backend-wasm').replace(/dist[\\/].*$/, 'dist/');

// Node's fetch has no file: scheme; tfjs loads the model files through fetch.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const href = String(url?.url ?? url);
  if (!href.startsWith('file://')) return networkFetch(url, init);
  const bytes = await fs.promises.readFile(new URL(href));
  const type = href.endsWith('.json') ? 'application/json' : 'application/octet-stream';
  return new Response(bytes, { status: 200, headers: { 'content-type': type } });
};

/** Largest frame accepted (pixels); a bigger JPEG is refused before it is decoded whole. */
const MAX_PIXELS = 1280 * 1280;

const human = new Human({
  backend: 'wasm',
  wasmPath: `file://${wasmDir}`,
  modelBasePath: `file://${humanDir}models/`,
  debug: false,
  async: true,
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: true, maxDetected: 3, minConfidence: 0.3, return: false },
    mesh: { enabled: true },
    iris: { enabled: true },
    attention: { enabled: false },
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
});

const ready = (async () => {
  await human.load();
  await human.tf.ready();
  await human.warmup?.({ warmup: 'none' });
})();

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Eyelid gap over eye width, both eyes averaged (mesh indices of MediaPipe FaceMesh). */
function eyeOpenness(mesh) {
  if (!mesh || mesh.length < 468) return null;
  const right = dist(mesh[159], mesh[145]) / Math.max(1, dist(mesh[33], mesh[133]));
  const left = dist(mesh[386], mesh[374]) / Math.max(1, dist(mesh[263], mesh[362]));
  return (left + right) / 2;
}

/** Inner-lip gap over mouth width (≈0 closed, above ≈0.3 wide open): 13/14 inner lips, 78/308 corners. */
function mouthOpenness(mesh) {
  if (!mesh || mesh.length < 468) return null;
  return dist(mesh[13], mesh[14]) / Math.max(1, dist(mesh[78], mesh[308]));
}

async function analyse(buffer) {
  let image;
  try {
    image = jpeg.decode(new Uint8Array(buffer), {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      maxMemoryUsageInMB: 64,
    });
  } catch {
    return { error: 'decode' };
  }
  const tensor = human.tf.tensor4d(image.data, [1, image.height, image.width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    const faces = result.face.filter((f) => f.score >= 0.5);
    if (faces.length !== 1) return { faces: faces.length };
    const face = faces[0];
    return {
      faces: 1,
      score: face.score,
      yaw: face.rotation?.angle?.yaw ?? null,
      pitch: face.rotation?.angle?.pitch ?? null,
      eyeOpen: eyeOpenness(face.mesh),
      mouthOpen: mouthOpenness(face.mesh),
      descriptor: face.embedding?.length ? Array.from(face.embedding) : null,
      size: Math.min(face.box[2], face.box[3]),
    };
  } finally {
    human.tf.dispose(tensor);
  }
}

parentPort.on('message', async (job) => {
  try {
    await ready;
    const frames = [];
    for (const buffer of job.frames) frames.push(await analyse(buffer));
    job.frames.length = 0;
    parentPort.postMessage({ id: job.id, frames });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: String(err?.message ?? err) });
  }
});

ready.then(
  () => parentPort.postMessage({ ready: true, model: `human-${human.version}/faceres` }),
  (err) => parentPort.postMessage({ ready: false, error: String(err?.message ?? err) }),
);
