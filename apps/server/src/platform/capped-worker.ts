/**
 * Runs a file reader (xlsx-worker.mjs, docx-worker.mjs, the question-file reader) in a worker thread with a heap cap and a
 * time cap, killed on overrun, so a large or hostile file costs the worker, never the request
 * thread or the process. At most MAX_PARALLEL readers run at once; more
 * are refused rather than queued behind big files.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { badParams } from './errors.js';
import { serverRoot } from './paths.js';

const MAX_PARALLEL = 2;
let running = 0;

export interface CappedWorkerOptions {
  /** Heap of the worker. */
  maxHeapMb: number;
  timeoutMs: number;
}

/** Why a worker gave no message. */
export class WorkerFailed extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
  }
}

/** A worker script of src/platform (plain JS, so tsx in tests and the built server start it alike). */
export const platformWorker = (file: string) => path.join(serverRoot, 'src', 'platform', file);

/**
 * The first message of `script` run on `buffer` (transferred as workerData.buffer) and `data`.
 * Rejects with WorkerFailed on timeout, heap exhaustion or a crash, and with badParams when
 * MAX_PARALLEL readers are already running.
 */
export async function runCappedWorker<T>(
  script: string,
  buffer: Buffer,
  data: Record<string, unknown>,
  options: CappedWorkerOptions,
): Promise<T> {
  if (running >= MAX_PARALLEL) throw badParams('文件：当前导入任务较多，请稍后再试');
  running++;
  try {
    return await run<T>(script, buffer, data, options);
  } finally {
    running--;
  }
}

function run<T>(script: string, buffer: Buffer, data: Record<string, unknown>, options: CappedWorkerOptions) {
  const copy = new Uint8Array(buffer).buffer;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: { ...data, buffer: copy },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new WorkerFailed('timeout', 'worker timed out'))),
      options.timeoutMs,
    );
    worker.on('message', (msg: T) => finish(() => resolve(msg)));
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkerFailed('memory', err.message)
            : new WorkerFailed('crash', err.message.slice(0, 100)),
        ),
      ),
    );
    worker.on('exit', () => finish(() => reject(new WorkerFailed('crash', 'worker exited'))));
  });
}
