import { ErrorCode, noticePaging, noticePublish, noticeRead, noticeWithdraw } from '@exam/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../db/schema/index.js';
import { onPublish } from '../../platform/events/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sweepDueNotices } from './notice-publish.js';
import { inboxRows, myTitles, saveNotice, unread } from './notice-test-kit.js';

let now = new Date('2026-03-02T08:00:00.000Z');
let t: TestApp;
let admin: string;
let wangwu: string;
let everyone: number;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.login('admin', 'admin123');
  wangwu = await t.login('wangwu', 'student123');
  everyone = (await t.db.select({ n: count() }).from(sysUser))[0].n;
});
afterAll(async () => t.close());

const oneEach = async (id: string) => {
  const rows = await inboxRows(t, id);
  expect(rows).toHaveLength(everyone);
  expect(rows.every((r) => r.n === 1)).toBe(true);
};

describe('publishing once', () => {
  it('gives each audience member exactly one message when published twice', async () => {
    const id = await saveNotice(t, admin, { title: '重复发布' });
    let published = 0;
    const stop = onPublish(() => published++);
    expect((await t.call(noticePublish.path, { id }, admin)).code).toBe(0);
    expect((await t.call(noticePublish.path, { id }, admin)).code).toBe(0);
    await oneEach(id);
    stop();
    // notice.published is raised once, by the publication that delivered.
    expect(published).toBe(1);
  });

  it('gives each audience member exactly one message when published concurrently', async () => {
    const id = await saveNotice(t, admin, { title: '并发发布' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.call(noticePublish.path, { id }, admin)));
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0]);
    await oneEach(id);
  });

  it('edits of a published notice bring its audience in line without doubling messages', async () => {
    const id = await saveNotice(t, admin, { title: '改范围', openType: 3, userIds: [await idOf('wangwu')] });
    await t.call(noticePublish.path, { id }, admin);
    expect(await inboxRows(t, id)).toHaveLength(1);
    await saveNotice(t, admin, { id, title: '改范围', openType: 1 });
    await oneEach(id);
    await saveNotice(t, admin, { id, title: '改范围', openType: 3, userIds: [await idOf('lisi')] });
    expect((await inboxRows(t, id)).map((r) => r.userId)).toEqual([await idOf('lisi')]);
  });
});

const idOf = async (userName: string) =>
  (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, userName)))[0].id;

describe('scheduled publish', () => {
  it('becomes visible, and its messages are created once, when the time comes', async () => {
    const id = await saveNotice(t, admin, { title: '定时公告' });
    const at = new Date(now.getTime() + 3600_000).toISOString();
    const before = await unread(t, wangwu);
    expect((await t.call(noticePublish.path, { id, publishAt: at }, admin)).code).toBe(0);

    const listed = (await t.call(noticePaging.path, { params: { title: '定时公告' } }, admin)).data.records[0];
    expect(listed).toMatchObject({ status: 1, publishAt: at });
    expect(await myTitles(t, wangwu)).not.toContain('定时公告');
    expect(await t.call(noticeRead.path, { id }, wangwu)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await sweepDueNotices(t.db, now)).toBe(0);
    expect(await inboxRows(t, id)).toHaveLength(0);
    expect(await unread(t, wangwu)).toBe(before);

    now = new Date(now.getTime() + 3600_000 + 1000);
    expect(await myTitles(t, wangwu)).toContain('定时公告');
    // Two instances sweeping at once deliver it once.
    const swept = await Promise.all([sweepDueNotices(t.db, now), sweepDueNotices(t.db, now)]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await sweepDueNotices(t.db, now)).toBe(0);
    await oneEach(id);
    expect(await unread(t, wangwu)).toBe(before + 1);
    const status = (await t.call(noticePaging.path, { params: { title: '定时公告' } }, admin)).data.records[0];
    expect(status.status).toBe(2);
  });

  it('refuses to reschedule a notice already out, and may publish a scheduled one at once', async () => {
    const id = await saveNotice(t, admin, { title: '提前发布' });
    const later = new Date(now.getTime() + 86400_000).toISOString();
    await t.call(noticePublish.path, { id, publishAt: later }, admin);
    expect((await t.call(noticePublish.path, { id }, admin)).code).toBe(0);
    expect(await myTitles(t, wangwu)).toContain('提前发布');
    await oneEach(id);
    const again = await t.call(noticePublish.path, { id, publishAt: later }, admin);
    expect(again).toMatchObject({ code: ErrorCode.CONFLICT, msg: expect.stringContaining('撤回') });
    expect(await sweepDueNotices(t.db, new Date(now.getTime() + 2 * 86400_000))).toBe(0);
    await oneEach(id);
  });

  it('withdrawn before its time, it is never delivered', async () => {
    const id = await saveNotice(t, admin, { title: '定时后撤回' });
    await t.call(noticePublish.path, { id, publishAt: new Date(now.getTime() + 60_000).toISOString() }, admin);
    expect((await t.call(noticeWithdraw.path, { id }, admin)).code).toBe(0);
    expect(await sweepDueNotices(t.db, new Date(now.getTime() + 120_000))).toBe(0);
    expect(await inboxRows(t, id)).toHaveLength(0);
  });
});
