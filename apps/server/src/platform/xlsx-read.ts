/**
 * Reads an uploaded xlsx in a worker thread (xlsx-worker.mjs) with a heap cap, a row cap and a
 * time cap, so a large or hostile workbook costs the worker, never the request thread or the
 * process (issue 10 §4). Used by the question and user imports.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { badParams } from './errors.js';
import { serverRoot } from './paths.js';

export interface SheetRow {
  /** Row number in the sheet (1 = header). */
  row: number;
  /** Cell texts, column A first. */
  cells: string[];
}

export interface XlsxReadOptions {
  /** Data rows (after the header) accepted; one more refuses the file. */
  maxRows: number;
  /** Heap of the worker. */
  maxHeapMb?: number;
  timeoutMs?: number;
}

/** Largest upload an import accepts (contracts UPLOAD_PURPOSES.import). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Imports read at the same time; more are refused rather than queued behind big files. */
const MAX_PARALLEL = 2;
let running = 0;

/** The bytes of an uploaded import file (multipart limit IMPORT_MAX_BYTES), with a clear refusal past it. */
export async function importBuffer(part: { toBuffer(): Promise<Buffer> }): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badParams(`文件：导入文件大小不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB，请拆分后分批导入`);
    throw err;
  }
}

export class InvalidXlsxError extends Error {}

const WORKER = path.join(serverRoot, 'src', 'platform', 'xlsx-worker.mjs');

/** The non-empty rows of the first worksheet. Throws InvalidXlsxError for a file that is no xlsx. */
export async function readXlsxRows(buffer: Buffer, options: XlsxReadOptions): Promise<SheetRow[]> {
  if (running >= MAX_PARALLEL) throw badParams('文件：当前导入任务较多，请稍后再试');
  running++;
  try {
    return await runWorker(buffer, options);
  } finally {
    running--;
  }
}

function runWorker(buffer: Buffer, options: XlsxReadOptions): Promise<SheetRow[]> {
  const { maxRows, maxHeapMb = 384, timeoutMs = 120_000 } = options;
  const copy = new Uint8Array(buffer).buffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { buffer: copy, maxRows },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
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
      () => finish(() => reject(badParams('文件：文件内容过多，读取超时，请拆分后分批导入'))),
      timeoutMs,
    );
    worker.on('message', (msg: { rows?: SheetRow[]; tooManyRows?: boolean; invalid?: boolean }) =>
      finish(() => {
        if (msg.tooManyRows) reject(badParams(`文件：一次最多导入${maxRows}行数据，请拆分后分批导入`));
        else if (msg.invalid) reject(new InvalidXlsxError('文件不是有效的 xlsx 文件'));
        else resolve(msg.rows ?? []);
      }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? badParams('文件：文件内容过多，无法读取，请拆分后分批导入')
            : new InvalidXlsxError(`文件不是有效的 xlsx 文件（${err.message.slice(0, 100)}）`),
        ),
      ),
    );
    worker.on('exit', () => finish(() => reject(new InvalidXlsxError('文件不是有效的 xlsx 文件'))));
  });
}
