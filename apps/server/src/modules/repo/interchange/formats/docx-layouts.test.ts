/**
 * The docx layouts Chinese teams already use, on documents made here with the `docx`
 * package: the answer key gathered after the questions (参考答案 …) and a question table. Answers
 * inline (答案：B) were read before; qu-io.test.ts covers them.
 */
import { htmlToText } from '@exam/contracts';
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { describe, expect, it } from 'vitest';
import { checkItems } from '../../qu-import.js';
import { docxColumnOf, readQuestionsDocx } from './docx.js';

const doc = (children: (Paragraph | Table)[]) => Packer.toBuffer(new Document({ sections: [{ children }] }));
const lines = (...texts: string[]) => texts.map((t) => new Paragraph(t));
async function read(buffer: Buffer) {
  const checked = checkItems(await readQuestionsDocx(buffer), docxColumnOf);
  return checked.map((c) => ({
    type: c.q.type,
    text: htmlToText(c.q.content).trim(),
    rights: c.q.options.filter((o) => o.isRight).map((o) => htmlToText(o.content).trim()),
    answer: c.q.answer,
    analysis: c.q.analysis ? htmlToText(c.q.analysis).trim() : null,
    issues: c.issues,
  }));
}

describe('docx: the answer key gathered at the end', () => {
  it('reads "1.B 2.AC 3.对" and one answer per line, with 解析 lines, after 参考答案', async () => {
    const qs = await read(
      await doc(
        lines(
          '1. 我国的首都是（  ）',
          'A. 上海 B. 北京 C. 广州',
          '2. 下列属于可再生能源的有（  ）',
          'A. 太阳能 B. 煤炭 C. 风能',
          '3. 地球是圆的。',
          '4. 简述安全生产的含义。',
          '参考答案',
          '1.B 2.AC 3.对',
          '4. 安全第一，预防为主。',
          '解析：见教材第一章。',
        ),
      ),
    );
    expect(qs.map((q) => [q.type, q.rights, q.issues])).toEqual([
      [1, ['北京'], []],
      [2, ['太阳能', '风能'], []],
      [3, ['正确'], []],
      [4, [], []],
    ]);
    expect((qs[3].answer as { reference: string }).reference).toBe('<p>安全第一，预防为主。</p>');
    expect(qs[3].analysis).toBe('见教材第一章。');
  });

  it('matches the key by section when numbering restarts in each section', async () => {
    const qs = await read(
      await doc(
        lines(
          '一、单选题',
          '1. 我国的首都是（  ）',
          'A. 上海 B. 北京',
          '二、判断题',
          '1. 地球是圆的。',
          '三、参考答案',
          '一、单选题',
          '1.B',
          '二、判断题',
          '1.错',
        ),
      ),
    );
    expect(qs.map((q) => [q.type, q.rights, q.issues])).toEqual([
      [1, ['北京'], []],
      [3, ['错误'], []],
    ]);
  });
});

describe('docx: a question table', () => {
  const row = (cells: string[]) =>
    new TableRow({ children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })) });
  it('reads one question per row under a header row 题型 | 题目 | A…D | 答案 | 解析', async () => {
    const table = new Table({
      rows: [
        row(['题型', '题目', 'A', 'B', 'C', 'D', '答案', '解析']),
        row(['单选题', '我国的首都是（  ）', '上海', '北京', '广州', '', 'B', '北京是首都。']),
        row(['多选题', '下列属于可再生能源的有', '太阳能', '煤炭', '风能', '水能', 'ACD', '']),
        row(['判断题', '地球是圆的。', '', '', '', '', '对', '']),
        row(['填空题', '水的化学式是____。', '', '', '', '', 'H2O', '']),
      ],
    });
    const qs = await read(await doc([new Paragraph('安全生产题库'), table]));
    expect(qs.map((q) => [q.type, q.text, q.rights, q.issues])).toEqual([
      [1, '我国的首都是（  ）', ['北京'], []],
      [2, '下列属于可再生能源的有', ['太阳能', '风能', '水能'], []],
      [3, '地球是圆的。', ['正确'], []],
      [5, expect.stringContaining('水的化学式是'), [], []],
    ]);
    expect(qs[0].analysis).toBe('北京是首都。');
    expect((qs[3].answer as { blanks: unknown }).blanks).toEqual([{ answers: ['H2O'] }]);
  });
});
