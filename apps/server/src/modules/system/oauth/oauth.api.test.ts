/**
 * Third-party sign-in on the real app and database: the OIDC flow against a
 * real provider (oidc-provider) in this process, WeChat and DingTalk against local servers that
 * speak their documented protocols, binding rules and refusals, and secrets kept from the browser.
 */
import {
  ErrorCode,
  SECRET_MASK,
  sysConfigAdminDetail,
  sysConfigDetail,
  sysConfigSave,
  sysOauthAuthorize,
  sysOauthBindList,
  sysOauthBindLogin,
  sysOauthBindStart,
  sysOauthCallback,
  sysOauthRegister,
  sysOauthUnbind,
  sysUserInfo,
  UserState,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysLog, sysUser, sysUserBind } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { clearOidcCache } from './oidc.js';
import { type FakeProviders, startFakeProviders } from './testing/fake-providers.js';
import { driveLogin, startOidcProvider, type TestOidcProvider } from './testing/oidc-test-provider.js';

const REDIRECT = 'http://exam.test/sync';
const KEY = 'k'.repeat(40);
let t: TestApp;
let admin: string;
let fake: FakeProviders;
let op: TestOidcProvider;
let nowMs = Date.now();

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(nowMs) });
  admin = await t.login('admin', 'admin123');
  fake = await startFakeProviders();
  op = await startOidcProvider({ redirectUris: [REDIRECT] });
  clearOidcCache();
  const full = await t.request(sysConfigAdminDetail, {}, admin);
  const saved = await t.request(
    sysConfigSave,
    {
      ...full.data,
      wechatLogin: true,
      dingtalkLogin: true,
      oidcLogin: true,
      regOpen: true,
      regReview: false,
      oauth: {
        wechat: fake.wechat,
        dingtalk: fake.dingtalk,
        oidc: {
          name: '企业统一认证',
          discoveryUrl: op.issuer,
          clientId: op.clientId,
          clientSecret: op.clientSecret,
          scopes: 'openid profile',
          userNameClaim: 'name',
        },
      },
    },
    admin,
  );
  expect(saved.code).toBe(0);
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await op.close();
});

const start = (provider: 'wechat' | 'dingtalk' | 'oidc', browserKey = KEY) =>
  t.request(sysOauthAuthorize, { provider, redirectUri: REDIRECT, browserKey });
const params = (url: string) => new URL(url).searchParams;

/** The whole OIDC redirect flow as `login`, up to the /sync call. */
async function oidcCallback(login: string, browserKey = KEY) {
  const started = await start('oidc', browserKey);
  expect(started.code).toBe(0);
  const back = await driveLogin(started.data.url, login, REDIRECT);
  const q = back.searchParams;
  return t.request(sysOauthCallback, {
    state: q.get('state') ?? '',
    code: q.get('code') ?? '',
    iss: q.get('iss') ?? undefined,
    browserKey,
  });
}

describe('site config', () => {
  it('never sends a provider secret to the browser, masks it for administrators and keeps it on save', async () => {
    const pub = await t.request(sysConfigDetail, {});
    expect(pub.data).toMatchObject({
      wechatLogin: true,
      dingtalkLogin: true,
      oidcLogin: true,
      oidcName: '企业统一认证',
    });
    const text = JSON.stringify(pub);
    for (const secret of [fake.wechat.appSecret, fake.dingtalk.clientSecret, op.clientSecret])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('clientId');
    const full = await t.request(sysConfigAdminDetail, {}, admin);
    expect(full.data.oauth.wechat?.appSecret).toBe(SECRET_MASK);
    expect(full.data.oauth.oidc?.clientSecret).toBe(SECRET_MASK);
    expect(full.data.oauth.dingtalk?.clientId).toBe(fake.dingtalk.clientId);
    expect(JSON.stringify(full)).not.toContain(op.clientSecret);
    expect((await t.request(sysConfigSave, { ...full.data }, admin)).code).toBe(0);
    const [row] = await t.db.select({ oauth: sysConfig.oauth }).from(sysConfig);
    expect(row.oauth.oidc.clientSecret).toBe(op.clientSecret);
    expect(row.oauth.wechat.appSecret).toBe(fake.wechat.appSecret);
  });
});

