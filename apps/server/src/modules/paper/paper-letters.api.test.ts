/**
 * Positional letters: shuffled options and the shuffled right column of a matching
 * question are lettered A, B, C… top to bottom, so neither the letters nor their order tell the
 * bank's key; marking, the result page and the learner's answer all use the letters shown.
 */
import {
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperResult,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedSittingBank } from '../sitting/sitting-kit.js';
import { saveExam, saveFixedTmpl, testClock } from './test-fixtures.js';

interface Shown {
  quId: string;
  options: { key: string; content: string }[];
  matching: { left: { key: string; content: string }[]; right: { key: string; content: string }[] } | null;
}

const clock = testClock();
let t: TestApp;
let admin: string;
let qu: Awaited<ReturnType<typeof seedSittingBank>>['qu'];
let examId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  ({ qu } = await seedSittingBank(t));
  const tmplId = await saveFixedTmpl(t, admin, [qu.single, qu.multi, qu.judge, qu.match]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { resultShow: 2, shuffleOpt: true, tryLimit: 0 });
});
afterAll(async () => t.close());

const LETTERS = ['A', 'B', 'C', 'D'];
const letterOf = (q: Shown, content: string) => q.options.find((o) => o.content === content)?.key as string;
const rightLetterOf = (q: Shown, content: string) =>
  q.matching?.right.find((r) => r.content === content)?.key as string;

async function sit(token: string) {
  const { data } = await t.call(paperPaperCreate.path, { examId }, token);
  const detail = await t.call(paperPaperDetail.path, { paperId: data.paperId }, token);
  const byId = (id: string) => detail.data.questions.find((q: Shown) => q.quId === id) as Shown;
  return {
    paperId: data.paperId as string,
    detail,
    single: byId(qu.single),
    multi: byId(qu.multi),
    judge: byId(qu.judge),
    match: byId(qu.match),
  };
}

describe('positional letters', () => {
  it('letters options and the right column A, B, C… in order, whatever the shuffle, and sends nothing else', async () => {
    const learner = await t.login('wangwu', 'student123');
    let shuffledSingle = false;
    let shuffledRight = false;
    for (let i = 0; i < 8 && !(shuffledSingle && shuffledRight); i++) {
      const p = await sit(learner);
      for (const q of [p.single, p.multi]) {
        expect(q.options.map((o) => o.key)).toEqual(LETTERS);
        for (const o of q.options) expect(Object.keys(o).sort()).toEqual(['content', 'key']);
      }
      expect(p.judge.options.map((o) => o.key)).toEqual(['A', 'B']);
      expect(p.match.matching?.right.map((r) => r.key)).toEqual(LETTERS);
      expect(p.match.matching?.left.map((l) => l.key)).toEqual(['1', '2', '3', '4']);
      const bankOrder = LETTERS.map((k) => `单选选项${k}`);
      if (p.single.options.some((o, j) => o.content !== bankOrder[j])) shuffledSingle = true;
      if (p.match.matching?.right.some((r, j) => r.content !== `右${'喵汪哞咩'[j]}`)) shuffledRight = true;
      expect(JSON.stringify(p.detail)).not.toMatch(/isRight|pairs|refAnswer|analysis/);
      await t.call(paperPaperAbandon.path, { paperId: p.paperId }, learner);
    }
    expect(shuffledSingle && shuffledRight).toBe(true);
  });

  it('marks a right answer given in the letters shown as right, and the result shows the same letters', async () => {
    const learner = await t.login('student', 'student123');
    const p = await sit(learner);
    const answers: Record<string, unknown> = {
      [qu.single]: letterOf(p.single, '单选选项C'),
      [qu.multi]: [letterOf(p.multi, '多选选项A'), letterOf(p.multi, '多选选项D')],
      [qu.judge]: letterOf(p.judge, '判断选项B'),
      [qu.match]: Object.fromEntries(
        ['喵', '汪', '哞', '咩'].map((c, i) => [String(i + 1), rightLetterOf(p.match, `右${c}`)]),
      ),
    };
    for (const [quId, answer] of Object.entries(answers))
      expect(
        (await t.call(paperPaperFillAnswer.path, { paperId: p.paperId, quId, answer, seq: 1, windowId: 'w1' }, learner))
          .code,
      ).toBe(0);
    expect((await t.call(paperPaperHand.path, { paperId: p.paperId }, learner)).code).toBe(0);
    const result = await t.call(paperPaperResult.path, { paperId: p.paperId }, learner);
    expect(result.data.userScore).toBe(40);
    const shown = (id: string) => result.data.questions.find((q: { quId: string }) => q.quId === id);
    for (const id of [qu.single, qu.multi, qu.judge, qu.match]) {
      expect(shown(id).isRight, id).toBe(true);
      expect(shown(id).actualScore).toBe(10);
      expect(shown(id).myAnswer).toEqual(answers[id]);
    }
    expect(shown(qu.single).rightOptions).toEqual([answers[qu.single]]);
    expect(shown(qu.single).options).toEqual(p.single.options);
    expect([...shown(qu.multi).rightOptions].sort()).toEqual([...(answers[qu.multi] as string[])].sort());
    const pairs = Object.fromEntries(
      shown(qu.match).refAnswer.pairs.map((x: { left: string; right: string }) => [x.left, x.right]),
    );
    expect(pairs).toEqual(answers[qu.match]);
    expect(shown(qu.match).matching).toEqual(p.match.matching);
  });

  it('marks a wrong answer as wrong, even when it is the bank letter of the right option', async () => {
    const learner = await t.login('lisi', 'student123');
    let p = await sit(learner);
    // The bank's right letter C must not score unless the option shown at C is the right one.
    for (let i = 0; i < 8 && letterOf(p.single, '单选选项C') === 'C'; i++) {
      await t.call(paperPaperAbandon.path, { paperId: p.paperId }, learner);
      p = await sit(learner);
    }
    expect(letterOf(p.single, '单选选项C')).not.toBe('C');
    const answers: Record<string, unknown> = {
      [qu.single]: 'C',
      [qu.multi]: [letterOf(p.multi, '多选选项A'), letterOf(p.multi, '多选选项B')],
      [qu.judge]: letterOf(p.judge, '判断选项A'),
      [qu.match]: { 1: 'A', 2: 'B', 3: 'C', 4: 'D' },
    };
    const identity = ['喵', '汪', '哞', '咩'].every((c, i) => rightLetterOf(p.match, `右${c}`) === LETTERS[i]);
    for (const [quId, answer] of Object.entries(answers))
      await t.call(paperPaperFillAnswer.path, { paperId: p.paperId, quId, answer, seq: 1, windowId: 'w1' }, learner);
    await t.call(paperPaperHand.path, { paperId: p.paperId }, learner);
    const result = await t.call(paperPaperResult.path, { paperId: p.paperId }, learner);
    const shown = (id: string) => result.data.questions.find((q: { quId: string }) => q.quId === id);
    for (const id of [qu.single, qu.multi, qu.judge]) {
      expect(shown(id).isRight, id).toBe(false);
      expect(shown(id).actualScore).toBe(0);
    }
    expect(shown(qu.single).rightOptions).toEqual([letterOf(p.single, '单选选项C')]);
    if (!identity) expect(shown(qu.match).isRight).toBe(false);
  });
});
