import {
  ErrorCode,
  noticeDelete,
  noticeDetail,
  noticeListUnread,
  noticeMyPaging,
  noticePaging,
  noticePublish,
  noticeRead,
  noticeSave,
  noticeWithdraw,
  sysDepartTree,
  sysMenuTree,
  sysRolePaging,
  sysRoleSaveMenus,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysFile } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { inboxRows, myTitles, saveNotice, unread, userId } from './notice-test-kit.js';

let t: TestApp;
let admin: string;
let student: string;
let wangwu: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  wangwu = await t.login('wangwu', 'student123');
});
afterAll(async () => t.close());

const ADMIN_PATHS = ['paging', 'detail', 'save', 'publish', 'withdraw', 'delete', 'list-unread'];

describe('notice access', () => {
  it('refuses every path without a token', async () => {
    for (const p of [...ADMIN_PATHS, 'my-paging', 'read']) {
      const res = await t.call(`/api/notice/${p}`, {});
      expect(res.code, p).toBe(ErrorCode.NOT_LOGIN);
    }
  });

  it('refuses a learner on the administrator paths', async () => {
    for (const p of ADMIN_PATHS) {
      const res = await t.call(`/api/notice/${p}`, { id: 'x', ids: ['x'], params: { id: 'x' } }, student);
      expect(res.code, p).toBe(ErrorCode.NO_PERMISSION);
    }
  });

  it('documents every path in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [...ADMIN_PATHS, 'my-paging', 'read']) expect(doc.paths, p).toHaveProperty([`/api/notice/${p}`]);
  });

  it('names the field of bad input', async () => {
    const noTitle = await t.call(noticeSave.path, { content: '<p>x</p>', openType: 1 }, admin);
    expect(noTitle.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noTitle.msg).toContain('公告标题');
    const noDepts = await t.call(noticeSave.path, { title: 'a', content: '<p>x</p>', openType: 2 }, admin);
    expect(noDepts.msg).toContain('指定部门');
    const badType = await t.call(noticeSave.path, { title: 'a', content: '<p>x</p>', openType: 9 }, admin);
    expect(badType.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badType.msg).toContain('发布范围');
    const onlyScript = await t.call(
      noticeSave.path,
      { title: 'a', content: '<script>x()</script>', openType: 1 },
      admin,
    );
    expect(onlyScript).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('公告内容') });
    const badTime = await t.call(noticePublish.path, { id: 'x', publishAt: '明天' }, admin);
    expect(badTime).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('发布时间') });
    const badFile = await t.call(
      noticeSave.path,
      { title: 'a', content: '<p>x</p>', openType: 1, fileIds: ['nope'] },
      admin,
    );
    expect(badFile).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('附件') });
    const unknownUser = await t.call(
      noticeSave.path,
      { title: 'a', content: '<p>x</p>', openType: 3, userIds: ['nobody'] },
      admin,
    );
    expect(unknownUser).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('指定人员') });
  });
});

