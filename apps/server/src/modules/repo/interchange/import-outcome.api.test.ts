/**
 * On the real app and database (PGlite; PostgreSQL in the server-pg project): files from other
 * systems' test suites import what they hold — numeric answers with their tolerance, MathML as
 * formulas — and an import that writes nothing is refused with why and what to do, never 操作成功.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  blankHtml,
  ErrorCode,
  EXPORT_NOTE_HEADER,
  repoQuDetail,
  repoQuExport,
  repoQuPaging,
  repoQuSave,
  repoRepoSave,
  type TQuSave,
} from '@exam/contracts';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { QU_TEMPLATE_SAMPLES } from '../qu-samples.js';
import { manifest, qtiFixture } from './test/qti-fixtures.js';
import { uploadQuestions } from './test/upload.js';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

const upload = (name: string, body: Buffer, fields: Record<string, string>) =>
  uploadQuestions(t, admin, name, body, fields);

const newRepo = async (title: string) => (await t.call(repoRepoSave.path, { title }, admin)).data.id as string;
const questionsIn = async (repoId: string) =>
  (await t.call(repoQuPaging.path, { current: 1, size: 100, params: { repoId } }, admin)).data.records as {
    id: string;
    type: number;
    content: string;
  }[];
const detail = async (id: string) => (await t.call(repoQuDetail.path, { id }, admin)).data;

describe('imports of other systems’ test files', () => {
  it('a GIFT file in the style of Moodle’s tests imports its 9 questions; ranges keep their tolerance', async () => {
    const repoId = await newRepo('GIFT 测试文件');
    const file = fixture('moodle-tests.gift');
    const preview = await upload('questions.gift.txt', file, { repoId, preview: 'true' });
    // The $CATEGORY line is where the questions go, not a skipped question.
    expect(preview.data).toMatchObject({ total: 9, valid: 9, skipped: [], errors: [] });
    const done = await upload('questions.gift.txt', file, { repoId });
    expect(done).toMatchObject({ code: 0, data: { imported: 9 } });
    const blanks = await Promise.all(
      (await questionsIn(repoId)).filter((q) => q.type === 5).map(async (q) => (await detail(q.id)).answer.blanks),
    );
    expect(blanks.filter((b) => b[0].tolerance !== undefined)).toEqual([
      [{ answers: ['3'], tolerance: 2 }],
      [{ answers: ['3'], tolerance: 2 }],
    ]);
  });

  it('a QTI 3.0 package whose associate and choice items are MathML imports them with formulas', async () => {
    const repoId = await newRepo('QTI 3 数学');
    const items = ['qti3-associate-mathml', 'qti3-choice-mathml', 'qti3-choice', 'qti3-order', 'qti3-hotspot'];
    const zip = Buffer.from(
      zipSync({
        'imsmanifest.xml': Buffer.from(
          manifest(
            items.map((n) => `items/${n}.xml`),
            'v3p0',
          ),
        ),
        ...Object.fromEntries(items.map((n) => [`items/${n}.xml`, qtiFixture(`${n}.xml`)])),
      }),
    );
    const res = await upload('qti3.zip', zip, { repoId });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 4, imported: 4, errors: [] });
    expect(res.data.skipped).toHaveLength(1);
    const matching = (await questionsIn(repoId)).find((q) => q.type === 6);
    const answer = (await detail(matching?.id as string)).answer;
    expect(answer.left.map((l: { content: string }) => l.content)).toEqual([
      '<span data-formula="\\frac{1}{2}" class="qu-formula"></span>',
      '<span data-formula="x^2\\cdot x^3" class="qu-formula"></span>',
      '<span data-formula="\\sqrt{16}" class="qu-formula"></span>',
    ]);
  });

  it('Moodle XML keeps MathML as formulas and a numerical tolerance', async () => {
    const repoId = await newRepo('Moodle 数学');
    const res = await upload('math.xml', fixture('moodle-mathml.xml'), { repoId });
    expect(res).toMatchObject({ code: 0, data: { imported: 2, skipped: [] } });
    const qs = await questionsIn(repoId);
    const circle = await detail(qs.find((q) => q.type === 5)?.id as string);
    expect(circle.content).toContain('<span data-formula="S=\\pi r^2" class="qu-formula"></span>');
    expect(circle.answer.blanks).toEqual([{ answers: ['12.57'], tolerance: 0.01 }]);
    const fraction = await detail(qs.find((q) => q.type === 1)?.id as string);
    expect(fraction.options.map((o: { content: string }) => o.content)).toEqual([
      '<span data-formula="\\frac{5}{6}" class="qu-formula"></span>',
      '<span data-formula="\\frac{2}{5}" class="qu-formula"></span>',
    ]);
  });
});

describe('an import that writes nothing', () => {
  const gift = fixture('one-bad.gift');

  it('is refused with the reason and what to do, the report as data; 只导入正确的试题 imports the 3', async () => {
    const repoId = await newRepo('一题有误');
    const preview = await upload('bank.gift', gift, { repoId, preview: 'true' });
    expect(preview.data).toMatchObject({ total: 4, valid: 3, imported: 0 });
    const res = await upload('bank.gift', gift, { repoId });
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toBe(
      '未导入任何试题：发现 1 处错误，第一处 第5行（坏）「选项」：多选题至少需要一个正确选项。有错误时默认全部不导入：请修改文件后重新导入，或勾选“只导入正确的试题”导入其余 3 道',
    );
    expect(res.data).toMatchObject({ total: 4, valid: 3, imported: 0 });
    expect(await questionsIn(repoId)).toHaveLength(0);
    const valid = await upload('bank.gift', gift, { repoId, onlyValid: 'true' });
    expect(valid).toMatchObject({ code: 0, data: { imported: 3, valid: 3 } });
    expect(await questionsIn(repoId)).toHaveLength(3);
  });

  it('says so for a file without a question, naming what was skipped', async () => {
    const repoId = await newRepo('没有试题');
    const res = await upload('notes.gift', Buffer.from('$CATEGORY: 安全\n\n这只是一段说明文字。\n'), {
      repoId,
      format: 'gift',
    });
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toBe(
      '未导入任何试题：文件中的 1 项都不能导入（如 第3行：描述（没有答案的文字），不是试题），请查看“跳过”中的原因',
    );
  });
});

describe('an export that cannot carry a question', () => {
  const p = (x: string) => `<p>${x}</p>`;
  const cloze: TQuSave = {
    type: 99,
    level: 1,
    content: p('阅读材料：车间有冲床 3 台。'),
    options: [],
    answer: {},
    analysis: null,
    tags: [],
    repoIds: [],
    children: [
      {
        type: 1,
        level: 1,
        content: p('冲床的安全装置应选用（  ）'),
        options: [
          { key: 'A', content: p('双手按钮'), isRight: true },
          { key: 'B', content: p('单脚踏板'), isRight: false },
        ],
        answer: {},
        analysis: null,
      },
      {
        type: 5,
        level: 1,
        content: p(`冲床共有${blankHtml(1)}台。`),
        options: [],
        answer: { blanks: [{ answers: ['3'], tolerance: 0 }] },
        analysis: null,
      },
    ],
  };
  const exportAs = (repoId: string, format: string) =>
    t.app.inject({ method: 'POST', url: repoQuExport.path, payload: { repoId, format }, headers: { token: admin } });

  it('names it per question in the answer; Moodle XML carries a composite of choices and blanks back equal', async () => {
    const repoId = await newRepo('组合题导出');
    for (const q of [cloze, QU_TEMPLATE_SAMPLES[6]])
      expect((await t.call(repoQuSave.path, { ...q, repoIds: [repoId] }, admin)).code).toBe(0);
    const gift = await exportAs(repoId, 'gift');
    expect(JSON.parse(decodeURIComponent(String(gift.headers[EXPORT_NOTE_HEADER])))).toEqual({
      count: 2,
      items: [
        { place: '第1题（组合题）', reason: 'GIFT 不能表示组合题' },
        { place: '第2题（组合题）', reason: 'GIFT 不能表示组合题' },
      ],
    });
    const moodle = await exportAs(repoId, 'moodle-xml');
    expect(JSON.parse(decodeURIComponent(String(moodle.headers[EXPORT_NOTE_HEADER])))).toEqual({
      count: 1,
      items: [
        {
          place: '第2题（组合题）',
          reason: '组合题的第2道子题（简答题）：Moodle 完形填空只能表示单选、多选、判断和填空子题',
        },
      ],
    });
    const back = await newRepo('组合题导回');
    const res = await upload('back.xml', moodle.rawPayload, { repoId: back });
    expect(res.data).toMatchObject({
      imported: 1,
      skipped: [
        {
          place:
            'quiz/question[2]（未导出：组合题的第2道子题（简答题）：Moodle 完形填空只能表示单选、多选、判断和填空子题）',
        },
      ],
    });
    const [q] = await questionsIn(back);
    const d = await detail(q.id);
    expect(d.content).toBe(cloze.content);
    expect(
      d.children.map((c: { type: number; content: string; answer: unknown }) => [c.type, c.content, c.answer]),
    ).toEqual([
      [1, cloze.children[0].content, {}],
      [
        5,
        cloze.children[1].content,
        { blanks: [{ answers: ['3'], tolerance: 0 }], caseSensitive: false, widthSensitive: false, orderMatters: true },
      ],
    ]);
  });
});
