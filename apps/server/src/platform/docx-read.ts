/**
 * Reads the raw text of an uploaded docx: the zip guard (zip-guard.ts) first, then mammoth in a
 * worker with a heap and a time cap (docx-worker.mjs through capped-worker.ts), so a hostile file
 * costs the worker, never the request thread or the process.
 */
import { platformWorker, runCappedWorker, WorkerFailed } from './capped-worker.js';
import { badParams } from './errors.js';
import { guardZipBuffer, InvalidZipError, type ZipEntry } from './zip-guard.js';

export class InvalidDocxError extends Error {}

const WORKER = platformWorker('docx-worker.mjs');

export interface DocxReadOptions {
  maxHeapMb?: number;
  timeoutMs?: number;
}

/** The document's text; InvalidDocxError for a file that is no docx, badParams for one over the limits. */
export async function readDocxText(buffer: Buffer, options: DocxReadOptions = {}): Promise<string> {
  return (await readDocx(buffer, options)).text;
}

/** The document's text and, with `html`, mammoth's HTML of it (tables kept), under the same guards. */
export async function readDocx(
  buffer: Buffer,
  options: DocxReadOptions & { html?: boolean } = {},
): Promise<{ text: string; html?: string }> {
  const { maxHeapMb = 384, timeoutMs = 120_000 } = options;
  let entries: ZipEntry[];
  try {
    entries = await guardZipBuffer(buffer);
  } catch (err) {
    if (err instanceof InvalidZipError) throw new InvalidDocxError(err.message);
    throw err;
  }
  let msg: { text?: string; html?: string; invalid?: boolean; refused?: string; message?: string };
  try {
    msg = await runCappedWorker(WORKER, buffer, { entries, html: options.html === true }, { maxHeapMb, timeoutMs });
  } catch (err) {
    if (!(err instanceof WorkerFailed)) throw err;
    if (err.reason === 'timeout') throw badParams('文件：文件内容过多，读取超时，请拆分后分批导入');
    if (err.reason === 'memory') throw badParams('文件：文件内容过多，无法读取，请拆分后分批导入');
    throw new InvalidDocxError(err.message);
  }
  if (msg.refused) throw badParams(msg.refused);
  if (msg.invalid || msg.text === undefined) throw new InvalidDocxError(msg.message ?? 'not a docx');
  return { text: msg.text, html: msg.html };
}
