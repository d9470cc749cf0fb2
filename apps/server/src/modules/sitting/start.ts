/**
 * Starting an attempt (开始考试), walking down only: the learner's open paper (resumed or
 * refusing), the exam's gate and terms (exam's `entryTerms`, asked through exam-port.ts as typed
 * values: audience, window, arrangement, focus mode, course locks, password), the attempts used in
 * the cycle, the draw (paper/paper-build.ts), then the attempt written in one transaction that
 * holds the exam's settings (`unchangedSince`). One open paper per learner is enforced by the
 * partial unique index el_paper_open_uq, which makes two concurrent creates give one attempt.
 */
import { ErrorCode, type TPaperCreated } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { elPaperTmpl } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { buildPaperQuestions } from '../paper/paper-build.js';
import { countAttempts, createAttempt } from './attempt.js';
import { type EntryRequest, type EntryTerms, examsForSitting } from './exam-port.js';
import { findOpenPaper, resumeOrRefuse } from './paper.service.js';

/**
 * At most this many papers are drawn and written at once per process (the 09:00 rush).
 * A waiting start holds its request only, not 50 drawn questions, and leaves the pool's
 * connections to the answer saves; first come, first served.
 */
export const PAPER_BUILDS_AT_ONCE = 16;
const paperBuilds = pLimit(PAPER_BUILDS_AT_ONCE);

/** Starts being built now, and waiting to be, in this process. */
export const paperBuildLoad = () => ({ active: paperBuilds.activeCount, waiting: paperBuilds.pendingCount });

/** The paper was built from exam settings that a locking edit changed meanwhile. */
class ExamChangedMeanwhile extends Error {}

type CreateInput = EntryRequest;

/**
 * Creates an attempt, or answers the open one of the same exam. Another exam's open paper
 * answers 20010002 with {paperId, examId, title}. A paper built while a locking edit of the exam
 * (template, pass mark, marking settings: exam/exam-archive.ts) commits is built once more from the
 * new settings.
 */
export async function createPaper(
  db: Db,
  user: AuthUser,
  input: CreateInput,
  now: Date,
  zone: string,
): Promise<TPaperCreated> {
  try {
    return await createPaperOnce(db, user, input, now, zone);
  } catch (err) {
    if (!(err instanceof ExamChangedMeanwhile)) throw err;
  }
  try {
    return await createPaperOnce(db, user, input, now, zone);
  } catch (err) {
    if (err instanceof ExamChangedMeanwhile)
      throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试设置刚刚更新，请重新进入考试');
    throw err;
  }
}

async function createPaperOnce(
  db: Db,
  user: AuthUser,
  input: CreateInput,
  now: Date,
  zone: string,
): Promise<TPaperCreated> {
  const open = await findOpenPaper(db, user.id);
  if (open) return resumeOrRefuse(open, input.examId);

  const terms = await examsForSitting().entryTerms(db, user, input, now, zone);
  if (terms.tryLimit > 0 && (await countAttempts(db, terms, user.id)) >= terms.tryLimit) {
    // A create racing this one may have just opened the attempt that reached the limit: resume it.
    const raced = await findOpenPaper(db, user.id);
    if (raced) return resumeOrRefuse(raced, input.examId);
    throw new AppError(ErrorCode.EXAM_TRY_LIMIT);
  }

  const waitFrom = performance.now();
  try {
    return await paperBuilds(() => {
      // A long wait is not taken from the learner: the paper starts when it is built.
      const waited = performance.now() - waitFrom;
      const startAt = waited < 1000 ? now : new Date(now.getTime() + Math.round(waited));
      return buildAndWrite(db, user, terms, startAt);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findOpenPaper(db, user.id);
    if (winner) return resumeOrRefuse(winner, input.examId);
    throw err;
  }
}

/** Draws the questions and writes the attempt (inside the build gate). */
async function buildAndWrite(db: Db, user: AuthUser, terms: EntryTerms, now: Date): Promise<TPaperCreated> {
  const [tmpl] = await db.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, terms.tmplId));
  if (!tmpl) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试试卷不存在，请联系管理员');
  const questions = await buildPaperQuestions(db, tmpl.sections, {
    shuffleQu: terms.shuffleQu,
    shuffleOpt: terms.shuffleOpt,
    learnerId: user.id,
  });
  if (questions.length === 0) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '试卷中没有题目，请联系管理员');

  return db.transaction(async (tx) => {
    // The exam's row is held against a locking edit until the paper is written; settings changed
    // meanwhile rebuild the paper.
    if (!(await examsForSitting().unchangedSince(tx, terms))) throw new ExamChangedMeanwhile();
    const paperId = await createAttempt(
      tx,
      {
        examId: terms.examId,
        userId: user.id,
        deptId: user.deptId,
        title: terms.title,
        startTime: now,
        deadline: terms.deadlineFor(now),
        passScore: terms.passScore,
      },
      questions,
    );
    // The index allows one open paper; this re-count closes the gap for the attempt limit.
    if (terms.tryLimit > 0 && (await countAttempts(tx, terms, user.id)) > terms.tryLimit)
      throw new AppError(ErrorCode.EXAM_TRY_LIMIT);
    return { paperId, examId: terms.examId, title: terms.title, resumed: false };
  });
}
