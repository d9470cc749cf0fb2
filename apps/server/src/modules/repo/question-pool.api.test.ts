/**
 * The question pool kept in memory for the paper's draw: what it keeps, how long, what a change
 * through the bank's services and a change heard on Redis drop, and a fill that raced a change.
 */
import { repoQuDelete, repoQuSave, repoRepoSave } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQu, elQuRepo } from '../../db/schema/index.js';
import { hasRedisServer, startRedis, type TestRedis } from '../../test/redis-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';
import { drawFrom, QuestionPool, questionPool } from './question-pool.js';

let t: TestApp;
let admin: string;
let repoId: string;
const rule = () => ({ repoIds: [repoId], quType: 1, level: 0 });

/** A single-choice question written straight into the bank (as a write outside the services would be). */
async function addDirectly(content: string, parentId: string | null = null): Promise<string> {
  const [q] = await t.db
    .insert(elQu)
    .values({
      type: 1,
      content,
      parentId,
      options: [
        { key: 'A', content: '甲', isRight: true },
        { key: 'B', content: '乙', isRight: false },
      ],
    })
    .returning({ id: elQu.id });
  if (!parentId) await t.db.insert(elQuRepo).values({ quId: q.id, repoId });
  return q.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  const repo = await t.call(repoRepoSave.path, { title: '题池测试', code: 'POOL01' }, admin);
  repoId = repo.data.id;
  for (let i = 0; i < 3; i++) await addDirectly(`题${i}`);
});
afterAll(async () => t.close());

describe('drawFrom', () => {
  it('draws distinct ids, never a taken one, fewer when there are not enough', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (let i = 0; i < 50; i++) {
      const got = drawFrom(ids, 3, new Set(['b']));
      expect(new Set(got).size).toBe(3);
      expect(got).not.toContain('b');
    }
    expect(drawFrom(ids, 9, new Set(['a'])).sort()).toEqual(['b', 'c', 'd', 'e']);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']); // the kept list is not reordered
  });

  it('gives every id the same chance', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const seen = new Map<string, number>();
    for (let i = 0; i < 6000; i++) for (const id of drawFrom(ids, 2, new Set())) seen.set(id, (seen.get(id) ?? 0) + 1);
    // 2,000 expected each; 1,700-2,300 is more than 7 standard deviations wide.
    for (const id of ids) expect(seen.get(id)).toBeGreaterThan(1700);
    for (const id of ids) expect(seen.get(id)).toBeLessThan(2300);
  });
});

describe('QuestionPool', () => {
  it('keeps the candidates for the TTL, and reads them again when asked for fresh ones', async () => {
    let now = 1_000_000;
    const pool = new QuestionPool(() => now);
    pool.settings.ttlMs = 10_000;
    const before = await pool.candidates(t.db, rule());
    const added = await addDirectly('绕过服务写入的题');
    expect(await pool.candidates(t.db, rule())).toEqual(before); // kept
    expect(await pool.candidates(t.db, rule(), true)).toContain(added);
    await t.db.update(elQu).set({ deletedAt: new Date() }).where(eq(elQu.id, added));
    expect(await pool.candidates(t.db, rule())).toContain(added); // still kept
    now += 10_001;
    expect(await pool.candidates(t.db, rule())).not.toContain(added); // the TTL
  });

  it('does not keep a fill that read the database before a change', async () => {
    const pool = new QuestionPool();
    const reading = pool.candidates(t.db, rule());
    await pool.changed(); // the change lands while the read runs
    await reading;
    const added = await addDirectly('读取期间新增的题');
    expect(await pool.candidates(t.db, rule())).toContain(added);
  });

  it('answers rows with a composite’s parts in order, and leaves out what it cannot find', async () => {
    const pool = new QuestionPool();
    const parent = await addDirectly('组合题干');
    const second = await addDirectly('小题二', parent);
    await t.db.update(elQu).set({ sort: 2 }).where(eq(elQu.id, second));
    const first = await addDirectly('小题一', parent);
    await t.db.update(elQu).set({ sort: 1 }).where(eq(elQu.id, first));
    const rows = await pool.rows(t.db, [parent, 'no-such-question']);
    expect(rows.has('no-such-question')).toBe(false);
    expect(rows.get(parent)?.children.map((c) => c.content)).toEqual(['小题一', '小题二']);
    // Kept: an edit outside the services is not seen until a change is said.
    await t.db.update(elQu).set({ content: '改过的题干' }).where(eq(elQu.id, parent));
    expect((await pool.rows(t.db, [parent])).get(parent)?.row.content).toBe('组合题干');
    await pool.changed();
    expect((await pool.rows(t.db, [parent])).get(parent)?.row.content).toBe('改过的题干');
  });

  it('forgets what the bank’s services change: a saved, an edited and a deleted question', async () => {
    const sample = { ...QU_TEMPLATE_SAMPLES[0], repoIds: [repoId] };
    const saved = await t.call(repoQuSave.path, sample, admin);
    expect(saved.code, saved.msg).toBe(0);
    const id = saved.data.id as string;
    expect(await questionPool.candidates(t.db, rule())).toContain(id);
    expect((await questionPool.rows(t.db, [id])).get(id)?.row.content).toBe(sample.content);
    const edited = await t.call(repoQuSave.path, { ...sample, id, content: '<p>编辑后的题干</p>' }, admin);
    expect(edited.code, edited.msg).toBe(0);
    expect((await questionPool.rows(t.db, [id])).get(id)?.row.content).toContain('编辑后的题干');
    const gone = await t.call(repoQuDelete.path, { ids: [id] }, admin);
    expect(gone.code, gone.msg).toBe(0);
    expect(await questionPool.candidates(t.db, rule())).not.toContain(id);
    expect((await questionPool.rows(t.db, [id])).has(id)).toBe(false);
  });
});

describe.skipIf(!hasRedisServer())('QuestionPool across instances (Redis pub/sub)', () => {
  let redis: TestRedis;
  const pools: QuestionPool[] = [];
  afterAll(async () => {
    for (const p of pools) await p.channel.close();
    await redis?.stop();
  });

  it('a change on one instance drops what the other keeps', async () => {
    redis = await startRedis();
    const one = new QuestionPool();
    const two = new QuestionPool();
    pools.push(one, two);
    await one.channel.attach(await redis.connect());
    await two.channel.attach(await redis.connect());
    await one.candidates(t.db, rule());
    await two.candidates(t.db, rule());
    const added = await addDirectly('另一实例新增的题');
    expect(await two.candidates(t.db, rule())).not.toContain(added);
    await one.changed();
    expect(await one.candidates(t.db, rule())).toContain(added); // at once where it happened
    await expect.poll(async () => (await two.candidates(t.db, rule())).includes(added)).toBe(true);
  });
});
