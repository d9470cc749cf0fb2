/**
 * The yf-exam-lite question sheet recognised by its header row (one row per option),
 * and a header that is neither ours nor yf-exam-lite's refused with the columns expected.
 */
import { htmlToText } from '@exam/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkItems } from '../../qu-import.js';
import { readQuestionsXlsx, xlsxColumnOf } from './xlsx.js';

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('试题');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const YF = [
  '题目序号',
  '题目类型',
  '题目内容',
  '整体解析',
  '题目图片',
  '题目视频',
  '所属题库',
  '是否正确项',
  '选项内容',
  '选项解析',
  '选项图片',
];

describe('xlsx: yf-exam-lite question sheet', () => {
  it('reads one question per 题目序号 from its option rows (single, multiple, true/false), option notes in the analysis', async () => {
    const buffer = await sheet([
      YF,
      [1, 1, '我国的首都是', '北京是首都。', '', '', '常识', 0, '上海', '', ''],
      [1, '', '', '', '', '', '', 1, '北京', '首都', ''],
      [2, 2, '下列属于可再生能源的有', '', '', '', '', 1, '太阳能', '', ''],
      [2, '', '', '', '', '', '', 0, '煤炭', '', ''],
      [2, '', '', '', '', '', '', 1, '风能', '', ''],
      [3, 3, '地球是圆的。', '', '', '', '', 1, '正确', '', ''],
      [3, '', '', '', '', '', '', 0, '错误', '', ''],
    ]);
    const checked = checkItems(await readQuestionsXlsx(buffer), xlsxColumnOf);
    expect(checked.flatMap((c) => c.issues)).toEqual([]);
    expect(
      checked.map((c) => [
        c.q.type,
        htmlToText(c.q.content).trim(),
        c.q.options.map((o) => [htmlToText(o.content).trim(), o.isRight]),
      ]),
    ).toEqual([
      [
        1,
        '我国的首都是',
        [
          ['上海', false],
          ['北京', true],
        ],
      ],
      [
        2,
        '下列属于可再生能源的有',
        [
          ['太阳能', true],
          ['煤炭', false],
          ['风能', true],
        ],
      ],
      [
        3,
        '地球是圆的。',
        [
          ['正确', true],
          ['错误', false],
        ],
      ],
    ]);
    expect(htmlToText(checked[0].q.analysis ?? '')).toContain('B：首都');
  });

  it('reports a question type yf-exam-lite does not have', async () => {
    const buffer = await sheet([YF, [1, 9, '题', '', '', '', '', 1, '甲', '', '']]);
    const issues = checkItems(await readQuestionsXlsx(buffer), xlsxColumnOf).flatMap((c) => c.issues);
    expect(issues[0]).toMatchObject({ row: 2, column: '题目类型' });
  });
});

describe('xlsx: an unknown header row', () => {
  it('is refused with the columns expected', async () => {
    const buffer = await sheet([
      ['Question', 'Answer'],
      ['1+1=?', '2'],
    ]);
    await expect(readQuestionsXlsx(buffer)).rejects.toThrow(
      /无法识别表头.*序号、所属组合题、题型.*题目序号、题目类型、题目内容/,
    );
  });
});
