/** Shared set-up of the training API tests: a test app on a movable clock and a small practice bank. */
import { repoQuSave, repoRepoSave } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elQu } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

export interface TrainKit {
  t: TestApp;
  admin: string;
  student: string;
  lisi: string;
  repoId: string;
  closedRepoId: string;
  /** Questions of the bank in bank order. */
  quIds: string[];
  clock: { now: Date };
  advanceDays(days: number): void;
  /** The right answer of a choice question, and a wrong one. */
  rightOf(quId: string): Promise<string | string[]>;
  wrongOf(quId: string): Promise<string | string[]>;
}

const single = (content: string, right: 'A' | 'B') => ({
  type: 1,
  content: `<p>${content}</p>`,
  analysis: `<p>${content}的解析</p>`,
  options: ['A', 'B', 'C'].map((key) => ({ key, content: `选项${key}`, isRight: key === right })),
});

/** Builds the app (clock at 2025-06-02 09:00 UTC) with a bank of 5 choice questions open to practice. */
export async function createTrainKit(): Promise<TrainKit> {
  const clock = { now: new Date('2025-06-02T09:00:00Z') };
  const t = await createTestApp({ clock: () => clock.now });
  const admin = await t.login('admin', 'admin123');
  const student = await t.login('student', 'student123');
  const lisi = await t.login('lisi', 'student123');
  const repo = await t.call(repoRepoSave.path, { title: '测试练习题库', practiceEnabled: true }, admin);
  const closed = await t.call(repoRepoSave.path, { title: '测试考试题库', practiceEnabled: false }, admin);
  const questions = [
    single('第一题', 'A'),
    single('第二题', 'B'),
    {
      type: 2,
      content: '<p>第三题</p>',
      options: ['A', 'B', 'C'].map((key) => ({ key, content: key, isRight: key !== 'B' })),
    },
    {
      type: 3,
      content: '<p>第四题</p>',
      options: [
        { key: 'A', content: '正确', isRight: true },
        { key: 'B', content: '错误', isRight: false },
      ],
    },
    single('第五题', 'A'),
  ];
  const quIds: string[] = [];
  for (const q of questions) {
    const res = await t.call(repoQuSave.path, { ...q, repoIds: [repo.data.id] }, admin);
    if (res.code !== 0) throw new Error(res.msg);
    quIds.push(res.data.id);
  }
  await t.call(repoQuSave.path, { ...single('考试题', 'A'), repoIds: [closed.data.id] }, admin);
  const optionsOf = async (quId: string) => (await t.db.select().from(elQu).where(eq(elQu.id, quId)))[0];
  return {
    t,
    admin,
    student,
    lisi,
    repoId: repo.data.id,
    closedRepoId: closed.data.id,
    quIds,
    clock,
    advanceDays(days) {
      clock.now = new Date(clock.now.getTime() + days * 86_400_000);
    },
    async rightOf(quId) {
      const q = await optionsOf(quId);
      const keys = q.options.filter((o) => o.isRight).map((o) => o.key);
      return q.type === 2 ? keys : keys[0];
    },
    async wrongOf(quId) {
      const q = await optionsOf(quId);
      const wrong = q.options.find((o) => !o.isRight)?.key as string;
      return q.type === 2 ? [wrong] : wrong;
    },
  };
}
