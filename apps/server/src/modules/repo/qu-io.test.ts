import { blankHtml, formulaHtml, type TQuSave } from '@exam/contracts';
import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxColumnOf, readQuestionsDocx } from './qu-docx.js';
import { checkItems } from './qu-import.js';
import { sampleDetails } from './qu-io.service.js';
import { normaliseQuestion } from './qu-rules.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';
import { readQuestionsXlsx, writeQuestionsXlsx, xlsxColumnOf } from './qu-xlsx.js';

const tricky: TQuSave[] = [
  {
    type: 5,
    level: 2,
    content: `<p>若 ${formulaHtml('a<b \\land b<c')}，则 a ${blankHtml(1)} c；价格 $5 与 $6</p><p>第二段${blankHtml(2)}</p>`,
    options: [],
    answer: {
      blanks: [{ answers: ['<', '小于'] }, { answers: ['Ab'] }],
      caseSensitive: true,
      widthSensitive: true,
      orderMatters: false,
    },
    analysis: '<p><strong>加粗</strong>的解析</p><table><tbody><tr><td>表格</td></tr></tbody></table>',
    tags: ['逻辑', '不等式'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 1,
    level: 1,
    content: '<p>含图片 <img src="/api/common/file/abc" /> 的题（  ）</p>',
    options: [
      { key: 'A', content: '<p>A &amp; B</p>', isRight: false },
      { key: 'B', content: `<p>${formulaHtml('\\frac{1}{2}')}</p>`, isRight: true },
    ],
    answer: {},
    analysis: null,
    tags: [],
    repoIds: ['-'],
    children: [],
  },
];

describe('xlsx format', () => {
  it('reads back exactly what it wrote, every type and composite included', async () => {
    const samples = [...QU_TEMPLATE_SAMPLES, ...tricky];
    const buffer = await writeQuestionsXlsx(sampleDetails(samples));
    const checked = checkItems(await readQuestionsXlsx(buffer), xlsxColumnOf);
    expect(checked.flatMap((c) => c.issues)).toEqual([]);
    expect(checked.map((c) => c.q)).toEqual(samples.map((s) => ({ ...normaliseQuestion(s), id: null })));
    expect(checked.map((c) => c.item.tags)).toEqual(samples.map((s) => s.tags));
  });

  it('reports row, column and reason of bad rows', async () => {
    const [single, multiple] = sampleDetails(QU_TEMPLATE_SAMPLES);
    single.options.forEach((o) => {
      o.isRight = false;
    });
    multiple.type = 77;
    const buffer = await writeQuestionsXlsx([single, multiple]);
    const issues = checkItems(await readQuestionsXlsx(buffer), xlsxColumnOf).flatMap((c) => c.issues);
    expect(issues[0]).toEqual({ row: 2, column: '选项', reason: '单选题必须有且只有一个正确选项' });
    expect(issues.some((i) => i.row === 3 && i.column === '题型')).toBe(true);
  });
});

const para = (text: string) => new Paragraph({ children: [new TextRun(text)], alignment: AlignmentType.LEFT });

async function docxOf(lines: string[]): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: lines.map(para) }] });
  return Packer.toBuffer(doc);
}

describe('docx import', () => {
  it('reads the usual Chinese layout of every type', async () => {
    const buffer = await docxOf([
      '一、单选题',
      '1. 我国的首都是（  ）',
      'A. 上海  B. 北京',
      'C. 广州  D. 深圳',
      '答案：B',
      '解析：北京是首都。',
      '难度：普通',
      '知识点：常识，地理',
      '二、多选题',
      '2. 下列属于可再生能源的有（  ）',
      'A. 太阳能',
      'B. 风能',
      'C. 煤炭',
      '答案：AB',
      '难度：困难',
      '三、综合题',
      '3.【判断题】圆的面积公式是 $S=\\pi r^2$。',
      '答案：正确',
      '4. 水的化学式是____，氢氧原子个数比为（  ）。',
      '答案：H2O|H₂O；2:1',
      '填空设置：区分大小写',
      '5.【简答题】简述“三同时”制度。',
      '答案：同时设计、同时施工、同时投入生产和使用。',
      '得分关键词：同时设计:2；同时施工:2',
      '6.【匹配题】将国家与首都匹配。',
      '① 中国',
      '② 日本',
      'A. 东京  B. 北京  C. 巴黎',
      '答案：1-B；2-A',
      '7.【组合题】阅读材料：车间发生机械伤害事故。',
      '（1）直接原因是（  ）',
      'A. 设备老化  B. 未停机清理',
      '答案：B',
      '（2）【简答题】提出一条防范措施。',
      '答案：停机断电后再清理。',
    ]);
    const checked = checkItems(await readQuestionsDocx(buffer), docxColumnOf);
    expect(checked.flatMap((c) => c.issues)).toEqual([]);
    const qs = checked.map((c) => c.q);
    expect(qs.map((q) => q.type)).toEqual([1, 2, 3, 5, 4, 6, 99]);
    expect(qs[0].options.map((o) => [o.content, o.isRight])).toEqual([
      ['<p>上海</p>', false],
      ['<p>北京</p>', true],
      ['<p>广州</p>', false],
      ['<p>深圳</p>', false],
    ]);
    expect(qs[0].analysis).toBe('<p>北京是首都。</p>');
    expect(checked[0].item.tags).toEqual(['常识', '地理']);
    expect(qs[1].level).toBe(2);
    expect(qs[2].content).toBe(`<p>圆的面积公式是 ${formulaHtml('S=\\pi r^2')}。</p>`);
    expect(qs[2].options.map((o) => o.isRight)).toEqual([true, false]);
    expect(qs[3].content).toBe(`<p>水的化学式是${blankHtml(1)}，氢氧原子个数比为${blankHtml(2)}。</p>`);
    expect(qs[3].answer).toEqual({
      blanks: [{ answers: ['H2O', 'H₂O'] }, { answers: ['2:1'] }],
      caseSensitive: true,
      widthSensitive: false,
      orderMatters: true,
    });
    expect(qs[4].answer).toMatchObject({
      keywords: [
        { word: '同时设计', weight: 2 },
        { word: '同时施工', weight: 2 },
      ],
    });
    expect(qs[5].answer).toMatchObject({
      pairs: [
        { left: '1', right: 'B' },
        { left: '2', right: 'A' },
      ],
    });
    expect(qs[6].children.map((c) => c.type)).toEqual([1, 4]);
  });

  it('reports the question number, column and reason', async () => {
    const buffer = await docxOf(['1. 单选题干（  ）', 'A. 甲  B. 乙', '答案：E', '2. 填空____和____', '答案：一']);
    const issues = checkItems(await readQuestionsDocx(buffer), docxColumnOf).flatMap((c) => c.issues);
    expect(issues).toContainEqual({ row: 1, column: '选项', reason: '单选题必须有且只有一个正确选项' });
    expect(issues).toContainEqual({ row: 2, column: '答案', reason: '题目内容中有2个空，但给出了1个空的答案' });
  });
});
