/**
 * The keyword suggestion beside an empty score: the detail offers it and no score, and whether the
 * marker took it (one click) or scored it is stored with the mark, by paper and by question, and
 * shown again when the marks are reviewed.
 */
import { paperMarkDetail, paperMarkQuSave, paperMarkSave } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaperQu, elQuMark } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { newLearner, sit } from './regrade/regrade-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examId: string;
const papers: string[] = [];

const shortRow = async (paperId: string) =>
  (
    await t.db
      .select()
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, bank.short)))
  )[0];
const detailOf = async (paperId: string) => {
  const res = await t.request(paperMarkDetail, { paperId }, admin);
  expect(res.code, res.msg).toBe(0);
  return res.data.questions.find((q) => q.quId === bank.short)!;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 15 });
  for (const k of ['a', 'b', 'c', 'd']) {
    const learner = await newLearner(t, admin, `ms_${k}`, `建议${k}`);
    papers.push(await sit(t, learner.token, examId, { [bank.single]: 'B', [bank.short]: '事务是原子的' }));
  }
}, 180_000);
afterAll(() => t.close());

describe('the keyword suggestion and the marker', () => {
  it('offers the suggestion and records the one click that took it', async () => {
    const before = await detailOf(papers[0]);
    expect(before).toMatchObject({ suggestScore: 5, suggestTaken: null, needMark: true });
    const res = await t.request(
      paperMarkSave,
      { paperId: papers[0], items: [{ quId: bank.short, score: 5, tookSuggestion: true }] },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect((await shortRow(papers[0])).suggestTaken).toBe(true);
    expect(await detailOf(papers[0])).toMatchObject({ actualScore: 5, suggestTaken: true });
  });

  it('a score the marker typed is theirs, also when it equals the suggestion', async () => {
    const res = await t.request(paperMarkSave, { paperId: papers[1], items: [{ quId: bank.short, score: 5 }] }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(await detailOf(papers[1])).toMatchObject({ suggestTaken: false });
  });

  it('a claim to have taken it with another score is not recorded as taken', async () => {
    const res = await t.request(
      paperMarkSave,
      { paperId: papers[2], items: [{ quId: bank.short, score: 8, tookSuggestion: true }] },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(await detailOf(papers[2])).toMatchObject({ actualScore: 8, suggestTaken: false });
  });

  it('marking by question keeps it with the marker’s mark and the final score', async () => {
    const res = await t.request(
      paperMarkQuSave,
      { examId, quId: bank.short, paperId: papers[3], score: 5, tookSuggestion: true },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const [mark] = await t.db.select().from(elQuMark).where(eq(elQuMark.paperId, papers[3]));
    expect(mark.suggestTaken).toBe(true);
    expect(await detailOf(papers[3])).toMatchObject({ suggestTaken: true });
  });
});