describe('OpenID Connect against oidc-provider', () => {
  it('builds the authorisation URL with PKCE S256, state and nonce', async () => {
    const started = await start('oidc');
    const q = params(started.data.url);
    expect(started.data.url.startsWith(`${op.issuer}/auth`)).toBe(true);
    expect(q.get('client_id')).toBe(op.clientId);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')?.length).toBeGreaterThan(30);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(started.data.url).not.toContain(op.clientSecret);
  });

  it('an unbound identity gets a ticket; binding it needs the account password, then it signs in directly', async () => {
    const first = await oidcCallback('zhang.san');
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      result: 'unbound',
      provider: 'oidc',
      displayName: '企业用户zhang.san',
      canRegister: true,
    });
    const ticket = first.data.ticket as string;
    const wrong = await t.request(sysOauthBindLogin, { ticket, userName: 'student', password: 'nope' });
    expect(wrong.code).toBe(ErrorCode.BAD_CREDENTIALS);
    const [failed] = await t.db.select().from(sysLog).where(eq(sysLog.userName, 'student'));
    expect(failed).toBeTruthy(); // counted and logged like a password sign-in
    const bound = await t.request(sysOauthBindLogin, { ticket, userName: 'student', password: 'student123' });
    expect(bound.code).toBe(0);
    expect(bound.data.user.userName).toBe('student');
    // the ticket is used up
    expect((await t.request(sysOauthBindLogin, { ticket, userName: 'student', password: 'student123' })).code).toBe(
      ErrorCode.OAUTH_FAILED,
    );
    const again = await oidcCallback('zhang.san');
    expect(again.data).toMatchObject({ result: 'signedIn', provider: 'oidc' });
    expect(again.data.user?.userName).toBe('student');
    const me = await t.request(sysUserInfo, {}, again.data.token);
    expect(me.data.userName).toBe('student');
    const list = await t.request(sysOauthBindList, {}, again.data.token);
    expect(list.data).toEqual([expect.objectContaining({ provider: 'oidc', displayName: '企业用户zhang.san' })]);
  });

  it('a state works once, only in the browser that started it, and only for 10 minutes', async () => {
    const started = await start('oidc');
    const back = await driveLogin(started.data.url, 'li.si', REDIRECT);
    const body = {
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('code') ?? '',
      iss: back.searchParams.get('iss') ?? undefined,
    };
    const other = await t.request(sysOauthCallback, { ...body, browserKey: 'x'.repeat(40) });
    expect(other.code).toBe(ErrorCode.OAUTH_FAILED);
    expect(other.msg).toContain('不是从本浏览器发起的');
    // the failed attempt used the state up: the right browser cannot replay it either
    expect((await t.request(sysOauthCallback, { ...body, browserKey: KEY })).code).toBe(ErrorCode.OAUTH_FAILED);

    const late = await start('oidc');
    const lateBack = await driveLogin(late.data.url, 'li.si', REDIRECT);
    nowMs += 11 * 60_000;
    const expired = await t.request(sysOauthCallback, {
      state: lateBack.searchParams.get('state') ?? '',
      code: lateBack.searchParams.get('code') ?? '',
      iss: lateBack.searchParams.get('iss') ?? undefined,
      browserKey: KEY,
    });
    expect(expired.code).toBe(ErrorCode.OAUTH_FAILED);
  });

  it('a forged code is refused by the token exchange', async () => {
    const started = await start('oidc');
    const state = params(started.data.url).get('state') ?? '';
    const forged = await t.request(sysOauthCallback, { state, code: 'forged-code', iss: op.issuer, browserKey: KEY });
    expect(forged.code).toBe(ErrorCode.OAUTH_FAILED);
  });
});

