/**
 * The exam's side of a start (开始考试, sitting/start.ts asks it through sitting/exam-port.ts): the
 * exam's rules for this learner (audience, window, latest entry, their arrangement, focus mode,
 * course locks, password) decide whether they may start now, and the answer is the exam as they
 * sit it, as typed values. Reads the exam's own tables and asks course below; never the sitting.
 */
import { ErrorCode, FOCUS_MODE_REFUSED, focusModeRefused } from '@exam/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { elExam } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { courseLockOf } from '../course/course.module.js';
import type { EntryRequest, EntryTerms } from '../sitting/exam-port.js';
import { doorCheck } from './door-port.js';
import { applyOverride, deadlineFor, overrideById } from './exam-override.js';
import { checkExamPassword } from './exam-password.js';
import { entryRefusal, loadEntry, periodStart } from './exam-rules.js';

/** Throws the exam's refusal of this start, else answers the learner's terms. */
export async function entryTerms(
  db: Executor,
  user: AuthUser,
  request: EntryRequest,
  now: Date,
  zone: string,
): Promise<EntryTerms> {
  // One after the other on one pooled connection: read at once (three connections per start) the
  // rush's starts held the pool from the saves, and the paper reads' and claims' tails grew
  // (bench/README.md, the start in one statement).
  const { exam: examRow, tmplVersion, overrideId } = await loadEntry(db, request.examId, user);
  const arranged = applyOverride(examRow, await overrideById(db, overrideId));
  const exam = arranged.exam;
  const refusal = entryRefusal(exam, now);
  if (refusal) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, refusal);
  // Before the password, so a refused device spends no password attempt. The server cannot see the
  // device: it trusts the client's declaration (a client that lies or declares nothing is let in,
  // and the room's leave reports are what remains).
  if (focusModeRefused(exam, request.canFullScreen))
    throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, FOCUS_MODE_REFUSED);
  // A proctored exam opens only after the learner consented to its notice and passed its door (a
  // candidate of the exam's link too: they enrol their face at the door). Asked only when the exam
  // is proctored, so an exam without proctoring adds no statement to its start; before the password,
  // so a learner without a door spends no password attempt. The pass holds for the exam's window.
  if ((exam.proctor?.mode ?? 0) > 0 && !(await doorCheck()(db, exam, user.id)))
    throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '请先完成监考告知确认与身份核验');
  // A candidate (the exam's link) has no courses and was let in by the link's own access code:
  // the course locks and the exam's password are the organisation's learners' gates.
  if (!user.candidate) {
    const courseLock = await courseLockOf(db, user, exam.id, now);
    if (courseLock) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, courseLock);
    if (arranged.needPassword) await checkExamPassword(db, user.id, exam, request.password, now);
  }
  return {
    examId: exam.id,
    title: exam.title,
    tmplId: exam.tmplId,
    tmplVersion,
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
 * An SQL condition, true while the exam still has the settings the terms were read with; the start
 * puts it in the statement that writes the attempt. It holds the exam's row FOR KEY SHARE, which
 * conflicts with a locking edit's FOR UPDATE (exam-archive.ts assertLockedUnchanged): an edit
 * holding the row makes the start wait and then read what it committed (changed settings rebuild
 * the paper); an edit coming after waits for the start's statement and then sees its paper
 * (20010011). The whole kind settings are compared, so a change of any of them rebuilds once.
 */
export function unchangedSince(terms: EntryTerms): SQL {
  return sql`exists (select 1 from ${elExam} e where e.id = ${terms.examId} and e.tmpl_id = ${terms.tmplId}
    and e.pass_score = ${terms.passScore}
    and e.kind_settings is not distinct from ${JSON.stringify(terms.kindSettings ?? null)}::jsonb
    for key share)`;
}
