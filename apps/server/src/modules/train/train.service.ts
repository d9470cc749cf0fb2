/**
 * Training sessions: start (or resume) per mode, spaced-review start, finish, "重新开始" (clear).
 * Only banks with practice switched on are open to learners; a learner touches only their own
 * sessions. Question choice is selection.ts; the book is written by book-record.ts only.
 */
import { ErrorCode, TrainMode, TrainState, type TTrainStart, type TTrainStarted } from '@exam/contracts';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo, elTrain, elTrainProgress, elTrainQu, elUserBook } from '../../db/schema/index.js';
import type { Db, Executor, Tx } from '../../platform/db.js';
import { AppError, isUniqueViolation, noPermission, notFound } from '../../platform/errors.js';
import { publish } from '../../platform/events/index.js';
import { round2 } from '../paper/scoring.js';
import { learnerReader } from '../repo/question-reader.js';
import { bookRulesOf, recordAnswer } from './book-record.js';
import { weakQuestionIds } from './mastery/weak-points.js';
import { selectDue, selectQuestions } from './selection.js';

export type TrainRow = typeof elTrain.$inferSelect;

export const MOCK_DEFAULT_MINUTES = 30;
/** Idle time beyond this is not counted as time used. */
const MAX_IDLE_SECONDS = 300;

const nothingToPractise = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);

/** The live bank, refused (10010004) when its practice switch is off. */
export async function practiceRepo(db: Executor, repoId: string) {
  const [repo] = await db
    .select({ id: elRepo.id, title: elRepo.title, practiceEnabled: elRepo.practiceEnabled })
    .from(elRepo)
    .where(and(eq(elRepo.id, repoId), isNull(elRepo.deletedAt)));
  if (!repo) throw notFound('题库');
  if (!repo.practiceEnabled) throw noPermission('该题库未开放练习');
  return repo;
}

/**
 * A session of the user: 10010003 when missing, 10010004 when another learner's; an open
 * session of a bank whose practice switch was turned off is refused too.
 */
export async function ownedTrain(db: Executor, userId: string, trainId: string, lock = false): Promise<TrainRow> {
  const query = db.select().from(elTrain).where(eq(elTrain.id, trainId));
  const [train] = lock ? await query.for('update') : await query;
  if (!train) throw notFound('训练记录');
  if (train.userId !== userId) throw noPermission('只能查看自己的训练记录');
  if (train.state === TrainState.OPEN && train.repoId) await practiceRepo(db, train.repoId);
  return train;
}

/** The bank's live top-level questions in bank order. */
export function bankPool(db: Executor, repoId: string) {
  return db
    .select({ id: elQu.id, type: elQu.type })
    .from(elQuRepo)
    .innerJoin(elQu, eq(elQu.id, elQuRepo.quId))
    .where(and(eq(elQuRepo.repoId, repoId), isNull(elQu.deletedAt), isNull(elQu.parentId)))
    .orderBy(asc(elQuRepo.sort), asc(elQu.createdAt), asc(elQu.id));
}

/** SQL adding the active time since the last activity (at most MAX_IDLE_SECONDS) to used_seconds. */
export const usedSecondsAfter = (now: Date) =>
  sql`${elTrain.usedSeconds} + least(greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${elTrain.lastActiveAt})), 0), ${MAX_IDLE_SECONDS})::int`;

function openSession(tx: Executor, userId: string, repoId: string | null, mode: number) {
  return tx
    .select()
    .from(elTrain)
    .where(
      and(
        eq(elTrain.userId, userId),
        repoId ? eq(elTrain.repoId, repoId) : isNull(elTrain.repoId),
        eq(elTrain.mode, mode),
        eq(elTrain.state, TrainState.OPEN),
      ),
    )
    .for('update');
}

/** Resumes the open session of (user, bank, mode); an expired mock is finished instead. */
async function resume(tx: Tx, open: TrainRow, now: Date): Promise<TTrainStarted> {
  if (open.deadline && open.deadline <= now) {
    await finishTx(tx, open, now);
    return { trainId: open.id, resumed: true, finished: true };
  }
  await tx.update(elTrain).set({ lastActiveAt: now, updatedAt: now }).where(eq(elTrain.id, open.id));
  return { trainId: open.id, resumed: true, finished: false };
}

async function insertSession(
  tx: Tx,
  values: Omit<typeof elTrain.$inferInsert, 'lastActiveAt' | 'startedAt' | 'total'>,
  quIds: { id: string; type: number; reveal: boolean }[],
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(elTrain)
    .values({ ...values, total: quIds.length, startedAt: now, lastActiveAt: now, createdAt: now, updatedAt: now })
    .returning({ id: elTrain.id });
  await tx
    .insert(elTrainQu)
    .values(quIds.map((q, i) => ({ trainId: row.id, quId: q.id, sort: i, type: q.type, reveal: q.reveal })));
  return row.id;
}

