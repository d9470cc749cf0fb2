import { Packer, Paragraph, Document as WordDocument } from 'docx';
import { describe, expect, it } from 'vitest';
import { bigXlsx } from '../test/big-xlsx.js';
import { bombDocx, manyEntriesZip } from '../test/zip-bomb.js';
import { InvalidDocxError, readDocxText } from './docx-read.js';
import { readXlsxRows } from './xlsx-read.js';
import { guardZipBuffer, InvalidZipError, ZIP_LIMITS } from './zip-guard.js';

describe('zip guard', () => {
  it('passes an ordinary docx and xlsx and answers their entries', async () => {
    const doc = new WordDocument({ sections: [{ children: [new Paragraph('1. 题干')] }] });
    const entries = await guardZipBuffer(Buffer.from(await Packer.toBuffer(doc)));
    expect(entries.map((e) => e.name)).toContain('word/document.xml');
    expect(await readDocxText(Buffer.from(await Packer.toBuffer(doc)))).toContain('1. 题干');
    const xlsx = await bigXlsx({ rows: 2, header: ['a'], row: (i) => [`r${i}`] });
    expect((await guardZipBuffer(xlsx)).length).toBeGreaterThan(3);
  });

  it('refuses a 150 MB bomb from its central directory, before inflating', async () => {
    const bomb = await bombDocx({ inflatedMb: 150 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(guardZipBuffer(bomb)).rejects.toThrow('文件解压后过大');
  }, 60_000);

  it('refuses a high compression ratio and too many entries', async () => {
    await expect(guardZipBuffer(await bombDocx({ inflatedMb: 20 }))).rejects.toThrow('文件压缩比异常');
    await expect(guardZipBuffer(manyEntriesZip(30), { ...ZIP_LIMITS, maxEntries: 20 })).rejects.toThrow(
      '压缩包内的文件超过20个',
    );
  });

  it('does not trust declared sizes: the worker stops an entry that inflates past them', async () => {
    const forged = await bombDocx({ inflatedMb: 20, declareBytes: 1024 * 1024 });
    await expect(guardZipBuffer(forged)).resolves.toBeTruthy();
    await expect(readDocxText(forged)).rejects.toThrow('文件内容与其声明的大小不符');
  });

  it('refuses a forged xlsx too, and reports bytes that are no zip', async () => {
    const forged = await bombDocx({ inflatedMb: 20, declareBytes: 1024 * 1024 });
    await expect(readXlsxRows(forged, { maxRows: 10 })).rejects.toThrow('文件内容与其声明的大小不符');
    await expect(guardZipBuffer(Buffer.from('not a zip at all, not even close'))).rejects.toBeInstanceOf(
      InvalidZipError,
    );
    await expect(readDocxText(Buffer.from('PK\u0003\u0004 broken'))).rejects.toBeInstanceOf(InvalidDocxError);
  });
});
