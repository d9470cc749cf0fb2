import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blankHtml } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { docxColumnOf } from '../../qu-docx.js';
import { checkItems } from '../../qu-import.js';
import type { InterQuestion } from '../model.js';
import { itemsOf } from '../read.js';
import { readAiken } from './aiken.js';
import { readGift } from './gift.js';
import { readMoodleXml } from './moodle-xml.js';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', name), 'utf8');
const rights = (q: { options: { right: boolean }[] }) => q.options.map((o) => o.right);

describe('GIFT (Moodle documentation examples)', () => {
  const read = readGift(fixture('moodle-doc.gift'));
  const byName: Record<string, InterQuestion> = Object.fromEntries(
    read.entries.map((e) => [e.question.name, e.question]),
  );

  it('reads every construct (a tolerance kept on a numeric blank); skips the description with its reason', () => {
    expect(read.entries.map((e) => [e.question.name, e.question.type])).toEqual([
      ['Q1', 1],
      ['Q2', 1],
      ['Q3', 3],
      ['Q4', 3],
      ['Q5', 5],
      ['Q6', 5],
      ['Q7', 6],
      ['Q8', 5],
      ['Q9', 5],
      ['Q10', 2],
      ['Q11', 4],
      ['Q12', 1],
      ['Q13', 1],
    ]);
    expect(read.skipped).toEqual([{ place: '第39行', reason: '描述（没有答案的文字），不是试题' }]);
    expect(byName.Q9.blanks).toEqual([{ answers: ['3.141'], tolerance: 0.0005 }]);
    expect(byName.Q9.category).toBe('$course$/top/安全/机械');
  });

  it('maps rightness, weights, missing words, matching, numbers, essays, feedback and escapes', () => {
    expect(rights(byName.Q1)).toEqual([false, false, true]);
    expect(byName.Q2.text).toBe("<p>Grant is （  ） in Grant's tomb.</p>");
    expect(rights(byName.Q3)).toEqual([false, true]);
    expect(rights(byName.Q4)).toEqual([true, false]);
    expect(byName.Q4.analysis).toContain('Right');
    expect(byName.Q5.blanks).toEqual([{ answers: ['no one', 'nobody'] }]);
    expect(byName.Q5.text).toContain(blankHtml(1));
    expect(byName.Q6.text).toMatch(/^<p>Two plus two equals <span data-blank="1" class="qu-blank"><\/span>\.<\/p>$/);
    expect(byName.Q7.pairs.map((p) => [p.left, p.right])).toEqual([
      ['<p>Canada</p>', '<p>Ottawa</p>'],
      ['<p>Italy</p>', '<p>Rome</p>'],
      ['<p>Japan</p>', '<p>Tokyo</p>'],
    ]);
    expect(byName.Q7.rights).toContain('<p>Paris</p>');
    // A numeric answer is a numeric blank (tolerance 0): 1822.0 is right too.
    expect(byName.Q8.blanks).toEqual([{ answers: ['1822'], tolerance: 0 }]);
    expect(rights(byName.Q10)).toEqual([false, true, true, false]);
    expect(byName.Q10.options.map((o) => o.weight)).toEqual([-1, 0.5, 0.5, -1]);
    expect(byName.Q11.reference).toBeUndefined();
    expect(byName.Q12.text).toContain('<b>orange</b>');
    expect(byName.Q12.analysis).toContain('The spectrum goes red');
    expect(byName.Q12.analysis).toContain('right; good!');
    expect(byName.Q13.text).toBe('<p>Escapes : = ~ # { } are text.</p>');
  });

  it('maps into questions that pass the rules; the essay gets 无参考答案; the category becomes a tag', () => {
    const { items } = itemsOf(read);
    const checked = checkItems(items, docxColumnOf);
    expect(checked.flatMap((c) => c.issues)).toEqual([]);
    const essay = checked.find((c) => c.q.type === 4);
    expect(essay?.q.answer).toMatchObject({ reference: '<p>无参考答案</p>' });
    expect(checked[0].item.tags).toEqual(['安全/机械']);
  });
});

