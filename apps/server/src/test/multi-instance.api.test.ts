/**
 * Several instances on one PostgreSQL database, PostgreSQL only: two real app
 * processes (instance-child.ts) on one throw-away database, with Redis, the way docs/DEPLOY.md
 * runs them behind nginx. Skipped on PGlite (one process owns an embedded database).
 * - the deadline sweep hands each overdue paper in exactly once, both instances sweeping;
 * - every domain event is delivered exactly once across the instances (the outbox);
 * - the sign-in failure counters (sys_attempt) are shared: failures on either instance count;
 * - a sign-out or a disabled user on one instance is refused at once on the other (the token
 *   cache's invalidation through Redis), and rate limits count the calls to both instances.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@exam/contracts';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { elExam, elPaper, sysConfigItem, sysRole, sysToken, sysUser, sysUserRole } from '../db/schema/index.js';
import { hashToken } from '../platform/auth.js';
import { type Database, openDatabase } from '../platform/db.js';
import { serverRoot } from '../platform/paths.js';
import { freePort, REDIS_SERVER, startRedis, type TestRedis } from './redis-server.js';
import { createPgDatabase, isPgRun } from './test-app.js';

const LEARNERS = 30;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  // node itself (not the tsx wrapper), so that a kill reaches the instance and not only a parent.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, 'src', 'test', 'instance-child.ts'), name, '300'],
    {
      env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_DATA: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}) before listening`)));
  });
  return { name, url: `http://127.0.0.1:${port}`, child };
}

const post = async <T = any>(i: Instance, p: string, body: unknown, token?: string) => {
  const res = await fetch(i.url + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
};

describe.skipIf(!isPgRun() || !fs.existsSync(REDIS_SERVER))('two instances on one PostgreSQL database', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let redis: TestRedis;
  let a: Instance;
  let b: Instance;
  let dataDir: string;

  beforeAll(async () => {
    const pg = await createPgDatabase(inject('dbTemplateRun'), true);
    drop = pg.drop;
    db = await openDatabase({ databaseUrl: pg.url, pgliteDir: null, poolSize: 4 });
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-instance-'));
    // Small batches: 30 events fit in one batch of the default 500, which one instance would take whole.
    const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, DATA_DIR: dataDir, OUTBOX_BATCH: '5' };
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
  }, 180_000);

  afterAll(async () => {
    for (const i of [a, b])
      if (i && i.child.exitCode === null) {
        const exited = new Promise((r) => i.child.once('exit', r));
        i.child.kill('SIGKILL');
        await exited;
      }
    await db?.close();
    await redis?.stop();
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands each overdue paper in exactly once, and delivers each hand-in event exactly once', async () => {
    const [role] = await db.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
    const [exam] = await db.db.select({ id: elExam.id }).from(elExam).where(eq(elExam.title, '年度综合知识考试'));
    const users = await db.db
      .insert(sysUser)
      .values(
        Array.from({ length: LEARNERS }, (_, i) => ({ userName: `mi${i}`, realName: `多实例${i}`, passwordHash: 'x' })),
      )
      .returning({ id: sysUser.id });
    await db.db.insert(sysUserRole).values(users.map((u) => ({ userId: u.id, roleId: role.id })));
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    await db.db.insert(sysToken).values(
      users.map((u, i) => ({
        tokenHash: hashToken(tokens[i]),
        userId: u.id,
        expiresAt: new Date(Date.now() + 3600_000),
      })),
    );
    // Each learner's requests alternate between the instances, as round robin sends them.
    const created = await Promise.all(
      tokens.map((token, i) =>
        post<{ paperId: string }>(i % 2 ? b : a, '/api/paper/paper/create', { examId: exam.id }, token),
      ),
    );
    for (const c of created) expect(c.code, c.msg).toBe(0);
    const paperIds = created.map((c) => c.data.paperId);
    for (const [i, paperId] of paperIds.entries()) {
      const detail = await post(i % 2 ? a : b, '/api/paper/paper/detail', { paperId }, tokens[i]);
      expect(detail.code, detail.msg).toBe(0);
    }

    // Every paper's deadline passes at once: both instances' sweeps (every 300 ms) race for them.
    await db.db
      .update(elPaper)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(elPaper.examId, exam.id));
    const inExam = async () =>
      (
        await db.db.execute<{ n: number }>(
          sql`select count(*)::int as n from el_paper where exam_id = ${exam.id} and state = 0`,
        )
      ).rows[0].n;
    for (let i = 0; i < 100 && (await inExam()) > 0; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await inExam()).toBe(0);

    // Every hand-in event reaches the counting consumer (events are deleted once delivered, so the
    // consumer's rows are the record): one run per event, and one event per paper, since a paper
    // handed in twice would have published two.
    const runs = async () => db.db.select().from(sysConfigItem).where(like(sysConfigItem.title, 'mi:%'));
    for (let i = 0; i < 100 && (await runs()).length < LEARNERS; i++) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1500)); // a second delivery would land by now
    const all = await runs();
    expect(all.length).toBe(LEARNERS);
    expect(new Set(all.map((r) => r.title.split(':')[1])).size).toBe(LEARNERS);
    expect(new Set(all.map((r) => r.value.split(':')[1]))).toEqual(new Set(paperIds));
    // Both instances took part in sweeping and delivering.
    const byInstance = new Set(all.map((r) => r.value.split(':')[0]));
    expect([...byInstance].sort()).toEqual(['A', 'B']);
    // Nothing is left to deliver.
    const pending = await db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sys_event_delivery where consumer = 'test.delivery-count'`,
    );
    expect(pending.rows[0].n).toBe(0);
  }, 120_000);

  it('shares the sign-in failure counters: failures on either instance lock the account', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post(i % 2 ? b : a, '/api/sys/user/login', { userName: 'student', password: `wrong${i}` });
      // The fifth failure, wherever it lands, is the one that locks.
      expect(res.code, `${i}: ${res.msg}`).toBe(i < 4 ? ErrorCode.BAD_CREDENTIALS : ErrorCode.ACCOUNT_LOCKED);
    }
    // Three failures on A and two on B: locked on both, even with the right password.
    for (const i of [a, b]) {
      const res = await post(i, '/api/sys/user/login', { userName: 'student', password: 'student123' });
      expect(res.code, `${i.name}: ${res.msg}`).toBe(ErrorCode.ACCOUNT_LOCKED);
    }
  }, 60_000);

  it('refuses on B, at once, a token signed out on A, and a user disabled on A', async () => {
    const login = async (i: Instance, userName: string, password: string) => {
      const res = await post<{ token: string }>(i, '/api/sys/user/login', { userName, password });
      expect(res.code, res.msg).toBe(0);
      return res.data.token;
    };
    const info = async (i: Instance, token: string) => (await post(i, '/api/sys/user/info', {}, token)).code;
    const token = await login(a, 'lisi', 'student123');
    // Both instances have it cached now.
    expect(await info(b, token)).toBe(0);
    expect(await info(a, token)).toBe(0);
    expect((await post(a, '/api/sys/user/logout', {}, token)).code).toBe(0);
    expect(await info(b, token)).toBe(ErrorCode.NOT_LOGIN);

    const admin = await login(b, 'admin', 'admin123');
    const learner = await login(b, 'wangwu', 'student123');
    expect(await info(a, learner)).toBe(0);
    expect(await info(b, learner)).toBe(0);
    const [user] = await db.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'wangwu'));
    expect((await post(b, '/api/sys/user/state', { ids: [user.id], state: 1 }, admin)).code).toBe(0);
    expect(await info(a, learner)).toBe(ErrorCode.NOT_LOGIN);
  }, 60_000);

  it('counts a rate limit over both instances (10 registrations a minute per address)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await post(i % 2 ? b : a, '/api/sys/user/reg', {})).code);
    // Ten refused for their (empty) body, wherever they landed; then the limit, on either instance.
    expect(codes.slice(0, 10).every((c) => c === ErrorCode.BAD_PARAMS)).toBe(true);
    expect(codes.slice(10)).toEqual([ErrorCode.TOO_MANY_REQUESTS, ErrorCode.TOO_MANY_REQUESTS]);
  }, 60_000);
});
