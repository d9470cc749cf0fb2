/**
 * The message to the audience shortly before the start: LIVE_REMIND_MINUTES (default
 * 10) before a room's start, every member of its audience gets one in-site message, written through
 * the system module's message writer (system/msg/msg-broadcast.ts: the inbox tables are system's),
 * like a notice's. Run by the platform sweep (platform/sweep.ts): due rooms are locked FOR UPDATE
 * SKIP LOCKED, and each is claimed by `UPDATE … SET reminded_at WHERE reminded_at IS NULL
 * RETURNING` in the transaction that writes its message, so two instances sweeping at once send
 * each room's message once, and a failed delivery leaves the room unclaimed for the next sweep.
 */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { elLive } from '../../db/schema/index.js';
import type { Db, Tx } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';
import { startSweeper, sweepInBatches } from '../../platform/sweep.js';
import { formatLocalDateTime } from '../../platform/time-zone.js';
import { audienceWhere } from '../notice/notice-audience.js';
import { createMessage, deliverToAudience } from '../system/msg/msg-broadcast.js';
import type { LiveRow } from './live-audience.js';
import { liveSettings } from './live-settings.js';

export function reminderText(room: LiveRow, zone: string) {
  const at = formatLocalDateTime(room.startTime, zone).slice(0, 16);
  return {
    title: `【直播提醒】${room.title}`,
    content: `直播「${room.title}」将于 ${at} 开始${room.lecturer ? `（讲师：${room.lecturer}）` : ''}，请准时到「直播课堂」（/web/live/${room.id}）观看。`,
  };
}

/** Claims the room (once) and delivers its message to the audience; false when already claimed. */
async function remindTx(tx: Tx, room: LiveRow, now: Date, zone: string): Promise<boolean> {
  const [claimed] = await tx
    .update(elLive)
    .set({ remindedAt: now })
    .where(and(eq(elLive.id, room.id), isNull(elLive.remindedAt)))
    .returning();
  if (!claimed) return false;
  const msgId = await createMessage(tx, { ...reminderText(claimed, zone), senderId: claimed.createdBy }, now);
  await deliverToAudience(tx, msgId, audienceWhere(claimed), now);
  return true;
}

/**
 * Sends the message of every room starting within `minutes` from `now` (not yet started, not
 * deleted, not yet reminded); answers how many rooms. A room created or moved inside the window is
 * reminded at the next sweep.
 */
export function sweepLiveReminders(
  db: Db,
  now: Date,
  zone: string,
  minutes = liveSettings().remindMinutes,
): Promise<number> {
  if (minutes <= 0) return Promise.resolve(0);
  const horizon = new Date(now.getTime() + minutes * 60_000);
  return sweepInBatches(db, {
    lockDue: (tx, limit) =>
      tx
        .select()
        .from(elLive)
        .where(
          and(
            isNull(elLive.remindedAt),
            isNull(elLive.deletedAt),
            gt(elLive.startTime, now),
            lte(elLive.startTime, horizon),
          ),
        )
        .orderBy(asc(elLive.startTime))
        .limit(limit)
        .for('update', { skipLocked: true }),
    handle: (tx, room) => remindTx(tx, room, now, zone),
  });
}

/** Starts this process's periodic reminder sweep (every `everyMs`); answers a stop function. */
export function startLiveReminder(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  everyMs = 30_000,
  onError: (err: unknown) => void = (err) => console.error('直播开播提醒任务失败', err),
): () => void {
  return startSweeper(() => sweepLiveReminders(deps.db, deps.clock(), deps.config.timeZone), everyMs, onError);
}
