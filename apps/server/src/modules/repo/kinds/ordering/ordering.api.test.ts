/**
 * 排序题 end to end on the real app: saved and checked through the bank API, shown shuffled and
 * without its order to a learner sitting it (paper and bank view), marked per the exam's
 * ordering policy (kindSettings["7"]), and shown with its order in the result.
 */
import {
  ErrorCode,
  examExamDetail,
  examExamSave,
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperResult,
  repoQuDetail,
  repoQuSave,
  repoQuView,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elRepo } from '../../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { saveExam, saveFixedTmpl, testClock } from '../../../paper/test-fixtures.js';

const ITEMS = ['<p>起床</p>', '<p>洗漱</p>', '<p>早餐</p>', '<p>出门</p>'];
interface Shown {
  quId: string;
  options: { key: string; content: string }[];
}

const clock = testClock();
let t: TestApp;
let admin: string;
let repoId: string;
let quId: string;
let tmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  const [repo] = await t.db.insert(elRepo).values({ title: '排序题库' }).returning({ id: elRepo.id });
  repoId = repo.id;
  const saved = await t.call(
    repoQuSave.path,
    {
      type: 7,
      content: '<p>把早晨的事排好顺序</p>',
      analysis: '<p>先起床</p>',
      options: ITEMS.map((content) => ({ content })),
      repoIds: [repoId],
    },
    admin,
  );
  expect(saved.code, saved.msg).toBe(0);
  quId = saved.data.id;
  tmplId = await saveFixedTmpl(t, admin, [quId], 10);
});
afterAll(async () => t.close());

async function sit(examId: string, user: string) {
  const token = await t.login(user, 'student123');
  const { data } = await t.call(paperPaperCreate.path, { examId }, token);
  const detail = await t.call(paperPaperDetail.path, { paperId: data.paperId }, token);
  const q = detail.data.questions.find((x: Shown) => x.quId === quId) as Shown;
  const letter = (content: string) => q.options.find((o) => o.content === content)?.key as string;
  return { token, paperId: data.paperId as string, detail, q, letter };
}

async function answerAndHand(p: Awaited<ReturnType<typeof sit>>, contents: string[]) {
  const answer = contents.map(p.letter);
  const fill = await t.call(
    paperPaperFillAnswer.path,
    { paperId: p.paperId, quId, answer, seq: 1, windowId: 'w1' },
    p.token,
  );
  expect(fill.code, fill.msg).toBe(0);
  expect((await t.call(paperPaperHand.path, { paperId: p.paperId }, p.token)).code).toBe(0);
  const result = await t.call(paperPaperResult.path, { paperId: p.paperId }, p.token);
  return result.data.questions.find((x: Shown) => x.quId === quId);
}

describe('排序题 (type 7)', () => {
  it('is stored in the right order with its order; a bad one is refused naming the rule', async () => {
    const detail = await t.call(repoQuDetail.path, { id: quId }, admin);
    expect(detail.data.options.map((o: { content: string }) => o.content)).toEqual(ITEMS);
    expect(detail.data.answer.order).toEqual(detail.data.options.map((o: { key: string }) => o.key));
    const bad = await t.call(
      repoQuSave.path,
      { type: 7, content: '<p>一项</p>', options: [{ content: '<p>唯一</p>' }], repoIds: [repoId] },
      admin,
    );
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('排序题至少需要两个排序项');
  });

  it('the exam keeps its ordering policy in its kind settings; a bad value is refused naming the field', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 6, kindSettings: { 7: { policy: 1 } } });
    expect((await t.call(examExamDetail.path, { id: examId }, admin)).data.kindSettings[7].policy).toBe(1);
    const bad = await t.call(
      examExamSave.path,
      {
        title: '坏设置',
        tmplId,
        openType: 1,
        startTime: new Date(clock.ms()).toISOString(),
        endTime: new Date(clock.ms() + 3600_000).toISOString(),
        duration: 60,
        passScore: 1,
        tryLimit: 0,
        handMinMinutes: 0,
        lateMinutes: 0,
        kindSettings: { 7: { policy: 5 } },
      },
      admin,
    );
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('排序题计分方式');
  });

  it('a learner sitting it sees the items arranged, lettered A–D, and no order by any route', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 6, kindSettings: { 7: { policy: 1 } } });
    const p = await sit(examId, 'wangwu');
    expect(p.q.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
    expect([...p.q.options.map((o) => o.content)].sort()).toEqual([...ITEMS].sort());
    expect(JSON.stringify(p.detail)).not.toMatch(/isRight|order"|refAnswer|analysis|先起床/);
    const view = await t.call(repoQuView.path, { id: quId }, p.token);
    expect(view.data.answerVisible).toBe(false);
    // One fixed order per learner and question: a second call shows nothing new.
    const again = await t.call(repoQuView.path, { id: quId }, p.token);
    expect(again.data.question.options).toEqual(view.data.question.options);
    expect(JSON.stringify(view.data)).not.toMatch(/isRight|order"|先起床/);
    await t.call(paperPaperAbandon.path, { paperId: p.paperId }, p.token);
  });

  it('adjacent pairs: 2 of 3 right pairs score 2/3; the result shows the right order', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), {
      passScore: 6,
      kindSettings: { 7: { policy: 1 } },
      resultShow: 2,
    });
    const p = await sit(examId, 'student');
    // 洗漱-早餐 and 早餐-出门 are right pairs, 出门-起床 is not.
    const shown = await answerAndHand(p, [ITEMS[1], ITEMS[2], ITEMS[3], ITEMS[0]]);
    expect(shown.actualScore).toBe(6.67);
    expect(shown.isRight).toBe(false);
    const order = shown.refAnswer.order as string[];
    expect(order.map((k) => p.q.options.find((o) => o.key === k)?.content)).toEqual(ITEMS);
  });

  it('all or nothing (the default): the same answer scores 0, the right order full', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 6, resultShow: 2 });
    const wrong = await answerAndHand(await sit(examId, 'lisi'), [ITEMS[1], ITEMS[2], ITEMS[3], ITEMS[0]]);
    expect(wrong.actualScore).toBe(0);
    const right = await answerAndHand(await sit(examId, 'wangwu'), ITEMS);
    expect(right.actualScore).toBe(10);
    expect(right.isRight).toBe(true);
  });
});
