/**
 * The demo blueprint paper (智能组卷) and its exam: 安全生产蓝图试卷 over 安全生产知识题库, cells of
 * kind × knowledge point × band sized from what the bank holds (so that the blueprint is met
 * whatever the demo bank becomes), two parallel forms A/B when the bank allows them, and the exam
 * 安全生产蓝图考试 open to everyone for a year.
 */
import { eq } from 'drizzle-orm';
import { elExam, elPaperTmpl, elRepo } from '../../db/schema/index.js';
import type { BlueprintCell, BlueprintSection } from '../../db/schema/paper.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { assignCells } from '../paper/blueprint.js';
import { generateForms } from '../paper/blueprint.service.js';
import { blueprintPoints, flatCells, readPool } from '../paper/blueprint-pool.js';

export const BLUEPRINT_TMPL = '安全生产蓝图试卷';
export const BLUEPRINT_EXAM = '安全生产蓝图考试';
const SAFETY_BANK = '安全生产知识题库';
const DAY = 86400_000;

/** Sizes each candidate cell to about 60 % of what falls under it, drops the empty ones, and checks the whole. */
async function sized(tx: Tx, repoId: string, candidates: Omit<BlueprintCell, 'count'>[]): Promise<BlueprintCell[]> {
  const probe: BlueprintSection = {
    title: 'probe',
    repoIds: [repoId],
    cells: candidates.map((c) => ({ ...c, count: 1 })),
  };
  const cells = flatCells([probe]);
  const pool = await readPool(tx, cells);
  const available = assignCells(cells, pool).available;
  let out = candidates.map((c, i) => ({ ...c, count: Math.floor(available[i] * 0.6) })).filter((c) => c.count > 0);
  // Shared questions can make the sized cells too many together: shrink the short ones until met.
  for (let round = 0; round < 10; round++) {
    const flat = flatCells([{ title: 'x', repoIds: [repoId], cells: out }]);
    const a = assignCells(flat, await readPool(tx, flat));
    if (a.short.every((s) => s === 0)) return out;
    out = out.map((c, i) => ({ ...c, count: c.count - a.short[i] })).filter((c) => c.count > 0);
  }
  return out;
}

export async function seedDemoBlueprint(tx: Tx, ctx: SeedContext): Promise<void> {
  const [repo] = await tx.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.title, SAFETY_BANK));
  if (!repo) return;
  // The roots of the knowledge tree when the bank's questions are tagged; kind × band otherwise.
  const roots = (await blueprintPoints(tx)).filter((p) => p.depth === 0).slice(0, 4);
  const points: (string | null)[] = roots.length ? roots.map((p) => p.id) : [null];
  const singles = await sized(
    tx,
    repo.id,
    points.flatMap((kpId) =>
      (['medium', 'hard'] as const).map((band) => ({ quType: 1, kpId, band, score: band === 'hard' ? 3 : 2 })),
    ),
  );
  const others = await sized(tx, repo.id, [
    { quType: 2, kpId: null, band: 'any', score: 4 },
    { quType: 3, kpId: null, band: 'any', score: 1 },
  ]);
  const sections: BlueprintSection[] = [
    { title: '一、单选题（按知识点与难度）', repoIds: [repo.id], cells: singles },
    { title: '二、多选与判断', repoIds: [repo.id], cells: others },
  ].filter((s) => s.cells.length > 0);
  if (sections.length === 0) return;
  const cells = sections.flatMap((s) => s.cells);
  const total = cells.reduce((n, c) => n + c.count * c.score, 0);
  const [tmpl] = await tx
    .insert(elPaperTmpl)
    .values({
      title: BLUEPRINT_TMPL,
      kind: 2,
      remark: '演示：按题型 × 知识点 × 难度组卷，并生成 A/B 两套平行试卷',
      sections,
      totalScore: total,
      quCount: cells.reduce((n, c) => n + c.count, 0),
    })
    .returning({ id: elPaperTmpl.id });
  try {
    await generateForms(tx, tmpl.id, 2, 0.5);
  } catch (err) {
    // A bank too small for two forms half apart keeps the per-learner draw.
    if (!(err instanceof AppError)) throw err;
  }
  await tx.insert(elExam).values({
    title: BLUEPRINT_EXAM,
    content: '按组卷蓝图抽题：每位考生的试卷题型、知识点与难度分布相同（A/B 卷）。限时30分钟，每人2次机会。',
    tmplId: tmpl.id,
    openType: 1,
    startTime: new Date(ctx.now.getTime() - 60_000),
    endTime: new Date(ctx.now.getTime() + 365 * DAY),
    duration: 30,
    passScore: Math.round(total * 0.6),
    tryLimit: 2,
    resultShow: 2,
    reviewAfter: 1,
    state: 1,
  });
}
