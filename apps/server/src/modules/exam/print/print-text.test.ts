import { describe, expect, it } from 'vitest';
import { answerText, keyText, type PrintRow, plainText, printBlocks } from './print-text.js';

const row = (over: Partial<Omit<PrintRow, 'refAnswer'>> & { refAnswer?: unknown }): PrintRow => ({
  quId: 'q',
  parentQuId: null,
  sort: 1,
  sectionIdx: 0,
  sectionTitle: '',
  type: 1,
  score: 5,
  content: '题干',
  options: [],
  refAnswer: {},
  analysis: null,
  ...(over as Partial<PrintRow>),
});
const opts = (right: string[]) =>
  ['A', 'B', 'C'].map((key) => ({ key, content: `<b>选项${key}</b>`, isRight: right.includes(key) }));

describe('print text', () => {
  it('turns rich text into printable lines: blanks, images, entities', () => {
    expect(plainText('<p>中国首都<span data-blank="1"></span>&amp;<img src="x">是</p><p>第二段</p>')).toBe(
      '中国首都 ______ &[图片]是\n第二段',
    );
  });

  it('keys: right letters, blanks, pairs by their texts, order, reference and keyword weights', () => {
    expect(keyText(row({ type: 2, options: opts(['A', 'C']) }))).toEqual(['AC']);
    expect(
      keyText(row({ type: 5, refAnswer: { blanks: [{ answers: ['北京', '京'] }, { answers: ['上海'] }] } })),
    ).toEqual(['(1) 北京 / 京  (2) 上海']);
    const matching = row({
      type: 6,
      refAnswer: {
        left: [{ key: 'L1', content: '猫' }],
        right: [{ key: 'A', content: '喵' }],
        pairs: [{ left: 'L1', right: 'A' }],
      },
    });
    expect(keyText(matching)).toEqual(['猫 → 喵']);
    expect(
      keyText(row({ type: 4, refAnswer: { reference: '<p>原子性</p>', keywords: [{ word: '原子', weight: 2 }] } })),
    ).toEqual(['原子性', '得分关键词：原子（权重2）']);
  });

  it("a learner's answers: letters, numbered blanks, pairs, nothing", () => {
    expect(answerText(row({ type: 2, options: opts([]), answer: ['A', 'C'] }))).toBe('AC');
    expect(answerText(row({ type: 5, answer: ['上海', ''] }))).toBe('(1) 上海  (2) —');
    expect(answerText(row({ type: 1, answer: null }))).toBe('（未作答）');
    expect(answerText(row({ type: 4, answer: '<p>我的答案</p>' }))).toBe('我的答案');
  });

  it('blank papers carry no key; key papers the key and analysis; answered ones the marks', () => {
    const rows = [
      row({ quId: 'c', type: 99, content: '材料', score: 4, sectionTitle: '一、组合' }),
      row({ quId: 'c1', parentQuId: 'c', type: 1, options: opts(['B']), score: 4, analysis: '因为B', answer: 'A' }),
    ];
    const text = (mode: 'blank' | 'key' | 'answered') => JSON.stringify(printBlocks(rows, mode));
    expect(text('blank')).not.toMatch(/答案|解析|因为B/);
    expect(text('key')).toMatch(/"label":"答案","text":"B"/);
    expect(text('key')).toContain('因为B');
    expect(text('answered')).toMatch(/"label":"作答","text":"A"/);
    expect(text('answered')).toContain('"label":"得分","text":"0 / 4 分"');
    const blocks = printBlocks(rows, 'blank');
    expect(blocks.map((b) => (b.kind === 'section' ? b.title : b.head.split(' ')[0]))).toEqual([
      '一、组合',
      '1.',
      '(1)',
    ]);
  });
});
