/**
 * The demo exam with every kind (DEMO_DATA=0 leaves it out): 全题型体验考试, a fixed
 * paper of the bank 全题型体验题库 (repo.demo-seed.ts), open to everyone for a year, three tries.
 */
import { HandKind, PaperState, QuestionType } from '@exam/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  elExam,
  elPaper,
  elPaperQu,
  elPaperTmpl,
  elQu,
  elQuRepo,
  elRepo,
  sysUser,
  sysUserRole,
} from '../../db/schema/index.js';
import type { TmplSection } from '../../db/schema/paper.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { hashPassword } from '../../platform/password.js';
import { buildPaperQuestions } from '../paper/paper-build.js';
import { ALL_KINDS_BANK } from '../repo/repo.demo-seed.js';
import { handInTx } from '../sitting/hand-in.js';
import { seedDemoBlueprint } from './blueprint.demo-seed.js';

export const ALL_KINDS_EXAM = '全题型体验考试';
const DAY = 86400_000;
/** Score of each kind (a composite scores through its parts' share of its score). */
const SCORES: Record<number, number> = { 1: 10, 2: 10, 3: 10, 4: 15, 5: 10, 6: 15, 7: 10, 99: 20 };

/** The demo learners' password, printed in the start-up banner with their names. */
export const DEMO_LEARNER_PASSWORD = 'student123';

/** Demo learners with finished papers (the shared demo accounts keep theirs empty for the tests). */
export const RESULT_LEARNERS = [
  { userName: 'zhaoliu', realName: '赵六', dept: 'D001D001', right: 9 },
  { userName: 'sunqi', realName: '孙七', dept: 'D001D001D001', right: 7 },
  { userName: 'zhouba', realName: '周八', dept: 'D001D001', right: 4 },
];

/**
 * Finished papers of 技术部基础测验 (objective, so marked at hand-in) for three demo learners, so
 * that results, reports and charts show something. Handed in through the paper
 * module's hand-in, whose events (records, certificates) the dispatcher delivers after start.
 */
async function seedDemoResults(tx: Tx, ctx: SeedContext): Promise<void> {
  const [exam] = await tx.select().from(elExam).where(eq(elExam.title, '技术部基础测验'));
  if (!exam) return;
  const [tmpl] = await tx.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, exam.tmplId));
  const [role] = await tx
    .select({ roleId: sysUserRole.roleId })
    .from(sysUserRole)
    .where(eq(sysUserRole.userId, ctx.userIds.get('student') ?? ''));
  const hash = await hashPassword(DEMO_LEARNER_PASSWORD);
  for (const [i, learner] of RESULT_LEARNERS.entries()) {
    const [user] = await tx
      .insert(sysUser)
      .values({
        userName: learner.userName,
        realName: learner.realName,
        passwordHash: hash,
        deptId: ctx.deptIds.get(learner.dept),
        mobile: `1390000${String(i + 1).padStart(4, '0')}`,
      })
      .returning({ id: sysUser.id, deptId: sysUser.deptId });
    if (role) await tx.insert(sysUserRole).values({ userId: user.id, roleId: role.roleId });
    const questions = await buildPaperQuestions(tx, tmpl.sections as TmplSection[], {
      shuffleQu: false,
      shuffleOpt: false,
    });
    const start = new Date(ctx.now.getTime() - (3 - i) * 3_600_000);
    const total = questions.filter((q) => !q.parentQuId).reduce((sum, q) => sum + q.score, 0);
    const [paper] = await tx
      .insert(elPaper)
      .values({
        examId: exam.id,
        userId: user.id,
        deptId: user.deptId,
        title: exam.title,
        state: PaperState.IN_EXAM,
        startTime: start,
        deadline: new Date(start.getTime() + exam.duration * 60_000),
        totalScore: total,
        passScore: exam.passScore,
      })
      .returning({ id: elPaper.id });
    await tx.insert(elPaperQu).values(
      questions.map((q, n) => {
        const right = q.options.find((o) => o.isRight)?.key;
        const wrong = q.options.find((o) => !o.isRight)?.key;
        return {
          ...q,
          paperId: paper.id,
          answer: n < learner.right ? right : wrong,
          answeredAt: new Date(start.getTime() + (n + 1) * 60_000),
          seq: 1,
        };
      }),
    );
    await handInTx(tx, paper.id, new Date(start.getTime() + 12 * 60_000), HandKind.LEARNER);
  }
}

export async function seedDemoExam(tx: Tx, ctx: SeedContext): Promise<void> {
  await seedDemoResults(tx, ctx);
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
  const [exam] = await tx
    .insert(elExam)
    .values({
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
      // A trial of every kind: answers and analysis right after each hand-in (the default keeps them
      // until the last attempt by default, which would leave a newcomer's 错题本 empty).
      reviewAfter: 1,
      kindSettings: { 2: { policy: 1 } },
      state: 1,
    })
    .returning();
  await seedDemoAwaitingMark(tx, exam);
  await seedDemoBlueprint(tx, ctx);
}

/**
 * One paper of the exam with every kind waiting to be marked (周八 answered the short answer only),
 * so that 阅卷 and the administrator's home show a paper to mark on a fresh start.
 */
async function seedDemoAwaitingMark(tx: Tx, exam: typeof elExam.$inferSelect): Promise<void> {
  const [user] = await tx
    .select({ id: sysUser.id, deptId: sysUser.deptId })
    .from(sysUser)
    .where(eq(sysUser.userName, AWAITING_MARK_LEARNER));
  const [tmpl] = await tx.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, exam.tmplId));
  if (!user || !tmpl) return;
  const questions = await buildPaperQuestions(tx, tmpl.sections as TmplSection[], {
    shuffleQu: false,
    shuffleOpt: false,
  });
  const start = new Date(exam.startTime.getTime() + 30_000);
  const [paper] = await tx
    .insert(elPaper)
    .values({
      examId: exam.id,
      userId: user.id,
      deptId: user.deptId,
      title: exam.title,
      state: PaperState.IN_EXAM,
      startTime: start,
      deadline: new Date(start.getTime() + exam.duration * 60_000),
      totalScore: tmpl.totalScore,
      passScore: exam.passScore,
    })
    .returning({ id: elPaper.id });
  await tx.insert(elPaperQu).values(
    questions.map((q) => ({
      ...q,
      paperId: paper.id,
      answer: q.type === QuestionType.SHORT_ANSWER ? DEMO_SHORT_ANSWER : null,
      answeredAt: q.type === QuestionType.SHORT_ANSWER ? start : null,
      seq: q.type === QuestionType.SHORT_ANSWER ? 1 : 0,
    })),
  );
  await handInTx(tx, paper.id, new Date(start.getTime() + 60_000), HandKind.LEARNER);
}

const AWAITING_MARK_LEARNER = 'zhouba';
const DEMO_SHORT_ANSWER = '先报警，用湿毛巾捂住口鼻，低姿沿楼梯往下走。';
