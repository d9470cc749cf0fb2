/**
 * Marking (阅卷): the queue of papers awaiting marking, one paper with the learner's answers
 * beside the reference and keywords, and saving scores. When no question is pending any more the
 * paper becomes 2 (已完成) through the lifecycle, which publishes paper.marked: the (user, exam)
 * record, the wrong-answer book and the learner's message follow as event consumers.
 */
import { ErrorCode, MarkState, PaperState } from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { elMarkSetting, elPaper, elPaperQu, sysDepart, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor, Tx } from '../../platform/db.js';
import { AppError, badParams, conflict, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { reviewQuView } from '../paper/paper-view.js';
import { round2, totalOf } from '../paper/scoring.js';
import { COMPOSITE_TYPES, isComposite, kindOf } from '../repo/kinds/registry.js';
import { userScope } from '../system/data-scope.js';
import { examMarkPolicy } from './exam-policy.js';
import { storeRowMarks } from './hand-in.js';
import { apply, canStart, marked, stateAfterMarks } from './lifecycle/index.js';
import { markPaperRows } from './mark-rows.js';
import { suggestionTaken } from './mark-suggestion.js';

const pendingCount =
  sql<number>`(select count(*) from ${elPaperQu} q where q.paper_id = ${elPaper.id} and q.mark_state = ${MarkState.PENDING} and q.type not in (${sql.raw(COMPOSITE_TYPES.join(','))}))`.mapWith(
    Number,
  );

/** Papers awaiting marking within the administrator's data scope, oldest hand-in first. */
export async function markPaging(
  db: Db,
  user: AuthUser,
  params: { examId?: string | null; realName?: string | null },
  current: number,
  size: number,
) {
  const where: SQL | undefined = and(
    eq(elPaper.state, PaperState.AWAITING_MARK),
    eq(elPaper.voided, false),
    params.examId ? eq(elPaper.examId, params.examId) : undefined,
    params.realName ? ilike(sysUser.realName, containing(params.realName)) : undefined,
    userScope(user, elPaper.userId),
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elPaper).leftJoin(sysUser, eq(sysUser.id, elPaper.userId)).where(where),
    db
      .select({ p: elPaper, realName: sysUser.realName, deptName: sysDepart.name, pending: pendingCount })
      .from(elPaper)
      .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
      .leftJoin(sysDepart, eq(sysDepart.id, elPaper.deptId))
      .where(where)
      .orderBy(asc(elPaper.handTime), desc(elPaper.id))
      .$dynamic(),
    ({ p, realName, deptName, pending }) => ({
      paperId: p.id,
      examId: p.examId,
      title: p.title,
      userId: p.userId,
      realName,
      deptName,
      handTime: p.handTime?.toISOString() ?? null,
      objScore: p.objScore,
      pendingCount: pending,
    }),
  );
}

/** Loads a handed-in paper the administrator may see (10010003 otherwise). */
export async function loadScopedPaper(db: Db, user: AuthUser, paperId: string) {
  const [row] = await db
    .select({ p: elPaper, realName: sysUser.realName })
    .from(elPaper)
    .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
    .where(and(eq(elPaper.id, paperId), userScope(user, elPaper.userId)));
  if (!row) throw notFound('试卷');
  return row;
}

/** One paper to mark: every question, the subjective ones with reference, keywords and suggestion. */
export async function markDetail(db: Db, user: AuthUser, paperId: string) {
  const { p, realName } = await loadScopedPaper(db, user, paperId);
  if (p.state === PaperState.IN_EXAM) throw conflict('考生尚未交卷');
  const rows = await db.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId)).orderBy(asc(elPaperQu.sort));
  const doubleMark = await asksDoubleMark(db, p.examId);
  return {
    paperId: p.id,
    examId: p.examId,
    title: p.title,
    state: p.state,
    realName,
    totalScore: p.totalScore,
    passScore: p.passScore,
    objScore: p.objScore,
    subjScore: p.subjScore,
    doubleMark,
    questions: rows.map((row) => {
      const hints = kindOf(row.type).markingHints?.(row.refAnswer) ?? { keywords: [], reference: null };
      return {
        ...reviewQuView(row),
        suggestScore: row.suggestScore,
        keywords: hints.keywords,
        reference: hints.reference,
        needMark: row.markState === MarkState.PENDING || row.markState === MarkState.MANUAL,
        suggestTaken: row.markState === MarkState.MANUAL ? (row.suggestTaken ?? false) : null,
      };
    }),
  };
}

