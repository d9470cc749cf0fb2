import {
  assistantConfDetail,
  assistantConfSave,
  ErrorCode,
  sysMenuRoutes,
  sysUserInfo,
  sysUserLogin,
  sysUserLogout,
  sysUserReg,
  sysUserUpdatePass,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Registration is closed on a new site; these tests are about what it does when open.
  await t.db.update(sysConfig).set({ regOpen: true });
});
afterAll(async () => t.close());

describe('sign-in', () => {
  it('signs in the demo administrator and answers the SPEC 7 fields', async () => {
    const res = await t.call(sysUserLogin.path, { userName: 'admin', password: 'admin123' });
    expect(res.code).toBe(0);
    expect(typeof res.data.token).toBe('string');
    expect(res.data.user).toMatchObject({ userName: 'admin', roleType: 2, roles: ['sa'] });
    expect(res.data.user.permissions).toContain('sys:user:save');
  });

  it('names the department and the roles for the screen, not only their codes', async () => {
    const res = await t.call(sysUserLogin.path, { userName: 'student', password: 'student123' });
    expect(res.data.user).toMatchObject({ deptCode: 'D001D001', deptName: '技术部', roles: ['student'] });
    expect(res.data.user.roleNames).toEqual(['学员']);
    const info = await t.call(sysUserInfo.path, {}, res.data.token);
    expect(info.data).toMatchObject({ deptName: '技术部', roleNames: ['学员'] });
  });

  it('refuses a wrong password with the credentials code', async () => {
    const res = await t.call(sysUserLogin.path, { userName: 'student', password: 'wrong-pass1' });
    expect(res.code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('names the missing field in Chinese', async () => {
    const res = await t.call(sysUserLogin.path, { userName: 'admin' });
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '密码：不能为空' });
  });

  it('locks the account after five failures in the window', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await t.call(sysUserLogin.path, { userName: 'wangwu', password: `bad${i}pass` });
      expect(r.code).toBe(ErrorCode.BAD_CREDENTIALS);
    }
    const fifth = await t.call(sysUserLogin.path, { userName: 'wangwu', password: 'bad5pass' });
    expect(fifth.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(fifth.msg).toMatch(/锁定.*15分钟/);
    const right = await t.call(sysUserLogin.path, { userName: 'wangwu', password: 'student123' });
    expect(right.code).toBe(ErrorCode.ACCOUNT_LOCKED);
  });
});

describe('token', () => {
  it('answers /info for a valid token and 10010002 without or after logout', async () => {
    const token = await t.login('student', 'student123');
    const info = await t.call(sysUserInfo.path, {}, token);
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({ userName: 'student', roleType: 1, realName: '张三', unreadMsg: 1 });
    expect((await t.call(sysUserInfo.path, {})).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(sysUserInfo.path, {}, 'forged-token')).code).toBe(ErrorCode.NOT_LOGIN);
    await t.call(sysUserLogout.path, {}, token);
    expect((await t.call(sysUserInfo.path, {}, token)).code).toBe(ErrorCode.NOT_LOGIN);
  });
});

describe('order of checks', () => {
  it('answers 10010002 before validating the body of a signed-in call', async () => {
    expect((await t.call(sysUserUpdatePass.path, { password: 1 })).code).toBe(ErrorCode.NOT_LOGIN);
  });
});

describe('menu routes', () => {
  it('gives the administrator the dashboard and system trees and a learner none', async () => {
    const admin = await t.login('admin', 'admin123');
    const res = await t.call(sysMenuRoutes.path, {}, admin);
    expect(res.code).toBe(0);
    const dashboard = res.data.find((r: { path: string }) => r.path === '/admin');
    expect(dashboard.children[0]).toMatchObject({
      path: 'dashboard',
      component: 'admin/dashboard',
      meta: { affix: true },
    });
    const learner = await t.login('student', 'student123');
    expect((await t.call(sysMenuRoutes.path, {}, learner)).data).toEqual([]);
  });
});

describe('registration', () => {
  it('registers a student who can sign in at once, and refuses a taken user name', async () => {
    const body = { userName: 'newbie', realName: '新学员', password: 'abc123', mobile: '13912345678' };
    const res = await t.call(sysUserReg.path, body);
    expect(res.code).toBe(0);
    expect(res.data.pending).toBe(false);
    expect((await t.call(sysUserInfo.path, {}, res.data.token)).data.roleType).toBe(1);
    const again = await t.call(sysUserReg.path, body);
    expect(again.code).toBe(ErrorCode.DUPLICATE);
  });

  it('refuses a mobile that another account already uses', async () => {
    const res = await t.call(sysUserReg.path, {
      userName: 'dupmobile',
      realName: '重复',
      password: 'abc123',
      mobile: '13800000001',
    });
    expect(res.code).toBe(ErrorCode.DUPLICATE);
    expect(res.msg).toContain('手机号');
  });

  it('applies the SPEC 5 rules to mobile and password', async () => {
    const badMobile = await t.call(sysUserReg.path, {
      userName: 'x1',
      realName: 'x',
      password: 'abc123',
      mobile: '12345',
    });
    expect(badMobile).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '手机号码格式不正确!' });
    const badPass = await t.call(sysUserReg.path, {
      userName: 'x2',
      realName: 'x',
      password: 'abcdef',
      mobile: '13912345679',
    });
    expect(badPass.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badPass.msg).toContain('密码');
  });
});

describe('the learner features told with the user info', () => {
  it('says live classes and the assistant are off on a fresh install, and on once configured', async () => {
    const token = await t.login('student', 'student123');
    const before = await t.call(sysUserInfo.path, {}, token);
    expect(before.data.features).toEqual({ live: false, assistant: false });

    const admin = await t.login('admin', 'admin123');
    const conf = {
      ...(await t.request(assistantConfDetail, {}, admin)).data,
      enabled: true,
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'qwen-test',
      apiKey: 'sk-test-abcd1234',
    };
    expect((await t.request(assistantConfSave, conf, admin)).code).toBe(0);
    const saved = { rtmp: process.env.LIVE_RTMP_URL, hls: process.env.LIVE_HLS_URL };
    process.env.LIVE_RTMP_URL = 'rtmp://live.example.com/live';
    process.env.LIVE_HLS_URL = 'https://live.example.com/hls';
    try {
      const after = await t.call(sysUserInfo.path, {}, token);
      expect(after.data.features).toEqual({ live: true, assistant: true });
    } finally {
      for (const [key, value] of [
        ['LIVE_RTMP_URL', saved.rtmp],
        ['LIVE_HLS_URL', saved.hls],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });
});
