/**
 * The exam room's beat (every 10 s while a paper is open): records presence and the address for
 * the console (the sitting's `recordPresence`, sitting/presence.ts), and answers the paper's state, its deadline (an invigilator may have extended it)
 * and the invigilator's messages since the last one the room showed. Nothing of answers, keys or
 * scores: the room is a sitting learner's.
 */
import type { TRoomBeatResult } from '@exam/contracts';
import { and, asc, eq, gte, isNull, or } from 'drizzle-orm';
import { elInvigilateMsg } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { recordPresence } from '../../sitting/presence.js';

export interface BeatInput {
  paperId: string;
  since?: string | null;
}

export async function roomBeat(
  db: Db,
  userId: string,
  input: BeatInput,
  client: { ip: string; userAgent: string | null },
  now: Date,
): Promise<TRoomBeatResult> {
  const paper = await recordPresence(db, userId, input.paperId, client, now);
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
