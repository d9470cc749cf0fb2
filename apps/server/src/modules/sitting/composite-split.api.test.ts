/**
 * A composite question's score reaches its children in whole or half points (the last child takes
 * the rest), so the room, the result and the reports never show thirds such as 6.66 / 6.66 / 6.68.
 */
import { paperPaperCreate, paperPaperDetail, paperPaperFillAnswer, paperPaperHand, repoQuSave } from '@exam/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elPaperQu, elRepo } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let compId: string;

const single = (content: string, right: string) => ({
  type: 1,
  content: `<p>${content}</p>`,
  options: ['A', 'B'].map((key) => ({ key, content: key, isRight: key === right })),
});

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  const [repo] = await t.db.insert(elRepo).values({ title: '组合题库' }).returning({ id: elRepo.id });
  const saved = await t.call(
    repoQuSave.path,
    {
      type: 99,
      content: '<p>阅读材料</p>',
      children: [single('小题一', 'A'), single('小题二', 'A'), single('小题三', 'B')],
      repoIds: [repo.id],
    },
    admin,
  );
  expect(saved.code, saved.msg).toBe(0);
  compId = saved.data.id;
});
afterAll(async () => t.close());

describe('composite scores', () => {
  it('20 points over 3 children are 6.5, 6.5 and 7; two right of three score 13, not 13.32', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [compId], 20);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
    const student = await t.login('student', 'student123');
    const { data } = await t.call<{ paperId: string }>(paperPaperCreate.path, { examId }, student);
    const kids = await t.db
      .select({ quId: elPaperQu.quId, score: elPaperQu.score })
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, data.paperId), isNotNull(elPaperQu.parentQuId)))
      .orderBy(asc(elPaperQu.sort));
    expect(kids.map((k) => k.score)).toEqual([6.5, 6.5, 7]);
    // The learner's paper shows the same child scores.
    const detail = await t.call<{ questions: { quId: string; score: number }[] }>(
      paperPaperDetail.path,
      { paperId: data.paperId },
      student,
    );
    expect(detail.code, detail.msg).toBe(0);
    expect(JSON.stringify(detail.data)).not.toMatch(/6\.6[678]/);
    // Children are answered one by one: A, A, A (the third's key is B).
    for (const k of kids)
      await t.call(
        paperPaperFillAnswer.path,
        { paperId: data.paperId, quId: k.quId, answer: 'A', seq: 1, windowId: 'w1' },
        student,
      );
    expect((await t.call(paperPaperHand.path, { paperId: data.paperId }, student)).code).toBe(0);
    await drainEvents(t);
    const [paper] = await t.db.select().from(elPaper).where(eq(elPaper.id, data.paperId));
    expect(paper.userScore).toBe(13);
  });
});
