/**
 * Marking by question (按题阅卷): one manually marked question of an exam across all
 * its papers in a row, blind (answers carry 考生N, never a name or user id), with the kind's
 * keyword suggestion; optional second marking (mark-by-question-rules.ts). A score that becomes
 * final is saved through the same transaction as marking by paper (mark.service.ts markSaveTx),
 * so the paper's total, state and the lifecycle events (paper.marked) are the same.
 */
import { MarkState, PaperState, type TMarkSetting } from '@exam/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { elMarkSetting, elPaper, elPaperQu, elQuMark } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor, Tx } from '../../platform/db.js';
import { badParams, conflict, notFound } from '../../platform/errors.js';
import { isManual, kindOf, MANUAL_TYPES } from '../repo/kinds/registry.js';
import { userScope } from '../system/data-scope.js';
import { examsForSitting } from './exam-port.js';
import { loadScopedPaper, markSaveTx } from './mark.service.js';
import { canArbitrate, decide, type GivenMark, type MarkDecision, nextRound } from './mark-by-question-rules.js';
import { suggestionTaken } from './mark-suggestion.js';

const LIST_LIMIT = 200;

/** The exam's second-marking setting (off when never set). */
export async function markSetting(db: Executor, examId: string): Promise<TMarkSetting> {
  const [row] = await db.select().from(elMarkSetting).where(eq(elMarkSetting.examId, examId));
  return { examId, doubleMark: row?.doubleMark ?? false, gap: row?.gap ?? 0 };
}

async function assertExam(db: Db, examId: string) {
  const exam = await examsForSitting().settings(db, examId);
  if (!exam || exam.deletedAt) throw notFound('考试');
}

/** Saves the exam's second-marking setting. */
export async function saveMarkSetting(db: Db, user: AuthUser, body: TMarkSetting, now: Date): Promise<null> {
  await assertExam(db, body.examId);
  await db
    .insert(elMarkSetting)
    .values({ ...body, updatedBy: user.id, updatedAt: now })
    .onConflictDoUpdate({
      target: elMarkSetting.examId,
      set: { doubleMark: body.doubleMark, gap: body.gap, updatedBy: user.id, updatedAt: now },
    });
  return null;
}

/** Answers of the exam to a manual question, handed in and not voided, within the marker's data scope. */
const answerScope = (user: AuthUser, examId: string) =>
  and(
    eq(elPaper.examId, examId),
    eq(elPaper.voided, false),
    inArray(elPaper.state, [PaperState.AWAITING_MARK, PaperState.FINISHED]),
    inArray(elPaperQu.type, MANUAL_TYPES),
    inArray(elPaperQu.markState, [MarkState.PENDING, MarkState.MANUAL]),
    userScope(user, elPaper.userId),
  );

/** The exam's manually marked questions with what is left for this marker and for arbitration. */
export async function markQuQuestions(db: Db, user: AuthUser, examId: string) {
  await assertExam(db, examId);
  const setting = await markSetting(db, examId);
  const rows = await db
    .select({
      paperId: elPaperQu.paperId,
      quId: elPaperQu.quId,
      content: elPaperQu.content,
      score: elPaperQu.score,
      sort: elPaperQu.sort,
      markState: elPaperQu.markState,
    })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(answerScope(user, examId));
  const marks = await marksOf(
    db,
    rows.filter((r) => r.markState === MarkState.PENDING),
  );
  const byQu = new Map<
    string,
    {
      quId: string;
      content: string;
      score: number;
      sort: number;
      answers: number;
      waiting: number;
      arbitration: number;
      done: number;
    }
  >();
  for (const r of rows) {
    const q = byQu.get(r.quId) ?? {
      quId: r.quId,
      content: r.content,
      score: r.score,
      sort: r.sort,
      answers: 0,
      waiting: 0,
      arbitration: 0,
      done: 0,
    };
    byQu.set(r.quId, q);
    q.answers++;
    if (r.markState === MarkState.MANUAL) {
      q.done++;
      continue;
    }
    const given = marks.get(`${r.paperId}/${r.quId}`) ?? [];
    if (decide(setting, given).outcome === 'arbitration') q.arbitration++;
    else if (typeof nextRound(setting, given, user.id) === 'number') q.waiting++;
  }
  return [...byQu.values()].sort((a, b) => a.sort - b.sort);
}

async function marksOf(db: Executor, rows: { paperId: string; quId: string }[]) {
  const out = new Map<string, GivenMark[]>();
  if (!rows.length) return out;
  const quIds = [...new Set(rows.map((r) => r.quId))];
  const paperIds = [...new Set(rows.map((r) => r.paperId))];
  for (let i = 0; i < paperIds.length; i += 1000) {
    const found = await db
      .select()
      .from(elQuMark)
      .where(and(inArray(elQuMark.quId, quIds), inArray(elQuMark.paperId, paperIds.slice(i, i + 1000))));
    for (const m of found) {
      const key = `${m.paperId}/${m.quId}`;
      out.set(key, [...(out.get(key) ?? []), { round: m.round, markerId: m.markerId, score: m.score }]);
    }
  }
  return out;
}

/**
 * The board of one question: the answers left for this marker ('mark') or for arbitration
 * ('arbitrate'), each as 考生N (its place among the exam's papers holding the question, by id).
 */
