/**
 * The wrong-answer book (错题本), one row per (user, question), shared with training: my wrong
 * questions (by exam), delete, the next one to redo (answer hidden) and submitting a redo. Right
 * answers and analysis are shown after a submit only when the exam shows answers after hand-in or
 * its window has closed (questions from training: when the question's bank allows practice).
 * The book is training's table, so its pages live here (they were paper's, which read el_user_book
 * upward and wrote it through a port); a redo is marked by paper's scoring with the exam's policy.
 */
import { ExamState, ResultShow } from '@exam/contracts';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { elExam, elKnowledgePoint, elQu, elQuKnowledge, elRepo, elUserBook } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { escapeLike } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { reviewHeldSql } from '../exam/review-hold.js';
import { referenceOf } from '../paper/paper-view.js';
import { markComposite, markQuestion } from '../paper/scoring.js';
import { isComposite } from '../repo/kinds/registry.js';
import { canSeeAnswer, type LearnerReader, learnerReader } from '../repo/question-reader.js';
import { examMarkPolicy } from '../sitting/exam-policy.js';
import { bookRulesOf, recordAnswer, removeBookEntries } from './book-record.js';
import { pointsOfPath } from './mastery/mastery-rules.js';

/** Which entries a page or a redo shows: one exam, one bank, one kind, or all. */
export interface BookFilter {
  examId?: string | null;
  repoId?: string | null;
  quType?: number | null;
  /** A knowledge point: entries whose question is tagged with it or a point below it. */
  kpId?: string | null;
}

/**
 * The user's book entries, without those an exam added while its review is held for the user
 * (exam/review-hold.ts `reviewHeldSql`): an entry tells that the answer was wrong, which such an exam
 * must not tell yet.
 */
const mine = (userId: string, f: BookFilter = {}): SQL | undefined =>
  and(
    eq(elUserBook.userId, userId),
    f.examId ? eq(elUserBook.examId, f.examId) : undefined,
    f.repoId ? eq(elUserBook.repoId, f.repoId) : undefined,
    f.quType ? sql`exists (select 1 from el_qu q where q.id = ${elUserBook.quId} and q.type = ${f.quType})` : undefined,
    f.kpId
      ? sql`exists (select 1 from ${elQuKnowledge} qk join ${elKnowledgePoint} kp on kp.id = qk.kp_id
          where qk.qu_id = ${elUserBook.quId} and kp.path like ${`%/${escapeLike(f.kpId)}/%`})`
      : undefined,
    sql`not exists (select 1 from el_exam e where e.id = ${elUserBook.examId} and ${reviewHeldSql('e', userId)})`,
  );

/** The book's rules and the learner's entries counted by exam, bank and kind (one overall view). */
export async function bookSummary(db: Db, userId: string) {
  const where = mine(userId);
  const [rules, exams, repos, types] = [
    await bookRulesOf(db),
    await db
      .select({ examId: elExam.id, title: elExam.title, count: count() })
      .from(elUserBook)
      .innerJoin(elExam, eq(elExam.id, elUserBook.examId))
      .where(where)
      .groupBy(elExam.id, elExam.title)
      .orderBy(desc(count()), asc(elExam.title)),
    await db
      .select({ repoId: elRepo.id, title: elRepo.title, count: count() })
      .from(elUserBook)
      .innerJoin(elRepo, eq(elRepo.id, elUserBook.repoId))
      .where(where)
      .groupBy(elRepo.id, elRepo.title)
      .orderBy(desc(count()), asc(elRepo.title)),
    await db
      .select({ type: elQu.type, count: count() })
      .from(elUserBook)
      .innerJoin(elQu, eq(elQu.id, elUserBook.quId))
      .where(where)
      .groupBy(elQu.type)
      .orderBy(asc(elQu.type)),
  ];
  const total = types.reduce((n, t) => n + t.count, 0);
  return { ...rules, total, exams, repos, types, kps: await bookByPoint(db, where) };
}

/**
 * The entries counted per knowledge point: a question counts for the points it is tagged with and
 * their ancestors (once each), so a parent's group holds its subtree's entries.
 */
async function bookByPoint(db: Db, where: SQL | undefined) {
  const tagged = await db
    .select({ quId: elUserBook.quId, path: elKnowledgePoint.path })
    .from(elUserBook)
    .innerJoin(elQuKnowledge, eq(elQuKnowledge.quId, elUserBook.quId))
    .innerJoin(elKnowledgePoint, eq(elKnowledgePoint.id, elQuKnowledge.kpId))
    .where(where);
  const byPoint = new Map<string, Set<string>>();
  const pathOf = new Map<string, string>();
  for (const r of tagged) {
    const ids = pointsOfPath(r.path);
    ids.forEach((id, i) => {
      byPoint.set(id, (byPoint.get(id) ?? new Set()).add(r.quId));
      pathOf.set(id, `/${ids.slice(0, i + 1).join('/')}/`);
    });
  }
  if (byPoint.size === 0) return [];
  const titles = new Map(
    (
      await db
        .select({ id: elKnowledgePoint.id, title: elKnowledgePoint.title })
        .from(elKnowledgePoint)
        .where(inArray(elKnowledgePoint.id, [...byPoint.keys()]))
    ).map((r) => [r.id, r.title]),
  );
  const pathTitle = (path: string) =>
    pointsOfPath(path)
      .map((id) => titles.get(id) ?? '')
      .join('/');
  return [...byPoint.entries()]
    .filter(([id]) => titles.has(id))
    .map(([kpId, qs]) => ({
      kpId,
      title: titles.get(kpId) as string,
      path: pathTitle(pathOf.get(kpId) as string),
      count: qs.size,
    }))
    .sort((a, b) => a.path.localeCompare(b.path, 'zh-CN'));
}

