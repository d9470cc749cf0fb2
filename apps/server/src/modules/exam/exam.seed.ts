/**
 * Demo papers and exams: a rule paper drawn from the demo banks, a published public exam open
 * for a year from seeding, and a department exam for 技术部 (D001D001 and below). Runs after the
 * repo seeder; without banks it adds a small bank of its own.
 */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elExam, elPaperTmpl, elQu, elQuRepo, elRepo } from '../../db/schema/index.js';
import type { RuleSection } from '../../db/schema/paper.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';

const DAY = 86400_000;

async function ownBank(tx: Tx): Promise<string> {
  const [repo] = await tx.insert(elRepo).values({ title: '考试演示题库' }).returning({ id: elRepo.id });
  const opts = (right: string) =>
    ['A', 'B', 'C', 'D'].map((key, i) => ({
      key,
      content: ['北京', '上海', '广州', '深圳'][i],
      isRight: key === right,
    }));
  const qus = [
    { type: 1, content: '中华人民共和国的首都是？', options: opts('A') },
    { type: 1, content: '我国的经济中心城市通常指？', options: opts('B') },
    {
      type: 3,
      content: '考试期间可以随意切换页面。',
      options: [
        { key: 'A', content: '正确', isRight: false },
        { key: 'B', content: '错误', isRight: true },
      ],
    },
  ];
  for (const q of qus) {
    const [row] = await tx.insert(elQu).values(q).returning({ id: elQu.id });
    await tx.insert(elQuRepo).values({ quId: row.id, repoId: repo.id });
  }
  return repo.id;
}

const PLAN: { type: number; count: number; score: number }[] = [
  { type: 1, count: 5, score: 4 },
  { type: 2, count: 3, score: 6 },
  { type: 3, count: 5, score: 2 },
  { type: 5, count: 2, score: 5 },
  { type: 4, count: 1, score: 12 },
];

export async function seedExam(tx: Tx, ctx: SeedContext): Promise<void> {
  let repoIds = (await tx.select({ id: elRepo.id }).from(elRepo).where(isNull(elRepo.deletedAt))).map((r) => r.id);
  if (repoIds.length === 0) repoIds = [await ownBank(tx)];
  const counts = await tx
    .select({ type: elQu.type, n: sql<number>`count(distinct ${elQu.id})`.mapWith(Number) })
    .from(elQu)
    .innerJoin(elQuRepo, eq(elQuRepo.quId, elQu.id))
    .where(and(isNull(elQu.parentId), isNull(elQu.deletedAt), inArray(elQuRepo.repoId, repoIds)))
    .groupBy(elQu.type);
  const available = new Map(counts.map((c) => [c.type, c.n]));
  const rules: RuleSection[] = PLAN.filter((p) => (available.get(p.type) ?? 0) > 0).map((p) => ({
    title: QUESTION_TYPE_LABELS[p.type],
    repoIds,
    quType: p.type,
    level: 0,
    count: Math.min(p.count, available.get(p.type) ?? 0),
    score: p.score,
  }));
  const total = rules.reduce((s, r) => s + r.count * r.score, 0);
  const [ruleTmpl] = await tx
    .insert(elPaperTmpl)
    .values({
      title: '综合知识随机试卷',
      kind: 2,
      remark: '演示：按规则从题库随机抽题，每次考试重新抽取',
      sections: rules,
      totalScore: total,
      quCount: rules.reduce((s, r) => s + r.count, 0),
    })
    .returning({ id: elPaperTmpl.id });

  const picked = await tx
    .select({ id: elQu.id })
    .from(elQu)
    .innerJoin(elQuRepo, eq(elQuRepo.quId, elQu.id))
    .where(
      and(isNull(elQu.parentId), isNull(elQu.deletedAt), inArray(elQuRepo.repoId, repoIds), inArray(elQu.type, [1, 3])),
    )
    .orderBy(asc(elQu.id))
    .limit(10);
  const [fixedTmpl] = await tx
    .insert(elPaperTmpl)
    .values({
      title: '技术部基础测验（固定试卷）',
      kind: 1,
      sections: [{ title: '客观题', items: picked.map((q) => ({ quId: q.id, score: 10 })) }],
      totalScore: picked.length * 10,
      quCount: picked.length,
    })
    .returning({ id: elPaperTmpl.id });

  const start = new Date(ctx.now.getTime() - 60_000);
  const end = new Date(ctx.now.getTime() + 365 * DAY);
  await tx.insert(elExam).values([
    {
      title: '年度综合知识考试',
      content: '本考试面向全体员工，限时30分钟，可多次参加，取最高分。交卷后可查看成绩和答案。',
      tmplId: ruleTmpl.id,
      openType: 1,
      startTime: start,
      endTime: end,
      duration: 30,
      passScore: Math.round(total * 0.6),
      tryLimit: 0,
      resultShow: 2,
      reviewAfter: 1,
      shuffleOpt: true,
      kindSettings: { 2: { policy: 1 } },
      state: 1,
    },
    {
      title: '技术部基础测验',
      content: '仅技术部（含下属部门）人员参加，限时20分钟，每人3次机会；离开页面超过3次将强制交卷。',
      tmplId: fixedTmpl.id,
      openType: 2,
      deptIds: [ctx.deptIds.get('D001D001') as string],
      startTime: start,
      endTime: end,
      duration: 20,
      passScore: Math.round(picked.length * 10 * 0.6),
      tryLimit: 3,
      leaveLimit: 3,
      shuffleQu: true,
      resultShow: 1,
      state: 1,
    },
  ]);
}
