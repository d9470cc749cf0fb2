/**
 * The order of an ordering question's items in practice and mock exams, on the real app: each
 * session (practice or mock paper) draws its own order, fixed within it, so one learner's papers
 * spread over the orders and the key's order comes no more often than another.
 */
import { repoQuSave, TrainMode, trainFinish, trainNext, trainStart } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQu, elRepo } from '../../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let repoId: string;
let key: string[];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin', 'admin123');
  const [repo] = await t.db
    .insert(elRepo)
    .values({ title: '排序练习', practiceEnabled: true })
    .returning({ id: elRepo.id });
  repoId = repo.id;
  const saved = await t.call(
    repoQuSave.path,
    {
      type: 7,
      content: '<p>把发现火情后的处置步骤按先后排序</p>',
      options: ['报警', '疏散', '扑救', '复查'].map((content) => ({ content: `<p>${content}</p>` })),
      repoIds: [repoId],
    },
    admin,
  );
  expect(saved.code, saved.msg).toBe(0);
  const [q] = await t.db.select().from(elQu).where(eq(elQu.id, saved.data.id));
  key = (q.answer as { order: string[] }).order;
});
afterAll(async () => t.close());

/** The order shown in one new session of `mode`, asked twice (the same both times), then finished. */
async function shownInSession(token: string, mode: number): Promise<string> {
  const s = await t.call<{ trainId: string }>(trainStart.path, { repoId, mode }, token);
  expect(s.code, s.msg).toBe(0);
  const ask = async () => {
    const n = await t.call<{ question: { options: { key: string }[] } }>(
      trainNext.path,
      { trainId: s.data.trainId, sort: 0 },
      token,
    );
    expect(n.code, n.msg).toBe(0);
    return n.data.question.options.map((o) => o.key).join(',');
  };
  const first = await ask();
  expect(await ask()).toBe(first);
  expect((await t.call(trainFinish.path, { trainId: s.data.trainId }, token)).code).toBe(0);
  return first;
}

describe('ordering items in practice and mock exams', () => {
  it("one learner's mock papers and practice sessions each draw an order: many orders, the key's not the rule", async () => {
    const student = await t.login('student', 'student123');
    const seen = new Map<string, number>();
    for (let i = 0; i < 36; i++) {
      for (const mode of [TrainMode.MOCK, TrainMode.SEQUENTIAL]) {
        const order = await shownInSession(student, mode);
        seen.set(order, (seen.get(order) ?? 0) + 1);
      }
    }
    // 72 uniform draws over 24 orders: a fixed order per learner shows 1; uniform shows about 22.
    expect(seen.size).toBeGreaterThan(12);
    // The key's order: about 3 of 72 expected; a learner whose one draw was the key saw it 72 times.
    expect(seen.get(key.join(',')) ?? 0).toBeLessThan(12);
  }, 120_000);
});
