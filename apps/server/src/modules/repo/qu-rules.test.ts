import { blankHtml, type TQuSave } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { checkQuestion, normaliseQuestion } from './qu-rules.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';

const sample = (type: number): TQuSave => structuredClone(QU_TEMPLATE_SAMPLES.find((s) => s.type === type) as TQuSave);
const messages = (input: TQuSave) => checkQuestion(normaliseQuestion(input)).map((i) => i.message);

describe('question rules', () => {
  it('accepts a valid question of every type', () => {
    for (const s of QU_TEMPLATE_SAMPLES) expect(messages(s), `type ${s.type}`).toEqual([]);
  });

  it('requires content', () => {
    const q = sample(1);
    q.content = '<p> </p><script>x</script>';
    expect(messages(q)).toContain('题目内容不能为空');
  });

  it('single: exactly one right option, at least two options, no empty option', () => {
    const none = sample(1);
    none.options.forEach((o) => {
      o.isRight = false;
    });
    expect(messages(none)).toEqual(['单选题必须有且只有一个正确选项']);
    const two = sample(1);
    two.options[0].isRight = true;
    expect(messages(two)).toEqual(['单选题必须有且只有一个正确选项']);
    const one = sample(1);
    one.options = one.options.filter((o) => o.isRight);
    expect(messages(one)).toEqual(['单选题至少需要两个选项']);
    const empty = sample(1);
    empty.options[2].content = '<p></p>';
    expect(messages(empty)).toEqual(['选项C的内容不能为空']);
  });

  it('multiple: at least two options and one right', () => {
    const q = sample(2);
    q.options.forEach((o) => {
      o.isRight = false;
    });
    expect(messages(q)).toEqual(['多选题至少需要一个正确选项']);
    const one = sample(2);
    one.options = [one.options[0]];
    expect(messages(one)).toEqual(['多选题至少需要两个选项']);
  });

  it('true/false: exactly two options, one right', () => {
    const three = sample(3);
    three.options.push({ key: 'C', content: '<p>不确定</p>', isRight: false });
    expect(messages(three)).toEqual(['判断题必须有且只有两个选项']);
    const both = sample(3);
    both.options[1].isRight = true;
    expect(messages(both)).toEqual(['判断题必须有且只有一个正确选项']);
  });

  it('short answer: reference answer and valid keywords', () => {
    const q = sample(4);
    q.answer.reference = '';
    expect(messages(q)).toEqual(['简答题的参考答案不能为空']);
    const k = sample(4);
    k.answer.keywords = [
      { word: '安全', weight: 0 },
      { word: '安全', weight: 1 },
    ];
    expect(messages(k)).toEqual(['得分关键词“安全”的权重必须大于0', '得分关键词不能重复']);
  });

  it('fill blank: blanks in the content match the answers, each with an answer', () => {
    const fewer = sample(5);
    fewer.answer.blanks = [{ answers: ['H2O'] }];
    expect(messages(fewer)).toEqual(['题目内容中有2个空，但给出了1个空的答案']);
    const noBlank = sample(5);
    noBlank.content = '<p>没有空</p>';
    noBlank.answer.blanks = [];
    expect(messages(noBlank)).toEqual(['填空题的内容中至少需要一个空']);
    const emptyAnswer = sample(5);
    emptyAnswer.answer.blanks = [{ answers: ['H2O'] }, { answers: [' '] }];
    expect(messages(emptyAnswer)).toEqual(['第2个空至少需要一个答案']);
    const renumbered = normaliseQuestion({ ...sample(5), content: `<p>${blankHtml(9)}和${blankHtml(4)}</p>` });
    expect(renumbered.content).toBe(`<p>${blankHtml(1)}和${blankHtml(2)}</p>`);
  });

  it('matching: every left item has exactly one pair, pairs name existing items', () => {
    const missing = sample(6);
    missing.answer.pairs = missing.answer.pairs?.slice(0, 2);
    expect(messages(missing)).toEqual(['左侧第3项必须有且只有一个匹配项']);
    const twice = sample(6);
    twice.answer.pairs?.push({ left: '1', right: 'D' });
    expect(messages(twice)).toEqual(['左侧第1项必须有且只有一个匹配项']);
    const ghost = sample(6);
    ghost.answer.pairs = [
      { left: '1', right: 'C' },
      { left: '2', right: 'A' },
      { left: '3', right: 'Z' },
    ];
    expect(messages(ghost)).toEqual(['匹配关系引用了不存在的右侧项“Z”']);
    const noRight = sample(6);
    noRight.answer.right = [];
    noRight.answer.pairs = [];
    expect(messages(noRight)).toContain('匹配题至少需要一个右侧项');
  });

  it('composite: at least one child, no composite child, children checked', () => {
    const none = sample(99);
    none.children = [];
    expect(messages(none)).toEqual(['组合题至少需要一道子题']);
    const nested = sample(99);
    nested.children.push({ ...sample(99), children: undefined } as never);
    expect(messages(nested)).toEqual(['第3道子题：组合题的子题不能是组合题']);
    const badChild = sample(99);
    badChild.children[0].options.forEach((o) => {
      o.isRight = true;
    });
    const issues = checkQuestion(normaliseQuestion(badChild));
    expect(issues).toEqual([{ field: 'children.0.options', message: '第1道子题：单选题必须有且只有一个正确选项' }]);
  });

  it('keeps only the answer fields of the type and rekeys options', () => {
    const q = normaliseQuestion({ ...sample(1), answer: { reference: 'x', blanks: [] } });
    expect(q.answer).toEqual({});
    expect(q.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
    expect(normaliseQuestion({ ...sample(4), options: sample(1).options }).options).toEqual([]);
  });
});
