/**
 * A candidate's session (an outside person who registered through an exam's link) reaches its own
 * calls and the sitting's learner calls on its own paper, nothing else: any other call sees no
 * session at all (the app's request hook leaves `authUser` empty), so it answers as to a caller
 * without a token (10010002), or as to anyone on a public call. No menu, user, other exam, course,
 * bank, file or realtime stream answers a candidate, whatever a tag or a policy would say. The
 * sitting's calls keep their own rules (the paper is read with the session's id; the exam's gate
 * lets a candidate start its own exam only).
 */
import {
  candidateSelfLeave,
  candidateSelfMe,
  candidateSelfStart,
  certCertDownload,
  examInvigilateBeat,
  examProctorAdmitRequest,
  examProctorChallenge,
  examProctorChallengeStep,
  examProctorConsent,
  examProctorNotice,
  paperPaperClaim,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperLeave,
  paperPaperQuDetail,
  paperPaperResult,
} from '@exam/contracts';

/** The calls a candidate session may make. */
export const CANDIDATE_CALLS: ReadonlySet<string> = new Set([
  candidateSelfMe.path,
  candidateSelfStart.path,
  candidateSelfLeave.path,
  paperPaperDetail.path,
  paperPaperQuDetail.path,
  paperPaperFillAnswer.path,
  paperPaperClaim.path,
  paperPaperLeave.path,
  paperPaperHand.path,
  paperPaperResult.path,
  examInvigilateBeat.path,
  certCertDownload.path, // its own certificate's PDF only (the download reads the row with the session's id)
  // The door of a proctored exam (its own exam only: the door loads the exam through the exam's
  // audience check, which confines a candidate to the link's exam); a candidate enrols its face there.
  examProctorNotice.path,
  examProctorConsent.path,
  examProctorChallenge.path,
  examProctorChallengeStep.path,
  examProctorAdmitRequest.path,
]);

/** Whether a candidate session is let through to this URL (the path, without its query). */
export function candidateMayCall(url: string): boolean {
  const path = url.split('?', 1)[0];
  return CANDIDATE_CALLS.has(path);
}
