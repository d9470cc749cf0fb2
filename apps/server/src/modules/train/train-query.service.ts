/**
 * What a learner reads about their practice: the banks open to them with their progress and
 * accuracy, their sessions, and the review count of the home page ("今日待复习 N 题").
 */
import {
  REPO_CATALOG_DIC,
  type TReviewStat,
  TrainMode,
  TrainState,
  type TTrainRepo,
  type TTrainRepoDetail,
} from '@exam/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo, elTrain, elTrainQu, elUserBook, sysDicValue } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import { round2 } from '../paper/scoring.js';
import { learnerReader } from '../repo/question-reader.js';
import { repoStats } from '../repo/repo.service.js';
import { accuracyOf, practiceRepo } from './train.service.js';
import { toRecord } from './train-answer.service.js';

const n = (col: SQL) => sql<number>`coalesce(${col}, 0)`.mapWith(Number);

/** Per-bank practice figures of one user. */
async function myFigures(db: Executor, userId: string, repoIds: string[]) {
  if (repoIds.length === 0) return new Map();
  const sessions = await db
    .select({
      repoId: elTrain.repoId,
      sessions: n(sql`count(*)`),
      answered: n(sql`sum(${elTrain.answered})`),
      right: n(sql`sum(${elTrain.rightCount})`),
      wrong: n(sql`sum(${elTrain.wrongCount})`),
      last: sql<Date | null>`max(${elTrain.startedAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(elTrain)
    .where(and(eq(elTrain.userId, userId), inArray(elTrain.repoId, repoIds)))
    .groupBy(elTrain.repoId);
  // Distinct questions of the bank answered in any session of this user (review sessions included).
  const done = await db
    .select({ repoId: elQuRepo.repoId, done: n(sql`count(distinct ${elTrainQu.quId})`) })
    .from(elTrainQu)
    .innerJoin(elTrain, eq(elTrain.id, elTrainQu.trainId))
    .innerJoin(elQuRepo, eq(elQuRepo.quId, elTrainQu.quId))
    .innerJoin(elQu, and(eq(elQu.id, elTrainQu.quId), isNull(elQu.deletedAt)))
    .where(and(eq(elTrain.userId, userId), inArray(elQuRepo.repoId, repoIds), sql`${elTrainQu.answeredAt} is not null`))
    .groupBy(elQuRepo.repoId);
  const book = await db
    .select({ repoId: elQuRepo.repoId, n: n(sql`count(*)`) })
    .from(elUserBook)
    .innerJoin(elQuRepo, eq(elQuRepo.quId, elUserBook.quId))
    .where(and(eq(elUserBook.userId, userId), inArray(elQuRepo.repoId, repoIds)))
    .groupBy(elQuRepo.repoId);
  const out = new Map<
    string,
    { sessions: number; answered: number; right: number; wrong: number; last: Date | null; done: number; book: number }
  >();
  for (const id of repoIds) out.set(id, { sessions: 0, answered: 0, right: 0, wrong: 0, last: null, done: 0, book: 0 });
  for (const s of sessions) Object.assign(out.get(s.repoId as string) ?? {}, s);
  for (const d of done) Object.assign(out.get(d.repoId) ?? {}, { done: d.done });
  for (const b of book) Object.assign(out.get(b.repoId) ?? {}, { book: b.n });
  return out;
}

const categoryTitle = sql<string | null>`(select ${sysDicValue.title} from ${sysDicValue}
  where ${sysDicValue.dicCode} = ${REPO_CATALOG_DIC} and ${sysDicValue.value} = ${elRepo.category} limit 1)`;

/** The banks open to practice, with counts per type and the user's progress and accuracy. */
export async function practiceRepos(db: Executor, userId: string, title?: string | null): Promise<TTrainRepo[]> {
  const where: SQL[] = [isNull(elRepo.deletedAt), eq(elRepo.practiceEnabled, true)];
  if (title) where.push(sql`${elRepo.title} ilike ${containing(title)}`);
  const repos = await db
    .select({ id: elRepo.id, title: elRepo.title, categoryTitle, remark: elRepo.remark })
    .from(elRepo)
    .where(and(...where))
    .orderBy(asc(elRepo.title));
  const ids = repos.map((r) => r.id);
  const stats = new Map((await repoStats(db, ids)).map((s) => [s.repoId, s]));
  const mine = await myFigures(db, userId, ids);
  return repos.map((r) => {
    const s = stats.get(r.id);
    const m = mine.get(r.id);
    const quCount = s?.total ?? 0;
    return {
      ...r,
      quCount,
      byType: s?.byType ?? {},
      doneCount: m.done,
      progress: quCount ? Math.min(100, round2((m.done * 100) / quCount)) : 0,
      answered: m.answered,
      rightCount: m.right,
      accuracy: accuracyOf(m.right, m.wrong),
      sessions: m.sessions,
      wrongInBook: m.book,
      lastTrainAt: m.last?.toISOString() ?? null,
    };
  });
}

/** One bank open to practice, with the modes that have an unfinished session. */
export async function practiceRepoDetail(db: Executor, userId: string, repoId: string): Promise<TTrainRepoDetail> {
  await practiceRepo(db, repoId);
  const [repo] = (await practiceRepos(db, userId)).filter((r) => r.id === repoId);
  const open = await db
    .select({ mode: elTrain.mode })
    .from(elTrain)
    .where(and(eq(elTrain.userId, userId), eq(elTrain.repoId, repoId), eq(elTrain.state, TrainState.OPEN)));
  return { ...repo, openModes: open.map((o) => o.mode).sort() };
}

/** The user's sessions, newest first. */
export async function pagingTrains(
  db: Executor,
  userId: string,
  q: { current: number; size: number; params: { repoId?: string | null; mode?: number | null } },
) {
  const where: SQL[] = [eq(elTrain.userId, userId)];
  if (q.params.repoId) where.push(eq(elTrain.repoId, q.params.repoId));
  if (q.params.mode) where.push(eq(elTrain.mode, q.params.mode));
  return paginateWith(
    q,
    db
      .select({ n: count() })
      .from(elTrain)
      .where(and(...where)),
    db
      .select({ t: elTrain, repoTitle: elRepo.title })
      .from(elTrain)
      .leftJoin(elRepo, eq(elRepo.id, elTrain.repoId))
      .where(and(...where))
      .orderBy(desc(elTrain.startedAt), desc(elTrain.id))
      .$dynamic(),
    async (rows) => {
      const holding = await sessionsHoldingLocked(
        db,
        userId,
        rows.map((r) => r.t.id),
      );
      return rows.map(({ t, repoTitle }) => {
        const r = toRecord(t, repoTitle);
        if (holding.has(t.id)) return { ...r, rightCount: 0, wrongCount: 0, accuracy: 0, score: null, held: true };
        return t.mode === TrainMode.MOCK && t.state === TrainState.OPEN
          ? { ...r, rightCount: 0, wrongCount: 0, accuracy: 0 }
          : r;
      });
    },
  );
}

/** Sessions holding a question of the user's open paper: their counts would tell its verdict. */
async function sessionsHoldingLocked(db: Executor, userId: string, trainIds: string[]): Promise<Set<string>> {
  const { lock } = await learnerReader(db, userId);
  if (lock.ids.size === 0 || trainIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: elTrainQu.trainId })
    .from(elTrainQu)
    .where(and(inArray(elTrainQu.trainId, trainIds), inArray(elTrainQu.quId, [...lock.ids])));
  return new Set(rows.map((r) => r.id));
}

/** "今日待复习 N 题": book entries due by now, and the open review session if any. */
export async function reviewStat(db: Executor, userId: string, now: Date): Promise<TReviewStat> {
  const [row] = await db
    .select({
      due: n(sql`count(*) filter (where ${elUserBook.nextReviewAt} <= ${now.toISOString()}::timestamptz)`),
      inBook: n(sql`count(*)`),
      nextDueAt:
        sql<Date | null>`min(${elUserBook.nextReviewAt}) filter (where ${elUserBook.nextReviewAt} > ${now.toISOString()}::timestamptz)`.mapWith(
          (v) => (v ? new Date(v) : null),
        ),
    })
    .from(elUserBook)
    .innerJoin(elQu, and(eq(elQu.id, elUserBook.quId), isNull(elQu.deletedAt)))
    .where(eq(elUserBook.userId, userId));
  const [open] = await db
    .select({ id: elTrain.id })
    .from(elTrain)
    .where(and(eq(elTrain.userId, userId), eq(elTrain.mode, TrainMode.REVIEW), eq(elTrain.state, TrainState.OPEN)));
  return {
    due: row?.due ?? 0,
    inBook: row?.inBook ?? 0,
    nextDueAt: row?.nextDueAt?.toISOString() ?? null,
    openTrainId: open?.id ?? null,
  };
}
