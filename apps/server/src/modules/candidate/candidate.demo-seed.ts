/**
 * The demo recruitment exam (DEMO_DATA=0 leaves it out): 2026 春季校园招聘笔试, on the paper of
 * 技术部基础测验, open to outside candidates by its link (公开链接 in 考试管理) for a month, no
 * learner of the organisation in its audience; two demo candidates have sat it, one passed, one
 * not, handed in through the sitting's hand-in like a learner's paper.
 */
import { HandKind, PaperState } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elCandidate, elExam, elExamOpenLink, elPaper, elPaperQu, elPaperTmpl } from '../../db/schema/index.js';
import type { TmplSection } from '../../db/schema/paper.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { buildPaperQuestions } from '../paper/paper-build.js';
import { handInTx } from '../sitting/hand-in.js';
import { newLinkToken } from './link.service.js';

export const CANDIDATE_EXAM = '2026 春季校园招聘笔试';
const DAY = 86400_000;

export const DEMO_CANDIDATES = [
  { name: '陈晓', mobile: '13700000001', company: '华东理工大学', right: 9 },
  { name: '林一帆', mobile: '13700000002', company: '浙江工业大学', right: 3 },
];

export async function seedDemoCandidates(tx: Tx, ctx: SeedContext): Promise<void> {
  const [base] = await tx.select().from(elExam).where(eq(elExam.title, '技术部基础测验'));
  if (!base) return;
  const [tmpl] = await tx.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, base.tmplId));
  const [exam] = await tx
    .insert(elExam)
    .values({
      title: CANDIDATE_EXAM,
      content: '面向2026届应届毕业生的技术岗位笔试，限时20分钟，请在安静环境中独立作答。',
      tmplId: base.tmplId,
      // Named people, none named: no learner of the organisation sees it; candidates come by the link.
      openType: 3,
      userIds: [],
      startTime: new Date(ctx.now.getTime() - DAY),
      endTime: new Date(ctx.now.getTime() + 30 * DAY),
      duration: 20,
      passScore: base.passScore,
      tryLimit: 1,
      resultShow: 1,
      reviewAfter: 3,
      fullScreen: true,
      state: 1,
    })
    .returning();
  await tx.insert(elExamOpenLink).values({
    examId: exam.id,
    token: newLinkToken(),
    enabled: true,
    fields: {
      name: 2,
      mobile: 2,
      idNumber: 0,
      company: 2,
      custom: [
        {
          key: 'post',
          label: '应聘岗位',
          required: true,
          pattern: null,
          hint: null,
          options: ['前端开发', '后端开发', '测试'],
        },
      ],
    },
    smsVerify: false,
    limits: { onePer: 'mobile', cap: 500, invited: [] },
    retentionDays: 180,
    consentText: '所填信息仅用于本次招聘考试的身份核验、成绩通知与面试安排，考试结束180天后删除。',
  });
  for (const [i, c] of DEMO_CANDIDATES.entries()) {
    const start = new Date(ctx.now.getTime() - (2 - i) * 3_600_000);
    const [candidate] = await tx
      .insert(elCandidate)
      .values({
        examId: exam.id,
        name: c.name,
        mobile: c.mobile,
        company: c.company,
        custom: { post: i === 0 ? '前端开发' : '后端开发' },
        dedupeKey: `m:${c.mobile}`,
        status: 1,
        ip: '203.0.113.10',
        consentAt: start,
        createdAt: start,
      })
      .returning({ id: elCandidate.id });
    const questions = await buildPaperQuestions(tx, tmpl.sections as TmplSection[], {
      shuffleQu: false,
      shuffleOpt: false,
    });
    const total = questions.filter((q) => !q.parentQuId).reduce((sum, q) => sum + q.score, 0);
    const [paper] = await tx
      .insert(elPaper)
      .values({
        examId: exam.id,
        userId: candidate.id,
        deptId: null,
        title: exam.title,
        state: PaperState.IN_EXAM,
        startTime: start,
        deadline: new Date(start.getTime() + exam.duration * 60_000),
        totalScore: total,
        passScore: exam.passScore,
      })
      .returning({ id: elPaper.id });
    await tx.insert(elPaperQu).values(
      questions.map((q, n) => ({
        ...q,
        paperId: paper.id,
        answer: n < c.right ? q.options.find((o) => o.isRight)?.key : q.options.find((o) => !o.isRight)?.key,
        answeredAt: new Date(start.getTime() + (n + 1) * 60_000),
        seq: 1,
      })),
    );
    await handInTx(tx, paper.id, new Date(start.getTime() + 15 * 60_000), HandKind.LEARNER);
    await tx.update(elCandidate).set({ paperId: paper.id }).where(eq(elCandidate.id, candidate.id));
  }
}
