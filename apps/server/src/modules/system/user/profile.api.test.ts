import { ErrorCode, sysUserInfo, sysUserUpdateProfile } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(sysUserUpdateProfile.path, () => {
  it('refuses a caller without a token', async () => {
    const res = await t.call(sysUserUpdateProfile.path, { realName: '张三' });
    expect(res.code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('names the bad field', async () => {
    const token = await t.login('student', 'student123');
    const empty = await t.call(sysUserUpdateProfile.path, { realName: '' }, token);
    expect(empty.code).toBe(ErrorCode.BAD_PARAMS);
    expect(empty.msg).toContain('姓名');
    const mobile = await t.call(sysUserUpdateProfile.path, { realName: '张三', mobile: '123' }, token);
    expect(mobile.code).toBe(ErrorCode.BAD_PARAMS);
    expect(mobile.msg).toContain('手机号码格式不正确!');
  });

  it("updates the learner's own name, mobile and avatar", async () => {
    const token = await t.login('student', 'student123');
    const res = await t.call(
      sysUserUpdateProfile.path,
      { realName: '张三丰', mobile: '13912345678', avatar: '/api/common/file/abc' },
      token,
    );
    expect(res.code).toBe(0);
    const info = await t.call(sysUserInfo.path, {}, token);
    expect(info.data).toMatchObject({ realName: '张三丰', mobile: '13912345678', avatar: '/api/common/file/abc' });
    const cleared = await t.call(sysUserUpdateProfile.path, { realName: '张三', mobile: '' }, token);
    expect(cleared.code).toBe(0);
    const after = await t.call(sysUserInfo.path, {}, token);
    expect(after.data).toMatchObject({ realName: '张三', mobile: null, avatar: '/api/common/file/abc' });
  });

  it("refuses another user's mobile", async () => {
    const admin = await t.login('admin', 'admin123');
    const adminInfo = await t.call<{ mobile: string | null }>(sysUserInfo.path, {}, admin);
    const mobile = adminInfo.data.mobile ?? '13700001111';
    if (!adminInfo.data.mobile) await t.call(sysUserUpdateProfile.path, { realName: '管理员', mobile }, admin);
    const token = await t.login('student', 'student123');
    const res = await t.call(sysUserUpdateProfile.path, { realName: '张三', mobile }, token);
    expect(res.code).toBe(ErrorCode.DUPLICATE);
  });
});
