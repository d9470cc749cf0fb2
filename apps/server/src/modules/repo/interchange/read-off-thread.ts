/**
 * Reads a GIFT, Aiken, Moodle XML or QTI upload in a worker (read-worker.ts) under the heap and time
 * caps of platform/capped-worker.ts, so a file of 10,000 questions or a hostile one
 * costs the worker, never the request thread. The answer and the refusals are those of the parsers
 * on the request thread (read.ts): the same codes and Chinese messages.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TQuImportCategory } from '@exam/contracts';
import { platformWorker, runCappedWorker, WorkerFailed } from '../../../platform/capped-worker.js';
import { AppError, badParams } from '../../../platform/errors.js';
import type { ReaderFormat } from './read.js';
import type { ReaderAnswer } from './read-worker.js';

// From source (tests, `tsx watch`) the worker is the TypeScript file, started through tsx
// (platform/ts-worker.mjs); in the bundle (dist/main.js) it is dist/interchange-reader.js, built
// beside it (build.mjs).
const here = fileURLToPath(import.meta.url);
const WORKER = here.endsWith('.ts')
  ? { script: platformWorker('ts-worker.mjs'), data: { tsEntry: path.join(path.dirname(here), 'read-worker.ts') } }
  : { script: path.join(path.dirname(here), 'interchange-reader.js'), data: {} };

export interface OffThreadOptions {
  maxHeapMb?: number;
  timeoutMs?: number;
}

/** The import items, skipped items and images of the file, read in a worker. */
export async function readOffThread(
  format: ReaderFormat,
  buffer: Buffer,
  category: TQuImportCategory,
  options: OffThreadOptions = {},
) {
  const { maxHeapMb = 512, timeoutMs = 120_000 } = options;
  let msg: ReaderAnswer;
  try {
    msg = await runCappedWorker<ReaderAnswer>(
      WORKER.script,
      buffer,
      { ...WORKER.data, format, category },
      { maxHeapMb, timeoutMs },
    );
  } catch (err) {
    if (!(err instanceof WorkerFailed)) throw err;
    if (err.reason === 'timeout') throw badParams('文件：文件内容过多，读取超时，请拆分后分批导入');
    if (err.reason === 'memory') throw badParams('文件：文件内容过多，无法读取，请拆分后分批导入');
    throw new Error(`interchange reader failed: ${err.message}`);
  }
  if ('refused' in msg) throw new AppError(msg.refused.code, msg.refused.message);
  if ('failed' in msg) throw new Error(`interchange reader failed: ${msg.failed}`);
  // Structured clone hands Buffers back as plain Uint8Arrays.
  const images = msg.images.map((img) => ({ ...img, data: Buffer.from(img.data) }));
  return { items: msg.items, skipped: msg.skipped, images };
}
