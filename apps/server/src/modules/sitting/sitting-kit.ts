/**
 * Test set-up of the sitting-learner rule: a bank open to practice whose questions (each with
 * key values found nowhere else) make up an exam that shows answers after hand-in; the learner
 * practised it in every mode, has wrong answers in the book, favourites and notes, handed in a
 * first attempt and now sits a second one. `keyLeaks` tells whether an answer body holds a key of that open paper.
 */
import {
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  trainFavSave,
  trainFill,
  trainNoteSave,
  trainStart,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elPaperQu, elQu, elQuRepo, elRepo, elUserBook, sysUser } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, type testClock } from '../paper/test-fixtures.js';

type QuRow = typeof elQu.$inferSelect;

export interface SittingKit {
  t: TestApp;
  clock: ReturnType<typeof testClock>;
  admin: string;
  learner: string;
  learnerId: string;
  repoId: string;
  examId: string;
  /** The handed-in first attempt and the open second one. */
  donePaperId: string;
  openPaperId: string;
  /** Top-level questions of the paper by name, and a bank question outside it. */
  qu: Record<'single' | 'multi' | 'judge' | 'short' | 'fill' | 'match' | 'comp', string>;
  outsideQuId: string;
  outsideStem: string;
  /** Every question id of the open paper (composite children included). */
  lockedIds: string[];
  /** Question rows of the bank and of the open paper, the keys to look for. */
  bankRows: QuRow[];
  paperRows: (typeof elPaperQu.$inferSelect)[];
  trainIds: string[];
  bookIds: string[];
}

const opts = (name: string, right: string[], n = 4) =>
  Array.from({ length: n }, (_, i) => {
    const key = String.fromCharCode(65 + i);
    return { key, content: `${name}选项${key}`, isRight: right.includes(key) };
  });

export async function seedSittingBank(t: TestApp) {
  const [repo] = await t.db
    .insert(elRepo)
    .values({ title: '考练两用题库', practiceEnabled: true })
    .returning({ id: elRepo.id });
  const add = async (values: typeof elQu.$inferInsert, link = true) => {
    const [q] = await t.db.insert(elQu).values(values).returning({ id: elQu.id });
    if (link) await t.db.insert(elQuRepo).values({ quId: q.id, repoId: repo.id });
    return q.id;
  };
  const qu = {
    single: await add({ type: 1, content: '单选题干', options: opts('单选', ['C']), analysis: '单选解析钥匙' }),
    multi: await add({ type: 2, content: '多选题干', options: opts('多选', ['A', 'D']), analysis: '多选解析钥匙' }),
    judge: await add({ type: 3, content: '判断题干', options: opts('判断', ['B'], 2), analysis: '判断解析钥匙' }),
    short: await add({
      type: 4,
      content: '简答题干',
      answer: { reference: '简答参考钥匙', keywords: [{ word: '关键词钥匙', weight: 5 }] },
      analysis: '简答解析钥匙',
    }),
    fill: await add({
      type: 5,
      content: '填空题干<span data-blank="1"></span>',
      answer: { blanks: [{ answers: ['填空钥匙'] }], caseSensitive: false, widthSensitive: false, orderMatters: true },
      analysis: '填空解析钥匙',
    }),
    match: await add({
      type: 6,
      content: '匹配题干',
      answer: {
        left: ['猫', '狗', '牛', '羊'].map((content, i) => ({ key: String(i + 1), content: `左${content}` })),
        right: ['喵', '汪', '哞', '咩'].map((content, i) => ({
          key: String.fromCharCode(65 + i),
          content: `右${content}`,
        })),
        pairs: ['A', 'B', 'C', 'D'].map((right, i) => ({ left: String(i + 1), right })),
      },
      analysis: '匹配解析钥匙',
    }),
    comp: await add({ type: 99, content: '组合题干', analysis: '组合解析钥匙' }),
  };
  await add(
    {
      type: 1,
      content: '组合小题一',
      options: opts('小题一', ['B'], 3),
      parentId: qu.comp,
      sort: 1,
      analysis: '小题一解析钥匙',
    },
    false,
  );
  await add(
    {
      type: 3,
      content: '组合小题二',
      options: opts('小题二', ['A'], 2),
      parentId: qu.comp,
      sort: 2,
      analysis: '小题二解析钥匙',
    },
    false,
  );
  const outsideQuId = await add({ type: 1, content: '卷外练习题', options: opts('卷外', ['A']), analysis: '卷外解析' });
  return { repoId: repo.id, qu, outsideQuId };
}

async function must(t: TestApp, path: string, body: unknown, token: string) {
  const res = await t.call(path, body, token);
  if (res.code !== 0) throw new Error(`${path}: ${res.code} ${res.msg}`);
  return res.data;
}

export async function createSittingKit(t: TestApp, clock: ReturnType<typeof testClock>): Promise<SittingKit> {
  const admin = await t.login('admin', 'admin123');
  const learner = await t.login('wangwu', 'student123');
  const [{ id: learnerId }] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'wangwu'));
  const { repoId, qu, outsideQuId } = await seedSittingBank(t);
  const tmplId = await saveFixedTmpl(t, admin, Object.values(qu));
  const examId = await saveExam(t, admin, tmplId, clock.ms(), { resultShow: 2, shuffleOpt: true, tryLimit: 0 });

  // Practice before the exam: a session in every mode, wrong answers into the book.
  const trainIds: string[] = [];
  for (const mode of [1, 2, 3, 5, 6])
    trainIds.push((await must(t, trainStart.path, { repoId, mode }, learner)).trainId);
  for (const quId of [qu.single, qu.multi, qu.fill, qu.match])
    await must(t, trainFill.path, { trainId: trainIds[0], quId, answer: quId === qu.match ? {} : 'A' }, learner);
  trainIds.push((await must(t, trainStart.path, { repoId, mode: 4 }, learner)).trainId);
  // Favourites and notes (收藏, 笔记) of questions the paper will hold, and of one outside it.
  for (const quId of [qu.single, qu.comp, outsideQuId]) {
    await must(t, trainFavSave.path, { quId, fav: true }, learner);
    await must(t, trainNoteSave.path, { quId, note: '练习时的笔记' }, learner);
  }

  // A first attempt, handed in with wrong answers (into the book, with its exam).
  const donePaperId = (await must(t, paperPaperCreate.path, { examId }, learner)).paperId;
  await must(
    t,
    paperPaperFillAnswer.path,
    { paperId: donePaperId, quId: qu.judge, answer: 'Z', seq: 1, windowId: 'w1' },
    learner,
  );
  await must(t, paperPaperHand.path, { paperId: donePaperId }, learner);
  const openPaperId = (await must(t, paperPaperCreate.path, { examId }, learner)).paperId;

  const paperRows = await t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, openPaperId));
  const bankRows = await t.db.select().from(elQu);
  const book = await t.db.select({ id: elUserBook.id }).from(elUserBook).where(eq(elUserBook.userId, learnerId));
  return {
    t,
    clock,
    admin,
    learner,
    learnerId,
    repoId,
    examId,
    donePaperId,
    openPaperId,
    qu,
    outsideQuId,
    outsideStem: '卷外练习题',
    lockedIds: paperRows.map((r) => r.quId),
    bankRows: bankRows.filter((r) => paperRows.some((p) => p.quId === r.id)),
    paperRows,
    trainIds,
    bookIds: book.map((b) => b.id),
  };
}
