/**
 * The demo exam with every kind (issue 23; DEMO_DATA=0 leaves it out): 全题型体验考试, a fixed
 * paper of the bank 全题型体验题库 (repo.demo-seed.ts), open to everyone for a year, three tries.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { elExam, elPaperTmpl, elQu, elQuRepo, elRepo } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { ALL_KINDS_BANK } from '../repo/repo.demo-seed.js';

export const ALL_KINDS_EXAM = '全题型体验考试';
const DAY = 86400_000;
/** Score of each kind (a composite scores through its parts' share of its score). */
const SCORES: Record<number, number> = { 1: 10, 2: 10, 3: 10, 4: 15, 5: 10, 6: 15, 7: 10, 99: 20 };

export async function seedDemoExam(tx: Tx, ctx: SeedContext): Promise<void> {
  const [repo] = await tx.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.title, ALL_KINDS_BANK));
  if (!repo) return;
  const qus = await tx
    .select({ id: elQu.id, type: elQu.type })
    .from(elQu)
    .innerJoin(elQuRepo, eq(elQuRepo.quId, elQu.id))
    .where(and(eq(elQuRepo.repoId, repo.id), isNull(elQu.parentId), isNull(elQu.deletedAt)))
    .orderBy(asc(elQuRepo.sort), asc(elQu.createdAt), asc(elQu.id));
  const items = qus.map((q) => ({ quId: q.id, score: SCORES[q.type] ?? 10 }));
  const total = items.reduce((s, i) => s + i.score, 0);
  const [tmpl] = await tx
    .insert(elPaperTmpl)
    .values({
      title: '全题型体验试卷',
      kind: 1,
      remark: '演示：每种题型一道，含匹配、排序和带匹配小题的组合题',
      sections: [{ title: '全部题型', items }],
      totalScore: total,
      quCount: items.length,
    })
    .returning({ id: elPaperTmpl.id });
  await tx.insert(elExam).values({
    title: ALL_KINDS_EXAM,
    content: '体验平台支持的全部题型：单选、多选、判断、填空、简答、匹配、排序与组合题。限时30分钟，每人3次机会。',
    tmplId: tmpl.id,
    openType: 1,
    startTime: new Date(ctx.now.getTime() - 60_000),
    endTime: new Date(ctx.now.getTime() + 365 * DAY),
    duration: 30,
    passScore: Math.round(total * 0.6),
    tryLimit: 3,
    resultShow: 2,
    multiPolicy: 1,
    state: 1,
  });
}
