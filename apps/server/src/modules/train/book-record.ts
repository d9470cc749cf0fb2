/**
 * THE one writer of the wrong-answer book (el_user_book): every answer that may add, bump, advance
 * or remove a book entry goes through `recordAnswer`, from exams (hand-in), practice, spaced review
 * and the book's own redo. The rules themselves are in review-schedule.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { elUserBook, sysConfigItem } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import {
  type AnswerSource,
  afterRight,
  afterWrong,
  type BookRules,
  bookVerdict,
  LEAVE_STREAK_CONFIG,
  parseLeaveStreak,
  parseWrongShare,
  WRONG_SHARE_CONFIG,
} from './review-schedule.js';

export interface AnswerRecord {
  userId: string;
  /** A top-level question (composites count as one). */
  quId: string;
  repoId?: string | null;
  examId?: string | null;
  source: AnswerSource;
  /** null (a short answer that could not be judged) changes nothing. */
  isRight: boolean | null;
  /** Score over full score (0-1) of a partly right answer: at or above the wrong share it counts as right. */
  share?: number | null;
  answer: unknown;
  now: Date;
  /** The book's rules; read from the config when absent. */
  rules?: BookRules;
}

/** What happened to the book entry. */
export type BookOutcome = 'added' | 'bumped' | 'advanced' | 'left' | 'none';

/** The configured rules (sys_config_item 'bookLeaveStreak', default 2; 'bookWrongShare', default 60 %). */
export async function bookRulesOf(tx: Executor): Promise<BookRules> {
  const rows = await tx
    .select({ title: sysConfigItem.title, value: sysConfigItem.value })
    .from(sysConfigItem)
    .where(inArray(sysConfigItem.title, [LEAVE_STREAK_CONFIG, WRONG_SHARE_CONFIG]));
  const value = (title: string) => rows.find((r) => r.title === title)?.value;
  return {
    leaveStreak: parseLeaveStreak(value(LEAVE_STREAK_CONFIG)),
    wrongShare: parseWrongShare(value(WRONG_SHARE_CONFIG)),
  };
}

/**
 * Adds or bumps wrong answers of one user in one statement (a hand-in marks a whole paper at
 * once): each entry goes back to the first rung of the review ladder. Answers the wrong count of
 * each question afterwards. Concurrent writers of one entry are serialised by the upsert.
 */
export async function recordWrongAnswers(tx: Executor, records: WrongRecord[]): Promise<Map<string, number>> {
  // The answer map is keyed by question, so every record must be of the same user.
  if (new Set(records.map((r) => r.userId)).size > 1) throw new Error('recordWrongAnswers: one user per call');
  const rows = await recordWrongAnswersOfUsers(tx, records);
  return new Map(rows.map((row) => [row.quId, row.wrongCount]));
}

type WrongRecord = Omit<AnswerRecord, 'isRight' | 'rules' | 'share'>;

/**
 * `recordWrongAnswers` for several users in one statement (the outbox's batches of hand-ins). One
 * statement may not touch a row twice, so a (user, question) listed twice counts once, with its
 * last answer: a caller that means two wrong answers calls twice.
 */
