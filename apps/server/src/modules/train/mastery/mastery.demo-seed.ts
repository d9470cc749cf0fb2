/**
 * Demo mastery: the demo learners of several departments practised the demo banks three times
 * over the last two months (improving, steady or weak by learner), so 知识点掌握度's heat map and
 * each learner's "points to work on" show something on a fresh install. The questions keep the
 * knowledge points the bank demo gave them; on a site without any point yet a small tree is made
 * for the demo banks. Statistics and mastery are computed by the same functions the events call.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  elKnowledgePoint,
  elQu,
  elQuKnowledge,
  elQuRepo,
  elRepo,
  elTrain,
  elTrainQu,
} from '../../../db/schema/index.js';
import type { SeedContext } from '../../../db/seed/context.js';
import type { Tx } from '../../../platform/db.js';
import { ALL_KINDS_BANK, MATH_BANK } from '../../repo/repo.demo-seed.js';
import { recomputeQuStats } from '../qu-stats-consumer.js';
import { recomputeMastery } from './mastery-record.js';

/** Per learner: out of 10, how many answers were right in each of the three rounds (oldest first). */
const LEARNERS: { userName: string; rounds: [number, number, number] }[] = [
  { userName: 'student', rounds: [3, 5, 8] },
  { userName: 'lisi', rounds: [3, 4, 4] },
  { userName: 'wangwu', rounds: [7, 8, 9] },
  { userName: 'zhaoliu', rounds: [5, 5, 6] },
];
/** Days before now of the three rounds, and which bank each practised. */
const ROUNDS = [
  { daysAgo: 50, bank: MATH_BANK },
  { daysAgo: 25, bank: ALL_KINDS_BANK },
  { daysAgo: 3, bank: MATH_BANK },
];
const FALLBACK_TREE = [
  { title: '数学基础', children: ['代数运算', '公式应用'] },
  { title: '题型综合', children: ['客观判断', '综合分析'] },
];
const DAY = 86_400_000;

type Choice = { id: string; type: number; options: { key: string; isRight: boolean }[] };

/** Makes the small tree and tags the banks' questions in turn, when the site has no point at all. */
async function fallbackTree(tx: Tx, byBank: Map<string, Choice[]>, userId: string | undefined) {
  const [any] = await tx.select({ id: elKnowledgePoint.id }).from(elKnowledgePoint).limit(1);
  if (any) return;
  const leaves: string[][] = [];
  for (const [i, root] of FALLBACK_TREE.entries()) {
    const [r] = await tx
      .insert(elKnowledgePoint)
      .values({ title: root.title, sort: i, path: '/', createdBy: userId })
      .returning({ id: elKnowledgePoint.id });
    await tx
      .update(elKnowledgePoint)
      .set({ path: `/${r.id}/` })
      .where(eq(elKnowledgePoint.id, r.id));
    const ids: string[] = [];
    for (const [j, title] of root.children.entries()) {
      const [c] = await tx
        .insert(elKnowledgePoint)
        .values({ title, parentId: r.id, sort: j, path: '/', createdBy: userId })
        .returning({ id: elKnowledgePoint.id });
      await tx
        .update(elKnowledgePoint)
        .set({ path: `/${r.id}/${c.id}/` })
        .where(eq(elKnowledgePoint.id, c.id));
      ids.push(c.id);
    }
    leaves.push(ids);
  }
  const tags = [...byBank.values()].flatMap((qs, b) =>
    qs.map((q, i) => ({ quId: q.id, kpId: leaves[b % leaves.length][i % 2] })),
  );
  if (tags.length) await tx.insert(elQuKnowledge).values(tags).onConflictDoNothing();
}

export async function seedDemoMastery(tx: Tx, ctx: SeedContext): Promise<void> {
  const banks = await tx
    .select({ id: elRepo.id, title: elRepo.title })
    .from(elRepo)
    .where(inArray(elRepo.title, [MATH_BANK, ALL_KINDS_BANK]));
  const byBank = new Map<string, Choice[]>();
  for (const b of banks) {
    const qs = await tx
      .select({ id: elQu.id, type: elQu.type, options: elQu.options })
      .from(elQu)
      .innerJoin(elQuRepo, eq(elQuRepo.quId, elQu.id))
      .where(and(eq(elQuRepo.repoId, b.id), isNull(elQu.parentId), isNull(elQu.deletedAt)))
      .orderBy(asc(elQuRepo.sort), asc(elQu.createdAt), asc(elQu.id));
    byBank.set(
      b.title,
      qs.filter((q) => q.options.some((o) => o.isRight) && q.options.some((o) => !o.isRight)),
    );
  }
  if (![...byBank.values()].some((qs) => qs.length)) return;
  await fallbackTree(tx, byBank, ctx.userIds.get('admin'));
  const bankId = new Map(banks.map((b) => [b.title, b.id]));
  const touched = new Set<string>();
  for (const [li, learner] of LEARNERS.entries()) {
    const userId = ctx.userIds.get(learner.userName);
    if (!userId) continue;
    for (const [si, round] of ROUNDS.entries()) {
      const qs = byBank.get(round.bank) ?? [];
      if (qs.length === 0) continue;
      const at = new Date(ctx.now.getTime() - round.daysAgo * DAY);
      const rows = qs.map((q, qi) => {
        const right = (qi * 7 + li * 3 + si) % 10 < learner.rounds[si];
        const key = q.options.find((o) => o.isRight === right)?.key ?? null;
        touched.add(q.id);
        return {
          quId: q.id,
          type: q.type,
          sort: qi,
          answer: q.type === 2 ? [key] : key,
          isRight: right,
          score: right ? 1 : 0,
        };
      });
      const rightCount = rows.filter((r) => r.isRight).length;
      const [train] = await tx
        .insert(elTrain)
        .values({
          userId,
          repoId: bankId.get(round.bank) as string,
          mode: 2,
          total: rows.length,
          answered: rows.length,
          rightCount,
          wrongCount: rows.length - rightCount,
          usedSeconds: rows.length * 40,
          lastActiveAt: at,
          state: 1,
          startedAt: new Date(at.getTime() - rows.length * 40_000),
          finishedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: elTrain.id });
      await tx.insert(elTrainQu).values(rows.map((r) => ({ ...r, trainId: train.id, answeredAt: at })));
    }
    await recomputeMastery(tx, userId, [...touched], ctx.now);
  }
  await recomputeQuStats(tx, [...touched], ctx.now);
}
