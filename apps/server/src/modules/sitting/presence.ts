/**
 * Presence (the exam room's beat, every 10 s while a paper is open): the sitting's side of
 * /api/exam/invigilate/beat. Records that the learner's open paper is in front of them and from
 * where, for the invigilation console (exam/invigilate/room-beat.ts adds the invigilator's
 * messages), and answers the paper's state and times. Nothing of answers, keys or scores.
 */
import { PaperState } from '@exam/contracts';
import { eq, sql } from 'drizzle-orm';
import { elPaper, elPaperPresence } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { ownPaper } from './own-paper.js';

/** Presence is written at most this often per paper (a reload or two tabs do not multiply writes). */
const PRESENCE_MIN_MS = 3000;

export interface PresencePaper {
  examId: string;
  state: number;
  deadline: Date;
  startTime: Date;
}

/** The learner's paper (10010003, 10010004 when not theirs), its presence recorded while it is open. */
export async function recordPresence(
  db: Db,
  userId: string,
  paperId: string,
  client: { ip: string; userAgent: string | null },
  now: Date,
): Promise<PresencePaper> {
  const [row] = await db
    .select({
      userId: elPaper.userId,
      examId: elPaper.examId,
      state: elPaper.state,
      deadline: elPaper.deadline,
      startTime: elPaper.startTime,
    })
    .from(elPaper)
    .where(eq(elPaper.id, paperId));
  const paper = ownPaper(row, userId);
  if (paper.state === PaperState.IN_EXAM) {
    const seen = { lastSeenAt: now, clientIp: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null };
    await db
      .insert(elPaperPresence)
      .values({ paperId, examId: paper.examId, userId, ...seen })
      .onConflictDoUpdate({
        target: elPaperPresence.paperId,
        set: seen,
        setWhere: sql`${elPaperPresence.lastSeenAt} <= ${new Date(now.getTime() - PRESENCE_MIN_MS)}`,
      });
  }
  return paper;
}
