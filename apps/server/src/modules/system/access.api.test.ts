import {
  commonFileUpload,
  commonLogClientError,
  ErrorCode,
  sysConfigAdminDetail,
  sysConfigDetail,
  sysConfigList,
  sysConfigSave,
  sysConfigSaveItem,
  sysDashboardStat,
  sysDepartDelete,
  sysDepartDetail,
  sysDepartSave,
  sysDepartSort,
  sysDepartTree,
  sysDicDelete,
  sysDicPaging,
  sysDicSave,
  sysDicValueDelete,
  sysDicValueSave,
  sysDicValueTree,
  sysLogPaging,
  sysMenuDelete,
  sysMenuDetail,
  sysMenuSave,
  sysMenuSort,
  sysMenuTree,
  sysMsgPaging,
  sysMsgSend,
  sysRoleDelete,
  sysRoleDetail,
  sysRoleList,
  sysRoleListMenus,
  sysRolePaging,
  sysRoleSave,
  sysRoleSaveMenus,
  sysUserMsgCountUnread,
  sysUserMsgDetailForRead,
  sysUserMsgMarkRead,
  sysUserMsgPaging,
  sysUserMsgUserDelete,
} from '@exam/contracts';
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
 * Every administrator path of the system-administration calls, with a valid body:
 * the body is validated before the token is checked.
 */
const ADMIN_PATHS: Record<string, object> = {
  [sysDepartDetail.path]: { id: 'x' },
  [sysDepartSave.path]: { name: '部门' },
  [sysDepartDelete.path]: { ids: ['x'] },
  [sysDepartSort.path]: { id: 'x', sort: 1 },
  [sysRolePaging.path]: {},
  [sysRoleList.path]: {},
  [sysRoleSave.path]: { code: 'r1', name: '角色', roleType: 2, dataScope: 1 },
  [sysRoleDetail.path]: { id: 'x' },
  [sysRoleDelete.path]: { ids: ['x'] },
  [sysRoleListMenus.path]: { id: 'x' },
  [sysRoleSaveMenus.path]: { id: 'x', menuIds: [] },
  [sysMenuTree.path]: {},
  [sysMenuDetail.path]: { id: 'x' },
  [sysMenuSave.path]: { type: 2, title: '功能', permission: 'a:b:c' },
  [sysMenuDelete.path]: { ids: ['x'] },
  [sysMenuSort.path]: { id: 'x', sort: 1 },
  [sysDicPaging.path]: {},
  [sysDicSave.path]: { code: 'abc', title: '字典' },
  [sysDicDelete.path]: { ids: ['x'] },
  [sysDicValueSave.path]: { dicCode: 'abc', value: 'v', title: '值' },
  [sysDicValueDelete.path]: { ids: ['x'] },
  [sysConfigSave.path]: SITE,
  [sysConfigAdminDetail.path]: {},
  [sysConfigSaveItem.path]: { title: 'k', value: 'v' },
  [sysMsgSend.path]: { title: '标题', content: '内容', target: 'all' },
  [sysMsgPaging.path]: {},
  [sysLogPaging.path]: {},
  [sysDashboardStat.path]: {},
};

/** Paths any signed-in user may call, but not an anonymous one. */
const SIGNED_IN_PATHS: Record<string, object> = {
  [sysDicValueTree.path]: { dicCode: 'aiExam_conf' },
  [sysConfigList.path]: {},
  [sysUserMsgPaging.path]: {},
  [sysUserMsgDetailForRead.path]: { id: 'x' },
  [sysUserMsgCountUnread.path]: {},
  [sysUserMsgMarkRead.path]: { all: true },
  [sysUserMsgUserDelete.path]: { ids: ['x'] },
  [commonFileUpload.path]: {},
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
    expect((await t.call(sysDepartTree.path, {})).code).toBe(0);
    expect((await t.call(sysConfigDetail.path, { id: '1' })).code).toBe(0);
    const res = await t.call(commonLogClientError.path, { message: 'x' });
    expect(res.code).toBe(0);
  });
});
