/**
 * The main-thread side of face analysis: one lazily started worker thread (face-worker.mjs) that
 * keeps the models loaded, a bounded queue in front of it (face detection costs hundreds of
 * milliseconds of CPU per frame; the request thread never runs it), a time cap per job, and a new
 * worker after a crash or a timeout.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@exam/contracts';
import { AppError } from '../../../platform/errors.js';
import { serverRoot } from '../../../platform/paths.js';

/** What the worker reports of one frame. */
export interface FrameAnalysis {
  /** Faces found (score ≥ 0.5); the other fields are set only when exactly one was found. */
  faces: number;
  score?: number;
  /** Head turn left/right in radians, from the face mesh. */
  yaw?: number | null;
  pitch?: number | null;
  /** Eyelid gap over eye width, both eyes averaged (≈0.25-0.35 open, below ≈0.15 closed). */
  eyeOpen?: number | null;
  /** Inner-lip gap over mouth width (≈0-0.05 closed, open mouth well above 0.15). */
  mouthOpen?: number | null;
  descriptor?: number[] | null;
  /** Shorter side of the face box, pixels. */
  size?: number;
  /** 'decode': the frame is no readable JPEG (or too large). */
  error?: 'decode';
}

const WORKER = path.join(serverRoot, 'src', 'modules', 'system', 'face', 'face-worker.mjs');
/** Jobs waiting or running; one more is refused at once rather than queued for minutes. */
export const MAX_QUEUED_JOBS = 4;
const JOB_TIMEOUT_MS = 60_000;

interface Job {
  id: number;
  frames: ArrayBuffer[];
  resolve: (frames: FrameAnalysis[]) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
let model = '';
let readyPromise: Promise<string> | null = null;
const queue: Job[] = [];
let running: Job | null = null;
let timer: NodeJS.Timeout | null = null;
let nextId = 1;

const busy = () => new AppError(ErrorCode.TOO_MANY_REQUESTS, '人脸识别请求较多，请稍后再试');

function startWorker(): Promise<string> {
  const w = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: 768 } });
  worker = w;
  w.unref();
  readyPromise = new Promise((resolve, reject) => {
    w.on(
      'message',
      (msg: { ready?: boolean; model?: string; error?: string; id?: number; frames?: FrameAnalysis[] }) => {
        if (msg.ready !== undefined) {
          if (msg.ready) {
            model = msg.model ?? 'human/faceres';
            resolve(model);
          } else reject(new Error(`face models failed to load: ${msg.error}`));
          return;
        }
        if (!running || msg.id !== running.id) return;
        const job = running;
        finishRunning();
        if (msg.error) job.reject(new Error(msg.error));
        else job.resolve(msg.frames ?? []);
        pump();
      },
    );
    w.on('error', (err) => fail(w, err));
    w.on('exit', (code) => fail(w, new Error(`face worker exited with code ${code}`)));
  });
  readyPromise.catch(() => {});
  return readyPromise;
}

function finishRunning() {
  running = null;
  if (timer) clearTimeout(timer);
  timer = null;
}

/** The worker died or hung: the running job fails, the next job gets a fresh worker. */
function fail(w: Worker, err: Error) {
  if (worker !== w) return;
  worker = null;
  readyPromise = null;
  const job = running;
  finishRunning();
  job?.reject(err);
  void w.terminate();
  pump();
}

function pump() {
  if (running || queue.length === 0) return;
  if (!worker) void startWorker();
  const w = worker as Worker;
  const job = queue.shift() as Job;
  running = job;
  timer = setTimeout(() => fail(w, new Error('face analysis timed out')), JOB_TIMEOUT_MS);
  w.postMessage({ id: job.id, frames: job.frames }, job.frames);
}

/**
 * Nothing is waiting or running: a background re-check (remote proctoring's sample of snapshots)
 * goes ahead only then, so an exam day's burst never queues behind sign-ins and door checks.
 */
export function faceEngineIdle(): boolean {
  return !running && queue.length === 0;
}

/** Whether a job asked now would be queued (else analyseFrames refuses it at once). */
export function hasRoom(): boolean {
  return queue.length + (running ? 1 : 0) < MAX_QUEUED_JOBS;
}

/** Analyses the frames in the worker; refuses with 10010005 when the queue is full. */
export function analyseFrames(frames: Buffer[]): Promise<FrameAnalysis[]> {
  if (!hasRoom()) return Promise.reject(busy());
  const copies = frames.map((f) => new Uint8Array(f).buffer as ArrayBuffer);
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, frames: copies, resolve, reject });
    pump();
  });
}

/** The name of the descriptor model (stored beside each descriptor); loads the models if needed. */
export async function faceModel(): Promise<string> {
  if (!readyPromise) startWorker();
  return readyPromise as Promise<string>;
}

/** Stops the worker (tests, shutdown). */
export async function stopFaceEngine(): Promise<void> {
  const w = worker;
  worker = null;
  readyPromise = null;
  if (w) await w.terminate();
}
