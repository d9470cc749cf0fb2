/**
 * Sending a chat line (bench/live.ts at 200 lines a second): the mute check, the
 * CHAT_GAP_S gap and the insert are one statement, and its answers are the API's: stored, 发言太频繁,
 * 禁言. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import {
  DataScope,
  ErrorCode,
  liveChatList,
  liveChatMute,
  liveChatSend,
  liveRoomSave,
  RoleType,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elLive, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ok } from '../course/course-test-kit.js';
import { roomForViewer } from './live-audience.js';
import { liveBeat } from './live-beat.js';
import { CHAT_GAP_S, sendChat } from './live-chat.service.js';

let t: TestApp;
let now = new Date('2026-03-02T02:00:00Z');
let admin: string;
let student: string;
let learner: AuthUser;
let liveId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  const [u] = await t.db.select().from(sysUser).where(eq(sysUser.userName, 'student'));
  learner = {
    id: u.id,
    userName: u.userName,
    realName: u.realName,
    roleType: RoleType.LEARNER,
    dataScope: DataScope.SELF,
    deptId: null,
    deptCode: null,
    tokenHash: '',
  };
  const at = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
  ({ id: liveId } = await ok(
    t,
    liveRoomSave,
    { title: '单语句发言', lecturer: '张老师', startTime: at(-1), endTime: at(60), openType: 1 },
    admin,
  ));
}, 240_000);
afterAll(async () => t.close());

const tick = (s: number) => {
  now = new Date(now.getTime() + s * 1000);
};

/** Runs fn and counts the statements the database client was given meanwhile. */
async function statements(fn: () => Promise<unknown>): Promise<{ n: number; error?: unknown }> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return query.apply(this, args);
  };
  try {
    await fn();
    return { n };
  } catch (error) {
    return { n, error };
  } finally {
    client.query = query;
  }
}

describe('sending a chat line', () => {
  it('checks the mute, the gap and stores the line in one statement, with the same answers as the API', async () => {
    const viewer = await roomForViewer(t.db, learner, liveId);
    expect(viewer.role).toBe('learner');
    const send = (text: string) => statements(() => sendChat(t.db, viewer, learner, text, now));

    expect(await send('第一条')).toEqual({ n: 1 });
    const soon = await send('太快了');
    expect(soon.n).toBe(1);
    expect(soon.error).toMatchObject({ code: ErrorCode.CONFLICT, message: '发言太频繁，请稍后再试' });
    tick(CHAT_GAP_S + 1);
    expect(await send('第二条')).toEqual({ n: 1 }); // the gap has passed

    await ok(t, liveChatMute, { liveId, userId: learner.id, muted: true }, admin);
    tick(CHAT_GAP_S + 1);
    const muted = await send('禁言后');
    expect(muted.n).toBe(1);
    expect(muted.error).toMatchObject({ code: ErrorCode.CONFLICT, message: '您已被管理员禁言' });
    tick(-CHAT_GAP_S); // muted and too soon at once: the mute is what the learner is told
    expect((await send('又禁言又太快')).error).toMatchObject({ message: '您已被管理员禁言' });
    tick(CHAT_GAP_S);

    // The same through the API.
    expect(await t.request(liveChatSend, { liveId, content: '还能说话吗' }, student)).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '您已被管理员禁言',
    });
    await ok(t, liveChatMute, { liveId, userId: learner.id, muted: false }, admin);
    const line = await ok(t, liveChatSend, { liveId, content: '  解除后<i>第三条</i> ' }, student);
    expect(line).toMatchObject({
      liveId,
      userId: learner.id,
      userName: learner.realName || learner.userName,
      role: 'learner',
      content: '解除后<i>第三条</i>', // as typed: shown as text, never markup
      createdAt: now.toISOString(),
    });
    expect(await t.request(liveChatSend, { liveId, content: '紧接着' }, student)).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '发言太频繁，请稍后再试',
    });
    // An administrator is neither muted nor held to the gap.
    await ok(t, liveChatSend, { liveId, content: '管理员一' }, admin);
    await ok(t, liveChatSend, { liveId, content: '管理员二' }, admin);

    // Only what was acknowledged was stored, as it was answered.
    const list = await ok(t, liveChatList, { liveId }, student);
    expect(list.messages.map((m) => m.content)).toEqual([
      '第一条',
      '第二条',
      '解除后<i>第三条</i>',
      '管理员一',
      '管理员二',
    ]);
    expect(list.messages[2]).toEqual(line);
  });
});

describe('a heartbeat', () => {
  it("is one statement, the learner's clock across rooms included", async () => {
    const at = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
    const body = { title: '第二间', lecturer: '', startTime: at(-1), endTime: at(60), openType: 1 as const };
    const other = (await ok(t, liveRoomSave, body, admin)).id;
    await t.db.update(elLive).set({ publishingSince: now });
    const rooms = await t.db.select().from(elLive);
    expect(rooms).toHaveLength(2);
    let credited = 0;
    for (let i = 0; i < 3; i++) {
      tick(10);
      for (const room of rooms) {
        const { n, error } = await statements(async () => {
          credited += (await liveBeat(t.db, room, learner.id, { playing: true, visible: true }, now)).credited;
        });
        expect(error).toBeUndefined();
        expect(n, `beat ${i} in ${room.id === other ? 'the second' : 'the first'} room`).toBe(1);
      }
    }
    expect(credited).toBe(20); // the first beats start the clock; then 2 × 10 s of wall clock, once
  });
});