export async function markQuBoard(db: Db, user: AuthUser, examId: string, quId: string, mode: 'mark' | 'arbitrate') {
  await assertExam(db, examId);
  const setting = await markSetting(db, examId);
  const rows = await db
    .select({
      paperId: elPaperQu.paperId,
      answer: elPaperQu.answer,
      suggestScore: elPaperQu.suggestScore,
      markState: elPaperQu.markState,
      type: elPaperQu.type,
      content: elPaperQu.content,
      score: elPaperQu.score,
      refAnswer: elPaperQu.refAnswer,
      alias: sql<number>`(select count(*) from ${elPaperQu} q2 join ${elPaper} p2 on p2.id = q2.paper_id
        where p2.exam_id = ${examId} and q2.qu_id = ${quId} and p2.id <= ${elPaper.id})`.mapWith(Number),
    })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(and(answerScope(user, examId), eq(elPaperQu.quId, quId)))
    .orderBy(asc(elPaper.id));
  if (!rows.length) throw notFound('需人工评分的题目');
  const first = rows[0];
  const hints = kindOf(first.type).markingHints?.(first.refAnswer) ?? { keywords: [], reference: null };
  const pending = rows.filter((r) => r.markState === MarkState.PENDING);
  const marks = await marksOf(
    db,
    pending.map((r) => ({ paperId: r.paperId, quId })),
  );
  const items = pending
    .filter((r) => {
      const given = marks.get(`${r.paperId}/${quId}`) ?? [];
      if (mode === 'arbitrate') return canArbitrate(setting, given, user.id) === true;
      return typeof nextRound(setting, given, user.id) === 'number';
    })
    .slice(0, LIST_LIMIT)
    .map((r) => ({
      paperId: r.paperId,
      alias: `考生${r.alias}`,
      answer: r.answer ?? null,
      suggestScore: r.suggestScore,
      // Only the arbitrator sees the two scores; a second marker never sees the first.
      marks:
        mode === 'arbitrate'
          ? (marks.get(`${r.paperId}/${quId}`) ?? []).sort((a, b) => a.round - b.round).map((m) => m.score)
          : [],
    }));
  return {
    examId,
    quId,
    content: first.content,
    fullScore: first.score,
    reference: hints.reference,
    keywords: hints.keywords,
    doubleMark: setting.doubleMark,
    gap: setting.gap,
    items,
  };
}

interface SaveBody {
  examId: string;
  quId: string;
  paperId: string;
  score: number;
  comment?: string | null;
  tookSuggestion?: boolean;
}

/** Locks the paper and answers its row of the question and the marks given so far. */
async function lockAnswer(tx: Tx, body: SaveBody) {
  const [p] = await tx.select().from(elPaper).where(eq(elPaper.id, body.paperId)).for('update');
  if (!p || p.examId !== body.examId) throw notFound('答卷');
  if (p.voided) throw conflict('该答卷已作废');
  const [row] = await tx
    .select()
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, body.paperId), eq(elPaperQu.quId, body.quId)));
  if (!row || !isManual(row.type)) throw badParams('该题不是需人工评分的题目');
  if (row.markState !== MarkState.PENDING) throw conflict('该答案已评分完成');
  if (body.score > row.score) throw badParams(`得分不能超过满分${row.score}分`);
  const taken = suggestionTaken(body.tookSuggestion, body.score, row.suggestScore);
  const given = await tx
    .select()
    .from(elQuMark)
    .where(and(eq(elQuMark.paperId, body.paperId), eq(elQuMark.quId, body.quId)));
  return { taken, given: given.map((m) => ({ round: m.round, markerId: m.markerId, score: m.score })) };
}

async function record(
  tx: Tx,
  body: SaveBody,
  markerId: string,
  round: number,
  { taken, given }: { taken: boolean; given: GivenMark[] },
  now: Date,
  decision: (all: GivenMark[]) => MarkDecision,
) {
  await tx.insert(elQuMark).values({
    paperId: body.paperId,
    quId: body.quId,
    round,
    markerId,
    score: body.score,
    suggestTaken: taken,
    comment: body.comment ?? null,
    createdAt: now,
  });
  const d = decision([...given, { round, markerId, score: body.score }]);
  if (d.outcome === 'final')
    await markSaveTx(
      tx,
      markerId,
      {
        paperId: body.paperId,
        // the final score is this marker's taken suggestion only when it is their score unchanged
        items: [
          { quId: body.quId, score: d.score, comment: body.comment, tookSuggestion: taken && d.score === body.score },
        ],
      },
      now,
    );
  return { paperId: body.paperId, outcome: d.outcome, finalScore: d.outcome === 'final' ? d.score : null };
}

/** A marker's score of one answer: final, waiting for the second marker, or sent to arbitration. */
export async function markQuSave(db: Db, user: AuthUser, body: SaveBody, now: Date) {
  await loadScopedPaper(db, user, body.paperId);
  const setting = await markSetting(db, body.examId);
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, body);
    const round = nextRound(setting, answer.given, user.id);
    if (typeof round === 'string') throw conflict(round);
    return record(tx, body, user.id, round, answer, now, (all) => decide(setting, all));
  });
}

/** The arbitrator's score (a third person): final. */
export async function markQuArbitrate(db: Db, user: AuthUser, body: SaveBody, now: Date) {
  await loadScopedPaper(db, user, body.paperId);
  const setting = await markSetting(db, body.examId);
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, body);
    const ok = canArbitrate(setting, answer.given, user.id);
    if (ok !== true) throw conflict(ok);
    return record(tx, body, user.id, 3, answer, now, (all) => decide(setting, all));
  });
}
