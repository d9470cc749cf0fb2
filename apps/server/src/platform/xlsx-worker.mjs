// Reads the first worksheet of an xlsx file off the request thread (loading a large
// workbook on the main thread ran the server out of memory and froze every request). Streams the
// sheet with ExcelJS's WorkbookReader and stops at maxRows + 1 non-empty rows. Plain JS so that
// tsx (tests) and the built server start it alike.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { checkInflatedSizes, ZipRefused } from './zip-inflate-cap.mjs';

/** The text of a cell value as a user sees it. */
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if (value.text !== undefined) return cellText(value.text);
    if (value.result !== undefined) return cellText(value.result);
    if (value.error !== undefined) return String(value.error);
    return '';
  }
  return String(value);
}

async function read({ buffer, maxRows }) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(buffer)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows = [];
  let dataRows = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const cells = [];
      // row.values is 1-based: index 0 is empty
      const values = Array.isArray(row.values) ? row.values : [];
      let any = false;
      for (let c = 1; c < values.length; c++) {
        const text = cellText(values[c]);
        cells[c - 1] = text;
        if (text.trim() !== '') any = true;
      }
      for (let c = 0; c < cells.length; c++) if (cells[c] === undefined) cells[c] = '';
      if (!any) continue;
      if (row.number > 1 && ++dataRows > maxRows) return { tooManyRows: true };
      rows.push({ row: row.number, cells });
    }
    return { rows }; // the first worksheet only
  }
  return { rows };
}

async function main(data) {
  checkInflatedSizes(new Uint8Array(data.buffer), data.entries);
  return read(data);
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
