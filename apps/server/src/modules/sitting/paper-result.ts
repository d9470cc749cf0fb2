/**
 * After hand-in: the result of one attempt (review only as the exam allows, never while open) and
 * the attempts of one exam for a user (my scores across exams are exam's: exam/my-exams.ts). The
 * exam's settings come through the exam port (exam-port.ts).
 */
import {
  EXAM_RESULT_LABELS,
  PAPER_STATE_LABELS,
  PaperState,
  QUESTION_TYPE_LABELS,
  ResultShow,
  ReviewAfter,
  type TPaperRecord,
  type TPaperResult,
  type TScoreLine,
} from '@exam/contracts';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { elPaper, elPaperQu, sysDepart, sysUser } from '../../db/schema/index.js';
import { type AuthUser, assertPermission } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { paginate } from '../../platform/paging.js';
import { reviewQuView } from '../paper/paper-view.js';
import { learnerReader } from '../repo/question-reader.js';
import { userScope } from '../system/data-scope.js';
import { examsForSitting } from './exam-port.js';
import { loadOwnPaper } from './paper.service.js';
import { paperRank, rankShown } from './paper-rank.js';
import { reviewDecisionsOf } from './review-decision-port.js';
import { reviewHeld } from './sitting-guard.js';

type PaperRow = typeof elPaper.$inferSelect;

const usedSeconds = (p: Pick<PaperRow, 'startTime' | 'handTime'>, now: Date) =>
  Math.max(0, Math.round(((p.handTime ?? now).getTime() - p.startTime.getTime()) / 1000));

/** What the exam's after-hand-in setting lets the learner see of this paper. */
export function visibility(paper: Pick<PaperRow, 'state'>, resultShow: number): { score: boolean; answers: boolean } {
  if (paper.state === PaperState.IN_EXAM || paper.state === PaperState.ABANDONED)
    return { score: false, answers: false };
  if (resultShow === ResultShow.AFTER_MARKING) return { score: paper.state === PaperState.FINISHED, answers: false };
  return { score: true, answers: resultShow === ResultShow.SCORE_AND_ANSWERS };
}

/** What the learner's result says when its answers are held back by the exam's review options. */
export const REVIEW_NOTES: Record<number, string> = {
  [ReviewAfter.NEVER]: '本考试不开放答案与解析的查看',
  [ReviewAfter.LAST_ATTEMPT]: '答案与解析将在您用完全部作答次数或考试结束后开放查看',
  [ReviewAfter.CLOSED]: '答案与解析将在考试结束后开放查看',
};
export const REVIEW_NOTE_SITTING = '您正在进行的考试含有本卷的试题，交卷后才能查看答案与解析';
export const REVIEW_NOTE_NO_ANSWERS = '本场考试不公布答案';

/** Builds a result; `full` (administrators) shows everything. */
export async function buildResult(db: Db, paper: PaperRow, now: Date, full: boolean): Promise<TPaperResult> {
  const exam = await examsForSitting().settings(db, paper.examId);
  const v = full ? { score: true, answers: true } : visibility(paper, exam?.resultShow ?? ResultShow.SCORE);
  const rows = v.answers
    ? await db.select().from(elPaperQu).where(eq(elPaperQu.paperId, paper.id)).orderBy(asc(elPaperQu.sort))
    : [];
  let reviewNote: string | null = null;
  if (!full && !v.answers && paper.state !== PaperState.IN_EXAM && exam?.resultShow !== ResultShow.SCORE_AND_ANSWERS)
    reviewNote = REVIEW_NOTE_NO_ANSWERS;
  // Held back while the exam's review options do not allow it yet, and while the
  // learner sits a paper sharing a question (a copy by fingerprint too): the question reader's lock.
  if (!full && rows.length && (await learnerReader(db, paper.userId)).lock.any(rows.map((r) => r.quId))) {
    v.answers = false;
    reviewNote = (await reviewHeld(db, paper.userId, paper.examId))
      ? (REVIEW_NOTES[exam?.reviewAfter ?? ReviewAfter.NEVER] ?? REVIEW_NOTE_SITTING)
      : REVIEW_NOTE_SITTING;
  }
  const breakdown = v.score ? await scoreBreakdown(db, paper.id, paper.userId, full) : null;
  const finished = paper.state === PaperState.FINISHED;
  const passed = finished && !paper.voided ? paper.passed : finished ? false : null;
  return {
    id: paper.id,
    examId: paper.examId,
    title: paper.title,
    state: paper.state,
    stateLabel: PAPER_STATE_LABELS[paper.state],
    showScore: v.score,
    showAnswers: v.answers,
    reviewNote,
    totalScore: paper.totalScore,
    passScore: paper.passScore,
    userScore: v.score ? paper.userScore : null,
    objScore: v.score ? paper.objScore : null,
    subjScore: v.score ? paper.subjScore : null,
    passed: v.score ? passed : null,
    resultLabel: v.score && passed !== null ? EXAM_RESULT_LABELS[passed ? 1 : 0] : null,
    startTime: paper.startTime.toISOString(),
    handTime: paper.handTime?.toISOString() ?? null,
    usedSeconds: usedSeconds(paper, now),
    voided: paper.voided,
    voidReason: paper.voidReason,
    questions: v.answers ? rows.map(reviewQuView) : null,
    byType: breakdown?.byType ?? null,
    bySection: breakdown?.bySection ?? null,
    rank: rankShown(paper, exam?.showRank ?? false) ? await paperRank(db, paper) : null,
  };
}