describe('WeChat website login against a local stand-in', () => {
  it('goes through qrconnect, sns/oauth2/access_token and sns/userinfo; registers a learner when registration is open', async () => {
    const started = await start('wechat');
    const q = params(started.data.url);
    expect(started.data.url.startsWith(fake.wechat.authorizeUrl)).toBe(true);
    expect(q.get('appid')).toBe(fake.wechat.appId);
    expect(q.get('scope')).toBe('snsapi_login');
    expect(new URL(started.data.url).hash).toBe('#wechat_redirect');
    expect(started.data.url).not.toContain(fake.wechat.appSecret);
    fake.person = { id: 'wx-1', nick: '微信小明' };
    const res = await fetch(started.data.url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    const cb = await t.request(sysOauthCallback, {
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('code') ?? '',
      browserKey: KEY,
    });
    expect(cb.data).toMatchObject({
      result: 'unbound',
      provider: 'wechat',
      displayName: '微信小明',
      canRegister: true,
    });
    expect(fake.calls).toContain('GET /sns/oauth2/access_token');
    expect(fake.calls).toContain('GET /sns/userinfo');
    const reg = await t.request(sysOauthRegister, { ticket: cb.data.ticket as string });
    expect(reg.code).toBe(0);
    expect(reg.data.user).toMatchObject({ realName: '微信小明', roleType: 1, roles: ['student'] });
    const [bind] = await t.db.select().from(sysUserBind).where(eq(sysUserBind.subject, 'u_wx-1'));
    expect(bind).toMatchObject({ provider: 'wechat', createdUser: true }); // the unionid
    // next time the same person signs straight in
    const started2 = await start('wechat');
    const back2 = new URL((await fetch(started2.data.url, { redirect: 'manual' })).headers.get('location') ?? '');
    const cb2 = await t.request(sysOauthCallback, {
      state: back2.searchParams.get('state') ?? '',
      code: back2.searchParams.get('code') ?? '',
      browserKey: KEY,
    });
    expect(cb2.data.result).toBe('signedIn');
    expect(cb2.data.user?.id).toBe(reg.data.user?.id);
    // the account was created from this identity and has no mobile: unbinding would lock it out
    const refused = await t.request(sysOauthUnbind, { provider: 'wechat' }, cb2.data.token);
    expect(refused.code).toBe(ErrorCode.CONFLICT);
  });

  it('reports WeChat errcode answers as a clear refusal', async () => {
    const started = await start('wechat');
    const state = params(started.data.url).get('state') ?? '';
    const cb = await t.request(sysOauthCallback, { state, code: 'used-or-invalid', browserKey: KEY });
    expect(cb).toMatchObject({ code: ErrorCode.OAUTH_FAILED, msg: '微信登录失败：invalid code（errcode 40029）' });
  });
});

describe('DingTalk login against a local stand-in', () => {
  it('goes through oauth2/auth, v1.0/oauth2/userAccessToken and v1.0/contact/users/me', async () => {
    const started = await start('dingtalk');
    const q = params(started.data.url);
    expect(q.get('client_id')).toBe(fake.dingtalk.clientId);
    expect(q.get('scope')).toBe('openid');
    expect(q.get('prompt')).toBe('consent');
    fake.person = { id: 'dd-1', nick: '钉钉小红' };
    const back = new URL((await fetch(started.data.url, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(back.searchParams.get('authCode')).toBeTruthy();
    const cb = await t.request(sysOauthCallback, {
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('authCode') ?? '',
      browserKey: KEY,
    });
    expect(cb.data).toMatchObject({ result: 'unbound', provider: 'dingtalk', displayName: '钉钉小红' });
    expect(fake.calls).toContain('POST /v1.0/oauth2/userAccessToken');
    expect(fake.calls).toContain('GET /v1.0/contact/users/me');
    const bound = await t.request(sysOauthBindLogin, {
      ticket: cb.data.ticket as string,
      userName: 'lisi',
      password: 'student123',
    });
    expect(bound.code).toBe(0);
    const [bind] = await t.db.select().from(sysUserBind).where(eq(sysUserBind.subject, 'union_dd-1'));
    expect(bind.userId).toBe(bound.data.user.id);
  });

  it('reports DingTalk error answers as a clear refusal', async () => {
    const started = await start('dingtalk');
    const state = params(started.data.url).get('state') ?? '';
    const cb = await t.request(sysOauthCallback, { state, code: 'nope', browserKey: KEY });
    expect(cb).toMatchObject({ code: ErrorCode.OAUTH_FAILED, msg: '钉钉登录失败：无效的authCode（invalidAuthCode）' });
  });
});

describe('binding rules and refusals', () => {
  it('binds from the user centre, refuses an identity bound elsewhere and a second one of the same provider, and unbinds', async () => {
    const wangwu = await t.login('wangwu', 'student123');
    fake.person = { id: 'dd-1', nick: '钉钉小红' }; // already bound to lisi
    const started = await t.request(
      sysOauthBindStart,
      { provider: 'dingtalk', redirectUri: REDIRECT, browserKey: KEY },
      wangwu,
    );
    const back = new URL((await fetch(started.data.url, { redirect: 'manual' })).headers.get('location') ?? '');
    const taken = await t.request(sysOauthCallback, {
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('authCode') ?? '',
      browserKey: KEY,
    });
    expect(taken.code).toBe(ErrorCode.CONFLICT);
    expect(taken.msg).toContain('已绑定本系统的其他账号');

    fake.person = { id: 'dd-2', nick: '钉钉王五' };
    const started2 = await t.request(
      sysOauthBindStart,
      { provider: 'dingtalk', redirectUri: REDIRECT, browserKey: KEY },
      wangwu,
    );
    const back2 = new URL((await fetch(started2.data.url, { redirect: 'manual' })).headers.get('location') ?? '');
    const ok = await t.request(sysOauthCallback, {
      state: back2.searchParams.get('state') ?? '',
      code: back2.searchParams.get('authCode') ?? '',
      browserKey: KEY,
    });
    expect(ok.data).toMatchObject({ result: 'bound', provider: 'dingtalk', token: null });

    fake.person = { id: 'dd-3', nick: '钉钉另一个' };
    const started3 = await t.request(
      sysOauthBindStart,
      { provider: 'dingtalk', redirectUri: REDIRECT, browserKey: KEY },
      wangwu,
    );
    const back3 = new URL((await fetch(started3.data.url, { redirect: 'manual' })).headers.get('location') ?? '');
    const second = await t.request(sysOauthCallback, {
      state: back3.searchParams.get('state') ?? '',
      code: back3.searchParams.get('authCode') ?? '',
      browserKey: KEY,
    });
    expect(second.code).toBe(ErrorCode.CONFLICT);
    expect(second.msg).toContain('请先解绑');

    expect((await t.request(sysOauthBindList, {}, wangwu)).data.map((b) => b.provider)).toEqual(['dingtalk']);
    expect((await t.request(sysOauthUnbind, { provider: 'dingtalk' }, wangwu)).code).toBe(0);
    expect((await t.request(sysOauthBindList, {}, wangwu)).data).toEqual([]);
    expect((await t.request(sysOauthUnbind, { provider: 'dingtalk' }, wangwu)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses to create an account when registration is closed, with a clear message', async () => {
    await t.db.update(sysConfig).set({ regOpen: false });
    try {
      const cb = await oidcCallback('closed.user');
      expect(cb.data).toMatchObject({ result: 'unbound', canRegister: false });
      const reg = await t.request(sysOauthRegister, { ticket: cb.data.ticket as string });
      expect(reg.code).toBe(ErrorCode.OAUTH_NOT_BOUND);
      expect(reg.msg).toContain('系统未开放注册');
    } finally {
      await t.db.update(sysConfig).set({ regOpen: true });
    }
  });

  it('a disabled account bound to an identity cannot sign in through it', async () => {
    const cb = await oidcCallback('wang.wu');
    const bound = await t.request(sysOauthBindLogin, {
      ticket: cb.data.ticket as string,
      userName: 'wangwu',
      password: 'student123',
    });
    expect(bound.code).toBe(0);
    await t.db.update(sysUser).set({ state: UserState.DISABLED }).where(eq(sysUser.userName, 'wangwu'));
    try {
      expect((await oidcCallback('wang.wu')).code).toBe(ErrorCode.ACCOUNT_DISABLED);
    } finally {
      await t.db.update(sysUser).set({ state: UserState.NORMAL }).where(eq(sysUser.userName, 'wangwu'));
    }
  });

  it('refuses a provider that is switched off, bad input, and the user calls without a token', async () => {
    await t.db.update(sysConfig).set({ wechatLogin: false });
    try {
      const off = await start('wechat');
      expect(off).toMatchObject({ code: ErrorCode.OAUTH_FAILED, msg: '系统未开启微信登录' });
    } finally {
      await t.db.update(sysConfig).set({ wechatLogin: true });
    }
    const bad = await t.call(sysOauthAuthorize.path, { provider: 'qq', redirectUri: REDIRECT, browserKey: KEY });
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    const badUri = await t.call(sysOauthAuthorize.path, {
      provider: 'oidc',
      redirectUri: 'http://evil.test/x',
      browserKey: KEY,
    });
    expect(badUri.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badUri.msg).toContain('回调地址');
    expect((await t.call(sysOauthBindList.path, {})).code).toBe(ErrorCode.NOT_LOGIN);
    expect(
      (await t.call(sysOauthBindStart.path, { provider: 'oidc', redirectUri: REDIRECT, browserKey: KEY })).code,
    ).toBe(ErrorCode.NOT_LOGIN);
  });
});
