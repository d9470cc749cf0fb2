/**
 * Statements prepared once per database: the same statement answers each call with its own values,
 * a name is declared once, and a caller holding a transaction reads inside it (never on the pool).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elExam, sysUser } from '../db/schema/index.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../modules/paper/test-fixtures.js';
import { examsForSitting } from '../modules/sitting/exam-port.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { onPool, preparedStatement } from './prepared.js';

const clock = testClock();
let t: TestApp;
let examId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.login('admin', 'admin123');
  const bank: Bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge, bank.fill, bank.short]);
  examId = await saveExam(t, admin, tmplId, clock.ms());
});
afterAll(() => t.close());

const userNameOf = preparedStatement('test_user_name_of', (db, name) =>
  db
    .select({ userName: sysUser.userName })
    .from(sysUser)
    .where(eq(sysUser.userName, sql.placeholder('userName')))
    .prepare(name),
);

describe('prepared statements', () => {
  it('build once per database and answer each call with its values', async () => {
    expect(userNameOf(t.db)).toBe(userNameOf(t.db));
    expect(await userNameOf(t.db).execute({ userName: 'admin' })).toEqual([{ userName: 'admin' }]);
    expect(await userNameOf(t.db).execute({ userName: 'student' })).toEqual([{ userName: 'student' }]);
    expect(await userNameOf(t.db).execute({ userName: 'nobody' })).toEqual([]);
  });

  it('refuse a name declared twice', () => {
    expect(() => preparedStatement('test_user_name_of', (db) => db)).toThrow(/twice/);
  });

  it('leave a transaction to build its own query, which sees what the transaction wrote', async () => {
    const before = (await examsForSitting().settings(t.db, examId))?.leaveLimit;
    expect(onPool(t.db)).toBe(t.db);
    let seenInside: number | undefined;
    const undo = new Error('undo');
    await expect(
      t.db.transaction(async (tx) => {
        expect(onPool(tx)).toBeNull();
        await tx
          .update(elExam)
          .set({ leaveLimit: (before ?? 0) + 7 })
          .where(eq(elExam.id, examId));
        // On the pool this read would not see the uncommitted change (PostgreSQL) or would wait
        // for the transaction to end (PGlite's one connection).
        seenInside = (await examsForSitting().settings(tx, examId))?.leaveLimit;
        throw undo;
      }),
    ).rejects.toBe(undo);
    expect(seenInside).toBe((before ?? 0) + 7);
    // rolled back: the pool's prepared read answers the committed value
    expect((await examsForSitting().settings(t.db, examId))?.leaveLimit).toBe(before);
  });
});
