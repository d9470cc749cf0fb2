/**
 * The one question reader on a learner sitting a paper (sitting/sitting-kit.ts): the
 * lock applies whatever the caller asks for, keys are refused, and a user who sits nothing reads
 * the same questions with their keys.
 */
import { ErrorCode } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../db/schema/index.js';
import { createTestApp } from '../../test/test-app.js';
import { testClock } from '../paper/test-fixtures.js';
import { createSittingKit, type SittingKit } from '../sitting/sitting-kit.js';
import { learnerQuestion, learnerReader } from './question-reader.js';

let k: SittingKit;
let adminId: string;

beforeAll(async () => {
  const clock = testClock();
  k = await createSittingKit(await createTestApp({ clock }), clock);
  [{ id: adminId }] = await k.t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'admin'));
}, 120_000);
afterAll(async () => k.t.close());

const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
};

describe('the question reader', () => {
  it("leaves the keys of the learner's open paper out even when the caller asks for them", async () => {
    const reader = await learnerReader(k.t.db, k.learnerId);
    expect(reader.lock.has(k.qu.single)).toBe(true);
    const views = await reader.views([k.qu.single, k.qu.comp, k.outsideQuId], true);
    const [single, comp, outside] = views;
    expect(single.answer).toBeUndefined();
    expect(single.analysis).toBeUndefined();
    expect(single.options.some((o) => 'isRight' in o && o.isRight !== undefined)).toBe(false);
    expect(comp.children.every((c) => c.answer === undefined && c.analysis === undefined)).toBe(true);
    // A question outside the paper keeps what the caller asked for.
    expect(outside.answer).toBeDefined();
    const q = await reader.question(k.qu.single);
    expect(q.locked).toBe(true);
    expect(q.view(true).answer).toBeUndefined();
  });

  it('refuses the key of a locked question (20010002) and hands it over for one that is not', async () => {
    const reader = await learnerReader(k.t.db, k.learnerId);
    expect(code(() => reader.assertOpen([k.outsideQuId, k.qu.judge]))).toBe(ErrorCode.EXAM_IN_PROGRESS);
    await expect(reader.question(k.qu.judge).then((q) => q.keyed())).rejects.toMatchObject({
      code: ErrorCode.EXAM_IN_PROGRESS,
    });
    const outside = await reader.question(k.outsideQuId);
    expect(outside.keyed().row.answer).toBeDefined();
    expect(code(() => reader.assertOpen([k.outsideQuId]))).toBe(null);
  });

  it('answers the same question with its key to a user who sits nothing, and without to the learner', async () => {
    const admin = await learnerQuestion(k.t.db, adminId, k.qu.single);
    expect(admin.answerVisible).toBe(true);
    expect(admin.question.options.some((o) => 'isRight' in o && o.isRight === true)).toBe(true);
    const learner = await learnerQuestion(k.t.db, k.learnerId, k.qu.single);
    expect(learner.answerVisible).toBe(false);
    expect(learner.question.answer).toBeUndefined();
  });
});
