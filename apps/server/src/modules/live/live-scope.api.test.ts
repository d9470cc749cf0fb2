/**
 * The live admin and statistics screens as a DEPARTMENT administrator (the department
 * data scope applies): a room open to everyone is watched by learners of two departments; the
 * technology department's administrator sees, on the room list, the room's detail, the summary,
 * the list of people and the export, only the technology department's learners. They may not
 * address everyone, and the whole-organisation administrator still sees all.
 */
import {
  DataScope,
  ErrorCode,
  liveChatDelete,
  liveChatList,
  liveChatMute,
  liveChatSend,
  liveLearnBeat,
  liveRoomDetail,
  liveRoomPaging,
  liveRoomSave,
  liveStatExport,
  liveStatPaging,
  liveStatSummary,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elLive } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ok } from '../course/course-test-kit.js';
import { createAdmin, userId } from '../system/user/user.test-helpers.js';

let t: TestApp;
let now = new Date('2026-03-02T02:00:00Z');
let admin: string;
let tech: string; // 技术部 (D001D001) administrator
let id: string;

const LIVE_PERMS = [
  'live:live:view',
  'live:live:save',
  'live:live:push',
  'live:stat:view',
  'live:stat:export',
  'live:chat:manage',
];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.login('admin', 'admin123');
  tech = (await createAdmin(t, 'live_dept', DataScope.DEPT_AND_BELOW, 'D001D001', LIVE_PERMS)).token;
  ({ id } = await ok(
    t,
    liveRoomSave,
    {
      title: '全员直播课',
      lecturer: '张老师',
      startTime: new Date(now.getTime() - 60_000).toISOString(),
      endTime: new Date(now.getTime() + 3600_000).toISOString(),
      openType: 1,
    },
    admin,
  ));
  // The stream is on (what the media server's publish callback records).
  await t.db.update(elLive).set({ publishingSince: now, firstPublishAt: now }).where(eq(elLive.id, id));
  // 张三 (技术部) and 李四 (市场部) watch for 10 s.
  const learners = [await t.login('student', 'student123'), await t.login('lisi', 'student123')];
  for (const token of learners) await ok(t, liveLearnBeat, { liveId: id, playing: true, visible: true }, token);
  now = new Date(now.getTime() + 10_000);
  for (const token of learners) await ok(t, liveLearnBeat, { liveId: id, playing: true, visible: true }, token);
}, 240_000);
afterAll(async () => {
  await t.close();
});

async function exportedNames(token: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: liveStatExport.path,
    payload: { liveId: id },
    headers: { token },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const names: string[] = [];
  wb.getWorksheet('观看统计')?.eachRow((row, n) => {
    if (n > 1 && row.getCell(8).value === '已观看') names.push(String(row.getCell(1).value));
  });
  return names.sort();
}

describe('a department administrator', () => {
  it('sees on the room list, the detail, the statistics and the export only the viewers of their departments', async () => {
    const mine = await ok(t, liveRoomPaging, { current: 1, size: 10, params: {} }, tech);
    expect(mine.records.find((r) => r.id === id)?.online).toBe(1);
    expect((await ok(t, liveRoomDetail, { id }, tech)).online).toBe(1);
    const all = await ok(t, liveRoomPaging, { current: 1, size: 10, params: {} }, admin);
    expect(all.records.find((r) => r.id === id)?.online).toBe(2);
    expect((await ok(t, liveRoomDetail, { id }, admin)).online).toBe(2);

    // the statistics drawer: summary, people and export
    const s = await ok(t, liveStatSummary, { liveId: id }, tech);
    expect(s).toMatchObject({ online: 1, peak: 1, unique: 1, total: 1 });
    expect(s.timeline.every((p) => p.viewers === 1)).toBe(true);
    const people = await ok(t, liveStatPaging, { current: 1, size: 100, params: { liveId: id } }, tech);
    expect(people.records.filter((r) => r.firstAt).map((r) => r.realName)).toEqual(['张三']);
    expect(people.records.map((r) => r.userName)).not.toContain('lisi');
    expect(await exportedNames(tech)).toEqual(['张三']);
    expect(await exportedNames(admin)).toEqual(['张三', '李四']);
    expect((await ok(t, liveStatSummary, { liveId: id }, admin)).unique).toBe(2);

    // and they may not address everyone
    const body = {
      title: '技术部直播',
      lecturer: '',
      startTime: new Date(now.getTime() + 3600_000).toISOString(),
      endTime: new Date(now.getTime() + 7200_000).toISOString(),
      openType: 1 as const,
    };
    expect((await t.request(liveRoomSave, body, tech)).msg).toContain('您的数据范围不包含全部人员');
  });

  it('deletes only chat lines of people of their departments (and their own)', async () => {
    const say = async (userName: string, content: string) =>
      (await ok(t, liveChatSend, { liveId: id, content }, await t.login(userName, 'student123'))).id;
    const fromLisi = await say('lisi', '市场部的问题'); // 市场部: outside 技术部
    const fromStudent = await say('student', '技术部的问题');
    const own = (await ok(t, liveChatSend, { liveId: id, content: '请稍等' }, tech)).id;
    const refused = await t.request(liveChatDelete, { id: fromLisi }, tech);
    expect(refused.code).toBe(ErrorCode.NO_PERMISSION);
    expect(refused.msg).toContain('不在您的数据权限范围内');
    expect((await t.request(liveChatDelete, { id: fromStudent }, tech)).code).toBe(0);
    expect((await t.request(liveChatDelete, { id: own }, tech)).code).toBe(0);
    const list = await ok(t, liveChatList, { liveId: id }, admin);
    expect(list.messages.map((m) => m.id)).toEqual([fromLisi]);
    expect((await t.request(liveChatDelete, { id: fromLisi }, admin)).code).toBe(0); // the whole organisation
    expect((await t.request(liveChatDelete, { id: fromLisi }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('mutes only learners of their departments, and nobody mutes an administrator', async () => {
    const idOf = (userName: string) => userId(t, userName);
    const mute = (userId: string, token: string) => t.request(liveChatMute, { liveId: id, userId, muted: true }, token);
    const lisi = await mute(await idOf('lisi'), tech); // 市场部: outside 技术部
    expect(lisi.code).toBe(ErrorCode.NO_PERMISSION);
    expect(lisi.msg).toContain('不在您的数据权限范围内');
    expect((await mute(await idOf('student'), tech)).code).toBe(0);
    const deptAdmin = await mute(await idOf('live_dept'), admin);
    expect(deptAdmin.code).toBe(ErrorCode.NO_PERMISSION);
    expect(deptAdmin.msg).toContain('不能禁言管理员');
    expect((await mute(await idOf('admin'), tech)).code).not.toBe(0);
  });
});
