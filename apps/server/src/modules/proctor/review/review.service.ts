/**
 * The review after the exam (复核): the attempts of proctored exams with a risk or a flag, in the
 * reviewer's data scope (as the exam's results are), and the reviewer's decision. Decision 3 voids
 * the paper through the exam module's void (the same lifecycle as the invigilator's void, with the
 * reason); a second review replaces the first, and the replaced one is kept as a timeline event.
 */
import {
  ProctorFlag,
  ProctorMode,
  REVIEW_DECISION_LABELS,
  ReviewDecision,
  type TReviewQueueRow,
} from '@exam/contracts';
import { and, desc, eq, exists, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  elExam,
  elProctorEvent,
  elProctorReview,
  elProctorRoom,
  elProctorSnapshot,
  sysDepart,
  sysUser,
} from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { AppDeps } from '../../../platform/deps.js';
import { badParams, notFound } from '../../../platform/errors.js';
import { page } from '../../../platform/paging.js';
import { voidByInvigilator } from '../../exam/invigilate/invigilate-actions.js';
import { attemptById } from '../../sitting/reads/invigilation.js';
import { paperInScope } from '../../sitting/reads/results.js';
import { userScope } from '../../system/data-scope.js';
import { addEvents, flagCounts, proctorExam } from '../room/proctor-state.js';
import { riskOf } from '../room/risk-rules.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function reviewPaging(
  deps: Deps,
  admin: AuthUser,
  body: {
    current: number;
    size: number;
    params: { examId?: string | null; reviewed?: boolean | null; minRisk?: number | null };
  },
) {
  const { db } = deps;
  const p = body.params ?? {};
  const reviewer = alias(sysUser, 'reviewer');
  const flagged = exists(
    db
      .select({ one: sql`1` })
      .from(elProctorEvent)
      .where(and(eq(elProctorEvent.paperId, elProctorRoom.paperId), inArray(elProctorEvent.kind, [...ProctorFlag]))),
  );
  const where: SQL[] = [
    or(sql`${elProctorRoom.risk} > 0`, flagged) as SQL,
    userScope(admin, elProctorRoom.userId),
    isNull(elExam.deletedAt),
  ];
  if (p.examId) where.push(eq(elProctorRoom.examId, p.examId));
  if (p.reviewed === true) where.push(isNotNull(elProctorReview.paperId));
  if (p.reviewed === false) where.push(isNull(elProctorReview.paperId));
  if (p.minRisk != null) where.push(gte(elProctorRoom.risk, p.minRisk));
  const cond = and(...where);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(elProctorRoom)
    .innerJoin(elExam, eq(elExam.id, elProctorRoom.examId))
    .leftJoin(elProctorReview, eq(elProctorReview.paperId, elProctorRoom.paperId))
    .where(cond);
  const rows = await db
    .select({
      paperId: elProctorRoom.paperId,
      examId: elProctorRoom.examId,
      examTitle: elExam.title,
      userId: elProctorRoom.userId,
      realName: sysUser.realName,
      deptName: sysDepart.name,
      risk: elProctorRoom.risk,
      snapshots: sql<number>`(select count(*) from ${elProctorSnapshot} s where s.paper_id = ${elProctorRoom.paperId})`,
      decision: elProctorReview.decision,
      reviewer: reviewer.realName,
      reviewedAt: elProctorReview.createdAt,
    })
    .from(elProctorRoom)
    .innerJoin(elExam, eq(elExam.id, elProctorRoom.examId))
    .leftJoin(sysUser, eq(sysUser.id, elProctorRoom.userId))
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .leftJoin(elProctorReview, eq(elProctorReview.paperId, elProctorRoom.paperId))
    .leftJoin(reviewer, eq(reviewer.id, elProctorReview.reviewerId))
    .where(cond)
    .orderBy(desc(elProctorRoom.risk), desc(elProctorRoom.updatedAt))
    .limit(body.size)
    .offset((body.current - 1) * body.size);
  const counts = await flagCounts(
    db,
    rows.map((r) => r.paperId),
  );
  const records: TReviewQueueRow[] = rows.map((r) => ({
    paperId: r.paperId,
    examId: r.examId,
    examTitle: r.examTitle,
    userId: r.userId,
    realName: r.realName ?? '',
    deptName: r.deptName ?? null,
    risk: r.risk,
    reasons: riskOf(counts.get(r.paperId) ?? {}).reasons,
    snapshots: Number(r.snapshots),
    decision: r.decision ?? null,
    decisionLabel: r.decision == null ? null : (REVIEW_DECISION_LABELS[r.decision] ?? null),
    reviewer: r.reviewer ?? null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  }));
  return page(records, Number(n), body.current, body.size);
}

export async function saveReview(
  deps: Deps,
  admin: AuthUser,
  body: { paperId: string; decision: 1 | 2 | 3; reason: string },
) {
  const { db } = deps;
  const paper = await attemptById(db, body.paperId);
  if (!paper || !(await paperInScope(db, admin, body.paperId))) throw notFound('试卷');
  if ((await proctorExam(db, paper.examId)).proctor.mode === ProctorMode.NONE)
    throw badParams('该考试未开启远程监考，无需复核');
  const now = deps.clock();
  if (body.decision === ReviewDecision.VOIDED && !paper.voided)
    await voidByInvigilator(db, admin, paper.id, `复核作废：${body.reason}`, now);
  const [before] = await db.select().from(elProctorReview).where(eq(elProctorReview.paperId, paper.id));
  const row = {
    paperId: paper.id,
    examId: paper.examId,
    decision: body.decision,
    reason: body.reason,
    reviewerId: admin.id,
    createdAt: now,
  };
  await db
    .insert(elProctorReview)
    .values(row)
    .onConflictDoUpdate({
      target: elProctorReview.paperId,
      set: { decision: row.decision, reason: row.reason, reviewerId: row.reviewerId, createdAt: now },
    });
  const key = { paperId: paper.id, examId: paper.examId, userId: paper.userId };
  const label = REVIEW_DECISION_LABELS[body.decision];
  await addEvents(
    db,
    key,
    [
      {
        kind: body.decision === ReviewDecision.VOIDED ? 'void' : 'review',
        detail: before
          ? `复核结论由「${REVIEW_DECISION_LABELS[before.decision]}」改为「${label}」：${body.reason}`
          : `复核结论「${label}」：${body.reason}`,
        actorId: admin.id,
      },
    ],
    now,
  );
  return null;
}
