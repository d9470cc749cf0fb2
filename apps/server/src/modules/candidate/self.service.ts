/**
 * The candidate session's own calls: its page (its exam, its paper, a certificate), starting its
 * attempt through the sitting's ordinary start (the same gate, draw and one-open-paper rule as a
 * learner's), and leaving (the session's token is revoked).
 */
import { ErrorCode, PaperState, type TCandidateMe, type TPaperCreated } from '@exam/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { elCandidate, elCert, elExam } from '../../db/schema/index.js';
import { type AuthUser, revokeTokenHash } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { candidatePaper } from '../sitting/reads/candidate.js';
import { createPaper } from '../sitting/start.js';

/** The session's exam, or 10010004 for any other session (only a candidate has a candidate page). */
function examOf(user: AuthUser): string {
  if (!user.candidate) throw new AppError(ErrorCode.NO_PERMISSION, '仅考生可用');
  return user.candidate.examId;
}

export async function me(db: Db, user: AuthUser): Promise<TCandidateMe> {
  const examId = examOf(user);
  const [row] = await db
    .select({ candidate: elCandidate, exam: elExam })
    .from(elCandidate)
    .innerJoin(elExam, eq(elExam.id, elCandidate.examId))
    .where(and(eq(elCandidate.id, user.id), eq(elCandidate.examId, examId)));
  if (!row) throw notFound('考生');
  const paper = await candidatePaper(db, examId, user.id);
  const [cert] = await db
    .select({ id: elCert.id, certNo: elCert.certNo, verifyCode: elCert.verifyCode })
    .from(elCert)
    .where(
      and(
        eq(elCert.userId, user.id),
        eq(elCert.sourceKind, 'exam'),
        eq(elCert.refId, examId),
        isNull(elCert.revokedAt),
      ),
    )
    .orderBy(desc(elCert.issuedAt))
    .limit(1);
  return {
    examId,
    title: row.exam.title,
    name: row.candidate.name,
    startTime: row.exam.startTime.toISOString(),
    endTime: row.exam.endTime.toISOString(),
    duration: row.exam.duration,
    fullScreen: row.exam.fullScreen,
    allowFocusMode: row.exam.allowFocusMode,
    paperId: paper?.id ?? null,
    paperOpen: paper?.state === PaperState.IN_EXAM,
    sessionEnds: row.exam.endTime.toISOString(),
    cert: cert ?? null,
  };
}

/** Starts or resumes the attempt; the candidate's row records it (status 1 and the paper). */
export async function start(
  db: Db,
  user: AuthUser,
  body: { canFullScreen?: boolean | null },
  now: Date,
  zone: string,
): Promise<TPaperCreated> {
  const examId = examOf(user);
  const created = await createPaper(db, user, { examId, canFullScreen: body.canFullScreen ?? null }, now, zone);
  await db.update(elCandidate).set({ status: 1, paperId: created.paperId }).where(eq(elCandidate.id, user.id));
  return created;
}

/** Ends the session: its token is deleted and dropped from every instance's cache. */
export async function leave(db: Db, user: AuthUser): Promise<void> {
  examOf(user);
  await revokeTokenHash(db, user.tokenHash);
}
