/**
 * The worker side of readOffThread (read-off-thread.ts): reads a GIFT, Aiken, Moodle XML or QTI
 * file (zip packages included) into import items off the request thread (a file of
 * 10,000 questions took seconds of the event loop). Answers one structured-clone message: the
 * items, the skipped items and the images, or the refusal (code and Chinese message) the parser
 * gives. Built as dist/interchange-reader.js (build.mjs); run from source through tsx in
 * development and tests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../platform/errors.js';
import { type ReaderFormat, readItems } from './read.js';

export type ReaderAnswer =
  | Awaited<ReturnType<typeof readItems>>
  | { refused: { code: number; message: string } }
  | { failed: string };

const data = workerData as { buffer: ArrayBuffer; format: ReaderFormat; category: 'tag' | 'bank' };

readItems(data.format, Buffer.from(data.buffer), data.category).then(
  (result) => parentPort?.postMessage(result satisfies ReaderAnswer),
  (err: unknown) =>
    parentPort?.postMessage(
      (err instanceof AppError
        ? { refused: { code: err.code, message: err.message } }
        : { failed: String((err as Error)?.message ?? err).slice(0, 200) }) satisfies ReaderAnswer,
    ),
);
