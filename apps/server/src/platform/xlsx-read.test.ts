import { describe, expect, it } from 'vitest';
import { bigXlsx, chineseText } from '../test/big-xlsx.js';
import { InvalidXlsxError, readXlsxRows } from './xlsx-read.js';

describe('reading xlsx in a worker', () => {
  it('answers the non-empty rows of the first sheet as text', async () => {
    const file = await bigXlsx({ rows: 3, header: ['甲', '乙'], row: (i) => (i === 1 ? ['', ''] : [`a${i}`, i]) });
    expect(await readXlsxRows(file, { maxRows: 10 })).toEqual([
      { row: 1, cells: ['甲', '乙'] },
      { row: 2, cells: ['a0', '0'] },
      { row: 4, cells: ['a2', '2'] },
    ]);
  });

  it('refuses one row more than allowed', async () => {
    const file = await bigXlsx({ rows: 11, header: ['甲'], row: (i) => [`r${i}`] });
    await expect(readXlsxRows(file, { maxRows: 10 })).rejects.toThrow('一次最多导入10行数据');
    expect(await readXlsxRows(file, { maxRows: 11 })).toHaveLength(12);
  });

  it('contains a workbook too large for its heap: a refusal, and this process lives on', async () => {
    // The incident: a 7.6 MB workbook loaded whole ran the server out of memory.
    const file = await bigXlsx({ rows: 4000, header: ['内容'], row: (i) => [chineseText(i + 1, 1500)] });
    await expect(readXlsxRows(file, { maxRows: 10_000, maxHeapMb: 24 })).rejects.toThrow('文件内容过多');
    expect(
      await readXlsxRows(await bigXlsx({ rows: 1, header: ['x'], row: () => ['y'] }), { maxRows: 5 }),
    ).toHaveLength(2);
  }, 60_000);

  it('reports a file that is no xlsx', async () => {
    await expect(readXlsxRows(Buffer.from('not a zip'), { maxRows: 5 })).rejects.toBeInstanceOf(InvalidXlsxError);
  });
});
