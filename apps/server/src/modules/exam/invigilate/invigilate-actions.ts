/**
 * The invigilator's actions on a running exam. Each is an administrator write logged in the
 * operation log by its endpoint (who, and the body with its `reason`); the paper's states move
 * only through the paper lifecycle (hand-in by `handInTx`, voiding by `voidPaperTx`), so results,
 * records and certificates follow the same domain events as any other hand-in.
 */
import { ErrorCode, HandKind, PaperState, type TInvigilateMsg } from '@exam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { elInvigilateMsg, elPaper, sysUser } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { AppError, badParams, notFound } from '../../../platform/errors.js';
import { handInTx } from '../../paper/hand-in.js';
import { voidPaperTx } from '../../paper/lifecycle/index.js';
import { loadExam } from './invigilate-snapshot.js';

type PaperRow = typeof elPaper.$inferSelect;

async function loadPaper(db: Db, paperId: string): Promise<PaperRow> {
  const [paper] = await db.select().from(elPaper).where(eq(elPaper.id, paperId));
  if (!paper) throw notFound('试卷');
  return paper;
}

/** Sends a message to one learner of the exam or to all; the exam room shows it at its next beat. */
export async function sendMessage(db: Db, adminId: string, body: TInvigilateMsg, now: Date) {
  const exam = await loadExam(db, body.examId);
  let recipients = 0;
  if (body.userId) {
    const [user] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, body.userId));
    if (!user) throw notFound('考生');
  }
  const [row] = await db
    .insert(elInvigilateMsg)
    .values({
      examId: exam.id,
      userId: body.userId ?? null,
      content: body.content,
      reason: body.reason ?? null,
      createdBy: adminId,
      createdAt: now,
    })
    .returning({ id: elInvigilateMsg.id });
  // Who reads it now: the open papers of the exam (of that learner).
  const open = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elPaper)
    .where(
      and(
        eq(elPaper.examId, exam.id),
        eq(elPaper.state, PaperState.IN_EXAM),
        body.userId ? eq(elPaper.userId, body.userId) : sql`true`,
      ),
    );
  recipients = Number(open[0]?.n ?? 0);
  return { id: row.id, recipients, examId: exam.id };
}

/** Extends one learner's open paper: the deadline moves by `minutes` (the room learns it at its next beat). */
export async function addTime(db: Db, paperId: string, minutes: number, now: Date) {
  const paper = await loadPaper(db, paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷，不能延长时间');
  if (paper.deadline <= now) throw new AppError(ErrorCode.EXAM_TIME_OVER, '该考生的考试时间已到，不能延长时间');
  // Atomic: two invigilators adding 5 minutes each give 10; a paper handed in meanwhile is left alone.
  const [row] = await db
    .update(elPaper)
    .set({ deadline: sql`${elPaper.deadline} + make_interval(mins => ${minutes}::int)`, updatedAt: now })
    .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.IN_EXAM), sql`${elPaper.deadline} > ${now}`))
    .returning({ deadline: elPaper.deadline, examId: elPaper.examId });
  if (!row) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷，不能延长时间');
  return { deadline: row.deadline.toISOString(), examId: row.examId };
}

/** Forces the hand-in of an open paper (监考强制收卷), through the lifecycle's hand-in. */
export async function forceHandIn(db: Db, paperId: string, now: Date) {
  const paper = await loadPaper(db, paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷');
  const out = await db.transaction((tx) => handInTx(tx, paperId, now, HandKind.INVIGILATOR));
  if (!out.handedNow) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷');
  return { state: out.state, examId: paper.examId };
}

/**
 * Voids a paper with a reason. An open paper is handed in first (by the invigilator) and voided
 * in the same transaction, so the learner's room closes and the paper never counts.
 */
export async function voidByInvigilator(db: Db, adminId: string, paperId: string, reason: string, now: Date) {
  const paper = await loadPaper(db, paperId);
  if (paper.voided) throw new AppError(ErrorCode.CONFLICT, '该答卷已作废');
  if (!reason.trim()) throw badParams('操作原因不能为空');
  await db.transaction(async (tx) => {
    if (paper.state === PaperState.IN_EXAM) await handInTx(tx, paperId, now, HandKind.INVIGILATOR);
    await voidPaperTx(tx, paperId, adminId, reason, now);
  });
  return { examId: paper.examId };
}
