/**
 * Round trip of the kinds a format can carry beyond the template samples: a composite made of
 * choices, a true/false and blanks (Moodle XML cloze), numeric blanks with a tolerance (GIFT,
 * Moodle XML), a short answer with scoring keywords (Moodle XML, QTI). Each comes back equal where
 * the format carries it, and is reported per question, with its reason, where it does not.
 */
import { blankHtml, type TQuSave } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { docxColumnOf } from '../../qu-docx.js';
import { checkItems } from '../../qu-import.js';
import { sampleDetails } from '../../qu-io.service.js';
import { normaliseQuestion } from '../../qu-rules.js';
import type { InterQuestion, ReadResult, Skip } from '../model.js';
import { itemsOf } from '../read.js';
import { toInterchange } from '../registry.js';
import { comparable } from '../test/every-kind.js';
import { readAiken, writeAiken } from './aiken.js';
import { readGift, writeGift } from './gift.js';
import { readMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { readQti, writeQtiPackage } from './qti-package.js';

const p = (t: string) => `<p>${t}</p>`;
const base = { level: 1 as const, analysis: null, tags: ['测试'], repoIds: ['-'], children: [] };
const choice = (type: 1 | 2 | 3, content: string, texts: string[], right: number[]) => ({
  type,
  level: 1 as const,
  content: p(content),
  options: texts.map((t, i) => ({ key: 'ABCD'[i], content: p(t), isRight: right.includes(i) })),
  answer: {},
  analysis: null,
});

const COMPOSITE: TQuSave = {
  ...base,
  type: 99,
  content: p('阅读材料：某车间使用一台冲床，月产零件 1200 件。'),
  options: [],
  answer: {},
  analysis: p('本题考查冲压作业安全。'),
  children: [
    choice(1, '冲床的安全装置应选用（  ）', ['双手按钮', '单脚踏板', '无需装置'], [0]),
    choice(2, '下列属于个人防护用品的有（  ）', ['安全帽', '防护手套', '机床'], [0, 1]),
    choice(3, '冲床可以在防护罩拆除后继续作业。', ['正确', '错误'], [1]),
    {
      type: 5,
      level: 1,
      content: p(`每月产量为${blankHtml(1)}件，每天约${blankHtml(2)}件（按30天计）。`),
      options: [],
      answer: { blanks: [{ answers: ['1200'] }, { answers: ['40'], tolerance: 1 }] },
      analysis: null,
    },
  ],
};

const NUMERIC: TQuSave = {
  ...base,
  type: 5,
  content: p(`1 到 5 之间的一个数：${blankHtml(1)}`),
  options: [],
  answer: { blanks: [{ answers: ['3'], tolerance: 2 }] },
};

const KEYWORDS: TQuSave = {
  ...base,
  type: 4,
  content: p('简述“三同时”制度。'),
  options: [],
  answer: {
    reference: p('安全设施与主体工程同时设计、同时施工、同时投入使用。'),
    keywords: [
      { word: '同时设计', weight: 2 },
      { word: '同时施工', weight: 1 },
    ],
  },
};

const CASES = { composite: COMPOSITE, numeric: NUMERIC, keywords: KEYWORDS };

type Format = {
  write: (qs: InterQuestion[]) => { skipped: Skip[] } & ({ text: string } | { body: Buffer });
  read: (file: { text?: string; body?: Buffer }) => Promise<ReadResult> | ReadResult;
  /** The cases the format carries; the others must be reported. */
  carries: (keyof typeof CASES)[];
};

const FORMATS: Record<string, Format> = {
  'moodle-xml': {
    write: writeMoodleXml,
    read: (f) => readMoodleXml(f.text as string),
    carries: ['composite', 'numeric', 'keywords'],
  },
  gift: { write: writeGift, read: (f) => readGift(f.text as string), carries: ['numeric'] },
  qti: { write: writeQtiPackage, read: (f) => readQti(f.body as Buffer), carries: ['keywords'] },
  aiken: { write: writeAiken, read: (f) => readAiken(f.text as string), carries: [] },
};

describe.each(Object.entries(FORMATS))('%s', (_name, f) => {
  it.each(Object.keys(CASES) as (keyof typeof CASES)[])('%s comes back equal or is reported', async (which) => {
    const save = CASES[which];
    const written = f.write(sampleDetails([save]).map(toInterchange));
    const { items, skipped } = itemsOf(await f.read(written as { text?: string; body?: Buffer }));
    if (f.carries.includes(which)) {
      expect(written.skipped).toEqual([]);
      const checked = checkItems(items, docxColumnOf);
      expect(checked.flatMap((c) => c.issues)).toEqual([]);
      expect(checked.map((c) => comparable(c.q))).toEqual([comparable(normaliseQuestion(save))]);
    } else {
      // Reported by the export, per question, with a reason; never read back as another question.
      expect(written.skipped).toHaveLength(1);
      expect(written.skipped[0].reason).not.toBe('');
      expect(items).toEqual([]);
      if (_name !== 'aiken') expect(skipped.map((s) => s.reason)).toEqual([written.skipped[0].reason]);
    }
  });
});

describe('Moodle XML composite as cloze', () => {
  it('reports a composite whose child Moodle cannot hold, naming the child', () => {
    const withEssay = { ...COMPOSITE, children: [...COMPOSITE.children, { ...KEYWORDS, level: 1 as const }] };
    const { skipped } = writeMoodleXml(sampleDetails([withEssay]).map(toInterchange));
    expect(skipped.map((s) => s.reason)).toEqual([
      '组合题的第5道子题（简答题）：Moodle 完形填空只能表示单选、多选、判断和填空子题',
    ]);
  });
});
