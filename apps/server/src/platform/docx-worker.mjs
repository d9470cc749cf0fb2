// Reads the raw text of a docx off the request thread (mammoth on the request thread
// blocked every request for ~70 s on a 915 KB zip bomb and then ran the process out of memory).
// The zip guard checked the central directory already; the declared sizes are verified by a capped
// inflate before mammoth opens the file. Plain JS so that tsx (tests) and the built server start it alike.
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import rawText from 'mammoth/lib/raw-text.js';
import { checkInflatedSizes, ZipRefused } from './zip-inflate-cap.mjs';

async function main({ buffer, entries }) {
  const bytes = new Uint8Array(buffer);
  checkInflatedSizes(bytes, entries);
  const input = { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) };
  if (!workerData.html) return { text: (await mammoth.extractRawText(input)).value };
  // The HTML is asked for only by readers of tables (question tables in Word). The file
  // is read once: the raw text is taken from the document mammoth converts, as extractRawText does.
  let text = '';
  const transformDocument = (doc) => {
    text = rawText.convertElementToRawText(doc);
    return doc;
  };
  const { value: html } = await mammoth.convertToHtml(input, { transformDocument });
  return { text, html };
}

main(workerData).then(
  (result) => parentPort.postMessage(result),
  (err) =>
    parentPort.postMessage(
      err instanceof ZipRefused
        ? { refused: err.message }
        : { invalid: true, message: String(err?.message ?? err).slice(0, 200) },
    ),
);
