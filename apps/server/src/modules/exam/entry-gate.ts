/**
 * The exam's side of a start (开始考试, sitting/start.ts asks it through sitting/exam-port.ts): the
 * exam's rules for this learner (audience, window, latest entry, their arrangement, focus mode,
 * course locks, password) decide whether they may start now, and the answer is the exam as they
 * sit it, as typed values. Reads the exam's own tables and asks course below; never the sitting.
 */
import { ErrorCode, FOCUS_MODE_REFUSED, focusModeRefused } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elExam } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { lockedExams } from '../course/course.module.js';
import type { EntryRequest, EntryTerms } from '../sitting/exam-port.js';
import { lockedChanges } from './exam-archive.js';
import { arrangedExam, deadlineFor } from './exam-override.js';
import { checkExamPassword } from './exam-password.js';
import { entryRefusal, loadOpenExam, periodStart } from './exam-rules.js';

/** Throws the exam's refusal of this start, else answers the learner's terms. */
export async function entryTerms(
  db: Executor,
  user: AuthUser,
  request: EntryRequest,
  now: Date,
  zone: string,
): Promise<EntryTerms> {
  // The exam as this learner sits it: their window, minutes, attempts and password.
  const arranged = await arrangedExam(db, await loadOpenExam(db, request.examId, user), user);
  const exam = arranged.exam;
  const refusal = entryRefusal(exam, now);
  if (refusal) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, refusal);
  // Before the password, so a refused device spends no password attempt. The server cannot see the
  // device: it trusts the client's declaration (a client that lies or declares nothing is let in,
  // and the room's leave reports are what remains).
  if (focusModeRefused(exam, request.canFullScreen))
    throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, FOCUS_MODE_REFUSED);
  // A candidate (the exam's link) has no courses and was let in by the link's own access code:
  // the course locks and the exam's password are the organisation's learners' gates.
  if (!user.candidate) {
    const courseLock = (await lockedExams(db, user, now)).get(exam.id);
    if (courseLock) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, courseLock);
    if (arranged.needPassword) await checkExamPassword(db, user.id, exam, request.password, now);
  }
  return {
    examId: exam.id,
    title: exam.title,
    tmplId: exam.tmplId,
    shuffleQu: exam.shuffleQu,
    shuffleOpt: exam.shuffleOpt,
    passScore: exam.passScore,
    kindSettings: exam.kindSettings,
    tryLimit: exam.tryLimit,
    attemptsFrom: periodStart(exam.cycleType, now, zone),
    deadlineFor: (start) => deadlineFor(arranged, start),
  };
}

/**
 * Serialised against a locking edit of the exam: FOR KEY SHARE conflicts with the edit's FOR
 * UPDATE (exam-archive.ts assertLockedUnchanged). An edit holding the row makes this wait and then
 * read what it committed: changed settings rebuild the paper. An edit coming after waits for the
 * start's transaction and then sees its paper (20010011).
 */
export async function unchangedSince(tx: Executor, terms: EntryTerms): Promise<boolean> {
  const [locked] = await tx
    .select({ tmplId: elExam.tmplId, passScore: elExam.passScore, kindSettings: elExam.kindSettings })
    .from(elExam)
    .where(eq(elExam.id, terms.examId))
    .for('key share');
  if (!locked) return false;
  return (
    lockedChanges({ ...terms, kindSettings: terms.kindSettings as typeof locked.kindSettings }, locked).length === 0
  );
}
