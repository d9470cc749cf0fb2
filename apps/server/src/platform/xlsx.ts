/**
 * Writing xlsx workbooks (exports and import templates): a sheet from columns and rows, a bold
 * header row, column widths, and times written in ONE way: wall-clock text of the site's time zone
 * (config `timeZone`, platform/time-zone.ts), so that every export shows the same instant alike.
 * Reading uploaded workbooks is platform/xlsx-read.ts.
 */
import ExcelJS from 'exceljs';
import type { FileAnswer } from './route.js';
import { formatLocalDateTime, localDayKey } from './time-zone.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A value that a time column accepts: an instant, its ISO text, or nothing (an empty cell). */
export type TimeValue = Date | string | null | undefined;

export interface XlsxColumn {
  header: string;
  /** The row's field; the header when left out (rows keyed by header). */
  key?: string;
  /** Characters (16 when left out). */
  width?: number;
  /**
   * How the cell is written: 'datetime' → 'YYYY-MM-DD HH:mm:ss' and 'date' → 'YYYY-MM-DD' in the
   * site's zone (from an instant or ISO text); 'text' keeps digits as text (numFmt '@', e.g. phone
   * numbers and codes); 'percent' shows a fraction 0.4286 as 42.86%. Plain values otherwise.
   */
  kind?: 'datetime' | 'date' | 'text' | 'percent';
}

/**
 * The person a row is about, in every export that lists people, from the row's `userName`,
 * `realName` and `deptName`: 用户名, 姓名, 部门; a roster (the course's and the live room's) leads
 * with the name and calls the user name 账号. Widths may differ where a sheet gives a column room.
 */
export function personColumns(
  opts: { roster?: boolean; realNameWidth?: number; deptWidth?: number } = {},
): XlsxColumn[] {
  const userName: XlsxColumn = { header: opts.roster ? '账号' : '用户名', key: 'userName', width: 16 };
  const realName: XlsxColumn = { header: '姓名', key: 'realName', width: opts.realNameWidth ?? 14 };
  const deptName: XlsxColumn = { header: '部门', key: 'deptName', width: opts.deptWidth ?? (opts.roster ? 18 : 16) };
  return opts.roster ? [realName, userName, deptName] : [userName, realName, deptName];
}

const toDate = (v: TimeValue): Date | null => (v === null || v === undefined || v === '' ? null : new Date(v));

/** A workbook whose times are written in one zone (none: a template without times). */
export class XlsxBook {
  readonly wb = new ExcelJS.Workbook();

  constructor(readonly zone: string | null) {}

  private zoneForTimes(): string {
    if (!this.zone) throw new Error('this workbook was made without a time zone: use xlsxBook(zone) for times');
    return this.zone;
  }

  /** 'YYYY-MM-DD HH:mm:ss' in the site's zone; '' for no time. */
  time(v: TimeValue): string {
    const d = toDate(v);
    return d ? formatLocalDateTime(d, this.zoneForTimes()) : '';
  }

  /** 'YYYY-MM-DD' in the site's zone; '' for no time. */
  date(v: TimeValue): string {
    const d = toDate(v);
    return d ? localDayKey(d, this.zoneForTimes()) : '';
  }

  /**
   * Adds a sheet: a bold header row from the columns, their widths, then one row per record
   * (fields by `key`; time columns converted in the site's zone).
   */
  sheet<R extends object>(name: string, columns: XlsxColumn[], rows: Iterable<R> = []): ExcelJS.Worksheet {
    const ws = this.wb.addWorksheet(name);
    ws.columns = columns.map((c) => ({
      header: c.header,
      key: c.key ?? c.header,
      width: c.width ?? 16,
      ...(c.kind === 'text' ? { style: { numFmt: '@' } } : c.kind === 'percent' ? { style: { numFmt: '0.00%' } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) this.addRow(ws, columns, r);
    return ws;
  }

  /** Adds one record to a sheet made by `sheet` with the same columns. */
  addRow<R extends object>(ws: ExcelJS.Worksheet, columns: XlsxColumn[], record: R): ExcelJS.Row {
    const values: Record<string, unknown> = { ...(record as Record<string, unknown>) };
    for (const c of columns) {
      const key = c.key ?? c.header;
      if (c.kind === 'datetime') values[key] = this.time(values[key] as TimeValue);
      else if (c.kind === 'date') values[key] = this.date(values[key] as TimeValue);
    }
    return ws.addRow(values);
  }

  /** Adds a sheet of plain rows (a summary or instructions): the first row bold when `header`. */
  rows(name: string, rows: unknown[][], options: { header?: boolean; widths?: number[] } = {}): ExcelJS.Worksheet {
    const ws = this.wb.addWorksheet(name);
    ws.addRows(rows);
    if (options.header) ws.getRow(1).font = { bold: true };
    options.widths?.forEach((w, i) => {
      ws.getColumn(i + 1).width = w;
    });
    return ws;
  }

  async toBuffer(): Promise<Buffer> {
    return Buffer.from(await this.wb.xlsx.writeBuffer());
  }

  /** The download answer of a `routeFile` handler. */
  async toFile(fileName: string): Promise<FileAnswer> {
    return { fileName, contentType: XLSX_TYPE, body: await this.toBuffer() };
  }
}

/** A workbook whose times are written in the site's zone (`deps.config.timeZone`). */
export const xlsxBook = (zone: string): XlsxBook => new XlsxBook(zone);

/** A workbook with no times (import templates, question files): a time cell in it is an error. */
export const xlsxWithoutTimes = (): XlsxBook => new XlsxBook(null);