export async function bookPaging(db: Db, userId: string, params: BookFilter, current: number, size: number) {
  const where = mine(userId, params);
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elUserBook).innerJoin(elQu, eq(elQu.id, elUserBook.quId)).where(where),
    db
      .select({
        b: elUserBook,
        type: elQu.type,
        content: elQu.content,
        examTitle: elExam.title,
        repoTitle: elRepo.title,
      })
      .from(elUserBook)
      .innerJoin(elQu, eq(elQu.id, elUserBook.quId))
      .leftJoin(elExam, eq(elExam.id, elUserBook.examId))
      .leftJoin(elRepo, eq(elRepo.id, elUserBook.repoId))
      .where(where)
      .orderBy(desc(elUserBook.lastWrongAt), desc(elUserBook.id))
      .$dynamic(),
    ({ b, type, content, examTitle, repoTitle }) => ({
      id: b.id,
      quId: b.quId,
      examId: b.examId,
      examTitle,
      repoId: b.repoId,
      repoTitle,
      type,
      content,
      wrongCount: b.wrongCount,
      rightStreak: b.rightStreak,
      lastWrongAt: b.lastWrongAt.toISOString(),
      nextReviewAt: b.nextReviewAt?.toISOString() ?? null,
    }),
  );
}

export async function bookDelete(db: Db, userId: string, ids: string[]): Promise<void> {
  await removeBookEntries(db, userId, ids);
}

/** The next wrong question after `afterId` (in book order), its answer hidden; null at the end. */
export async function bookNext(db: Db, userId: string, params: BookFilter & { afterId?: string | null }) {
  const where = and(mine(userId, params), params.afterId ? gt(elUserBook.id, params.afterId) : undefined);
  const [b] = await db.select().from(elUserBook).where(where).orderBy(asc(elUserBook.id)).limit(1);
  if (!b) return null;
  const [question] = await (await learnerReader(db, userId)).views([b.quId], false);
  if (!question) throw notFound('试题');
  const [{ n }] = await db
    .select({ n: count() })
    .from(elUserBook)
    .where(and(mine(userId, params), gt(elUserBook.id, b.id)));
  return { id: b.id, examId: b.examId, wrongCount: b.wrongCount, rightStreak: b.rightStreak, remaining: n, question };
}

/** Whether the learner may now see the right answer of a book entry. */
async function answersVisible(db: Db, reader: LearnerReader, book: { examId: string | null; quId: string }, now: Date) {
  if (!book.examId) return canSeeAnswer(db, reader, book.quId);
  const [exam] = await db
    .select({ resultShow: elExam.resultShow, endTime: elExam.endTime, state: elExam.state })
    .from(elExam)
    .where(eq(elExam.id, book.examId));
  if (!exam) return false;
  return exam.resultShow === ResultShow.SCORE_AND_ANSWERS || exam.endTime <= now || exam.state === ExamState.CLOSED;
}

/** Marks a redo; the book entry moves as the review schedule says (a right streak may remove it). */
export async function bookSubmit(
  db: Db,
  userId: string,
  body: { id: string; answer: unknown; childAnswers?: Record<string, unknown> },
  now: Date,
) {
  const [b] = await db
    .select()
    .from(elUserBook)
    .where(and(eq(elUserBook.id, body.id), eq(elUserBook.userId, userId)));
  if (!b) throw notFound('错题');
  // A redo of a locked question (the learner's open paper) would be an oracle for its key: the
  // reader refuses it before any key is read.
  const reader = await learnerReader(db, userId);
  reader.assertOpen([b.quId]);
  const { row: q, children } = (await reader.question(b.quId)).keyed();
  const policy = await examMarkPolicy(db, b.examId);
  const key = (row: typeof q) => ({ type: row.type, score: 1, options: row.options, refAnswer: row.answer });
  let outcome = markQuestion(key(q), body.answer, policy);
  if (isComposite(q.type)) {
    const kids = children;
    outcome = markComposite(kids.map((k) => markQuestion(key(k), body.childAnswers?.[k.id], policy)));
    outcome = { ...outcome, score: kids.length ? outcome.score / kids.length : 0 };
  }
  // The book's one writer (book-record.ts) applies the review ladder and the leave streak
  // (review-schedule.ts).
  const entry = await db.transaction(async (tx) => {
    const change = await recordAnswer(tx, {
      userId,
      quId: b.quId,
      examId: b.examId,
      repoId: b.repoId,
      source: 'book',
      isRight: outcome.isRight,
      answer: isComposite(q.type) ? (body.childAnswers ?? null) : body.answer,
      now,
    });
    const [after] = await tx
      .select({ rightStreak: elUserBook.rightStreak, nextReviewAt: elUserBook.nextReviewAt })
      .from(elUserBook)
      .where(eq(elUserBook.id, b.id));
    return { change, after };
  });
  const show = await answersVisible(db, reader, b, now);
  return {
    isRight: outcome.isRight,
    score: Math.round(outcome.score * 100) / 100,
    showAnswer: show,
    rightOptions: show ? q.options.filter((o) => o.isRight).map((o) => o.key) : null,
    refAnswer: show ? referenceOf({ type: q.type, refAnswer: q.answer }) : null,
    analysis: show ? q.analysis : null,
    rightStreak: entry.after?.rightStreak ?? b.rightStreak + 1,
    nextReviewAt: entry.after?.nextReviewAt?.toISOString() ?? null,
    mastered: entry.change === 'left',
  };
}
