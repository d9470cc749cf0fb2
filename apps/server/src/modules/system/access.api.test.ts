import { ErrorCode } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const SITE = {
  siteName: '站点',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  faceLogin: false,
  mobileLogin: false,
  wechatLogin: false,
  dingtalkLogin: false,
  regOpen: true,
  regReview: false,
};

/**
 * Every administrator path of the system-administration calls (issue 2), with a valid body:
 * the body is validated before the token is checked.
 */
const ADMIN_PATHS: Record<string, object> = {
  '/api/sys/depart/detail': { id: 'x' },
  '/api/sys/depart/save': { name: '部门' },
  '/api/sys/depart/delete': { ids: ['x'] },
  '/api/sys/depart/sort': { id: 'x', sort: 1 },
  '/api/sys/role/paging': {},
  '/api/sys/role/list': {},
  '/api/sys/role/save': { code: 'r1', name: '角色', roleType: 2, dataScope: 1 },
  '/api/sys/role/detail': { id: 'x' },
  '/api/sys/role/delete': { ids: ['x'] },
  '/api/sys/role/list-menus': { id: 'x' },
  '/api/sys/role/save-menus': { id: 'x', menuIds: [] },
  '/api/sys/menu/tree': {},
  '/api/sys/menu/detail': { id: 'x' },
  '/api/sys/menu/save': { type: 2, title: '功能', permission: 'a:b:c' },
  '/api/sys/menu/delete': { ids: ['x'] },
  '/api/sys/menu/sort': { id: 'x', sort: 1 },
  '/api/sys/dic/paging': {},
  '/api/sys/dic/save': { code: 'abc', title: '字典' },
  '/api/sys/dic/delete': { ids: ['x'] },
  '/api/sys/dic/value/save': { dicCode: 'abc', value: 'v', title: '值' },
  '/api/sys/dic/value/delete': { ids: ['x'] },
  '/api/sys/config/save': SITE,
  '/api/sys/config/admin-detail': {},
  '/api/sys/config/save-item': { title: 'k', value: 'v' },
  '/api/sys/msg/send': { title: '标题', content: '内容', target: 'all' },
  '/api/sys/msg/paging': {},
  '/api/sys/log/paging': {},
  '/api/sys/dashboard/stat': {},
};

/** Paths any signed-in user may call, but not an anonymous one. */
const SIGNED_IN_PATHS: Record<string, object> = {
  '/api/sys/dic/value/tree': { dicCode: 'aiExam_conf' },
  '/api/sys/config/list': {},
  '/api/sys/user/msg/paging': {},
  '/api/sys/user/msg/detail-for-read': { id: 'x' },
  '/api/sys/user/msg/count-unread': {},
  '/api/sys/user/msg/mark-read': { all: true },
  '/api/sys/user/msg/user-delete': { ids: ['x'] },
  '/api/common/file/upload': {},
};

let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());

describe('access to the system-administration calls', () => {
  it('refuses every admin and signed-in path without a token (10010002)', async () => {
    for (const [path, body] of Object.entries({ ...ADMIN_PATHS, ...SIGNED_IN_PATHS })) {
      const res = await t.call(path, body);
      expect(res.code, path).toBe(ErrorCode.NOT_LOGIN);
    }
  });

  it('refuses a learner on every admin path (10010004)', async () => {
    for (const [path, body] of Object.entries(ADMIN_PATHS)) {
      const res = await t.call(path, body, student);
      expect(res.code, path).toBe(ErrorCode.NO_PERMISSION);
    }
  });

  it('answers the public calls without a token', async () => {
    expect((await t.call('/api/sys/depart/tree', {})).code).toBe(0);
    expect((await t.call('/api/sys/config/detail', { id: '1' })).code).toBe(0);
    const res = await t.call('/api/common/log/client-error', { message: 'x' });
    expect(res.code).toBe(0);
  });
});
