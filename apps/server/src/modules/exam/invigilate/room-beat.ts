/**
 * The exam room's beat (every 10 s while a paper is open): records presence and the address for
 * the console, and answers the paper's state, its deadline (an invigilator may have extended it)
 * and the invigilator's messages since the last one the room showed. Nothing of answers, keys or
 * scores: the room is a sitting learner's.
 */
import { ErrorCode, PaperState, type TRoomBeatResult } from '@exam/contracts';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { elInvigilateMsg, elPaper, elPaperPresence } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { AppError, notFound } from '../../../platform/errors.js';

export interface BeatInput {
  paperId: string;
  since?: string | null;
}

/** Presence is written at most this often per paper (a reload or two tabs do not multiply writes). */
const PRESENCE_MIN_MS = 3000;

export async function roomBeat(
  db: Db,
  userId: string,
  input: BeatInput,
  client: { ip: string; userAgent: string | null },
  now: Date,
): Promise<TRoomBeatResult> {
  const [paper] = await db
    .select({
      userId: elPaper.userId,
      examId: elPaper.examId,
      state: elPaper.state,
      deadline: elPaper.deadline,
      startTime: elPaper.startTime,
    })
    .from(elPaper)
    .where(eq(elPaper.id, input.paperId));
  if (!paper) throw notFound('试卷');
  if (paper.userId !== userId) throw new AppError(ErrorCode.NO_PERMISSION, '不能查看他人的试卷');
  if (paper.state === PaperState.IN_EXAM) {
    const seen = { lastSeenAt: now, clientIp: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null };
    await db
      .insert(elPaperPresence)
      .values({ paperId: input.paperId, examId: paper.examId, userId, ...seen })
      .onConflictDoUpdate({
        target: elPaperPresence.paperId,
        set: seen,
        setWhere: sql`${elPaperPresence.lastSeenAt} <= ${new Date(now.getTime() - PRESENCE_MIN_MS)}`,
      });
  }
  const since = input.since ? new Date(input.since) : paper.startTime;
  const from = since > paper.startTime ? since : paper.startTime;
  const rows = await db
    .select({
      id: elInvigilateMsg.id,
      content: elInvigilateMsg.content,
      userId: elInvigilateMsg.userId,
      createdAt: elInvigilateMsg.createdAt,
    })
    .from(elInvigilateMsg)
    .where(
      and(
        eq(elInvigilateMsg.examId, paper.examId),
        or(isNull(elInvigilateMsg.userId), eq(elInvigilateMsg.userId, userId)),
        // Inclusive: two messages in the same millisecond both arrive; the room drops ids it showed.
        gte(elInvigilateMsg.createdAt, from),
      ),
    )
    .orderBy(asc(elInvigilateMsg.createdAt))
    .limit(50);
  return {
    state: paper.state,
    deadline: paper.deadline.toISOString(),
    serverTime: now.toISOString(),
    messages: rows.map((m) => ({
      id: m.id,
      content: m.content,
      toAll: m.userId === null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
