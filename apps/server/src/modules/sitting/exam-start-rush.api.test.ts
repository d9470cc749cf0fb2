/**
 * The 09:00 rush: many learners entering at once each get one whole paper, at most
 * PAPER_BUILDS_AT_ONCE papers are built at once, and the set-based insert of the paper's questions
 * keeps every field of the question exactly (quotes, backslashes, line breaks, emoji, no analysis).
 */
import { randomBytes } from 'node:crypto';
import { paperPaperCreate } from '@exam/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaperQu, elQu, sysRole, sysToken, sysUser, sysUserRole } from '../../db/schema/index.js';
import { hashToken } from '../../platform/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { questionPoolChanged } from '../repo/question-pool.js';
import { PAPER_BUILDS_AT_ONCE, paperBuildLoad } from './start.js';

const LEARNERS = PAPER_BUILDS_AT_ONCE * 3;
const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
});
afterAll(async () => t.close());

async function learners(count: number): Promise<string[]> {
  const [role] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
  const prefix = randomBytes(3).toString('hex');
  const users = await t.db
    .insert(sysUser)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userName: `rush${prefix}${i}`,
        realName: `考生${i}`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values(users.map((u) => ({ userId: u.id, roleId: role.id })));
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await t.db.insert(sysToken).values(
    users.map((u, i) => ({
      tokenHash: hashToken(tokens[i]),
      userId: u.id,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  );
  return tokens;
}

describe('the start rush', () => {
  it(`${LEARNERS} learners entering at once each get one whole paper, never more than ${PAPER_BUILDS_AT_ONCE} built at once`, async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge, bank.comp]);
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    const tokens = await learners(LEARNERS);
    let most = 0;
    let waited = 0;
    const watch = setInterval(() => {
      const load = paperBuildLoad();
      most = Math.max(most, load.active);
      waited = Math.max(waited, load.waiting);
    }, 0);
    const created = await Promise.all(tokens.map((token) => t.call(paperPaperCreate.path, { examId }, token)));
    clearInterval(watch);
    for (const c of created) expect(c.code, c.msg).toBe(0);
    const paperIds = created.map((c) => (c.data as { paperId: string }).paperId);
    expect(new Set(paperIds).size).toBe(LEARNERS);
    expect(most).toBeLessThanOrEqual(PAPER_BUILDS_AT_ONCE);
    expect(most).toBeGreaterThan(0);
    const rows = await t.db
      .select({ paperId: elPaperQu.paperId })
      .from(elPaperQu)
      .where(inArray(elPaperQu.paperId, paperIds));
    const perPaper = new Map<string, number>();
    for (const r of rows) perPaper.set(r.paperId, (perPaper.get(r.paperId) ?? 0) + 1);
    const expected = perPaper.get(paperIds[0]) ?? 0;
    expect(expected).toBeGreaterThan(4); // the composite's parts are rows of their own
    expect([...perPaper.values()].every((n) => n === expected)).toBe(true);
    expect(perPaper.size).toBe(LEARNERS);
    expect(paperBuildLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it('copies every field of a question into the paper exactly', async () => {
    const content = 'He said "hi" \\ and \'bye\'\n第二行\t制表 😀 {"k": [1]}';
    const options = [
      { key: 'A', content: '带"引号"的\\选项', isRight: false },
      { key: 'B', content: '正确 ✓\n换行', isRight: true },
    ];
    await t.db.update(elQu).set({ content, options, analysis: null }).where(eq(elQu.id, bank.single));
    // Written past the bank's services, which would say so themselves: the pool keeps the old row.
    await questionPoolChanged();
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.comp, bank.multi, bank.judge, bank.short], 7.5);
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    const [token] = await learners(1);
    const created = await t.call(paperPaperCreate.path, { examId }, token);
    expect(created.code, created.msg).toBe(0);
    const paperId = (created.data as { paperId: string }).paperId;
    const rows = await t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId)).orderBy(asc(elPaperQu.sort));
    const single = rows.find((r) => r.quId === bank.single);
    expect(single).toMatchObject({ content, options, analysis: null, score: 7.5, type: 1, parentQuId: null });
    expect(single?.refAnswer).toEqual({});
    const kids = await t.db
      .select()
      .from(elQu)
      .where(and(eq(elQu.parentId, bank.comp)));
    const childRows = rows.filter((r) => r.parentQuId === bank.comp);
    expect(childRows.map((r) => r.quId).sort()).toEqual(kids.map((k) => k.id).sort());
    for (const row of childRows) {
      const source = kids.find((k) => k.id === row.quId);
      expect(row.content).toBe(source?.content);
      expect(row.analysis).toBe(source?.analysis ?? null);
    }
    expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.every((r) => r.answer === null && r.seq === 0 && r.markState === 0 && r.flagged === false)).toBe(true);
  });
});
