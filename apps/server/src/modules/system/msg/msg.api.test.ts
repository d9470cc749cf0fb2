import {
  ErrorCode,
  sysDepartTree,
  sysMenuTree,
  sysMsgPaging,
  sysMsgSend,
  sysRolePaging,
  sysRoleSaveMenus,
  sysUserMsgCountUnread,
  sysUserMsgDetailForRead,
  sysUserMsgMarkRead,
  sysUserMsgPaging,
  sysUserMsgUserDelete,
  type TDeptNode,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { notifyUser } from './msg.service.js';

let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
});
afterAll(async () => t.close());

const unread = async (token: string) => (await t.call(sysUserMsgCountUnread.path, {}, token)).data.count;
const flatten = (nodes: TDeptNode[]): TDeptNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('sending messages', () => {
  it('reaches the users of a department and its sub-departments, and changes the unread count', async () => {
    const tree = flatten((await t.call<TDeptNode[]>(sysDepartTree.path, {})).data);
    const tech = tree.find((d) => d.name === '技术部') as TDeptNode;
    // Put lisi in 前端组, a sub-department of 技术部.
    const front = tree.find((d) => d.name === '前端组') as TDeptNode;
    await t.db.update(sysUser).set({ deptId: front.id }).where(eq(sysUser.userName, 'lisi'));
    const before = { student: await unread(student), lisi: await unread(lisi) };

    const body = { title: '技术部通知', content: '周五技术分享', target: 'dept', deptIds: [tech.id] };
    const sent = await t.call(sysMsgSend.path, body, admin);
    expect(sent.code).toBe(0);
    // student and deptadmin (技术部) and lisi (前端组).
    expect(sent.data.recipients).toBe(3);
    expect(await unread(student)).toBe(before.student + 1);
    expect(await unread(lisi)).toBe(before.lisi + 1);
    const wangwu = await t.login('wangwu', 'student123');
    const inbox = await t.call(sysUserMsgPaging.path, { params: {} }, wangwu);
    expect(inbox.data.records.map((r: { title: string }) => r.title)).not.toContain('技术部通知');

    const sentList = await t.call(sysMsgPaging.path, { params: { keyword: '技术部' } }, admin);
    expect(sentList.data.records[0]).toMatchObject({ title: '技术部通知', recipients: 3, readCount: 0 });
  });

  it('sends to named users and to everyone', async () => {
    const [wangwu] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'wangwu'));
    const one = await t.call(
      sysMsgSend.path,
      { title: '单发', content: '内容', target: 'user', userIds: [wangwu.id] },
      admin,
    );
    expect(one.data.recipients).toBe(1);
    const all = await t.call(sysMsgSend.path, { title: '全员', content: '内容', target: 'all' }, admin);
    expect(all.data.recipients).toBe(5);
  });

  it('names the missing target field', async () => {
    const res = await t.call(sysMsgSend.path, { title: '标题', content: '内容', target: 'dept' }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('部门');
    const noTitle = await t.call(sysMsgSend.path, { content: '内容', target: 'all' }, admin);
    expect(noTitle.msg).toContain('标题');
  });

  it('keeps a department administrator inside their data scope', async () => {
    const deptAdmin = await t.login('deptadmin', 'admin123');
    const { data } = await t.call(sysRolePaging.path, { params: {} }, admin);
    const role = data.records.find((r: { code: string }) => r.code === 'dept_admin');
    const tree = (await t.call(sysMenuTree.path, {}, admin)).data;
    const sysMenu = tree.find((m: { catalogueKey: string }) => m.catalogueKey === 'sys');
    const msgMenu = sysMenu.children.find((m: { catalogueKey: string }) => m.catalogueKey === 'sys-msg');
    const ids = [sysMenu.id, msgMenu.id, msgMenu.children[0].id];
    await t.call(sysRoleSaveMenus.path, { id: role.id, menuIds: ids }, admin);
    const res = await t.call(sysMsgSend.path, { title: '部门内', content: '内容', target: 'all' }, deptAdmin);
    expect(res.code).toBe(0);
    expect(res.data.recipients).toBe(3);
  });
});

describe('the inbox', () => {
  it('reads, filters, marks read and deletes for one user only', async () => {
    const start = await unread(student);
    const page = await t.call(sysUserMsgPaging.path, { current: 1, size: 50, params: { read: false } }, student);
    expect(page.data.total).toBe(start);
    const first = page.data.records[0];
    const read = await t.call(sysUserMsgDetailForRead.path, { id: first.id }, student);
    expect(read.data).toMatchObject({ id: first.id, read: true });
    expect(await unread(student)).toBe(start - 1);
    // Another user's message id is not found for this user.
    expect((await t.call(sysUserMsgDetailForRead.path, { id: first.id }, lisi)).code).toBe(ErrorCode.NOT_FOUND);

    const readOnly = await t.call(sysUserMsgPaging.path, { params: { read: true } }, student);
    expect(readOnly.data.records.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const second = page.data.records[1];
    await t.call(sysUserMsgMarkRead.path, { ids: [second.id] }, student);
    expect(await unread(student)).toBe(start - 2);
    await t.call(sysUserMsgMarkRead.path, { all: true }, student);
    expect(await unread(student)).toBe(0);
    expect((await t.call(sysUserMsgMarkRead.path, {}, student)).code).toBe(ErrorCode.BAD_PARAMS);

    const lisiBefore = (await t.call(sysUserMsgPaging.path, { params: {} }, lisi)).data.total;
    await t.call(sysUserMsgUserDelete.path, { ids: [first.id] }, student);
    const after = await t.call(sysUserMsgPaging.path, { params: {} }, student);
    expect(after.data.records.map((r: { id: string }) => r.id)).not.toContain(first.id);
    expect((await t.call(sysUserMsgPaging.path, { params: {} }, lisi)).data.total).toBe(lisiBefore);
  });

  it('notifyUser delivers a message other modules send', async () => {
    const [row] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const before = await unread(student);
    const res = await notifyUser(t.db, [row.id, row.id], '阅卷完成', '您的试卷已阅卷');
    expect(res.recipients).toBe(1);
    expect(await unread(student)).toBe(before + 1);
  });
});
