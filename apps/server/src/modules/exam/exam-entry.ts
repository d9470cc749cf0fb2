/**
 * Entering an exam (开始考试): the exam's rules for this learner (audience, window, latest entry,
 * their arrangement, course locks, password, attempts per cycle) decide, then the paper module's
 * pieces build the attempt. Lives in the exam module so that the paper module never imports the
 * exam module (exam → paper only); the paper's rows are written by the paper module
 * (`createAttempt`), their owner. One open paper per learner is enforced by the partial unique
 * index el_paper_open_uq, which makes two concurrent creates give one attempt.
 */
import { ErrorCode, FOCUS_MODE_REFUSED, focusModeRefused, type TPaperCreated } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { elExam, elPaperTmpl } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { lockedExams } from '../course/course.module.js';
import { createAttempt } from '../paper/attempt.js';
import { checkExamPassword } from '../paper/exam-password.js';
import { findOpenPaper, resumeOrRefuse } from '../paper/paper.service.js';
import { buildPaperQuestions } from '../paper/paper-build.js';
import { lockedChanges } from './exam-archive.js';
import { arrangedExam, deadlineFor } from './exam-override.js';
import { countAttempts, entryRefusal, loadOpenExam } from './exam-rules.js';

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

type CreateInput = { examId: string; password?: string | null; canFullScreen?: boolean | null };

/**
 * Creates an attempt, or answers the open one of the same exam. Another exam's open paper
 * answers 20010002 with {paperId, examId, title}. A paper built while a locking edit of the exam
 * (template, pass mark, marking settings: exam-archive.ts) commits is built once more from the
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

  // The exam as this learner sits it: their window, minutes, attempts and password.
  const arranged = await arrangedExam(db, await loadOpenExam(db, input.examId, user), user);
  const exam = arranged.exam;
  const refusal = entryRefusal(exam, now);
  if (refusal) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, refusal);
  // Before the password, so a refused device spends no password attempt. The server cannot see the
  // device: it trusts the client's declaration (a client that lies or declares nothing is let in,
  // and the room's leave reports are what remains).
  if (focusModeRefused(exam, input.canFullScreen)) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, FOCUS_MODE_REFUSED);
  const courseLock = (await lockedExams(db, user, now)).get(exam.id);
  if (courseLock) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, courseLock);
  if (arranged.needPassword) await checkExamPassword(db, user.id, exam, input.password, now);
  if (exam.tryLimit > 0 && (await countAttempts(db, exam, user.id, now, zone)) >= exam.tryLimit) {
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
      return buildAndWrite(db, user, arranged, startAt, zone);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findOpenPaper(db, user.id);
    if (winner) return resumeOrRefuse(winner, input.examId);
    throw err;
  }
}

/** Draws the questions and writes the attempt (inside the build gate). */
async function buildAndWrite(
  db: Db,
  user: AuthUser,
  arranged: Awaited<ReturnType<typeof arrangedExam>>,
  now: Date,
  zone: string,
): Promise<TPaperCreated> {
  const exam = arranged.exam;
  const [tmpl] = await db.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, exam.tmplId));
  if (!tmpl) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试试卷不存在，请联系管理员');
  const questions = await buildPaperQuestions(db, tmpl.sections, {
    shuffleQu: exam.shuffleQu,
    shuffleOpt: exam.shuffleOpt,
  });
  if (questions.length === 0) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '试卷中没有题目，请联系管理员');

  return db.transaction(async (tx) => {
    // Serialised against a locking edit of the exam: FOR KEY SHARE conflicts with
    // the edit's FOR UPDATE (exam-archive.ts assertLockedUnchanged). An edit holding the row
    // makes this wait and then read what it committed: changed settings rebuild the paper. An
    // edit coming after waits for this paper and then sees it (20010011).
    const [locked] = await tx
      .select({
        tmplId: elExam.tmplId,
        passScore: elExam.passScore,
        kindSettings: elExam.kindSettings,
      })
      .from(elExam)
      .where(eq(elExam.id, exam.id))
      .for('key share');
    if (!locked || lockedChanges(exam, locked).length > 0) throw new ExamChangedMeanwhile();
    const paperId = await createAttempt(
      tx,
      {
        examId: exam.id,
        userId: user.id,
        deptId: user.deptId,
        title: exam.title,
        startTime: now,
        deadline: deadlineFor(arranged, now),
        passScore: exam.passScore,
      },
      questions,
    );
    // The index allows one open paper; this re-count closes the gap for the attempt limit.
    if (exam.tryLimit > 0 && (await countAttempts(tx, exam, user.id, now, zone)) > exam.tryLimit)
      throw new AppError(ErrorCode.EXAM_TRY_LIMIT);
    return { paperId, examId: exam.id, title: exam.title, resumed: false };
  });
}
