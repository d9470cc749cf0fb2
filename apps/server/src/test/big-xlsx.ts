/**
 * Large xlsx files for import tests and the import bench, written with ExcelJS's streaming writer
 * (the whole workbook never sits in memory). Every row holds different text, so the shared-string
 * table grows with the file as in a real export.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export interface BigXlsxOptions {
  rows: number;
  header: string[];
  /** Cells of data row i (0-based). */
  row: (i: number) => (string | number)[];
}

export async function bigXlsx({ rows, header, row }: BigXlsxOptions): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header).commit();
  for (let i = 0; i < rows; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

/** Pseudo-random Chinese text (3,000 common code points), so the file compresses like real text. */
export function chineseText(seed: number, chars: number): string {
  let x = (seed * 2654435761) >>> 0 || 1;
  let out = '';
  for (let i = 0; i < chars; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += String.fromCharCode(0x4e00 + ((x >>> 0) % 3000));
  }
  return out;
}

/** Single-choice question rows with `chars` characters of content each. */
export const questionRows =
  (chars: number, type = '单选题') =>
  (i: number) => [
    i + 1,
    '',
    type,
    '普通',
    `第${i}题 ${chineseText(i + 1, chars)}`,
    `选项甲${i}`,
    `选项乙${i}`,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'A',
  ];
