/** Test data for the exam API tests: a bank with one question of each type, papers and exams. */
import { examExamSave, paperTmplSave } from '@exam/contracts';
import { elQu, elQuRepo, elRepo } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import type { TestApp } from '../../test/test-app.js';

export interface Bank {
  repoId: string;
  single: string;
  multi: string;
  judge: string;
  short: string;
  fill: string;
  match: string;
  comp: string;
}

const o = (keys: string[], right: string[]) =>
  keys.map((key) => ({ key, content: `选项${key}`, isRight: right.includes(key) }));

/** A controllable clock: `clock.set(ms)` / `clock.add(ms)`. */
export function testClock(start = Date.now()) {
  let now = start;
  const fn = () => new Date(now);
  return Object.assign(fn, {
    set: (ms: number) => {
      now = ms;
    },
    add: (ms: number) => {
      now += ms;
    },
    ms: () => now,
  });
}

/** Inserts a bank with a single, multiple, judge, short answer, fill blank, matching and composite question. */
export async function seedBank(db: Db, title = '测试题库'): Promise<Bank> {
  const [repo] = await db.insert(elRepo).values({ title }).returning({ id: elRepo.id });
  const add = async (values: typeof elQu.$inferInsert, link = true) => {
    const [q] = await db.insert(elQu).values(values).returning({ id: elQu.id });
    if (link) await db.insert(elQuRepo).values({ quId: q.id, repoId: repo.id });
    return q.id;
  };
  const single = await add({
    type: 1,
    content: '单选题：1+1=?',
    options: o(['A', 'B', 'C', 'D'], ['B']),
    analysis: '单选解析',
  });
  const multi = await add({
    type: 2,
    content: '多选题：哪些是偶数',
    options: o(['A', 'B', 'C', 'D'], ['A', 'C']),
    analysis: '多选解析',
  });
  const judge = await add({
    type: 3,
    content: '判断题：地球是圆的',
    options: [
      { key: 'A', content: '正确', isRight: true },
      { key: 'B', content: '错误', isRight: false },
    ],
  });
  const short = await add({
    type: 4,
    content: '简答题：什么是事务',
    answer: {
      reference: '事务是一组原子操作',
      keywords: [
        { word: '原子', weight: 3 },
        { word: '一致', weight: 3 },
      ],
    },
  });
  const fill = await add({
    type: 5,
    content: '填空题：中国首都<span data-blank="1"></span>',
    answer: { blanks: [{ answers: ['北京'] }], caseSensitive: false, widthSensitive: false, orderMatters: true },
  });
  const match = await add({
    type: 6,
    content: '匹配题',
    answer: {
      left: [
        { key: 'L1', content: '猫' },
        { key: 'L2', content: '狗' },
      ],
      right: [
        { key: 'R1', content: '喵' },
        { key: 'R2', content: '汪' },
      ],
      pairs: [
        { left: 'L1', right: 'R1' },
        { left: 'L2', right: 'R2' },
      ],
    },
  });
  const comp = await add({ type: 99, content: '组合题：阅读材料' });
  await add({ type: 1, content: '组合小题1', options: o(['A', 'B'], ['A']), parentId: comp, sort: 1 }, false);
  await add({ type: 3, content: '组合小题2', options: o(['A', 'B'], ['B']), parentId: comp, sort: 2 }, false);
  return { repoId: repo.id, single, multi, judge, short, fill, match, comp };
}

/** Saves a fixed paper through the API; each question is worth `score`. */
export async function saveFixedTmpl(t: TestApp, admin: string, quIds: string[], score = 10): Promise<string> {
  const res = await t.call(
    paperTmplSave.path,
    {
      title: '测试试卷',
      kind: 1,
      fixedSections: [{ title: '第一部分', items: quIds.map((quId) => ({ quId, score })) }],
    },
    admin,
  );
  if (res.code !== 0) throw new Error(`tmpl save: ${res.code} ${res.msg}`);
  return res.data.id;
}

/** Saves and publishes an exam through the API; the window runs from an hour before `now` for a day. */
export async function saveExam(
  t: TestApp,
  admin: string,
  tmplId: string,
  now: number,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.call(
    examExamSave.path,
    {
      title: '测试考试',
      tmplId,
      openType: 1,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 86400_000).toISOString(),
      duration: 60,
      passScore: 30,
      tryLimit: 0,
      handMinMinutes: 0,
      lateMinutes: 0,
      state: 1,
      reviewAfter: 1, // answers right after hand-in; review-copies.api.test.ts covers the others
      ...overrides,
    },
    admin,
  );
  if (res.code !== 0) throw new Error(`exam save: ${res.code} ${res.msg}`);
  return res.data.id;
}
