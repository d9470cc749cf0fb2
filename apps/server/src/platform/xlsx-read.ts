/**
 * Reads an uploaded xlsx in a worker thread (xlsx-worker.mjs) with a heap cap, a row cap and a
 * time cap (platform/capped-worker.ts), after the zip guard (zip-guard.ts), so a large or hostile
 * workbook costs the worker, never the request thread or the process.
 * Used by the question and user imports.
 */
import { platformWorker, runCappedWorker, WorkerFailed } from './capped-worker.js';
import { badParams } from './errors.js';
import { guardZipBuffer, InvalidZipError, type ZipEntry } from './zip-guard.js';

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

const WORKER = platformWorker('xlsx-worker.mjs');

/** The non-empty rows of the first worksheet. Throws InvalidXlsxError for a file that is no xlsx. */
export async function readXlsxRows(buffer: Buffer, options: XlsxReadOptions): Promise<SheetRow[]> {
  const { maxRows, maxHeapMb = 384, timeoutMs = 120_000 } = options;
  let entries: ZipEntry[];
  try {
    entries = await guardZipBuffer(buffer);
  } catch (err) {
    if (err instanceof InvalidZipError) throw new InvalidXlsxError('文件不是有效的 xlsx 文件');
    throw err;
  }
  // A reader that fails on a file which passed the zip guard is given one more try before the file is
  // called invalid: on a loaded machine a worker can fail to start or allocate (seen once in the
  // browser suite, a valid template reported as no xlsx); a broken file fails again, fast.
  let msg = await readInWorker(buffer, maxRows, entries, maxHeapMb, timeoutMs);
  if (msg.invalid) msg = await readInWorker(buffer, maxRows, entries, maxHeapMb, timeoutMs);
  if (msg.refused) throw badParams(msg.refused);
  if (msg.tooManyRows) throw badParams(`文件：一次最多导入${maxRows}行数据，请拆分后分批导入`);
  if (msg.invalid) throw new InvalidXlsxError('文件不是有效的 xlsx 文件');
  return msg.rows ?? [];
}

type ReaderAnswer = { rows?: SheetRow[]; tooManyRows?: boolean; invalid?: boolean; refused?: string };

async function readInWorker(
  buffer: Buffer,
  maxRows: number,
  entries: ZipEntry[],
  maxHeapMb: number,
  timeoutMs: number,
): Promise<ReaderAnswer> {
  try {
    return await runCappedWorker<ReaderAnswer>(WORKER, buffer, { maxRows, entries }, { maxHeapMb, timeoutMs });
  } catch (err) {
    if (!(err instanceof WorkerFailed)) throw err;
    if (err.reason === 'timeout') throw badParams('文件：文件内容过多，读取超时，请拆分后分批导入');
    if (err.reason === 'memory') throw badParams('文件：文件内容过多，无法读取，请拆分后分批导入');
    return { invalid: true };
  }
}