/** Whether the exam asks for double marking (阅卷设置 双评; off when never set). */
async function asksDoubleMark(db: Executor, examId: string): Promise<boolean> {
  const [row] = await db
    .select({ doubleMark: elMarkSetting.doubleMark })
    .from(elMarkSetting)
    .where(eq(elMarkSetting.examId, examId));
  return row?.doubleMark ?? false;
}

/**
 * Saves scores (0 to full) and comments; finishing the last pending question finishes the paper.
 * An exam that asks for double marking is marked by question only (two markers, arbitration):
 * a score by paper would bypass the second marking, so it is refused, also for a
 * finished paper (no single marker overrides the two).
 */
export async function markSave(db: Db, user: AuthUser, body: MarkSaveBody, now: Date) {
  const { p } = await loadScopedPaper(db, user, body.paperId);
  return db.transaction(async (tx) => {
    if (await asksDoubleMark(tx, p.examId)) throw new AppError(ErrorCode.CONFLICT, DOUBLE_MARK_BY_QUESTION);
    return markSaveTx(tx, user.id, body, now);
  });
}

export const DOUBLE_MARK_BY_QUESTION = '该考试要求双评，请在按题阅卷中评分';

export interface MarkSaveBody {
  paperId: string;
  items: { quId: string; score: number; comment?: string | null; tookSuggestion?: boolean }[];
}

/** Saves scores within the caller's transaction (marking by paper and by question share it). */
export async function markSaveTx(tx: Tx, markerId: string, body: MarkSaveBody, now: Date) {
  const outcome = await (async () => {
    const [p] = await tx.select().from(elPaper).where(eq(elPaper.id, body.paperId)).for('update');
    if (!canStart('mark', p.state)) throw new AppError(ErrorCode.CONFLICT, '该试卷不在待阅卷状态');
    const policy = await examMarkPolicy(tx, p.examId);
    const rows = await tx.select().from(elPaperQu).where(eq(elPaperQu.paperId, p.id));
    for (const item of body.items) {
      const row = rows.find((r) => r.quId === item.quId);
      if (!row) throw badParams('题目不在该试卷中');
      if (row.markState !== MarkState.PENDING && row.markState !== MarkState.MANUAL)
        throw badParams(`第${row.sort}题为自动评分题，不能人工评分`);
      if (item.score > row.score) throw badParams(`第${row.sort}题得分不能超过满分${row.score}分`);
      row.actualScore = round2(item.score);
      row.markState = MarkState.MANUAL;
      row.markComment = item.comment ?? null;
      const taken = suggestionTaken(item.tookSuggestion, item.score, row.suggestScore);
      await tx
        .update(elPaperQu)
        .set({
          actualScore: row.actualScore,
          markState: MarkState.MANUAL,
          markComment: row.markComment,
          suggestTaken: taken,
        })
        .where(and(eq(elPaperQu.paperId, p.id), eq(elPaperQu.quId, row.quId)));
    }
    const marks = markPaperRows(rows, policy);
    await storeRowMarks(tx, p.id, marks.rows);
    const { total, passed } = totalOf(marks.objScore, marks.subjScore, p.passScore);
    const state = stateAfterMarks(marks.pending);
    const done = state === PaperState.FINISHED;
    await apply(tx, p.id, 'mark', {
      from: p.state,
      to: state,
      patch: {
        objScore: marks.objScore,
        subjScore: marks.subjScore,
        userScore: total,
        passed: done && passed,
        markedBy: markerId,
        markedAt: now,
        updatedAt: now,
      },
    });
    await marked(tx, p, { state, score: total, passed: done && passed, markerId }, now);
    const left = marks.rows.filter(
      (m) => m.markState === MarkState.PENDING && !isComposite(rows.find((r) => r.quId === m.quId)?.type ?? 0),
    );
    return { paper: p, done, total, passed, pendingCount: left.length };
  })();
  return {
    paperId: body.paperId,
    state: outcome.done ? PaperState.FINISHED : PaperState.AWAITING_MARK,
    pendingCount: outcome.pendingCount,
    userScore: outcome.total,
  };
}
