/**
 * Live classes end to end on the real app: access and bad input, the derived state
 * through the media server's callbacks (wrong, old and busy keys refused), the audience refusal,
 * honest heartbeats, statistics in the data scope, chat with muting and deleting, and the replay
 * remuxed from a real FLV recording by ffmpeg and attached to the linked course.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BodyIn,
  DataScope,
  ErrorCode,
  LiveState,
  liveChatDelete,
  liveChatList,
  liveChatMute,
  liveChatSend,
  liveLearnBeat,
  liveLearnDetail,
  liveLearnList,
  liveRoomDelete,
  liveRoomDetail,
  liveRoomPaging,
  liveRoomPushDetail,
  liveRoomRegenerateKey,
  liveRoomSave,
  liveServerDetail,
  liveStatExport,
  liveStatPaging,
  liveStatSummary,
  liveTopic,
  realtimeTicket,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCourseChapter, elCourseFile, elLive, elLiveViewer, sysUser } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { openTopics } from '../../test/sse.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeCourse, ok } from '../course/course-test-kit.js';
import { createAdmin } from '../system/user/user.test-helpers.js';
import { liveBackground } from './live-media.routes.js';

let t: TestApp;
let now = new Date('2026-03-02T02:00:00Z');
const tick = (s: number) => {
  now = new Date(now.getTime() + s * 1000);
};
let admin: string;
let student: string;
let wangwu: string;
let studentId: string;
const recordDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-rec-'));
const SECRET = 'hook-secret-for-tests';

const LIVE_ENV = {
  LIVE_RTMP_URL: 'rtmp://127.0.0.1:19350/live',
  LIVE_HLS_URL: 'http://127.0.0.1:18350/hls/',
  LIVE_HOOK_SECRET: SECRET,
  LIVE_RECORD_DIR: recordDir,
};
// The settings are the process's: put back what was there, for the files that run after this one.
const envBefore = Object.fromEntries(Object.keys(LIVE_ENV).map((k) => [k, process.env[k]]));

beforeAll(async () => {
  Object.assign(process.env, LIVE_ENV);
  t = await createTestApp({ clock: () => now });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  const [s] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
  studentId = s.id;
}, 240_000);
afterAll(async () => {
  await t.close();
  for (const [key, value] of Object.entries(envBefore)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  fs.rmSync(recordDir, { recursive: true, force: true });
});

const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
const room = (over: Partial<BodyIn<typeof liveRoomSave>> = {}): BodyIn<typeof liveRoomSave> => ({
  title: '安全生产直播课',
  lecturer: '张老师',
  startTime: minutes(-1),
  endTime: minutes(60),
  openType: 3,
  userIds: [studentId],
  ...over,
});

/** What nginx-rtmp sends: a form POST; answers the HTTP status and Location. */
const RELAY = 'rtmp://127.0.0.1:19350/hls';
async function hook(call: string, form: Record<string, string>, secret = SECRET) {
  const relay = call === 'publish' ? `&relay=${encodeURIComponent(RELAY)}` : '';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/live/hook/${call}?secret=${encodeURIComponent(secret)}${relay}`,
    payload: new URLSearchParams({ app: 'live', call, ...form }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, location: res.headers.location };
}

async function keyOf(id: string) {
  return (await ok(t, liveRoomPushDetail, { id }, admin)).streamKey;
}

describe('rooms', () => {
  it('refuses without a token, refuses learners on admin calls, and names the bad field', async () => {
    expect((await t.request(liveRoomPaging, { current: 1, size: 10, params: {} })).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.request(liveLearnList, {})).code).toBe(ErrorCode.NOT_LOGIN);
    for (const ep of [liveRoomPaging, liveRoomSave, liveRoomPushDetail, liveStatSummary, liveChatMute])
      expect((await t.call(ep.path, {}, student)).code, ep.path).toBe(ErrorCode.NO_PERMISSION);
    const empty = await t.request(liveRoomSave, room({ title: ' ' }), admin);
    expect(empty).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(empty.msg).toContain('请输入直播标题');
    const backwards = await t.request(liveRoomSave, room({ endTime: minutes(-5) }), admin);
    expect(backwards.msg).toContain('计划结束时间须晚于开始时间');
    const nobody = await t.request(liveRoomSave, room({ userIds: [] }), admin);
    expect(nobody.msg).toContain('请选择指定人员');
    const noCourse = await t.request(liveRoomSave, room({ courseId: 'nope' }), admin);
    expect(noCourse.msg).toContain('关联课程');
    expect(await t.db.select().from(elLive)).toHaveLength(0); // nothing half-written
  });

  it('says whether a media server is configured', async () => {
    expect(await ok(t, liveServerDetail, {}, admin)).toEqual({
      configured: true,
      rtmpUrl: 'rtmp://127.0.0.1:19350/live',
      hlsBase: 'http://127.0.0.1:18350/hls',
    });
  });
});

describe('state from the stream and the schedule, and the publish callback', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await ok(t, liveRoomSave, room({ startTime: minutes(10), endTime: minutes(70) }), admin));
  });

  it('is 预告 until a stream arrives; a wrong key, a wrong secret and a busy key are refused', async () => {
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(LiveState.UPCOMING);
    expect((await hook('publish', { name: 'wrongwrongwrong' })).status).toBe(403);
    const key = await keyOf(id);
    expect((await hook('publish', { name: key }, 'not-the-secret')).status).toBe(403);
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(LiveState.UPCOMING);
    const accepted = await hook('publish', { name: key });
    const [row] = await t.db.select().from(elLive).where(eq(elLive.id, id));
    // relayed to the HLS application under the play name: HLS never carries the key
    expect(accepted).toEqual({ status: 302, location: `${RELAY}/${row.playName}` });
    expect(row.playName).not.toBe(key);
    expect((await hook('publish', { name: key })).status).toBe(403); // one stream per room
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(LiveState.LIVE);
    const watch = await ok(t, liveLearnDetail, { id }, student);
    expect(watch.hlsUrl).toBe(`http://127.0.0.1:18350/hls/${row.playName}.m3u8`);
    const list = await ok(t, liveLearnList, {}, student);
    expect(list.live.map((r) => r.id)).toContain(id);
  });

  it('answers no callback while no secret is set, not even from this machine (a same-host proxy is this machine too)', async () => {
    const key = await keyOf(id);
    const [row] = await t.db.select().from(elLive).where(eq(elLive.id, id));
    const before = (await ok(t, liveRoomDetail, { id }, admin)).state;
    delete process.env.LIVE_HOOK_SECRET;
    try {
      for (const [call, form] of [
        ['publish', { name: key }],
        ['publish-done', { name: key }],
        ['record-done', { name: row.playName, path: path.join(recordDir, `${row.playName}-1.flv`) }],
      ] as const) {
        const relay = call === 'publish' ? `?relay=${encodeURIComponent(RELAY)}` : '';
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/live/hook/${call}${relay}`,
          payload: new URLSearchParams({ app: 'live', call, ...form }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: '127.0.0.1',
        });
        expect(res.statusCode, call).toBe(403);
      }
      expect(liveBackground.size).toBe(0);
    } finally {
      process.env.LIVE_HOOK_SECRET = SECRET;
    }
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(before); // nothing changed
  });

  it('a rehearsal that stops before the start leaves it 预告; after the start it is 已结束', async () => {
    const key = await keyOf(id);
    expect((await hook('publish-done', { name: key })).status).toBe(200);
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(LiveState.UPCOMING);
    tick(11 * 60); // past the start
    expect((await hook('publish', { name: key })).status).toBe(302);
    tick(60);
    await hook('publish-done', { name: key });
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(LiveState.ENDED);
    const ended = await ok(t, liveRoomPaging, { current: 1, size: 10, params: { state: LiveState.ENDED } }, admin);
    expect(ended.records.map((r) => r.id)).toContain(id);
    const upcoming = await ok(
      t,
      liveRoomPaging,
      { current: 1, size: 10, params: { state: LiveState.UPCOMING } },
      admin,
    );
    expect(upcoming.records.map((r) => r.id)).not.toContain(id);
  });

  it('a regenerated key refuses the old one; the stream of the old key still ends the room', async () => {
    const old = await keyOf(id);
    expect((await hook('publish', { name: old })).status).toBe(302);
    const fresh = await ok(t, liveRoomRegenerateKey, { id }, admin);
    expect(fresh.streamKey).not.toBe(old);
    await hook('publish-done', { name: old });
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).toBe(LiveState.ENDED);
    expect((await hook('publish', { name: old })).status).toBe(403);
    expect((await hook('publish', { name: fresh.streamKey })).status).toBe(302);
    await hook('publish-done', { name: fresh.streamKey });
  });

  it('refuses a publish when the callback carries no relay address (an old nginx config)', async () => {
    const key = await keyOf(id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/live/hook/publish?secret=${SECRET}`,
      payload: `call=publish&name=${key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(403);
    expect((await ok(t, liveRoomDetail, { id }, admin)).state).not.toBe(LiveState.LIVE);
  });
});

describe('audience, heartbeats, statistics, chat', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await ok(t, liveRoomSave, room(), admin));
  });

  it('refuses a learner outside the audience everywhere alike', async () => {
    const list = await ok(t, liveLearnList, {}, wangwu);
    expect([...list.live, ...list.upcoming, ...list.ended].map((r) => r.id)).not.toContain(id);
    for (const [ep, body] of [
      [liveLearnDetail, { id }],
      [liveLearnBeat, { liveId: id, playing: true, visible: true }],
      [liveChatSend, { liveId: id, content: '你好' }],
      [liveChatList, { liveId: id }],
    ] as const)
      expect(await t.call(ep.path, body, wangwu), ep.path).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        msg: '直播不存在或您不在该直播的观看范围内',
      });
    const bytes = await t.app.inject({ method: 'GET', url: `/api/live/replay/${id}`, headers: { token: wangwu } });
    expect(bytes.statusCode).toBe(404);
  });

  it('credits watch time by the server clock only, never beyond it, and only while live, playing and visible', async () => {
    const beat = (playing = true, visible = true) => ok(t, liveLearnBeat, { liveId: id, playing, visible }, student);
    expect((await beat()).credited).toBe(0); // not live yet: nothing
    await hook('publish', { name: await keyOf(id) });
    expect((await beat()).credited).toBe(0); // the first playing heartbeat starts the clock
    tick(10);
    expect((await beat()).credited).toBe(10);
    tick(10);
    const [a, b] = [await beat(), await beat()]; // two tabs at once share one budget
    expect(a.credited + b.credited).toBe(10);
    tick(300); // a long silence earns one heartbeat's cap
    expect((await beat()).credited).toBe(15);
    tick(10);
    expect((await beat(false)).credited).toBe(10); // paused now: the 10 s played up to the pause count
    tick(10);
    expect((await beat(true, false)).credited).toBe(0); // hidden, after the pause: nothing was played
    tick(-60);
    expect((await beat()).credited).toBe(0); // clock set back (and the first beat after a pause)
    tick(70);
    const last = await beat();
    expect(last.credited).toBe(10);
    expect(last.watchSeconds).toBe(10 + 10 + 15 + 10 + 10);
    expect(last.online).toBe(1);
  });

  it('statistics: online, peak, sessions, unique viewers, minutes, the absent, the timeline, the export, the scope', async () => {
    const s = await ok(t, liveStatSummary, { liveId: id }, admin);
    expect(s).toMatchObject({ state: LiveState.LIVE, audience: 1, absent: 0, online: 1, unique: 1, total: 2 });
    expect(s.peak).toBeGreaterThanOrEqual(1);
    expect(s.watchMinutes).toBe(0.9); // 55 s: one decimal, never rounded to whole minutes
    expect(s.timeline.length).toBeGreaterThanOrEqual(2);
    expect(s.timeline.every((p) => p.viewers === 1)).toBe(true);
    const rows = await ok(t, liveStatPaging, { current: 1, size: 10, params: { liveId: id } }, admin);
    expect(rows.records).toEqual([expect.objectContaining({ userName: 'student', watchMinutes: 0.9, sessions: 2 })]);

    const wide = (await ok(t, liveRoomSave, room({ openType: 1, userIds: [] }), admin)).id;
    const all = await ok(t, liveStatSummary, { liveId: wide }, admin);
    expect(all.absent).toBe(all.audience);
    const absent = await ok(
      t,
      liveStatPaging,
      { current: 1, size: 500, params: { liveId: wide, absent: true } },
      admin,
    );
    expect(absent.total).toBe(all.audience);
    const scoped = await createAdmin(t, 'live_tech', DataScope.DEPT_AND_BELOW, 'D001D001', ['live:stat:view']);
    const mine = await ok(t, liveStatPaging, { current: 1, size: 500, params: { liveId: wide } }, scoped.token);
    expect(mine.total).toBeLessThan(absent.total);
    expect(mine.records.map((r) => r.userName)).toContain('student');
    expect(mine.records.map((r) => r.userName)).not.toContain('lisi'); // 市场部
    expect((await ok(t, liveStatSummary, { liveId: wide }, scoped.token)).audience).toBe(mine.total);

    const file = await t.app.inject({
      method: 'POST',
      url: liveStatExport.path,
      payload: { liveId: id },
      headers: { token: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('chat: text as typed (never markup), marked by role, rate-limited; administrators delete and mute', async () => {
    const typed = '1<2 & 3>2: <b>老师好</b> <img src=x onerror=alert(1)>';
    const sent = await ok(t, liveChatSend, { liveId: id, content: `  ${typed}\u0007\u202e ` }, student);
    expect(sent).toMatchObject({ content: typed, role: 'learner', userId: studentId });
    expect((await ok(t, liveChatList, { liveId: id }, student)).messages[0].content).toBe(typed);
    expect(await t.request(liveChatSend, { liveId: id, content: '再问一个' }, student)).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '发言太频繁，请稍后再试',
    });
    expect((await t.request(liveChatSend, { liveId: id, content: '' }, student)).code).toBe(ErrorCode.BAD_PARAMS);
    const fromAdmin = await ok(t, liveChatSend, { liveId: id, content: '请看第三页' }, admin);
    expect(fromAdmin.role).toBe('admin');
    expect((await t.request(liveChatDelete, { id: sent.id }, student)).code).toBe(ErrorCode.NO_PERMISSION);

    await ok(t, liveChatMute, { liveId: id, userId: studentId, muted: true }, admin);
    tick(5);
    expect(await t.request(liveChatSend, { liveId: id, content: '还能说话吗' }, student)).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '您已被管理员禁言',
    });
    expect((await ok(t, liveChatList, { liveId: id }, student)).muted).toBe(true);
    await ok(t, liveChatMute, { liveId: id, userId: studentId, muted: false }, admin);
    const again = await ok(t, liveChatSend, { liveId: id, content: '谢谢' }, student);

    await ok(t, liveChatDelete, { id: sent.id }, admin);
    const list = await ok(t, liveChatList, { liveId: id }, student);
    expect(list.messages.map((m) => m.id)).toEqual([fromAdmin.id, again.id]);
    expect(list.deleted).toEqual([sent.id]);
    const after = await ok(t, liveChatList, { liveId: id, afterId: fromAdmin.id }, student);
    expect(after.messages.map((m) => m.content)).toEqual(['谢谢']);
  });

  it('the room topic on the realtime hub: viewers only; chat lines, deletions, mutes, the online count and the state', async () => {
    const topic = liveTopic(id);
    expect(await t.request(realtimeTicket, { topics: [topic] }, wangwu)).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: '直播不存在或您不在该直播的观看范围内',
    });
    const s = await openTopics(t, student, [topic]);
    await s.until(/"type":"ready"/);
    tick(5);
    const line = await ok(t, liveChatSend, { liveId: id, content: '实时消息' }, admin);
    await s.until(/"type":"chat".*实时消息/);
    await ok(t, liveChatDelete, { id: line.id }, admin);
    await s.until(new RegExp(`"type":"chat.deleted".*${line.id}`));
    await ok(t, liveChatMute, { liveId: id, userId: studentId, muted: false }, admin);
    await s.until(/"type":"muted"/);
    await ok(t, liveLearnBeat, { liveId: id, playing: true, visible: true }, admin); // a second viewer
    await s.until(/"type":"online".*"online":2/);
    await hook('publish-done', { name: await keyOf(id) });
    await s.until(/"type":"state"/);
    await hook('publish', { name: await keyOf(id) });
    await s.until(/"type":"state","at":"[^"]+","data":\{"state":1\}/);
    s.close();
  });

  it('when the stream ends its viewers leave the online count at once (the live.ended consumer)', async () => {
    await hook('publish-done', { name: await keyOf(id) });
    await drainEvents(t);
    const s = await ok(t, liveStatSummary, { liveId: id }, admin);
    expect(s).toMatchObject({ state: LiveState.ENDED, online: 0, unique: 2 });
    expect(s.peak).toBeGreaterThanOrEqual(1);
    const beat = await ok(t, liveLearnBeat, { liveId: id, playing: true, visible: true }, student);
    expect(beat).toMatchObject({ state: LiveState.ENDED, credited: 0, online: 0 });
  });
});

describe('watch time: one wall clock per learner, and the time played', () => {
  const live = async () => {
    const { id } = await ok(t, liveRoomSave, room(), admin);
    expect((await hook('publish', { name: await keyOf(id) })).status).toBe(302);
    return id;
  };
  const beat = (liveId: string, playing = true) =>
    ok(t, liveLearnBeat, { liveId, playing, visible: true }, student).then((r) => r.credited);
  const minutesOf = async (liveId: string) => (await ok(t, liveStatSummary, { liveId }, admin)).watchMinutes;

  it('two rooms heartbeated at once earn the wall clock once', async () => {
    const [a, b] = [await live(), await live()];
    tick(60);
    let credited = (await beat(a)) + (await beat(b));
    for (let i = 0; i < 3; i++) {
      tick(10);
      credited += (await beat(a)) + (await beat(b));
    }
    expect(credited).toBe(30); // 30 s of wall clock, not 2 × 30
    const rows = await t.db.select().from(elLiveViewer).where(eq(elLiveViewer.userId, studentId));
    const inRooms = rows.filter((r) => r.liveId === a || r.liveId === b);
    expect(inRooms.reduce((sum, r) => sum + r.watchSeconds, 0)).toBe(30);
    tick(10);
    expect(await beat(a, false)).toBe(10); // both stop: the last 10 s are credited once
    expect(await beat(b, false)).toBe(0);
  });

  it('the time played up to a stop counts, and small totals show with a decimal', async () => {
    const c = await live();
    tick(60);
    expect(await beat(c)).toBe(0); // starts the clock
    tick(15);
    expect(await beat(c)).toBe(15);
    tick(10);
    expect(await beat(c, false)).toBe(10); // paused after 10 s more: they were played
    expect(await minutesOf(c)).toBe(0.4); // 25 s, not 0
    const rows = await ok(t, liveStatPaging, { current: 1, size: 10, params: { liveId: c } }, admin);
    expect(rows.records[0]).toMatchObject({ userName: 'student', watchMinutes: 0.4 });
  });
});

describe('replay', () => {
  it('remuxes the recording into an mp4 served to the audience and attached to the linked course', async () => {
    const course = await makeCourse(t, admin, { openType: 3, userIds: [studentId] });
    const { id } = await ok(t, liveRoomSave, room({ courseId: course.courseId }), admin);
    const key = await keyOf(id);
    await hook('publish', { name: key });
    tick(30);
    await hook('publish-done', { name: key });
    const [row] = await t.db.select().from(elLive).where(eq(elLive.id, id));
    // a path outside the record folder is ignored
    expect((await hook('record-done', { name: row.playName, path: '/etc/passwd.flv' })).status).toBe(200);
    expect(liveBackground.size).toBe(0);
    const flv = path.join(recordDir, `${row.playName}-1.flv`);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'flv', flv],
    ]);
    await hook('record-done', { name: row.playName, path: flv });
    await Promise.all([...liveBackground]);
    const watch = await ok(t, liveLearnDetail, { id }, student);
    expect(watch).toMatchObject({ state: LiveState.ENDED, replayState: 2, replayUrl: `/api/live/replay/${id}` });
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/api/live/replay/${id}`,
      headers: { token: student, range: 'bytes=0-99' },
    });
    expect(bytes.statusCode).toBe(206);
    expect(bytes.headers['content-type']).toContain('video/mp4');
    expect(bytes.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const [chapter] = await t.db
      .select()
      .from(elCourseChapter)
      .where(and(eq(elCourseChapter.courseId, course.courseId), eq(elCourseChapter.title, '直播回放')));
    const [cf] = await t.db.select().from(elCourseFile).where(eq(elCourseFile.chapterId, chapter.id));
    expect(cf).toMatchObject({ kind: 'video', title: '安全生产直播课（回放）' });
    expect(cf.duration).toBeGreaterThan(1.5);
    await ok(t, liveRoomDelete, { ids: [id] }, admin);
    expect((await t.request(liveLearnDetail, { id }, student)).code).toBe(ErrorCode.NOT_FOUND);
  }, 60_000);
});
