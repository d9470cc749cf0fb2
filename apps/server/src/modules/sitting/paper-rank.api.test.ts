/**
 * 名次 on the result page, on a hand-computed field. Exam R (single, judge, fill: 10 each,
 * pass 10, ranks shown):
 *   rk1 30 · rk2 10 then 30 (best 30) · rk3 20 · rk4 10 · rk5 abandons · rk6 30, voided by the admin
 * Standard competition ranking over each learner's best finished, non-voided paper: rk1 and rk2
 * share 1st, rk3 is 3rd, rk4 4th, of 4 learners; rk2's first attempt (10) stands 3rd among the
 * others' best (tied with rk4, below rk1 and rk3).
 */
import {
  examResultVoid,
  paperMarkSave,
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperResult,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser, sysUserRole } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/password.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { deptId, roleId } from '../system/user/user.test-helpers.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examR: string;
const tokens: Record<string, string> = {};
const papers: Record<string, string> = {};

async function addLearner(userName: string): Promise<string> {
  const [u] = await t.db
    .insert(sysUser)
    .values({
      userName,
      realName: `排名学员${userName}`,
      passwordHash: await hashPassword('abc12345'),
      deptId: await deptId(t, 'D001D002'),
    })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values({ userId: u.id, roleId: await roleId(t, 'student') });
  tokens[userName] = await t.login(userName, 'abc12345');
  return u.id;
}

/** Sits the exam with these answers; `hand: false` leaves the paper open. Answers the paper id. */
async function sit(who: string, examId: string, answers: Record<string, unknown>, hand = true): Promise<string> {
  const token = tokens[who];
  const { data, code, msg } = await t.request(paperPaperCreate, { examId }, token);
  expect(code, msg).toBe(0);
  let seq = 0;
  for (const [quId, answer] of Object.entries(answers))
    await t.request(
      paperPaperFillAnswer,
      { paperId: data.paperId, quId, answer: answer as string, seq: ++seq, windowId: 'w1' },
      token,
    );
  if (hand) expect((await t.request(paperPaperHand, { paperId: data.paperId }, token)).code).toBe(0);
  await drainEvents(t);
  return data.paperId;
}

const result = (who: string, paperId: string) => t.request(paperPaperResult, { paperId }, tokens[who]);

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const tmpl = await saveFixedTmpl(t, admin, [bank.single, bank.judge, bank.fill]);
  examR = await saveExam(t, admin, tmpl, clock.ms(), { title: '排名考试', passScore: 10, showRank: true });
  for (const name of ['rk1', 'rk2', 'rk3', 'rk4', 'rk5', 'rk6']) await addLearner(name);
  const all = { [bank.single]: 'B', [bank.judge]: 'A', [bank.fill]: ['北京'] };
  papers.rk1 = await sit('rk1', examR, all);
  papers.rk2first = await sit('rk2', examR, { [bank.single]: 'B' });
  clock.add(60_000);
  papers.rk2 = await sit('rk2', examR, all);
  papers.rk3 = await sit('rk3', examR, { [bank.single]: 'B', [bank.judge]: 'A' });
  papers.rk4 = await sit('rk4', examR, { [bank.judge]: 'A' });
  papers.rk5 = await sit('rk5', examR, all, false);
  expect((await t.request(paperPaperAbandon, { paperId: papers.rk5 }, tokens.rk5)).code).toBe(0);
  papers.rk6 = await sit('rk6', examR, all);
  const voided = await t.request(examResultVoid, { paperId: papers.rk6, reason: '替考' }, admin);
  expect(voided.code, voided.msg).toBe(0);
  await drainEvents(t);
  // Six learners (argon2 hashes, sign-ins) and seven papers: more than the default hook time on the loaded machine.
}, 180_000);
afterAll(async () => t.close());

describe('the rank of a finished paper', () => {
  it('gives tied best scores the same rank and skips the next (1, 1, 3, 4 of 4)', async () => {
    const ranks = await Promise.all(
      (['rk1', 'rk2', 'rk3', 'rk4'] as const).map(async (who) => (await result(who, papers[who])).data.rank),
    );
    expect(ranks).toEqual([
      { rank: 1, total: 4 },
      { rank: 1, total: 4 },
      { rank: 3, total: 4 },
      { rank: 4, total: 4 },
    ]);
  });

  it("ranks an earlier, weaker attempt among the others' best (the learner's own best is not above it)", async () => {
    const res = await result('rk2', papers.rk2first);
    expect(res.data).toMatchObject({ state: 2, userScore: 10, rank: { rank: 3, total: 4 } });
  });

  it('leaves out abandoned and voided papers, and shows them no rank', async () => {
    expect((await result('rk5', papers.rk5)).data).toMatchObject({ state: 3, rank: null });
    expect((await result('rk6', papers.rk6)).data).toMatchObject({ voided: true, rank: null });
  });

  it('tells nothing about who the others are', async () => {
    const body = JSON.stringify((await result('rk4', papers.rk4)).data);
    for (const who of ['rk1', 'rk2', 'rk3', 'rk5', 'rk6']) {
      expect(body).not.toContain(`排名学员${who}`);
      expect(body).not.toContain(`"${who}"`);
    }
  });
});

describe('no rank unless the exam shows it and the paper is finished', () => {
  it('answers no rank when the exam does not show ranks (the default)', async () => {
    const tmpl = await saveFixedTmpl(t, admin, [bank.single]);
    const plain = await saveExam(t, admin, tmpl, clock.ms(), { title: '不排名考试', passScore: 10 });
    const paperId = await sit('rk1', plain, { [bank.single]: 'B' });
    expect((await result('rk1', paperId)).data).toMatchObject({ state: 2, userScore: 10, rank: null });
  });

  it('answers no rank while the paper awaits marking, and the rank once it is marked', async () => {
    const tmpl = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
    const manual = await saveExam(t, admin, tmpl, clock.ms(), { title: '阅卷排名考试', passScore: 10, showRank: true });
    const paperId = await sit('rk3', manual, { [bank.single]: 'B', [bank.short]: '原子操作' });
    expect((await result('rk3', paperId)).data).toMatchObject({ state: 1, rank: null });
    const marked = await t.request(paperMarkSave, { paperId, items: [{ quId: bank.short, score: 5 }] }, admin);
    expect(marked.code, marked.msg).toBe(0);
    expect((await result('rk3', paperId)).data).toMatchObject({ state: 2, userScore: 15, rank: { rank: 1, total: 1 } });
  });

  it('answers no rank while the paper is open', async () => {
    const paperId = await sit('rk4', examR, { [bank.single]: 'B' }, false);
    expect((await result('rk4', paperId)).data).toMatchObject({ state: 0, rank: null });
    await t.request(paperPaperHand, { paperId }, tokens.rk4);
  });
});
