import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteProxy } from './pglite-proxy.js';

let db: PgliteProxy;
beforeAll(async () => {
  db = await PgliteProxy.create(null);
  await db.query('create table t (id int primary key, v int not null)');
});
afterAll(async () => db.close());

describe('PGlite in a worker', () => {
  it('answers rows in object and array mode', async () => {
    await db.query('insert into t values ($1, $2)', [1, 10]);
    expect((await db.query('select id, v from t where id = $1', [1])).rows).toEqual([{ id: 1, v: 10 }]);
    expect((await db.query('select id, v from t where id = $1', [1], { rowMode: 'array' })).rows).toEqual([[1, 10]]);
  });

  it('keeps the PostgreSQL error code of a failed statement', async () => {
    await expect(db.query('insert into t values (1, 1)')).rejects.toMatchObject({ code: '23505' });
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (2, 20)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.query('select count(*)::int as n from t where id = 2')).rows).toEqual([{ n: 0 }]);
  });

  it('never interleaves another statement inside a transaction', async () => {
    const seen: number[] = [];
    const inTx = db.transaction(async (tx) => {
      await tx.query('update t set v = 100 where id = 1');
      await new Promise((r) => setTimeout(r, 30));
      seen.push(((await tx.query('select v from t where id = 1')).rows[0] as { v: number }).v);
      await tx.query('update t set v = 10 where id = 1');
    });
    // Queued behind the transaction: sees the committed value, not the intermediate 100.
    const outside = db.query('select v from t where id = 1').then((r) => seen.push((r.rows[0] as { v: number }).v));
    await Promise.all([inTx, outside]);
    expect(seen).toEqual([100, 10]);
  });
});
