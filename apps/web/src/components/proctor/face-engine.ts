/**
 * The browser's face engine: @vladmandic/human (its browser build bundles tfjs) on the wasm backend,
 * with the models and wasm files from our own server (/face-assets/). Loaded on first use by the
 * pages that need it (never in a first-load chunk). It only adds readings beside the frames: the
 * server analyses frames itself, so a failure to load leaves `null` and the learner goes on.
 */
import type { TFrameReading } from '@exam/contracts';

export const FACE_ASSETS = '/face-assets/';

export interface FaceEngine {
  read(source: HTMLVideoElement | HTMLCanvasElement): Promise<TFrameReading | null>;
}

type Point = number[];
const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Eyelid gap over eye width, both eyes averaged (MediaPipe FaceMesh indices, as the server's worker). */
export function eyeOpenness(mesh: Point[] | undefined): number | null {
  if (!mesh || mesh.length < 468) return null;
  const right = dist(mesh[159], mesh[145]) / Math.max(1, dist(mesh[33], mesh[133]));
  const left = dist(mesh[386], mesh[374]) / Math.max(1, dist(mesh[263], mesh[362]));
  return (left + right) / 2;
}

/** Inner lip gap over mouth width (13/14 over 78/308). */
export function mouthOpenness(mesh: Point[] | undefined): number | null {
  if (!mesh || mesh.length < 468) return null;
  return dist(mesh[13], mesh[14]) / Math.max(1, dist(mesh[78], mesh[308]));
}

interface HumanFace {
  score: number;
  box: [number, number, number, number];
  mesh?: Point[];
  embedding?: number[];
  rotation?: { angle?: { yaw?: number; pitch?: number } } | null;
}

/** One detection's faces to the contract's reading (faces ≥ 0.5 confidence, as on the server). */
export function toReading(found: HumanFace[]): TFrameReading {
  const faces = found.filter((f) => f.score >= 0.5);
  if (faces.length !== 1) return { faces: faces.length };
  const face = faces[0];
  return {
    faces: 1,
    yaw: face.rotation?.angle?.yaw ?? null,
    pitch: face.rotation?.angle?.pitch ?? null,
    eyeOpen: eyeOpenness(face.mesh),
    mouthOpen: mouthOpenness(face.mesh),
    size: Math.min(face.box[2], face.box[3]),
    descriptor: face.embedding?.length ? Array.from(face.embedding) : null,
  };
}

let loading: Promise<FaceEngine | null> | null = null;

/** The engine, loaded once per page; null when it cannot load (old browser, no wasm, files missing). */
export function loadFaceEngine(): Promise<FaceEngine | null> {
  if (!loading) loading = load().catch(() => null);
  return loading;
}

async function load(): Promise<FaceEngine | null> {
  if (typeof WebAssembly === 'undefined') return null;
  const { Human } = await import('@vladmandic/human');
  const human = new Human({
    backend: 'wasm',
    wasmPath: FACE_ASSETS,
    modelBasePath: FACE_ASSETS,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: 'blazeface.json', rotation: true, maxDetected: 3, minConfidence: 0.3, return: false },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      iris: { enabled: true, modelPath: 'iris.json' },
      attention: { enabled: false },
      description: { enabled: true, modelPath: 'faceres.json' },
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
  await human.load();
  await human.tf.ready();
  return {
    async read(source) {
      try {
        const result = await human.detect(source);
        return toReading(result.face as unknown as HumanFace[]);
      } catch {
        return null;
      }
    },
  };
}