describe('publishing and reading', () => {
  it('sanitises, publishes to everyone, marks unread, records the read and drops the badge', async () => {
    await t.db.insert(sysFile).values({
      id: 'notice-attachment-0001',
      originalName: '制度.pdf',
      mime: 'application/pdf',
      size: 10,
      storagePath: '/nonexistent',
    });
    const id = await saveNotice(t, admin, {
      title: '全员通知',
      content: '<p onclick="x()">请<strong>周五</strong>前提交</p><script>alert(1)</script>',
      fileIds: ['notice-attachment-0001'],
    });
    const detailRes = await t.call(noticeDetail.path, { id }, admin);
    expect(detailRes.msg).toBe('操作成功');
    const detail = detailRes.data;
    expect(detail.content).toBe('<p>请<strong>周五</strong>前提交</p>');
    expect(detail).toMatchObject({
      status: 0,
      attachments: [{ name: '制度.pdf', url: '/api/common/file/notice-attachment-0001' }],
    });
    // A draft is nobody's to read.
    expect(await myTitles(t, student)).not.toContain('全员通知');
    expect((await t.call(noticeRead.path, { id }, student)).code).toBe(ErrorCode.NOT_FOUND);

    const before = await unread(t, student);
    expect((await t.call(noticePublish.path, { id }, admin)).code).toBe(0);
    expect(await unread(t, student)).toBe(before + 1);
    const mine = (await t.call(noticeMyPaging.path, { params: { title: '全员' } }, student)).data;
    expect(mine.records).toEqual([expect.objectContaining({ id, read: false, summary: '请周五前提交' })]);

    const read = await t.call(noticeRead.path, { id }, student);
    expect(read.code).toBe(0);
    expect(read.data).toMatchObject({ title: '全员通知', publisherName: '系统管理员' });
    expect(read.data.attachments).toHaveLength(1);
    expect(await unread(t, student)).toBe(before);
    expect((await t.call(noticeMyPaging.path, { params: { read: true } }, student)).data.records[0].id).toBe(id);
    expect(
      (await t.call(noticeMyPaging.path, { params: { read: false } }, student)).data.records.map(
        (r: { id: string }) => r.id,
      ),
    ).not.toContain(id);

    const list = (await t.call(noticePaging.path, { params: { title: '全员通知' } }, admin)).data;
    expect(list.records[0]).toMatchObject({ status: 2, audienceSize: 5, readCount: 1 });
    // Reading again counts once.
    await t.call(noticeRead.path, { id }, student);
    const again = (await t.call(noticePaging.path, { params: { title: '全员通知' } }, admin)).data;
    expect(again.records[0].readCount).toBe(1);
    const notRead = (await t.call(noticeListUnread.path, { params: { id } }, admin)).data;
    expect(notRead.total).toBe(4);
    expect(notRead.records.map((u: { userName: string }) => u.userName)).not.toContain('student');
  });

  it('keeps a notice for named people from everyone else, with a clear message', async () => {
    const id = await saveNotice(t, admin, { title: '张三专属', openType: 3, userIds: [await userId(t, 'student')] });
    await t.call(noticePublish.path, { id }, admin);
    expect(await myTitles(t, student)).toContain('张三专属');
    expect(await myTitles(t, wangwu)).not.toContain('张三专属');
    const refused = await t.call(noticeRead.path, { id }, wangwu);
    expect(refused).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '您不在该公告的发布范围内，无法查看' });
    expect((await inboxRows(t, id)).map((r) => r.userId)).toEqual([await userId(t, 'student')]);
    const rate = (await t.call(noticePaging.path, { params: { title: '张三专属' } }, admin)).data.records[0];
    expect(rate).toMatchObject({ audienceSize: 1, readCount: 0 });
  });

  it('reaches a department and its sub-departments only', async () => {
    const tree = (await t.call(sysDepartTree.path, {}, admin)).data;
    const tech = tree[0].children.find((d: { name: string }) => d.name === '技术部');
    const id = await saveNotice(t, admin, { title: '技术部公告', openType: 2, deptIds: [tech.id] });
    await t.call(noticePublish.path, { id }, admin);
    expect(await myTitles(t, student)).toContain('技术部公告');
    expect(await myTitles(t, wangwu)).not.toContain('技术部公告');
    // student and deptadmin are in 技术部.
    expect(await inboxRows(t, id)).toHaveLength(2);
  });

  it('lists pinned notices first', async () => {
    const plain = await saveNotice(t, admin, { title: '排序-普通' });
    const pinned = await saveNotice(t, admin, { title: '排序-置顶', pinned: true });
    await t.call(noticePublish.path, { id: pinned }, admin);
    await t.call(noticePublish.path, { id: plain }, admin);
    expect(await myTitles(t, wangwu, { title: '排序' })).toEqual(['排序-置顶', '排序-普通']);
  });

  it('withdraw hides the notice and takes its message out of the inboxes', async () => {
    const id = await saveNotice(t, admin, { title: '将撤回' });
    const before = await unread(t, wangwu);
    await t.call(noticePublish.path, { id }, admin);
    expect(await unread(t, wangwu)).toBe(before + 1);
    expect((await t.call(noticeWithdraw.path, { id }, admin)).code).toBe(0);
    expect(await myTitles(t, wangwu)).not.toContain('将撤回');
    expect(await t.call(noticeRead.path, { id }, wangwu)).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: '该公告已撤回',
    });
    expect(await unread(t, wangwu)).toBe(before);
    expect((await t.call(noticeWithdraw.path, { id }, admin)).code).toBe(ErrorCode.CONFLICT);
    // Deleted: gone from the admin list too.
    expect((await t.call(noticeDelete.path, { ids: [id] }, admin)).code).toBe(0);
    expect((await t.call(noticePaging.path, { params: { title: '将撤回' } }, admin)).data.total).toBe(0);
  });

  it('keeps a department administrator inside their data scope', async () => {
    const deptAdmin = await t.login('deptadmin', 'admin123');
    const roles = (await t.call(sysRolePaging.path, { params: {} }, admin)).data.records;
    const role = roles.find((r: { code: string }) => r.code === 'dept_admin');
    const tree = (await t.call(sysMenuTree.path, {}, admin)).data;
    const root = tree.find((m: { catalogueKey: string }) => m.catalogueKey === 'notice-root');
    const menu = root.children[0];
    const ids = [root.id, menu.id, ...menu.children.map((c: { id: string }) => c.id)];
    expect((await t.call(sysRoleSaveMenus.path, { id: role.id, menuIds: ids }, admin)).code).toBe(0);

    const everyone = await t.call(noticeSave.path, { title: '越权', content: '<p>x</p>', openType: 1 }, deptAdmin);
    expect(everyone).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('发布范围') });
    const outsider = await t.call(
      noticeSave.path,
      { title: '越权', content: '<p>x</p>', openType: 3, userIds: [await userId(t, 'wangwu')] },
      deptAdmin,
    );
    expect(outsider).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('数据范围') });
    const own = await saveNotice(t, deptAdmin, {
      title: '部门内公告',
      openType: 3,
      userIds: [await userId(t, 'student')],
    });
    // The administrator's notices are not in the department administrator's list.
    const list = (await t.call(noticePaging.path, { params: {} }, deptAdmin)).data;
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([own]);
  });
});
