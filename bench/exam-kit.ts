/**
 * What the exam benches share: a bank of single-choice questions written straight into the
 * database, learners with tokens, and a rule exam over the bank created through the real API.
 */
import { elQu, elQuRepo, elRepo } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/password.js';
import { type BenchDatabase, insertLearners } from './setup.js';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** POSTs JSON to the server at `base`; throws on an HTTP failure, answers the envelope. */
export async function post<T>(base: string, url: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Envelope<T>;
}

/** A bank of `questions` single-choice questions (B is right) and `learners` signed-in learners. */
export async function seedBankAndLearners(
  bench: BenchDatabase,
  questions: number,
  learners: number,
): Promise<{ repoId: string; tokens: string[] }> {
  const database = await bench.open();
  const { db } = database;
  const [repo] = await db.insert(elRepo).values({ title: '压测题库', code: 'BENCH' }).returning({ id: elRepo.id });
  const rows = [];
  for (let i = 0; i < questions; i++) {
    rows.push({
      type: 1,
      level: 1,
      content: `<p>压测单选题 ${i + 1}：以下哪一项正确？</p>`,
      options: ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `选项 ${key}`, isRight: key === 'B' })),
    });
  }
  const qus = await db.insert(elQu).values(rows).returning({ id: elQu.id });
  await db.insert(elQuRepo).values(qus.map((q, i) => ({ quId: q.id, repoId: repo.id, sort: i })));
  const tokens = await insertLearners(db, learners, { prefix: 'bench', passwordHash: await hashPassword('bench123') });
  await database.close();
  return { repoId: repo.id, tokens };
}

/**
 * A published rule exam drawing `questions` single-choice questions of 2 points from the bank;
 * `extra` is merged into the exam's save (e.g. `proctor`).
 */
export async function createRuleExam(
  base: string,
  repoId: string,
  questions: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const login = await post<{ token: string }>(base, '/api/sys/user/login', { userName: 'admin', password: 'admin123' });
  const admin = login.data.token;
  const tmpl = await post<{ id: string }>(
    base,
    '/api/paper/tmpl/save',
    {
      title: '压测试卷',
      kind: 2,
      ruleSections: [{ title: '单选题', repoIds: [repoId], quType: 1, level: 0, count: questions, score: 2 }],
    },
    admin,
  );
  if (tmpl.code !== 0) throw new Error(`tmpl: ${tmpl.msg}`);
  const now = Date.now();
  const exam = await post<{ id: string }>(
    base,
    '/api/exam/exam/save',
    {
      title: '压测考试',
      tmplId: tmpl.data.id ?? tmpl.data,
      openType: 1,
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 6 * 3600_000).toISOString(),
      duration: 120,
      passScore: Math.round(questions * 2 * 0.6),
      tryLimit: 0,
      handMinMinutes: 0,
      lateMinutes: 0,
      state: 1,
      ...extra,
    },
    admin,
  );
  if (exam.code !== 0) throw new Error(`exam: ${exam.msg}`);
  return (exam.data as { id: string }).id ?? (exam.data as unknown as string);
}
