/**
 * An exam that asks for double marking is enforced in the marking centre too: the
 * by-paper save, which would give a final score alone, is refused (10010007) and changes nothing;
 * the mark detail reports `doubleMark` so the screen sends the marker to 按题阅卷. Without double
 * marking the by-paper save works as before.
 */
import {
  DataScope,
  ErrorCode,
  MarkState,
  paperMarkDetail,
  paperMarkQuSave,
  paperMarkQuSettingSave,
  paperMarkSave,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { createAdmin } from '../system/user/user.test-helpers.js';
import { newLearner, sit } from './regrade/regrade-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let doubleExam: string;
let singleExam: string;
let marker: { token: string; id: string };
const papers: Record<string, string> = {};
const MARKER = ['exam', 'exam-mark', 'exam:mark:view', 'exam:mark:save', 'exam:mark:arbitrate'];

const paper = async (id: string) => (await t.db.select().from(elPaper).where(eq(elPaper.id, id)))[0];
const shortRow = async (id: string) =>
  (
    await t.db
      .select()
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, id), eq(elPaperQu.quId, bank.short)))
  )[0];
const bySave = (token: string, paperId: string, score: number) =>
  t.request(paperMarkSave, { paperId, items: [{ quId: bank.short, score }] }, token);

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
  doubleExam = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 15 });
  singleExam = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 15 });
  marker = await createAdmin(t, 'md_m2', DataScope.ALL, 'D001', MARKER);
  expect((await t.request(paperMarkQuSettingSave, { examId: doubleExam, doubleMark: true, gap: 2 }, admin)).code).toBe(
    0,
  );
  for (const k of ['a', 'b']) {
    const who = await newLearner(t, admin, `md_${k}`, `双评${k}`);
    papers[k] = await sit(t, who.token, doubleExam, { [bank.single]: 'B', [bank.short]: '事务是原子的' });
    papers[`${k}1`] = await sit(t, who.token, singleExam, { [bank.single]: 'B', [bank.short]: '事务是原子的' });
  }
}, 180_000);
afterAll(() => t.close());

describe('double marking in the marking centre', () => {
  it('reports doubleMark in the mark detail', async () => {
    const d = await t.request(paperMarkDetail, { paperId: papers.a }, admin);
    expect(d.code, d.msg).toBe(0);
    expect(d.data.doubleMark).toBe(true);
    expect((await t.request(paperMarkDetail, { paperId: papers.a1 }, admin)).data.doubleMark).toBe(false);
  });

  it('refuses a by-paper save of a double-marked exam and changes nothing', async () => {
    const before = await paper(papers.a);
    const refused = await bySave(admin, papers.a, 9);
    expect([refused.code, refused.msg]).toEqual([ErrorCode.CONFLICT, '该考试要求双评，请在按题阅卷中评分']);
    expect(await paper(papers.a)).toMatchObject({ state: 1, userScore: before.userScore, markedBy: null });
    expect((await shortRow(papers.a)).markState).toBe(MarkState.PENDING);
  });

  it('still refuses it once the answer was marked by question (no by-paper override of the two markers)', async () => {
    expect(
      (await t.request(paperMarkQuSave, { examId: doubleExam, quId: bank.short, paperId: papers.b, score: 6 }, admin))
        .data?.outcome,
    ).toBe('waiting');
    expect((await bySave(admin, papers.b, 10)).code).toBe(ErrorCode.CONFLICT);
    expect((await paper(papers.b)).state).toBe(1);
    const second = await t.request(
      paperMarkQuSave,
      { examId: doubleExam, quId: bank.short, paperId: papers.b, score: 7 },
      marker.token,
    );
    expect(second.data).toMatchObject({ outcome: 'final', finalScore: 6.5 });
    expect(await paper(papers.b)).toMatchObject({ state: 2, subjScore: 6.5 });
    // A finished paper cannot be re-marked by paper either.
    expect((await bySave(admin, papers.b, 0)).code).toBe(ErrorCode.CONFLICT);
    expect((await paper(papers.b)).subjScore).toBe(6.5);
  });

  it('marks by paper as before when the exam asks for no double marking', async () => {
    const ok = await bySave(admin, papers.a1, 8);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ state: 2, pendingCount: 0 });
    expect(await paper(papers.a1)).toMatchObject({ state: 2, subjScore: 8 });
  });
});
