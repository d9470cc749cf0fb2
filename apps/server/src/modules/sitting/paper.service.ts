/**
 * Sitting an exam: create (or resume) an attempt, read it, leave the page, hand in, abandon.
 * One open paper per learner is enforced by the partial unique index el_paper_open_uq, which makes
 * two concurrent creates give one attempt on PGlite and PostgreSQL alike.
 */
import {
  ErrorCode,
  HandKind,
  PaperState,
  type TOpenPaperRef,
  type TPaperCreated,
  type TPaperDetail,
  type TPaperQuView,
} from '@exam/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { publish } from '../../platform/events/index.js';
import { preparedStatement } from '../../platform/prepared.js';
import { type LearnerQuSource, learnerQuView } from '../paper/paper-view.js';
import { policyOf } from '../paper/scoring.js';
import { examsForSitting } from './exam-port.js';
import { abandonPaper, type HandOutcome, handPaper } from './hand-in.js';
import { ownPaper } from './own-paper.js';

type PaperRow = typeof elPaper.$inferSelect;

/**
 * The paper read's columns: what the learner's view shows and nothing more (never the analysis or
 * the marking). Selected whole, the paper's row (repeated on each of its 50 questions by the join)
 * and every column of the questions were mapped field by field: a fifth of the read's CPU
 * (bench/call-cost.ts).
 */
const paperReadColumns = {
  id: elPaper.id,
  examId: elPaper.examId,
  userId: elPaper.userId,
  title: elPaper.title,
  state: elPaper.state,
  totalScore: elPaper.totalScore,
  passScore: elPaper.passScore,
  startTime: elPaper.startTime,
  deadline: elPaper.deadline,
  leaveCount: elPaper.leaveCount,
};
const learnerQuColumns = {
  quId: elPaperQu.quId,
  parentQuId: elPaperQu.parentQuId,
  sort: elPaperQu.sort,
  sectionIdx: elPaperQu.sectionIdx,
  sectionTitle: elPaperQu.sectionTitle,
  type: elPaperQu.type,
  score: elPaperQu.score,
  content: elPaperQu.content,
  options: elPaperQu.options,
  refAnswer: elPaperQu.refAnswer,
  answer: elPaperQu.answer,
  flagged: elPaperQu.flagged,
  seq: elPaperQu.seq,
} satisfies Record<keyof LearnerQuSource, unknown>;

const openPaperOf = preparedStatement('paper_open_of', (db, name) =>
  db
    .select({ paperId: elPaper.id, examId: elPaper.examId, title: elPaper.title })
    .from(elPaper)
    .where(and(eq(elPaper.userId, sql.placeholder('userId')), eq(elPaper.state, PaperState.IN_EXAM)))
    .prepare(name),
);

/** The learner's open paper, if any (every start asks first). */
export async function findOpenPaper(db: Db, userId: string): Promise<TOpenPaperRef | null> {
  const [p] = await openPaperOf(db).execute({ userId });
  return p ?? null;
}

/** Answers the learner's open paper of this exam as resumed; another exam's open paper is refused (20010002). */
export function resumeOrRefuse(open: TOpenPaperRef, examId: string): TPaperCreated {
  if (open.examId === examId) return { ...open, resumed: true };
  throw new AppError(ErrorCode.EXAM_IN_PROGRESS, `您有正在进行的考试「${open.title}」，请先完成`, {
    ...open,
    resumed: false,
  });
}

const paperById = preparedStatement('paper_by_id', (db, name) =>
  db
    .select()
    .from(elPaper)
    .where(eq(elPaper.id, sql.placeholder('paperId')))
    .prepare(name),
);

/** Loads a paper of the caller (10010003 unknown, 10010004 someone else's); the hand-in asks first. */
export async function loadOwnPaper(db: Db, userId: string, paperId: string): Promise<PaperRow> {
  const [paper] = await paperById(db).execute({ paperId });
  return ownPaper(paper, userId);
}

/**
 * Hands an overdue open paper in when it is read (any instance may do it; the sweep does the
 * rest), and answers the paper as `reread` reads it then.
 */
async function settleOverdue<P extends Pick<PaperRow, 'id' | 'state' | 'deadline'>>(
  db: Db,
  paper: P,
  now: Date,
  reread: () => Promise<P>,
): Promise<P> {
  if (paper.state !== PaperState.IN_EXAM || paper.deadline > now) return paper;
  await handPaper(db, paper.id, now, HandKind.DEADLINE);
  return reread();
}

/**
 * The paper and, while it is open, its questions in one read: the read comes once per learner in
 * the start rush, right after the start.
 */
const paperWithQuestions = preparedStatement('paper_read', (db, name) =>
  db
    .select({ paper: paperReadColumns, qu: learnerQuColumns })
    .from(elPaper)
    .leftJoin(elPaperQu, and(eq(elPaperQu.paperId, elPaper.id), eq(elPaper.state, PaperState.IN_EXAM)))
    .where(eq(elPaper.id, sql.placeholder('paperId')))
    .orderBy(asc(elPaperQu.sort))
    .prepare(name),
);

