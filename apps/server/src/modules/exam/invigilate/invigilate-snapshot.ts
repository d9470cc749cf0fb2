/**
 * The console's snapshot of one exam: every learner of its audience (the exam open types, as the
 * notices evaluate them: 1 and 9 everyone, 2 departments and below, 3 named people), plus anyone
 * who holds a paper of it, inside the administrator's data scope; with their latest paper's
 * figures, read by the sitting (`sitting/reads/invigilation.ts learnerFacts`, one statement that
 * writes nothing, so the answer-saving hot path is not touched).
 */
import type { TInvigilateSnapshot } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { elExam } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';
import { authorize } from '../../../platform/policy/index.js';
import { learnerFacts } from '../../sitting/reads/invigilation.js';
import type { ScopeHolder } from '../../system/data-scope.js';
import { examPolicy } from '../exam.policy.js';
import { countsOf, rowOf } from './invigilate-rules.js';

export type ExamRow = typeof elExam.$inferSelect;

/** Loads a live (not deleted) exam or throws 10010003. */
export async function loadExam(db: Executor, examId: string): Promise<ExamRow> {
  const [exam] = await db
    .select()
    .from(elExam)
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!exam) throw notFound('考试');
  return exam;
}

/** Loads a live exam (10010003 otherwise) the administrator may invigilate (10010004 otherwise). */
export async function loadInvigilatedExam(db: Executor, admin: ScopeHolder, examId: string): Promise<ExamRow> {
  const exam = await loadExam(db, examId);
  await authorize(db, admin, examPolicy, 'invigilate', exam);
  return exam;
}

/** The console's view of an exam now (of an exam the administrator may invigilate). */
export async function invigilateSnapshot(
  db: Executor,
  admin: AuthUser,
  examId: string,
  now: Date,
): Promise<TInvigilateSnapshot> {
  const exam = await loadInvigilatedExam(db, admin, examId);
  const rows = (await learnerFacts(db, exam, admin)).map((f) => rowOf(f, exam.leaveLimit, now));
  return {
    examId: exam.id,
    title: exam.title,
    startTime: exam.startTime.toISOString(),
    endTime: exam.endTime.toISOString(),
    duration: exam.duration,
    leaveLimit: exam.leaveLimit,
    serverTime: now.toISOString(),
    counts: countsOf(rows),
    rows,
  };
}