/**
 * Score by question type and by section, from the top-level questions (a composite counts as one).
 * Held back like the review while the learner sits a paper sharing a question: a type with one
 * question would tell its right/wrong.
 */
async function scoreBreakdown(db: Db, paperId: string, userId: string, full: boolean) {
  const rows = await db
    .select({
      quId: elPaperQu.quId,
      type: elPaperQu.type,
      sectionIdx: elPaperQu.sectionIdx,
      sectionTitle: elPaperQu.sectionTitle,
      score: elPaperQu.score,
      actual: elPaperQu.actualScore,
    })
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, paperId), isNull(elPaperQu.parentQuId)))
    .orderBy(asc(elPaperQu.sort));
  if (!rows.length || (!full && (await learnerReader(db, userId)).lock.any(rows.map((r) => r.quId)))) return null;
  const group = (keyOf: (r: (typeof rows)[number]) => string, labelOf: (r: (typeof rows)[number]) => string) => {
    const lines = new Map<string, TScoreLine>();
    for (const r of rows) {
      const key = keyOf(r);
      const line = lines.get(key) ?? { key, label: labelOf(r), count: 0, score: 0, total: 0 };
      line.count += 1;
      line.score = Math.round((line.score + r.actual) * 100) / 100;
      line.total = Math.round((line.total + r.score) * 100) / 100;
      lines.set(key, line);
    }
    return [...lines.values()];
  };
  return {
    byType: group(
      (r) => String(r.type),
      (r) => QUESTION_TYPE_LABELS[r.type] ?? String(r.type),
    ),
    bySection: group(
      (r) => String(r.sectionIdx),
      (r) => r.sectionTitle || `第 ${r.sectionIdx + 1} 部分`,
    ),
  };
}

/** The learner's own result. */
export async function paperResult(db: Db, userId: string, paperId: string, now: Date): Promise<TPaperResult> {
  return buildResult(db, await loadOwnPaper(db, userId, paperId), now, false);
}

/** Attempts as list rows (with the learner's name and department). */
export async function pagePaperRecords(db: Db, where: SQL | undefined, current: number, size: number, now: Date) {
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elPaper).where(where),
    db
      .select({ p: elPaper, userName: sysUser.userName, realName: sysUser.realName, deptName: sysDepart.name })
      .from(elPaper)
      .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
      .leftJoin(sysDepart, eq(sysDepart.id, elPaper.deptId))
      .where(where)
      .orderBy(desc(elPaper.startTime), desc(elPaper.id))
      .$dynamic(),
    ({ p, userName, realName, deptName }): TPaperRecord => ({
      id: p.id,
      examId: p.examId,
      title: p.title,
      userId: p.userId,
      userName,
      realName,
      deptName,
      state: p.state,
      stateLabel: PAPER_STATE_LABELS[p.state],
      totalScore: p.totalScore,
      userScore: p.state === PaperState.IN_EXAM || p.state === PaperState.ABANDONED ? null : p.userScore,
      passed: p.state === PaperState.FINISHED ? p.passed && !p.voided : null,
      startTime: p.startTime.toISOString(),
      handTime: p.handTime?.toISOString() ?? null,
      usedSeconds: usedSeconds(p, now),
      voided: p.voided,
    }),
  );
}

/**
 * Attempts of one exam by one user, for the learner themself. Scores follow the exam's
 * after-hand-in setting: with 'nothing until marking', unfinished attempts show no score.
 */
export async function myRecordPaging(db: Db, userId: string, examId: string, current: number, size: number, now: Date) {
  const exam = await examsForSitting().settings(db, examId);
  const result = await pagePaperRecords(
    db,
    and(eq(elPaper.userId, userId), eq(elPaper.examId, examId)),
    current,
    size,
    now,
  );
  for (const r of result.records) {
    if (!visibility(r, exam?.resultShow ?? ResultShow.SCORE).score) {
      r.userScore = null;
      r.passed = null;
    }
  }
  return result;
}

/** Attempts of one exam (optionally one user, one state), within the caller's data scope. */
export async function adminRecordPaging(
  db: Db,
  user: AuthUser,
  params: { examId: string; userId?: string | null; state?: number | null },
  current: number,
  size: number,
  now: Date,
) {
  await assertPermission(db, user, 'exam:result:view');
  const page = await pagePaperRecords(
    db,
    and(
      eq(elPaper.examId, params.examId),
      params.userId ? eq(elPaper.userId, params.userId) : undefined,
      params.state !== null && params.state !== undefined ? eq(elPaper.state, params.state) : undefined,
      userScope(user, elPaper.userId),
    ),
    current,
    size,
    now,
  );
  // A proctored attempt's review decision shows beside its state (the list and its export).
  const decisions = await reviewDecisionsOf(
    db,
    page.records.map((r) => r.id),
  );
  for (const r of page.records) {
    const label = decisions.get(r.id);
    if (label) r.stateLabel = `${r.stateLabel}（监考复核：${label}）`;
  }
  return page;
}
