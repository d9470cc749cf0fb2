/**
 * What administrators see of the outbox: deliveries that failed (still retrying, or parked once
 * their attempts ran out), and the retry of chosen ones. The outbox tables belong to
 * platform/events; the 系统日志 routes read and change them only through here.
 */
import type { TEventDelivery, TEventDeliveryPagingParams } from '@exam/contracts';
import { and, count, desc, eq, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import { sysEvent, sysEventDelivery } from '../../db/schema/platform.js';
import type { Executor } from '../db.js';
import { paginate } from '../paging.js';
import { kickDispatchers } from './index.js';

export async function pagingFailedDeliveries(
  db: Executor,
  current: number,
  size: number,
  params: TEventDeliveryPagingParams,
) {
  const cond: SQL | undefined = params.parked ? isNotNull(sysEventDelivery.parkedAt) : gt(sysEventDelivery.attempts, 0);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysEventDelivery).where(cond),
    db
      .select({ d: sysEventDelivery, name: sysEvent.name })
      .from(sysEventDelivery)
      .innerJoin(sysEvent, eq(sysEvent.id, sysEventDelivery.eventId))
      .where(cond)
      .orderBy(desc(sysEventDelivery.parkedAt), desc(sysEventDelivery.createdAt), sysEventDelivery.consumer)
      .$dynamic(),
    ({ d, name }): TEventDelivery => ({
      id: `${d.eventId}|${d.consumer}`,
      eventId: d.eventId,
      eventName: name,
      consumer: d.consumer,
      attempts: d.attempts,
      lastError: d.lastError,
      nextAttemptAt: d.nextAttemptAt.toISOString(),
      parkedAt: iso(d.parkedAt),
      createdAt: d.createdAt.toISOString(),
    }),
  );
}

/** Makes the chosen deliveries due now with a fresh count of attempts; answers how many exist. */
export async function retryDeliveries(db: Executor, items: { eventId: string; consumer: string }[]): Promise<number> {
  const pairs = sql.join(
    items.map((i) => sql`(${i.eventId}, ${i.consumer})`),
    sql`, `,
  );
  const rows = await db
    .update(sysEventDelivery)
    .set({ attempts: 0, parkedAt: null, nextAttemptAt: sql`now()` })
    .where(and(sql`(${sysEventDelivery.eventId}, ${sysEventDelivery.consumer}) in (${pairs})`))
    .returning({ eventId: sysEventDelivery.eventId });
  if (rows.length > 0) kickDispatchers();
  return rows.length;
}