/** Runs a start; when a concurrent start created the open session first, resumes that one. */
async function startOnce(db: Db, run: (tx: Tx) => Promise<TTrainStarted>): Promise<TTrainStarted> {
  try {
    return await db.transaction(run);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return db.transaction(run);
  }
}

/** Starts a practice session of modes 1-6 and 8, or resumes the open one of that mode. */
export async function startTrain(db: Db, userId: string, input: TTrainStart, now: Date): Promise<TTrainStarted> {
  await practiceRepo(db, input.repoId);
  const mode = input.mode;
  return startOnce(db, async (tx) => {
    const [open] = await openSession(tx, userId, input.repoId, mode);
    if (open) return resume(tx, open, now);
    // Questions locked for the learner (their open paper) are left out of a new session (the question reader's lock).
    const { lock } = await learnerReader(tx, userId);
    const pool = (await bankPool(tx, input.repoId)).filter((q) => !lock.has(q.id));
    const [progress] =
      mode === TrainMode.SEQUENTIAL
        ? await tx
            .select({ lastQuId: elTrainProgress.lastQuId })
            .from(elTrainProgress)
            .where(and(eq(elTrainProgress.userId, userId), eq(elTrainProgress.repoId, input.repoId)))
        : [];
    const book =
      mode === TrainMode.WRONG
        ? await tx.select({ quId: elUserBook.quId }).from(elUserBook).where(eq(elUserBook.userId, userId))
        : [];
    const weakIds =
      mode === TrainMode.WEAK
        ? await weakQuestionIds(
            tx,
            userId,
            pool.map((q) => q.id),
          )
        : undefined;
    const ids = selectQuestions(mode, pool, {
      types: input.types ?? [],
      count: input.count,
      lastQuId: progress?.lastQuId,
      bookIds: new Set(book.map((b) => b.quId)),
      weakIds,
    });
    if (ids.length === 0)
      throw nothingToPractise(
        mode === TrainMode.WRONG
          ? '错题本中没有该题库的错题'
          : mode === TrainMode.WEAK
            ? '还没有该题库的薄弱知识点：先完成考试或练习'
            : '没有符合条件的题目',
      );
    const typeOf = new Map(pool.map((q) => [q.id, q.type]));
    const timeLimit = mode === TrainMode.MOCK ? (input.timeLimit ?? MOCK_DEFAULT_MINUTES) : 0;
    const trainId = await insertSession(
      tx,
      {
        userId,
        repoId: input.repoId,
        mode,
        types: mode === TrainMode.BY_TYPE || mode === TrainMode.RECITE ? (input.types ?? []) : [],
        timeLimit,
        deadline: timeLimit ? new Date(now.getTime() + timeLimit * 60_000) : null,
      },
      ids.map((id) => ({ id, type: typeOf.get(id) ?? 0, reveal: true })),
      now,
    );
    return { trainId, resumed: false, finished: false };
  });
}

/** Starts (or resumes) a review session of the book entries due now (mode 7, across banks). */
export async function startReview(db: Db, userId: string, count: number | null | undefined, now: Date) {
  return startOnce(db, async (tx) => {
    const [open] = await openSession(tx, userId, null, TrainMode.REVIEW);
    if (open) return resume(tx, open, now);
    const due = await tx
      .select({ quId: elUserBook.quId, nextReviewAt: elUserBook.nextReviewAt, type: elQu.type })
      .from(elUserBook)
      .innerJoin(elQu, eq(elQu.id, elUserBook.quId))
      .where(and(eq(elUserBook.userId, userId), lte(elUserBook.nextReviewAt, now), isNull(elQu.deletedAt)));
    const { lock } = await learnerReader(tx, userId);
    const ids = selectDue(
      due.filter((d) => !lock.has(d.quId)),
      now,
      count,
    );
    if (ids.length === 0) throw nothingToPractise('今天没有待复习的错题');
    // Answers are shown after answering only for questions of a bank open to practice.
    const open2 = await tx
      .selectDistinct({ quId: elQuRepo.quId })
      .from(elQuRepo)
      .innerJoin(elRepo, eq(elRepo.id, elQuRepo.repoId))
      .where(and(inArray(elQuRepo.quId, ids), eq(elRepo.practiceEnabled, true), isNull(elRepo.deletedAt)));
    const revealable = new Set(open2.map((r) => r.quId));
    const typeOf = new Map(due.map((d) => [d.quId, d.type]));
    const trainId = await insertSession(
      tx,
      { userId, repoId: null, mode: TrainMode.REVIEW },
      ids.map((id) => ({ id, type: typeOf.get(id) ?? 0, reveal: revealable.has(id) })),
      now,
    );
    return { trainId, resumed: false, finished: false };
  });
}

