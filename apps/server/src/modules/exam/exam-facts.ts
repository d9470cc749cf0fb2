/**
 * What lower modules ask of the exams through their ports (modules/index.ts hands these in):
 * exams are the exam module's tables, read here and nowhere below.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elExam } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { onPool, preparedStatement } from '../../platform/prepared.js';
import type { ExamSettings, ExamsForSitting } from '../sitting/exam-port.js';
import { handedInExamsHolding } from '../sitting/reads/exam-side.js';
import { entryTerms, unchangedSince } from './entry-gate.js';
import { heldExams } from './review-hold.js';

/** The exams among `ids` that exist (deleted ones included), with their titles (course/exam-titles.ts). */
export async function examTitles(db: Executor, ids: readonly string[]): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: elExam.id, title: elExam.title })
    .from(elExam)
    .where(inArray(elExam.id, [...ids]));
}

/**
 * Whether `userId` handed in (state 1 or 2) a paper holding question `topId` whose exam shows the
 * key now: answers after hand-in (result_show 2), or the exam closed or its window ended
 * (repo/answer-lock.ts `keyReviewed`, for the question reader's canSeeAnswer).
 */
export async function keyReviewed(db: Executor, userId: string, topId: string): Promise<boolean> {
  const reviewed = await db.execute(sql`select 1 from el_exam e
    where e.id in (${handedInExamsHolding(userId, topId)})
      and (e.result_show = 2 or e.end_time <= now() or e.state = 2)
    limit 1`);
  return reviewed.rows.length > 0;
}

const settingsColumns = {
  id: elExam.id,
  title: elExam.title,
  deletedAt: elExam.deletedAt,
  handMinMinutes: elExam.handMinMinutes,
  leaveLimit: elExam.leaveLimit,
  fullScreen: elExam.fullScreen,
  allowFocusMode: elExam.allowFocusMode,
  noCopy: elExam.noCopy,
  resultShow: elExam.resultShow,
  showRank: elExam.showRank,
  reviewAfter: elExam.reviewAfter,
  kindSettings: elExam.kindSettings,
  proctor: elExam.proctor,
};

/** Asked by every paper read and hand-in: prepared once on the pool. */
const settingsOnPool = preparedStatement('exam_settings', (db, name) =>
  db
    .select(settingsColumns)
    .from(elExam)
    .where(eq(elExam.id, sql.placeholder('examId')))
    .prepare(name),
);

/** One exam's settings for its attempts (sitting/exam-port.ts). */
async function settings(db: Executor, examId: string): Promise<ExamSettings | undefined> {
  const pool = onPool(db);
  const [exam] = pool
    ? await settingsOnPool(pool).execute({ examId })
    : await db.select(settingsColumns).from(elExam).where(eq(elExam.id, examId));
  if (!exam) return undefined;
  const { proctor, ...rest } = exam;
  return { ...rest, proctorMode: proctor?.mode ?? 0 };
}

/** The exam's kind settings, in the caller's transaction (the marking policy of hand-in, marking, regrade, the book's redo). */
async function kindSettings(tx: Executor, examId: string): Promise<{ kindSettings: unknown } | undefined> {
  const [exam] = await tx.select({ kindSettings: elExam.kindSettings }).from(elExam).where(eq(elExam.id, examId));
  return exam;
}

/** The exams not deleted that use one of the paper templates (a used template cannot be deleted). */
export async function templateExams(
  db: Executor,
  tmplIds: readonly string[],
): Promise<{ tmplId: string; title: string }[]> {
  if (tmplIds.length === 0) return [];
  return db
    .select({ tmplId: elExam.tmplId, title: elExam.title })
    .from(elExam)
    .where(and(inArray(elExam.tmplId, [...tmplIds]), isNull(elExam.deletedAt)));
}

/** What modules/index.ts hands the sitting module (sitting/exam-port.ts). */
export const examsForSittingPort: ExamsForSitting = {
  settings,
  kindSettings,
  entryTerms,
  unchangedSince,
  reviewHeld: heldExams,
};
