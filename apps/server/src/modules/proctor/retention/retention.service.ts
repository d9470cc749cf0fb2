/**
 * How long an exam's snapshots are kept: until the exam's end or the last hand-in or marking of its
 * papers, whichever is later, plus the exam's retentionDays (the results are final then, and an
 * appeal has had its time); not decided while a paper is open or waits for marking. An
 * administrator may hold them longer (an appeal in progress). The sweep deletes the blobs first,
 * then the rows, so a failure leaves rows whose blobs a later sweep deletes again (a missing
 * blob is no error).
 */

import { eq, inArray, sql } from 'drizzle-orm';
import { elExam, elProctorHold, elProctorSnapshot } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { AppDeps } from '../../../platform/deps.js';
import { badParams } from '../../../platform/errors.js';
import { loadInvigilatedExam } from '../../exam/invigilate/invigilate-snapshot.js';
import { closingOfExams } from '../../sitting/reads/proctor-side.js';
import { proctorExam } from '../room/proctor-state.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'blobs'>;
const DAY_MS = 86_400_000;

/** When the exam's snapshots may be deleted (null while results are not final). */
export function deleteAtOf(
  endTime: Date,
  closing: { unfinished: boolean; lastClosedAt: Date | null } | undefined,
  retentionDays: number,
): Date | null {
  if (closing?.unfinished) return null;
  const last = closing?.lastClosedAt && closing.lastClosedAt > endTime ? closing.lastClosedAt : endTime;
  return new Date(last.getTime() + retentionDays * DAY_MS);
}

async function retentionOf(deps: Deps, examId: string) {
  const exam = await proctorExam(deps.db, examId);
  const closing = (await closingOfExams(deps.db, [examId])).get(examId);
  const [hold] = await deps.db.select().from(elProctorHold).where(eq(elProctorHold.examId, examId));
  const [sum] = await deps.db
    .select({ n: sql<number>`count(*)`, bytes: sql<number>`coalesce(sum(${elProctorSnapshot.bytes}), 0)` })
    .from(elProctorSnapshot)
    .where(eq(elProctorSnapshot.examId, examId));
  const deleteAt = deleteAtOf(exam.endTime, closing, exam.proctor.retentionDays);
  return {
    examId,
    retentionDays: exam.proctor.retentionDays,
    deleteAt: deleteAt?.toISOString() ?? null,
    keepUntil: hold?.keepUntil.toISOString() ?? null,
    holdReason: hold?.reason ?? null,
    snapshots: Number(sum?.n ?? 0),
    bytes: Number(sum?.bytes ?? 0),
  };
}

export async function retention(deps: Deps, admin: AuthUser, examId: string) {
  await loadInvigilatedExam(deps.db, admin, examId);
  return retentionOf(deps, examId);
}

export async function holdRetention(
  deps: Deps,
  admin: AuthUser,
  body: { examId: string; keepUntil: string; reason: string },
) {
  await loadInvigilatedExam(deps.db, admin, body.examId);
  const keepUntil = new Date(body.keepUntil);
  const now = deps.clock();
  if (keepUntil <= now) throw badParams('保留截止时间必须晚于当前时间');
  await deps.db
    .insert(elProctorHold)
    .values({ examId: body.examId, keepUntil, reason: body.reason, createdBy: admin.id, createdAt: now })
    .onConflictDoUpdate({
      target: elProctorHold.examId,
      set: { keepUntil, reason: body.reason, createdBy: admin.id, createdAt: now },
    });
  return retentionOf(deps, body.examId);
}

const SWEEP_BATCH = 200;

/** Deletes the snapshots (blobs, then rows) of every exam past its deleteAt and its hold; answers how many. */
export async function sweepRetention(deps: Deps): Promise<number> {
  const now = deps.clock();
  const exams = await deps.db.selectDistinct({ examId: elProctorSnapshot.examId }).from(elProctorSnapshot);
  if (exams.length === 0) return 0;
  const ids = exams.map((e) => e.examId);
  const closing = await closingOfExams(deps.db, ids);
  const holds = new Map(
    (await deps.db.select().from(elProctorHold).where(inArray(elProctorHold.examId, ids))).map((h) => [
      h.examId,
      h.keepUntil,
    ]),
  );
  // Deleted exams too (their snapshots still follow their retention): el_exam read without the filter.
  const examOf = new Map(
    (
      await deps.db
        .select({ id: elExam.id, endTime: elExam.endTime, proctor: elExam.proctor })
        .from(elExam)
        .where(inArray(elExam.id, ids))
    ).map((e) => [e.id, e]),
  );
  let deleted = 0;
  for (const examId of ids) {
    const exam = examOf.get(examId);
    const deleteAt = exam ? deleteAtOf(exam.endTime, closing.get(examId), exam.proctor.retentionDays) : now;
    if (!deleteAt || deleteAt > now) continue;
    const hold = holds.get(examId);
    if (hold && hold > now) continue;
    for (;;) {
      const batch = await deps.db
        .select({ id: elProctorSnapshot.id, blobKey: elProctorSnapshot.blobKey })
        .from(elProctorSnapshot)
        .where(eq(elProctorSnapshot.examId, examId))
        .limit(SWEEP_BATCH);
      if (batch.length === 0) break;
      for (const s of batch) await deps.blobs.delete(s.blobKey);
      await deps.db.delete(elProctorSnapshot).where(
        inArray(
          elProctorSnapshot.id,
          batch.map((s) => s.id),
        ),
      );
      deleted += batch.length;
      if (batch.length < SWEEP_BATCH) break;
    }
  }
  return deleted;
}
