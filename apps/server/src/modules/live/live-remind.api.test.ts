/**
 * The message to the audience before a room's start on the real app: sent
 * LIVE_REMIND_MINUTES before the start to the room's audience only, once per room even when two
 * sweeps (two instances) run at the same moment, again after the start time moved, never for a
 * room already started or deleted, and not at all when the setting is 0.
 */
import { type BodyIn, liveRoomDelete, liveRoomSave, sysUserMsgPaging } from '@exam/contracts';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMsg, sysUser, sysUserMsg } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ok } from '../course/course-test-kit.js';
import { sweepLiveReminders } from './live-remind.js';
import { DEFAULT_REMIND_MINUTES } from './live-settings.js';

let t: TestApp;
let admin: string;
let student: string;
let studentId: string;
const T0 = new Date('2026-03-02T02:00:00Z');
const at = (m: number) => new Date(T0.getTime() + m * 60_000);
const ZONE = 'Asia/Shanghai';

beforeAll(async () => {
  t = await createTestApp({ clock: () => T0 });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  const [s] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
  studentId = s.id;
}, 240_000);
afterAll(async () => {
  await t.close();
});

const room = (title: string, startMin: number, over: Partial<BodyIn<typeof liveRoomSave>> = {}) =>
  ok(
    t,
    liveRoomSave,
    {
      title,
      lecturer: '张老师',
      startTime: at(startMin).toISOString(),
      endTime: at(startMin + 60).toISOString(),
      openType: 3,
      userIds: [studentId],
      ...over,
    },
    admin,
  );

/** Inbox rows per user of the reminders of the room titled `title`. */
async function inbox(title: string) {
  return t.db
    .select({ userId: sysUserMsg.userId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(sysUserMsg)
    .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
    .where(and(eq(sysMsg.title, `【直播提醒】${title}`), isNull(sysUserMsg.deletedAt)))
    .groupBy(sysUserMsg.userId);
}

describe('the message before the start', () => {
  it(`reaches the audience ${DEFAULT_REMIND_MINUTES} minutes before the start, once, even with two sweeps at once`, async () => {
    const soon = await room('五分钟后开播', 5);
    await room('半小时后开播', 30);
    await room('已开播', -1);
    const gone = await room('已删除', 5);
    await ok(t, liveRoomDelete, { ids: [gone.id] }, admin);
    await room('全员直播', 8, { openType: 1, userIds: [] });

    const [a, b] = await Promise.all([sweepLiveReminders(t.db, T0, ZONE), sweepLiveReminders(t.db, T0, ZONE)]);
    expect(a + b).toBe(2); // 五分钟后开播 and 全员直播, each by one of the sweeps
    expect(await inbox('五分钟后开播')).toEqual([{ userId: studentId, n: 1 }]);
    expect(await inbox('半小时后开播')).toEqual([]);
    expect(await inbox('已开播')).toEqual([]);
    expect(await inbox('已删除')).toEqual([]);
    const all = await inbox('全员直播');
    const [active] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sysUser)
      .where(and(isNull(sysUser.deletedAt), eq(sysUser.state, 0)));
    expect(all.length).toBe(active.n);
    expect(all.every((r) => r.n === 1)).toBe(true);

    // the learner reads it in their inbox, with the time in the site's zone and the way to the room
    const mine = await ok(t, sysUserMsgPaging, { current: 1, size: 20, params: {} }, student);
    const msg = mine.records.find((r) => r.title === '【直播提醒】五分钟后开播');
    expect(msg?.content).toContain('2026-03-02 10:05');
    expect(msg?.content).toContain(`/web/live/${soon.id}`);

    // again later: nothing twice; the half-hour room once its window opens
    expect(await sweepLiveReminders(t.db, at(1), ZONE)).toBe(0);
    const [c, d] = await Promise.all([sweepLiveReminders(t.db, at(21), ZONE), sweepLiveReminders(t.db, at(21), ZONE)]);
    expect(c + d).toBe(1);
    expect(await inbox('半小时后开播')).toEqual([{ userId: studentId, n: 1 }]);
    expect(await inbox('五分钟后开播')).toEqual([{ userId: studentId, n: 1 }]);
  });

  it('a room moved to a new start time is reminded again; the setting 0 sends nothing', async () => {
    const r = await room('改期直播', 3);
    expect(await sweepLiveReminders(t.db, T0, ZONE)).toBe(1);
    await room('改期直播', 60, { id: r.id }); // moved an hour later
    expect(await sweepLiveReminders(t.db, T0, ZONE)).toBe(0);
    expect(await sweepLiveReminders(t.db, at(55), ZONE, 0)).toBe(0);
    expect(await sweepLiveReminders(t.db, at(55), ZONE)).toBe(1);
    expect(await inbox('改期直播')).toEqual([{ userId: studentId, n: 2 }]);
    expect(
      await t.db.select({ id: sysMsg.id }).from(sysMsg).where(like(sysMsg.title, '【直播提醒】改期直播')),
    ).toHaveLength(2);
  });
});