/** Recounts a session from its questions (one statement) and, when `finish`, closes it. */
export async function recount(tx: Executor, train: TrainRow, now: Date, finish: boolean): Promise<void> {
  const q = elTrainQu;
  const counts = sql`(select count(*) filter (where ${q.answeredAt} is not null)::int as answered,
      count(*) filter (where ${q.isRight} = true)::int as rc, count(*) filter (where ${q.isRight} = false)::int as wc,
      coalesce(sum(${q.score}), 0)::float8 as score from ${q} where ${q.trainId} = ${train.id})`;
  const mockUsed = sql`least(extract(epoch from (${now.toISOString()}::timestamptz - ${elTrain.startedAt})), ${train.timeLimit * 60})::int`;
  await tx.execute(sql`update ${elTrain} set
      answered = c.answered, right_count = c.rc, wrong_count = c.wc,
      score = ${finish && train.mode === TrainMode.MOCK ? sql`round((c.score * 100 / greatest(${elTrain.total}, 1))::numeric, 2)::float8` : sql`${elTrain.score}`},
      used_seconds = ${finish && train.mode === TrainMode.MOCK ? mockUsed : usedSecondsAfter(now)},
      last_active_at = ${now.toISOString()}::timestamptz,
      state = ${finish ? TrainState.FINISHED : sql`${elTrain.state}`},
      finished_at = ${finish ? sql`${now.toISOString()}::timestamptz` : sql`${elTrain.finishedAt}`},
      updated_at = ${now.toISOString()}::timestamptz
    from ${counts} as c where ${elTrain.id} = ${train.id} and ${elTrain.state} = ${TrainState.OPEN}`);
}

/**
 * Finishes an open session. A mock session is scored now and only now writes its wrong answers to
 * the book (nothing about right or wrong leaks before the end).
 */
export async function finishTx(tx: Tx, train: TrainRow, now: Date): Promise<void> {
  if (train.state !== TrainState.OPEN) return;
  await recount(tx, train, now, true);
  if (train.mode !== TrainMode.MOCK) return;
  const answered = await tx
    .select({ quId: elTrainQu.quId, isRight: elTrainQu.isRight, answer: elTrainQu.answer })
    .from(elTrainQu)
    .where(and(eq(elTrainQu.trainId, train.id), sql`${elTrainQu.answeredAt} is not null`));
  const rules = await bookRulesOf(tx);
  for (const a of answered)
    await recordAnswer(tx, {
      userId: train.userId,
      quId: a.quId,
      repoId: train.repoId,
      source: 'train',
      isRight: a.isRight,
      answer: a.answer,
      now,
      rules,
    });
  // The mock's answers are marked now: statistics and mastery follow.
  if (answered.length)
    await publish(tx, {
      name: 'practice.answered',
      payload: {
        trainId: train.id,
        userId: train.userId,
        quIds: answered.map((a) => a.quId),
        answeredAt: now.toISOString(),
      },
    });
}

/** Finishes the user's session (idempotent for a finished one). */
export async function finishTrain(db: Db, userId: string, trainId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const train = await ownedTrain(tx, userId, trainId, true);
    await finishTx(tx, train, now);
  });
}

/**
 * "重新开始": the open session of (bank, mode) is closed (deleted when nothing was answered) and
 * sequential practice starts again from the bank's first question.
 */
export async function clearTrain(db: Db, userId: string, repoId: string, mode: number, now: Date): Promise<void> {
  await practiceRepo(db, repoId);
  await db.transaction(async (tx) => {
    const [open] = await openSession(tx, userId, repoId, mode);
    if (open) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(elTrainQu)
        .where(and(eq(elTrainQu.trainId, open.id), sql`${elTrainQu.answeredAt} is not null`));
      if (n === 0) {
        await tx.delete(elTrainQu).where(eq(elTrainQu.trainId, open.id));
        await tx.delete(elTrain).where(eq(elTrain.id, open.id));
      } else await finishTx(tx, open, now);
    }
    if (mode === TrainMode.SEQUENTIAL)
      await tx
        .delete(elTrainProgress)
        .where(and(eq(elTrainProgress.userId, userId), eq(elTrainProgress.repoId, repoId)));
  });
}

/** Accuracy in % over judged answers (short answers that cannot be judged are left out). */
export const accuracyOf = (right: number, wrong: number): number =>
  right + wrong > 0 ? round2((right * 100) / (right + wrong)) : 0;