export async function recordWrongAnswersOfUsers(
  tx: Executor,
  records: WrongRecord[],
): Promise<{ userId: string; quId: string; wrongCount: number }[]> {
  const byQu = new Map(records.map((r) => [`${r.userId}\u0000${r.quId}`, r]));
  if (byQu.size === 0) return [];
  // In key order: two batches sharing entries lock them in the same order (no deadlock).
  const keys = [...byQu.keys()].sort();
  return tx
    .insert(elUserBook)
    .values(
      keys
        .map((k) => byQu.get(k) as WrongRecord)
        .map((r) => ({
          userId: r.userId,
          quId: r.quId,
          examId: r.examId ?? null,
          repoId: r.repoId ?? null,
          source: r.source === 'exam' ? 'exam' : 'train',
          wrongCount: 1,
          lastWrongAt: r.now,
          lastAnswer: r.answer ?? null,
          ...afterWrong(r.now),
          createdAt: r.now,
          updatedAt: r.now,
        })),
    )
    .onConflictDoUpdate({
      target: [elUserBook.userId, elUserBook.quId],
      set: {
        wrongCount: sql`${elUserBook.wrongCount} + 1`,
        lastWrongAt: sql`excluded.last_wrong_at`,
        // Keep where it was last answered wrongly; an exam entry keeps its exam for a practice miss.
        examId: sql`coalesce(excluded.exam_id, ${elUserBook.examId})`,
        repoId: sql`coalesce(excluded.repo_id, ${elUserBook.repoId})`,
        source: sql`excluded.source`,
        lastAnswer: sql`excluded.last_answer`,
        rightStreak: sql`excluded.right_streak`,
        reviewStep: sql`excluded.review_step`,
        nextReviewAt: sql`excluded.next_review_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ userId: elUserBook.userId, quId: elUserBook.quId, wrongCount: elUserBook.wrongCount });
}

/**
 * Adds or bumps (wrong answer), advances or removes (right answer) the (user, question) entry.
 * Run it inside the caller's transaction; concurrent calls for one entry are serialised by the
 * upsert (wrong) and by `FOR UPDATE` (right).
 */
export async function recordAnswer(tx: Executor, r: AnswerRecord): Promise<BookOutcome> {
  if (r.isRight === null) return 'none';
  const rules = r.rules ?? (await bookRulesOf(tx));
  const isRight = bookVerdict(r.isRight, r.share, rules.wrongShare);
  const where = and(eq(elUserBook.userId, r.userId), eq(elUserBook.quId, r.quId));
  if (!isRight) {
    const counts = await recordWrongAnswers(tx, [r]);
    return (counts.get(r.quId) ?? 1) > 1 ? 'bumped' : 'added';
  }
  const [entry] = await tx
    .select({
      rightStreak: elUserBook.rightStreak,
      reviewStep: elUserBook.reviewStep,
      nextReviewAt: elUserBook.nextReviewAt,
    })
    .from(elUserBook)
    .where(where)
    .for('update');
  if (!entry) return 'none';
  const change = afterRight(entry, r.now, r.source, rules.leaveStreak);
  if (change.kind === 'none') return 'none';
  if (change.kind === 'leave') {
    await tx.delete(elUserBook).where(where);
    return 'left';
  }
  await tx
    .update(elUserBook)
    .set({
      rightStreak: change.rightStreak,
      reviewStep: change.reviewStep,
      nextReviewAt: change.nextReviewAt,
      ...(change.reviewed ? { lastReviewAt: r.now } : {}),
      updatedAt: r.now,
    })
    .where(where);
  return 'advanced';
}

/** Removes the learner's own book entries (删除 in 错题本); ids of others are ignored. */
export async function removeBookEntries(db: Executor, userId: string, ids: string[]): Promise<void> {
  await db.delete(elUserBook).where(and(eq(elUserBook.userId, userId), inArray(elUserBook.id, ids)));
}

type BookRow = typeof elUserBook.$inferSelect;
const BOOK_TIMES = ['lastWrongAt', 'nextReviewAt', 'lastReviewAt', 'createdAt', 'updatedAt'] as const;

/**
 * What a practice self-mark did to the book (kept on the training answer, el_train_qu.self_mark_book):
 * the entry before the first self-mark touched it, and its updated_at after the last one (null: no entry).
 */
export interface SelfMarkBook {
  before: Record<string, unknown> | null;
  after: string | null;
}

/** Puts the (user, question) entry back as `before` (a JSON copy of the row), or removes it. */
async function restoreEntry(tx: Executor, userId: string, quId: string, before: Record<string, unknown> | null) {
  await tx.delete(elUserBook).where(and(eq(elUserBook.userId, userId), eq(elUserBook.quId, quId)));
  if (!before) return;
  const row = { ...before } as Record<string, unknown>;
  for (const k of BOOK_TIMES) row[k] = row[k] ? new Date(row[k] as string) : null;
  await tx.insert(elUserBook).values(row as BookRow);
}

/**
 * Applies a practice self-mark's verdict to the book so that changing the mark never counts twice:
 * the effect of the previous self-mark of this answer (`previous`) is undone first by restoring the
 * entry it found, when nothing else wrote the entry since (its updated_at is still the one the
 * self-mark left); otherwise the new verdict applies on top of what is there. `r.isRight` null only undoes.
 */
export async function recordSelfMark(
  tx: Executor,
  r: AnswerRecord,
  previous: SelfMarkBook | null,
): Promise<SelfMarkBook> {
  const where = and(eq(elUserBook.userId, r.userId), eq(elUserBook.quId, r.quId));
  const [current] = await tx.select().from(elUserBook).where(where).for('update');
  let before: Record<string, unknown> | null = current ? JSON.parse(JSON.stringify(current)) : null;
  if (previous && (current?.updatedAt.toISOString() ?? null) === previous.after) {
    await restoreEntry(tx, r.userId, r.quId, previous.before);
    before = previous.before;
  }
  await recordAnswer(tx, r);
  const [after] = await tx.select({ updatedAt: elUserBook.updatedAt }).from(elUserBook).where(where);
  return { before, after: after?.updatedAt.toISOString() ?? null };
}
