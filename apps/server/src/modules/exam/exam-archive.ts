/**
 * Changing an exam that has results:
 * - delete: an exam with papers is archived (`el_exam.archived_at`): off the admin and learner
 *   lists, its results kept and reportable, restorable; only an exam without any paper is deleted.
 * - locks: once a paper of the exam has started, its paper template, pass mark and marking
 *   settings (multiple-choice and ordering partial credit) cannot change (20010011).
 */
import { changedKindSettings, ErrorCode } from '@exam/contracts';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { elExam, elExamOverride } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, conflict } from '../../platform/errors.js';
import { anyOpenPaperTitle, examsWithPapers, paperCountOf } from '../sitting/reads/results.js';

type ExamRow = typeof elExam.$inferSelect;

export { paperCountOf };

/** Why the locked fields cannot change, or null while no paper has started. */
export const lockReasonOf = (papers: number): string | null =>
  papers > 0 ? `已有考生开始作答（${papers}份答卷），试卷、及格分和评分设置已锁定，以保证成绩和统计一致` : null;

/** The fields a started paper locks, with their names for the message. */
const LOCKED_FIELDS = [
  ['tmplId', '试卷'],
  ['passScore', '及格分'],
] as const;

type LockedInput = Pick<ExamRow, 'tmplId' | 'passScore' | 'kindSettings'>;

/** Pure: the names of the locked fields that `next` would change (each kind names its own settings). */
export function lockedChanges(before: LockedInput, next: LockedInput): string[] {
  return [
    ...LOCKED_FIELDS.filter(([k]) => before[k] !== next[k]).map(([, label]) => label),
    ...changedKindSettings(before.kindSettings, next.kindSettings),
  ];
}

/**
 * Refuses (20010011) a save that changes a locked field of an exam that has papers. Runs in the
 * save's transaction with the exam row locked, so two saves cannot interleave.
 */
export async function assertLockedUnchanged(tx: Executor, examId: string, next: LockedInput): Promise<void> {
  const [before] = await tx.select().from(elExam).where(eq(elExam.id, examId)).for('update');
  if (!before) return;
  const changed = lockedChanges(before, next);
  if (changed.length === 0) return;
  const papers = await paperCountOf(tx, examId);
  if (papers === 0) return;
  throw new AppError(
    ErrorCode.EXAM_SETTINGS_LOCKED,
    `已有考生开始作答（${papers}份答卷），不能再修改${changed.join('、')}；考试名称、说明和时间仍可修改`,
  );
}

/**
 * The delete of SPEC: exams with papers are archived, the others deleted (soft, as before; their
 * arrangements go with them). Refused while a learner is sitting one of them. Answers the counts.
 */
export async function deleteOrArchive(
  db: Db,
  ids: string[],
  now: Date,
): Promise<{ archived: number; deleted: number }> {
  return db.transaction(async (tx) => {
    const openTitle = await anyOpenPaperTitle(tx, ids);
    if (openTitle !== undefined) throw conflict(`考试「${openTitle}」有考生正在作答，不能删除`);
    const keep = await examsWithPapers(tx, ids);
    const drop = ids.filter((id) => !keep.includes(id));
    const archived =
      keep.length === 0
        ? []
        : await tx
            .update(elExam)
            .set({ archivedAt: now })
            .where(and(inArray(elExam.id, keep), isNull(elExam.deletedAt), isNull(elExam.archivedAt)))
            .returning({ id: elExam.id });
    const deleted =
      drop.length === 0
        ? []
        : await tx
            .update(elExam)
            .set({ deletedAt: now })
            .where(and(inArray(elExam.id, drop), isNull(elExam.deletedAt)))
            .returning({ id: elExam.id });
    if (deleted.length > 0)
      await tx.delete(elExamOverride).where(
        inArray(
          elExamOverride.examId,
          deleted.map((r) => r.id),
        ),
      );
    return { archived: archived.length, deleted: deleted.length };
  });
}

/** The envelope message of a delete that may have archived. */
export function deleteMessage(r: { archived: number; deleted: number }): string {
  if (r.archived === 0) return '删除成功';
  const head = `${r.archived}场考试已有答卷，已归档（成绩保留，可在“已归档”中恢复）`;
  return r.deleted > 0 ? `${head}；${r.deleted}场考试已删除` : head;
}

/** Restores archived exams to the lists (state unchanged). */
export async function restoreExams(db: Db, ids: string[]): Promise<void> {
  const rows = await db
    .update(elExam)
    .set({ archivedAt: null })
    .where(and(inArray(elExam.id, ids), isNull(elExam.deletedAt), isNotNull(elExam.archivedAt)))
    .returning({ id: elExam.id });
  if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, '考试不存在或未归档');
}
