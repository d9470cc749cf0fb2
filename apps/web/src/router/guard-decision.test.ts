import { ErrorCode } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http-errors';
import {
  ADMIN_HOME,
  afterLoginTarget,
  decideAfterLoad,
  decideOnError,
  decideRoute,
  FALLBACK_ERROR,
  LEARNER_HOME,
  NETWORK_ERROR_TEXT,
  NO_MENU_MESSAGE,
} from './guard-decision';

const menu = [{ path: '/admin', name: 'A', component: 'Layout', meta: { title: '控制台' } }];

describe('SPEC 4 guard: not signed in', () => {
  it.each(['/login', '/register', '/forgot', '/help', '/sync', '/401', '/404'])('lets %s open', (path) => {
    expect(decideRoute({ path, hasToken: false, loaded: false })).toEqual({ kind: 'allow' });
  });

  it.each(['/cert/verify', '/cert/verify/AbC_123-x'])('lets the public certificate check %s open', (path) => {
    expect(decideRoute({ path, hasToken: false, loaded: false })).toEqual({ kind: 'allow' });
  });
  it('keeps other /cert paths closed', () => {
    expect(decideRoute({ path: '/cert/verify/a/b', hasToken: false, loaded: false }).kind).toBe('redirect');
  });
  it('sends any other path to /login keeping the wanted path and query', () => {
    expect(decideRoute({ path: '/web/uc', search: '?tab=msg', hasToken: false, loaded: false })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/web/uc?tab=msg')}`,
    });
    expect(decideRoute({ path: '/admin/sys/user', hasToken: false, loaded: false })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/admin/sys/user')}`,
    });
  });

  it('requires sign-in for the full-screen exam pages', () => {
    expect(decideRoute({ path: '/web/exam/start/1', hasToken: false, loaded: false }).kind).toBe('redirect');
    expect(decideRoute({ path: '/web/exam/debug', hasToken: false, loaded: false }).kind).toBe('redirect');
  });

  it("redirects the bare '#' path to /login", () => {
    expect(decideRoute({ path: '#', hasToken: false, loaded: false })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute({ path: '/#', hasToken: true, loaded: true, roleType: 2 })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
});

describe('SPEC 4 guard: token but no roles loaded', () => {
  it('asks to load info then routes, whatever the path', () => {
    for (const path of ['/', '/login', '/web/index', '/admin/dashboard'])
      expect(decideRoute({ path, hasToken: true, loaded: false })).toEqual({ kind: 'load' });
  });
});

describe('SPEC 4 guard: signed in with roles', () => {
  it.each(['/login', '', '/'])('sends %s to the home of the role type', (path) => {
    expect(decideRoute({ path, hasToken: true, loaded: true, roleType: 1 })).toEqual({
      kind: 'redirect',
      to: LEARNER_HOME,
    });
    expect(decideRoute({ path, hasToken: true, loaded: true, roleType: 2 })).toEqual({
      kind: 'redirect',
      to: ADMIN_HOME,
    });
  });

  it('sends a learner on an /admin path to /web/index', () => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/sys/user'])
      expect(decideRoute({ path, hasToken: true, loaded: true, roleType: 1 })).toEqual({
        kind: 'redirect',
        to: LEARNER_HOME,
      });
    expect(decideRoute({ path: '/administrator', hasToken: true, loaded: true, roleType: 1 })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a learner opening /profile (the admin layout) to the user centre /web/uc', () => {
    for (const path of ['/profile', '/profile/index'])
      expect(decideRoute({ path, hasToken: true, loaded: true, roleType: 1 })).toEqual({
        kind: 'redirect',
        to: '/web/uc',
      });
    expect(decideRoute({ path: '/profile/index', hasToken: true, loaded: true, roleType: 2 }).kind).toBe('allow');
    expect(decideRoute({ path: '/profiles', hasToken: true, loaded: true, roleType: 1 }).kind).toBe('allow');
  });

  it('lets an administrator into admin and learner paths', () => {
    expect(decideRoute({ path: '/admin/sys/user', hasToken: true, loaded: true, roleType: 2 }).kind).toBe('allow');
    expect(decideRoute({ path: '/web/index', hasToken: true, loaded: true, roleType: 2 }).kind).toBe('allow');
  });

  it('lets a learner into learner and open paths', () => {
    expect(decideRoute({ path: '/web/uc', hasToken: true, loaded: true, roleType: 1 }).kind).toBe('allow');
    expect(decideRoute({ path: '/help', hasToken: true, loaded: true, roleType: 1 }).kind).toBe('allow');
  });
});

describe('SPEC 4 guard: after loading', () => {
  it('refuses an administrator with an empty menu with the SPEC 8 message and a redirect query', () => {
    expect(decideAfterLoad(2, [], '/admin/sys/user', '?a=1')).toEqual({
      kind: 'fail',
      message: '未授权菜单: 您无权访问此系统，请联系管理员进行菜单授权！',
      to: `/login?redirect=${encodeURIComponent('/admin/sys/user?a=1')}`,
    });
    expect(NO_MENU_MESSAGE).toBe('未授权菜单: 您无权访问此系统，请联系管理员进行菜单授权！');
    expect(decideAfterLoad(2, null, '/', '').kind).toBe('fail');
  });

  it('accepts an administrator with menus and a learner without', () => {
    expect(decideAfterLoad(2, menu, '/admin', '')).toEqual({ kind: 'ok' });
    expect(decideAfterLoad(1, [], '/web/index', '')).toEqual({ kind: 'ok' });
  });

  it("shows the error's message on any failure, else 'Has Error', and goes to /login", () => {
    expect(decideOnError(new Error('您的登录已失效，请重新登录'))).toEqual({
      kind: 'fail',
      message: '您的登录已失效，请重新登录',
      to: '/login',
    });
    expect(decideOnError('boom')).toEqual({ kind: 'fail', message: 'Has Error', to: '/login' });
    expect(decideOnError(new Error(''))).toEqual({ kind: 'fail', message: FALLBACK_ERROR, to: '/login' });
  });

  it('ends the session on the server refusing the token (10010002), not on a network failure', () => {
    expect(decideOnError(new ApiError('您的登录已失效，请重新登录', ErrorCode.NOT_LOGIN, 200))).toEqual({
      kind: 'fail',
      message: '您的登录已失效，请重新登录',
      to: '/login',
    });
    // fetch rejected (no answer) and a proxy's 502 without an envelope: keep the token, offer 重试
    expect(decideOnError(new ApiError('网络异常', undefined, undefined))).toEqual({
      kind: 'retry',
      message: NETWORK_ERROR_TEXT,
    });
    expect(decideOnError(new ApiError('Oh no，服务器网络不通 Bad Gateway', undefined, 502)).kind).toBe('retry');
    expect(NETWORK_ERROR_TEXT).toBe('网络异常');
  });
});

describe('after sign-in', () => {
  it('uses the kept redirect, else the home of the role type', () => {
    expect(afterLoginTarget('/web/uc?tab=msg', 1)).toBe('/web/uc?tab=msg');
    expect(afterLoginTarget(null, 1)).toBe(LEARNER_HOME);
    expect(afterLoginTarget(undefined, 2)).toBe(ADMIN_HOME);
    expect(afterLoginTarget('/admin/sys/user', 1)).toBe(LEARNER_HOME);
    expect(afterLoginTarget('//evil.example', 2)).toBe(ADMIN_HOME);
    expect(afterLoginTarget('https://evil.example', 2)).toBe(ADMIN_HOME);
  });
});
