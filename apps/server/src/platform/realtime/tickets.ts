/**
 * Stream tickets: EventSource cannot send a header, and a long-lived token in a URL lands in
 * proxy and server logs. So the client trades its token (header) for a ticket that opens one
 * stream, within 30 s, for the topics it was issued for. Kept in the database (only its hash), so
 * any instance can take it, once: one DELETE … RETURNING, whoever comes second finds nothing.
 */
import { REALTIME_TICKET_SECONDS } from '@exam/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import { sysRealtimeTicket, sysToken } from '../../db/schema/index.js';
import { type AuthUser, hashToken } from '../auth.js';
import type { Db } from '../db.js';
import { secretId } from '../ids.js';

export interface TakenTicket {
  user: AuthUser;
  topics: string[];
  lastEventId: string | null;
}

export async function issueTicket(
  db: Db,
  user: AuthUser,
  input: { topics: string[]; lastEventId?: string | null },
  now: Date,
  ttlMs = REALTIME_TICKET_SECONDS * 1000,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = secretId(32);
  const expiresAt = new Date(now.getTime() + ttlMs);
  // Expired tickets go as new ones come (an index range delete; nothing else sweeps them).
  await db.delete(sysRealtimeTicket).where(lt(sysRealtimeTicket.expiresAt, now));
  await db.insert(sysRealtimeTicket).values({
    ticketHash: hashToken(ticket),
    tokenHash: user.tokenHash,
    userId: user.id,
    user,
    topics: [...new Set(input.topics)],
    lastEventId: input.lastEventId ?? null,
    expiresAt,
  });
  return { ticket, expiresAt };
}

/** Uses a ticket up; null when unknown, used, expired, or its session has ended since. */
export async function takeTicket(db: Db, ticket: string, now: Date): Promise<TakenTicket | null> {
  if (!ticket || ticket.length > 100) return null;
  const [row] = await db
    .delete(sysRealtimeTicket)
    .where(and(eq(sysRealtimeTicket.ticketHash, hashToken(ticket)), gt(sysRealtimeTicket.expiresAt, now)))
    .returning();
  if (!row) return null;
  const [session] = await db
    .select({ userId: sysToken.userId })
    .from(sysToken)
    .where(and(eq(sysToken.tokenHash, row.tokenHash), gt(sysToken.expiresAt, now)));
  if (session?.userId !== row.userId) return null;
  return { user: row.user as AuthUser, topics: row.topics, lastEventId: row.lastEventId };
}
