/**
 * The invigilator's actions on a running exam. Each is an administrator write logged in the
 * operation log by its endpoint (who, and the body with its `reason`); the paper's states move
 * only through the paper lifecycle (hand-in by `handInTx`, voiding by `voidPaperTx`), so results,
 * records and certificates follow the same domain events as any other hand-in.
 *
 * Data scope: an administrator of a department acts only on the learners of their scope; a paper,
 * or a learner, outside it is refused with 10010004 before anything is written, and a message to
 * everyone from them reaches only the learners of their scope (one row per learner sitting now).
 */
import { DataScope, ErrorCode, HandKind, PaperState, type TInvigilateMsg } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elInvigilateMsg, sysUser } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { AppError, badParams, conflict, notFound } from '../../../platform/errors.js';
import { authorize } from '../../../platform/policy/index.js';
import { extendDeadline } from '../../sitting/attempt.js';
import { handInTx } from '../../sitting/hand-in.js';
import { voidPaperTx } from '../../sitting/lifecycle/index.js';
import {
  type AttemptRow,
  attemptById,
  countOpenAttempts,
  sittingLearnersInScope,
} from '../../sitting/reads/invigilation.js';
import type { ScopeHolder } from '../../system/data-scope.js';
import { userPolicy } from '../../system/user/user.policy.js';
import { loadInvigilatedExam } from './invigilate-snapshot.js';

type PaperRow = AttemptRow;

/**
 * The paper acted on: its exam must be one the administrator may invigilate, and its
 * learner inside the administrator's data scope.
 */
async function loadPaper(db: Db, admin: ScopeHolder, paperId: string): Promise<PaperRow> {
  const paper = await attemptById(db, paperId);
  if (!paper) throw notFound('试卷');
  await loadInvigilatedExam(db, admin, paper.examId);
  await authorize(db, admin, userPolicy, 'actOn', { ids: [paper.userId] });
  return paper;
}

/** Sends a message to one learner of the exam or to all; the exam room shows it at its next beat. */
export async function sendMessage(db: Db, admin: ScopeHolder, body: TInvigilateMsg, now: Date) {
  const exam = await loadInvigilatedExam(db, admin, body.examId);
  if (body.userId) {
    const [user] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, body.userId));
    if (!user) throw notFound('考生');
    await authorize(db, admin, userPolicy, 'actOn', { ids: [body.userId] });
  }
  const row = {
    examId: exam.id,
    content: body.content,
    reason: body.reason ?? null,
    createdBy: admin.id,
    createdAt: now,
  };
  if (!body.userId && admin.dataScope < DataScope.ALL) {
    // "Everyone" of a scoped administrator is everyone of their scope sitting now: a message to
    // all would reach other departments' rooms. (A room reads messages from its own start only,
    // so a learner starting later misses a message to all just the same.)
    const learners = await sittingLearnersInScope(db, exam.id, admin);
    if (learners.length === 0) throw conflict('您的数据权限范围内没有正在考试的考生，消息未发送');
    const inserted = await db
      .insert(elInvigilateMsg)
      .values(learners.map((l) => ({ ...row, userId: l.userId })))
      .returning({ id: elInvigilateMsg.id });
    return {
      id: inserted[0].id,
      recipients: inserted.length,
      examId: exam.id,
      userIds: learners.map((l) => l.userId),
    };
  }
  const [inserted] = await db
    .insert(elInvigilateMsg)
    .values({ ...row, userId: body.userId ?? null })
    .returning({ id: elInvigilateMsg.id });
  // Who reads it now: the open papers of the exam (of that learner).
  const recipients = await countOpenAttempts(db, exam.id, body.userId);
  return {
    id: inserted.id,
    recipients,
    examId: exam.id,
    userIds: body.userId ? [body.userId] : undefined,
  };
}

/** Extends one learner's open paper: the deadline moves by `minutes` (the room learns it at its next beat). */
export async function addTime(db: Db, admin: ScopeHolder, paperId: string, minutes: number, now: Date) {
  const paper = await loadPaper(db, admin, paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷，不能延长时间');
  if (paper.deadline <= now) throw new AppError(ErrorCode.EXAM_TIME_OVER, '该考生的考试时间已到，不能延长时间');
  // Atomic: two invigilators adding 5 minutes each give 10; a paper handed in meanwhile is left alone.
  const row = await extendDeadline(db, paperId, minutes, now);
  if (!row) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷，不能延长时间');
  return { deadline: row.deadline.toISOString(), examId: row.examId, userId: paper.userId };
}

/** Forces the hand-in of an open paper (监考强制收卷), through the lifecycle's hand-in. */
export async function forceHandIn(db: Db, admin: ScopeHolder, paperId: string, now: Date) {
  const paper = await loadPaper(db, admin, paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷');
  const out = await db.transaction((tx) => handInTx(tx, paperId, now, HandKind.INVIGILATOR));
  if (!out.handedNow) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷');
  return { state: out.state, examId: paper.examId, userId: paper.userId };
}

/**
 * Voids a paper with a reason. An open paper is handed in first (by the invigilator) and voided
 * in the same transaction, so the learner's room closes and the paper never counts.
 */
export async function voidByInvigilator(db: Db, admin: ScopeHolder, paperId: string, reason: string, now: Date) {
  const paper = await loadPaper(db, admin, paperId);
  if (paper.voided) throw new AppError(ErrorCode.CONFLICT, '该答卷已作废');
  if (!reason.trim()) throw badParams('操作原因不能为空');
  await db.transaction(async (tx) => {
    if (paper.state === PaperState.IN_EXAM) await handInTx(tx, paperId, now, HandKind.INVIGILATOR);
    await voidPaperTx(tx, paperId, admin.id, reason, now);
  });
  return { examId: paper.examId, userId: paper.userId };
}