/** The paper being sat, with the server's deadline and current time, the answer card and saved answers. */
export async function paperDetail(db: Db, userId: string, paperId: string, now: Date): Promise<TPaperDetail> {
  const joined = await paperWithQuestions(db).execute({ paperId });
  const read = ownPaper(joined[0]?.paper, userId);
  const paper = await settleOverdue(db, read, now, async () => {
    const [fresh] = await db.select(paperReadColumns).from(elPaper).where(eq(elPaper.id, read.id));
    return fresh;
  });
  const exam = await examsForSitting().settings(db, paper.examId);
  const rows = paper.state === PaperState.IN_EXAM ? joined.flatMap((r) => (r.qu ? [r.qu] : [])) : [];
  return {
    id: paper.id,
    examId: paper.examId,
    title: paper.title,
    state: paper.state,
    totalScore: paper.totalScore,
    passScore: paper.passScore,
    startTime: paper.startTime.toISOString(),
    deadline: paper.deadline.toISOString(),
    serverTime: now.toISOString(),
    earliestHandTime: new Date(paper.startTime.getTime() + (exam?.handMinMinutes ?? 0) * 60_000).toISOString(),
    leaveCount: paper.leaveCount,
    leaveLimit: exam?.leaveLimit ?? 0,
    fullScreen: exam?.fullScreen ?? false,
    allowFocusMode: exam?.allowFocusMode ?? true,
    noCopy: exam?.noCopy ?? false,
    proctorMode: exam?.proctorMode ?? 0,
    questions: rows.map(learnerQuView),
  };
}

/** One question of an open paper (learner view). */
export async function paperQuDetail(db: Db, userId: string, paperId: string, quId: string): Promise<TPaperQuView> {
  const paper = await loadOwnPaper(db, userId, paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED);
  const [row] = await db
    .select(learnerQuColumns)
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, quId)));
  if (!row) throw notFound('题目');
  return learnerQuView(row);
}

/** Counts a blur / full-screen exit; one more than the exam allows forces the hand-in. */
export async function leavePage(db: Db, userId: string, paperId: string, now: Date) {
  const paper = await settleOverdue(db, await loadOwnPaper(db, userId, paperId), now, () =>
    loadOwnPaper(db, userId, paperId),
  );
  const exam = await examsForSitting().settings(db, paper.examId);
  const leaveLimit = exam?.leaveLimit ?? 0;
  if (paper.state !== PaperState.IN_EXAM) return { leaveCount: paper.leaveCount, leaveLimit, handed: true };
  // Atomic increment: concurrent reports each count once. The event tells the invigilation
  // console's feed, in the same transaction as the count its 切屏 column reads.
  const [row] = await db.transaction(async (tx) => {
    const done = await tx
      .update(elPaper)
      .set({ leaveCount: sql`${elPaper.leaveCount} + 1` })
      .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.IN_EXAM)))
      .returning({ leaveCount: elPaper.leaveCount });
    if (done[0])
      await publish(tx, {
        name: 'paper.leftPage',
        payload: { paperId, userId, examId: paper.examId, leaveCount: done[0].leaveCount, at: now.toISOString() },
      });
    return done;
  });
  if (!row) return { leaveCount: paper.leaveCount, leaveLimit, handed: true };
  const leaveCount = row.leaveCount;
  if (leaveLimit > 0 && leaveCount > leaveLimit) {
    await handPaper(db, paperId, now, HandKind.LEAVE_LIMIT);
    return { leaveCount, leaveLimit, handed: true };
  }
  return { leaveCount, leaveLimit, handed: false };
}

/** The learner hands in; the earliest hand-in is enforced until the deadline. Twice gives one result. */
export async function handByLearner(db: Db, userId: string, paperId: string, now: Date): Promise<HandOutcome> {
  const paper = await loadOwnPaper(db, userId, paperId);
  if (paper.state !== PaperState.IN_EXAM) return { paperId, state: paper.state, handedNow: false };
  const exam = await examsForSitting().settings(db, paper.examId);
  const earliest = new Date(paper.startTime.getTime() + (exam?.handMinMinutes ?? 0) * 60_000);
  if (now < earliest && now < paper.deadline)
    throw new AppError(ErrorCode.HAND_TOO_EARLY, `开考${exam?.handMinMinutes ?? 0}分钟后才能交卷，请继续作答`);
  // The policy comes with the settings: read again inside the hand-in it was one more round trip
  // while the paper's row is locked.
  return handPaper(
    db,
    paperId,
    now,
    now < paper.deadline ? HandKind.LEARNER : HandKind.DEADLINE,
    policyOf(exam ? { kindSettings: exam.kindSettings } : undefined),
  );
}

/** 放弃考试: ends the open paper without a score; it counts as an attempt. */
export async function abandonByLearner(db: Db, userId: string, paperId: string, now: Date): Promise<HandOutcome> {
  const paper = await loadOwnPaper(db, userId, paperId);
  return abandonPaper(db, paper.id, now);
}