describe('Aiken', () => {
  it('reads A) and A. choices; a question without a valid ANSWER is skipped with its line', () => {
    const read = readAiken(fixture('moodle-doc.aiken'));
    expect(read.entries.map((e) => [e.place, rights(e.question)])).toEqual([
      ['第1行', [true, false]],
      ['第6行', [true, false, false, false, false, false]],
    ]);
    expect(read.skipped).toEqual([
      { place: '第15行', reason: '第18行之前缺少有效的“ANSWER:”行' },
      { place: '第22行', reason: '答案“E”不是选项字母' },
    ]);
  });
});

describe('Moodle XML', () => {
  const read = readMoodleXml(fixture('moodle-doc.xml'));
  const byName: Record<string, InterQuestion> = Object.fromEntries(
    read.entries.map((e) => [e.question.name, e.question]),
  );

  it('reads every question type it can map; reports the rest with the element path and reason', () => {
    expect(read.entries.map((e) => [e.question.name, e.question.type])).toEqual([
      ['单选带图', 1],
      ['多选', 2],
      ['判断', 3],
      ['简答填空', 5],
      ['论述', 4],
      ['论述带参考', 4],
      ['匹配', 6],
      ['数值精确', 5],
      ['数值容差', 5],
      ['完形', 5],
      ['完形组合', 99],
    ]);
    expect(byName.数值容差.blanks).toEqual([{ answers: ['3.14'], tolerance: 0.01 }]);
    expect(read.skipped).toEqual([
      { place: 'quiz/question[13]（说明）', reason: '描述（没有答案的文字），不是试题' },
      { place: 'quiz/question[14]（拖放）', reason: '不支持的题型“ddwtos”' },
    ]);
  });

  it('keeps images, fractions, feedback, case, distractors, grader info and cloze parts', () => {
    const mc = byName.单选带图;
    expect(mc.images).toHaveLength(1);
    expect(mc.images[0]).toMatchObject({ name: 'sign.png', mime: 'image/png' });
    expect(mc.images[0].data.subarray(1, 4).toString()).toBe('PNG');
    expect(mc.text).toContain('@@PLUGINFILE@@/sign.png');
    expect(rights(mc)).toEqual([true, false, false]);
    expect(mc.options[2].text).toBe('指令 & 提示');
    expect(mc.analysis).toBe('这是禁止标志。<p>A：对</p>');
    expect(mc.tags).toEqual(['标志']);
    expect(rights(byName.多选)).toEqual([true, true, false]);
    expect(byName.判断.text).toBe('<p>地球是圆的</p>');
    expect(rights(byName.判断)).toEqual([true, false]);
    expect(byName.简答填空).toMatchObject({ blanks: [{ answers: ['H2O'] }], caseSensitive: true });
    expect(byName.简答填空.text).toBe(`水的化学式是 ${blankHtml(1)} 。`);
    expect(byName.论述.reference).toBeUndefined();
    expect(byName.论述带参考.reference).toBe('同时设计、同时施工、同时投产。');
    expect(byName.匹配.pairs).toHaveLength(2);
    expect(byName.匹配.rights).toEqual(['<p>北京</p>', '<p>东京</p>', '<p>巴黎</p>']);
    expect(byName.完形.blanks).toEqual([{ answers: ['北京', 'Beijing'] }, { answers: ['14'], tolerance: 0 }]);
    expect(byName.完形组合.children.map((c) => c.type)).toEqual([1, 5]);
    expect(rights(byName.完形组合.children[0])).toEqual([false, true]);
  });

  it('refuses a truncated file naming the line, and a file declaring entities', () => {
    const xml = fixture('moodle-doc.xml');
    expect(() => readMoodleXml(xml.slice(0, 600))).toThrow(/XML 格式错误（第\d+行/);
    const bomb = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]><quiz>&b;</quiz>`;
    expect(() => readMoodleXml(bomb)).toThrow(/DTD 实体声明/);
  });
});
