import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { personColumns, XLSX_TYPE, xlsxBook, xlsxWithoutTimes } from './xlsx.js';

async function reopen(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

// 2026-03-01 16:30:05 UTC: 3月2日 00:30 in Shanghai, still 3月1日 11:30 in New York.
const AT = '2026-03-01T16:30:05.000Z';

describe('xlsx workbooks', () => {
  it('writes a bold header row, column widths, and one row per record by key', async () => {
    const book = xlsxBook('Asia/Shanghai');
    book.sheet(
      '名单',
      [
        { header: '姓名', key: 'name', width: 14 },
        { header: '得分', key: 'score' },
      ],
      [
        { name: '张三', score: 90 },
        { name: '李四', score: 75 },
      ],
    );
    const file = await book.toFile('名单.xlsx');
    expect(file).toMatchObject({ fileName: '名单.xlsx', contentType: XLSX_TYPE });
    const ws = (await reopen(file.body)).getWorksheet('名单');
    expect(ws?.getRow(1).values).toEqual([undefined, '姓名', '得分']);
    expect(ws?.getRow(1).font?.bold).toBe(true);
    expect(ws?.getColumn(1).width).toBe(14);
    expect(ws?.getColumn(2).width).toBe(16);
    expect(ws?.getRow(3).values).toEqual([undefined, '李四', 75]);
    expect(ws?.rowCount).toBe(3);
  });

  it('writes time columns as wall-clock text of the site zone, whatever the input form', async () => {
    const columns = [
      { header: '开始时间', key: 'at', kind: 'datetime' as const },
      { header: '日期', key: 'day', kind: 'date' as const },
    ];
    const rows = [
      { at: AT, day: new Date(AT) },
      { at: null, day: undefined },
    ];
    const shanghai = xlsxBook('Asia/Shanghai');
    shanghai.sheet('s', columns, rows);
    const newYork = xlsxBook('America/New_York');
    newYork.sheet('s', columns, rows);
    const a = (await reopen(await shanghai.toBuffer())).getWorksheet('s');
    const b = (await reopen(await newYork.toBuffer())).getWorksheet('s');
    expect(a?.getRow(2).values).toEqual([undefined, '2026-03-02 00:30:05', '2026-03-02']);
    expect(b?.getRow(2).values).toEqual([undefined, '2026-03-01 11:30:05', '2026-03-01']);
    expect(a?.getRow(3).values).toEqual([undefined, '', '']);
    expect(shanghai.time(new Date(AT))).toBe('2026-03-02 00:30:05');
    expect(newYork.date(AT)).toBe('2026-03-01');
  });

  it('keeps text columns as text and shows fractions as percentages', async () => {
    const book = xlsxWithoutTimes();
    book.sheet(
      't',
      [
        { header: '手机号', key: 'mobile', kind: 'text' },
        { header: '通过率', key: 'rate', kind: 'percent' },
      ],
      [{ mobile: '01234', rate: 0.4286 }],
    );
    const ws = (await reopen(await book.toBuffer())).getWorksheet('t');
    expect(ws?.getCell('A2').value).toBe('01234');
    expect(ws?.getColumn(1).numFmt).toBe('@');
    expect(ws?.getCell('B2').value).toBe(0.4286);
    expect(ws?.getColumn(2).numFmt).toBe('0.00%');
  });

  it('adds plain-row sheets with widths, and refuses times in a book made without a zone', async () => {
    const book = xlsxWithoutTimes();
    book.rows(
      '说明',
      [
        ['列名', '说明'],
        ['用户名', '必填'],
      ],
      { header: true, widths: [12, 80] },
    );
    const ws = (await reopen(await book.toBuffer())).getWorksheet('说明');
    expect(ws?.getCell('B2').value).toBe('必填');
    expect(ws?.getRow(1).font?.bold).toBe(true);
    expect(ws?.getColumn(2).width).toBe(80);
    expect(() => book.time(AT)).toThrow(/time zone/);
    expect(() => book.sheet('x', [{ header: 'a', key: 'a', kind: 'datetime' }], [{ a: AT }])).toThrow(/time zone/);
  });

  it('writes the person columns of the exports as each export always had them', async () => {
    const headers = (cols: ReturnType<typeof personColumns>) => cols.map((c) => `${c.header}:${c.key}:${c.width}`);
    expect(headers(personColumns())).toEqual(['用户名:userName:16', '姓名:realName:14', '部门:deptName:16']);
    expect(headers(personColumns({ deptWidth: 20 }))[2]).toBe('部门:deptName:20');
    expect(headers(personColumns({ roster: true }))).toEqual([
      '姓名:realName:14',
      '账号:userName:16',
      '部门:deptName:18',
    ]);
    const book = xlsxBook('Asia/Shanghai');
    book.sheet('s', personColumns(), [{ userName: 'zs', realName: '张三', deptName: '总部', extra: 1 }]);
    const ws = (await reopen(await book.toBuffer())).getWorksheet('s');
    expect(ws?.getRow(2).values).toEqual([undefined, 'zs', '张三', '总部']);
  });
});
