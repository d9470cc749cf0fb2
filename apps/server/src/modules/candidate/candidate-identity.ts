/**
 * Who a candidate token is, for the platform's token check (platform/auth.ts, the candidate port):
 * the live token ⋈ its candidate ⋈ the candidate's exam. The session ends with the exam: a token
 * finds nothing after the exam's end, of a deleted exam or of a deleted candidate.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { elCandidate, elExam, sysToken } from '../../db/schema/index.js';
import type { CandidateIdentitySource, CandidateTokenIdentity } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';

export function prepareCandidateLookup(db: Db): (tokenHash: string) => Promise<CandidateTokenIdentity | undefined> {
  const lookup = db
    .select({
      id: elCandidate.id,
      name: elCandidate.name,
      examId: elCandidate.examId,
      lastUsedAt: sysToken.lastUsedAt,
      createdAt: sysToken.createdAt,
      tokenExpires: sysToken.expiresAt,
      examEnds: elExam.endTime,
    })
    .from(sysToken)
    .innerJoin(elCandidate, eq(elCandidate.id, sysToken.userId))
    .innerJoin(elExam, eq(elExam.id, elCandidate.examId))
    .where(
      and(
        eq(sysToken.tokenHash, sql.placeholder('hash')),
        gt(sysToken.expiresAt, sql`now()`),
        gt(elExam.endTime, sql`now()`),
        isNull(elExam.deletedAt),
      ),
    )
    .prepare('auth_candidate_lookup');
  return async (tokenHash) => {
    const [row] = await lookup.execute({ hash: tokenHash });
    if (!row) return undefined;
    const { tokenExpires, examEnds, ...rest } = row;
    return { ...rest, expiresAt: tokenExpires < examEnds ? tokenExpires : examEnds };
  };
}

/** What modules/index.ts hands the platform's token check. */
export const candidateIdentity: CandidateIdentitySource = { prepareCandidateLookup };
