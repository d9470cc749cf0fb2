import { kindSettingsOf } from '@exam/contracts';
import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { markQuestion } from '../../../paper/scoring.js';
import { readQuestionsDocx } from '../../qu-docx.js';
import { checkItems } from '../../qu-import.js';
import { sampleDetails } from '../../qu-io.service.js';
import { checkQuestion, normaliseQuestion } from '../../qu-rules.js';
import { readQuestionsXlsx, writeQuestionsXlsx, xlsxColumnOf } from '../../qu-xlsx.js';
import { kindOf } from '../registry.js';
import { ordering, scoreOrdering } from './index.js';

const ITEMS = ['起床', '洗漱', '早餐', '出门'];
const input = (items = ITEMS) => ({
  type: 7,
  level: 1 as const,
  content: '把早晨的事排好顺序',
  options: items.map((content) => ({ key: '', content, isRight: false })),
  answer: {},
});

describe('ordering kind (排序题)', () => {
  it('is registered as type 7', () => {
    expect(kindOf(7)).toBe(ordering);
  });

  it('stores the items in the right order under opaque keys and the order of those keys', () => {
    const q = normaliseQuestion(input());
    expect(q.options.map((o) => o.content)).toEqual(ITEMS);
    for (const o of q.options) expect(o.key).toMatch(/^[a-z2-9]{4}$/);
    expect(new Set(q.options.map((o) => o.key)).size).toBe(4);
    expect(q.answer).toEqual({ order: q.options.map((o) => o.key) });
    expect(checkQuestion(q)).toEqual([]);
    // Saving again keeps the keys (an edit does not churn them).
    expect(normaliseQuestion({ ...input(), options: q.options }).options).toEqual(q.options);
  });

  it('needs two items, each with content', () => {
    expect(checkQuestion(normaliseQuestion(input(['只有一项'])))).toEqual([
      { field: 'options', message: '排序题至少需要两个排序项' },
    ]);
    expect(checkQuestion(normaliseQuestion(input(['一', ' '])))).toEqual([
      { field: 'options', message: '第2个排序项的内容不能为空' },
    ]);
  });

  it('a paper shows the items arranged, lettered by position, and keeps the order in those letters', () => {
    const q = normaliseQuestion(input());
    for (let i = 0; i < 20; i++) {
      const s = ordering.snapshot(q.options, q.answer, false);
      expect(s.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
      const order = (s.refAnswer as { order: string[] }).order;
      expect(order.map((k) => s.options.find((o) => o.key === k)?.content)).toEqual(ITEMS);
    }
  });

  it('a learner view of a bank row is one fixed order per viewer and its opaque keys tell nothing', () => {
    const q = normaliseQuestion(input());
    const orders = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const viewer = { viewerId: `user-${i}`, quId: 'qu-1' };
      const parts = ordering.learnerParts(q, viewer);
      expect(parts.options.map((o) => Object.keys(o).sort())).toEqual(ITEMS.map(() => ['content', 'key']));
      expect([...parts.options.map((o) => o.content)].sort()).toEqual([...ITEMS].sort());
      // The same viewer sees the same order on every call.
      expect(ordering.learnerParts(q, viewer).options).toEqual(parts.options);
      orders.add(parts.options.map((o) => o.content).join());
    }
    // Across viewers every order shows, the right one too (leaving it out would tell it).
    expect(orders.size).toBe(24);
    expect(orders.has(ITEMS.join())).toBe(true);
  });

  it('marks all or nothing, or by right adjacent pairs (the exam setting)', () => {
    const order = ['A', 'B', 'C', 'D'];
    expect(scoreOrdering(order, ['A', 'B', 'C', 'D'], 6, 0)).toBe(6);
    expect(scoreOrdering(order, ['B', 'C', 'D', 'A'], 6, 0)).toBe(0);
    // B-C and C-D are right pairs: 2 of 3.
    expect(scoreOrdering(order, ['B', 'C', 'D', 'A'], 6, 1)).toBe(4);
    expect(scoreOrdering(order, ['D', 'C', 'B', 'A'], 6, 1)).toBe(0);
    expect(scoreOrdering(order, ['A', 'B', 'C', 'D'], 6, 1)).toBe(6);
    // Not an arrangement of all the items: nothing, whatever the policy.
    expect(scoreOrdering(order, ['A', 'B', 'C'], 6, 1)).toBe(0);
    expect(scoreOrdering(order, ['A', 'B', 'B', 'C', 'D'], 6, 1)).toBe(0);
    expect(scoreOrdering(order, 'ABCD', 6, 1)).toBe(0);
    expect(scoreOrdering(order, { 0: 'A' }, 6, 1)).toBe(0);
    const key = { type: 7, score: 3, options: [], refAnswer: { order: ['x', 'y', 'z'] } };
    expect(markQuestion(key, ['x', 'y', 'z'])).toEqual({ score: 3, isRight: true, pending: false });
    expect(markQuestion(key, ['y', 'z', 'x'], kindSettingsOf({ 7: { policy: 1 } }))).toEqual({
      score: 1.5,
      isRight: false,
      pending: false,
    });
    expect(markQuestion(key, ['y', 'z', 'x'])).toEqual({ score: 0, isRight: false, pending: false });
  });

  it('an xlsx export reads back as the same question (type label 排序题, items in the right order)', async () => {
    const sample = { ...input(), content: '<p>排好顺序</p>', tags: ['流程'], repoIds: ['-'], children: [] };
    sample.options = ITEMS.map((t) => ({ key: '', content: `<p>${t}</p>`, isRight: false }));
    const buffer = await writeQuestionsXlsx(sampleDetails([sample]));
    const [read] = checkItems(await readQuestionsXlsx(buffer), xlsxColumnOf);
    expect(read.issues).toEqual([]);
    expect(read.q.type).toBe(7);
    expect(read.q.options.map((o) => o.content)).toEqual(ITEMS.map((t) => `<p>${t}</p>`));
    expect(read.q.answer).toEqual({ order: read.q.options.map((o) => o.key) });
  });

  it('a docx 排序题 section reads items and the answer letters', async () => {
    const lines = ['一、排序题', '1. 把早晨的事排好顺序', 'A. 出门  B. 起床', 'C. 早餐', '答案：BCA'];
    const para = (text: string) => new Paragraph({ children: [new TextRun(text)], alignment: AlignmentType.LEFT });
    const doc = new Document({ sections: [{ children: lines.map(para) }] });
    const [item] = await readQuestionsDocx(Buffer.from(await Packer.toBuffer(doc)));
    expect(item.issues).toEqual([]);
    expect(item.input.type).toBe(7);
    expect(item.input.options.map((o) => o.content)).toEqual(['<p>起床</p>', '<p>早餐</p>', '<p>出门</p>']);
  });
});
