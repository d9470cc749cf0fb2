/**
 * The other sign-ins in Chromium: the mobile-code form (code read from
 * the log sender through /api/test/sms-code, which exists only in the test process) and the whole
 * OpenID Connect redirect flow against a real provider (oidc-provider) started in this worker:
 * login page → provider's login and consent pages → /sync → first sign-in choices → home; then a
 * direct sign-in of the bound identity, and the binding list of the user centre.
 * The spec switches the methods on for itself and off again afterwards.
 */
import type { AddressInfo } from 'node:net';
import { sysConfigAdminDetail, sysConfigSave, sysUserReg } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, type Page, test } from '../fixtures/test';

const SHOTS = '/tmp/shots-E';
const stamp = Date.now().toString().slice(-7);
/** A learner of this spec only (its mobile is unique per run). */
const USER = { userName: `oidc_e2e_${stamp}`, password: 'oidc1234', realName: '统一认证测试', mobile: `1357${stamp}` };
const NEW_MOBILE = `1368${stamp}`;

type Server = { close: (cb: () => void) => void; address: () => AddressInfo | string | null };
let provider: { issuer: string; server: Server } | null = null;

/** A real OpenID Connect provider in this worker; its dev login page takes any name as the `sub`. */
async function startProvider(redirectUri: string) {
  const { createServer } = await import('node:http');
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: new (...args: unknown[]) => any };
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const op = new Provider(issuer, {
    clients: [
      {
        client_id: 'exam-e2e',
        client_secret: 'e2e-oidc-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, name: `企业员工${id.slice(-4)}`, preferred_username: id }),
    }),
    cookies: { keys: ['e2e-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', op.callback());
  return { issuer, server };
}

async function setMethods(request: Parameters<typeof api>[0], on: boolean, issuer?: string) {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const full = await api(request, sysConfigAdminDetail.path, {}, admin);
  await api(
    request,
    sysConfigSave.path,
    {
      ...full,
      mobileLogin: on,
      oidcLogin: on,
      regOpen: true,
      regReview: false,
      ...(issuer
        ? {
            oauth: {
              ...full.oauth,
              oidc: {
                name: '企业统一认证',
                discoveryUrl: issuer,
                clientId: 'exam-e2e',
                clientSecret: 'e2e-oidc-secret',
                scopes: 'openid profile',
                userNameClaim: 'name',
              },
            },
          }
        : {}),
    },
    admin,
  );
}

/** At the provider: its login page (any name), then its consent page. */
async function signInAtProvider(page: Page, login: string, consent = true) {
  // the provider's pages @import a web font that this offline machine cannot load: do not wait for "load"
  await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//, { waitUntil: 'commit' });
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // the provider asks for consent once per (user, client); a returning user may still be asked
  if (consent) await page.getByRole('button', { name: 'Continue' }).click();
  else {
    await page.waitForURL(/\/interaction\/|\/sync|\/web\//, { waitUntil: 'commit' });
    if (page.url().includes('/interaction/')) await page.getByRole('button', { name: 'Continue' }).click();
  }
}

test.describe
  .serial('other sign-ins', () => {
    test.beforeAll(async ({ request, baseURL }) => {
      provider = await startProvider(`${baseURL}/sync`);
      await setMethods(request, true, provider.issuer);
      await request.post(sysUserReg.path, { data: USER });
    });
    test.afterAll(async ({ request }) => {
      await setMethods(request, false);
      await new Promise<void>((r) => (provider ? provider.server.close(() => r()) : r()));
    });

    test('[LOGIN][METHODS] the login page shows the switched-on methods and no secret reaches the browser', async ({
      page,
    }) => {
      const site = page.waitForResponse((r) => r.url().endsWith('/api/sys/config/detail'));
      await page.goto('/login');
      const body = await (await site).text();
      expect(body).not.toContain('e2e-oidc-secret');
      expect(body).not.toContain('exam-e2e');
      const others = page.getByTestId('other-logins');
      await expect(others.getByTestId('login-mobile')).toBeVisible();
      await expect(others.getByTestId('login-oidc')).toBeVisible();
      await expect(others.getByTestId('login-wechat')).toHaveCount(0); // switched off
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${SHOTS}/login-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/login-390.png`, fullPage: true });
    });

    test('[LOGIN][MOBILE_CODE] a new number gets a code (60 s countdown) and signs in as a new learner', async ({
      page,
      request,
    }) => {
      await page.goto('/login');
      await page.getByTestId('login-mobile').click();
      const form = page.getByTestId('mobile-login-form');
      await form.getByPlaceholder('手机号').fill(NEW_MOBILE);
      await form.getByRole('button', { name: '获取验证码' }).click();
      await expect(page.getByText('验证码已发送，请注意查收（5分钟内有效）')).toBeVisible();
      const countdown = form.getByRole('button', { name: /\d+ 秒后重发/ });
      await expect(countdown).toBeDisabled();
      await page.screenshot({ path: `${SHOTS}/mobile-code.png` });
      let code: string | null = null;
      await expect
        .poll(async () => {
          code = (await api<{ code: string | null }>(request, '/api/test/sms-code', { mobile: NEW_MOBILE })).code;
          return code;
        })
        .toMatch(/^\d{6}$/);
      // a wrong code first: a clear Chinese refusal
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await form.getByPlaceholder('短信验证码').fill(wrong);
      await form.getByRole('button', { name: /登\s*录/ }).click();
      await expect(page.getByText('验证码错误，还可尝试4次')).toBeVisible();
      await form.getByPlaceholder('短信验证码').fill(code as unknown as string);
      await form.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/web\/index/);
    });

    test('[LOGIN][OIDC] the whole redirect flow: first sign-in binds an existing account, then signs in directly', async ({
      page,
    }) => {
      test.setTimeout(180_000); // two round trips through the provider on a busy machine
      const login = `emp${stamp}`;
      await page.goto('/login');
      await page.getByTestId('login-oidc').click();
      await signInAtProvider(page, login);
      await page.waitForURL(/\/sync\?/);
      const unbound = page.getByTestId('sync-unbound');
      await expect(unbound).toBeVisible();
      await expect(page.getByText(`您好，企业员工${login.slice(-4)}`)).toBeVisible();
      await expect(page.getByTestId('sync-register')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/sync-unbound.png`, fullPage: true });
      // a wrong password is refused like any sign-in, the choice stays
      await unbound.getByPlaceholder('已有账号的用户名').fill(USER.userName);
      await unbound.getByPlaceholder('密码').fill('wrong-password');
      await unbound.getByRole('button', { name: '绑定并登录' }).click();
      await expect(page.getByText('用户名或密码错误')).toBeVisible();
      await unbound.getByPlaceholder('密码').fill(USER.password);
      await unbound.getByRole('button', { name: '绑定并登录' }).click();
      await page.waitForURL(/\/web\/index/);

      // signed out (every cookie gone, the provider's too), the bound identity signs straight in
      // Leave the page first: a request of /web/index still in flight could set the token cookie
      // again after it was cleared, and /login would then send the signed-in user on.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await page.goto('/login');
      await page.getByTestId('login-oidc').click();
      await signInAtProvider(page, login, false);
      await page.waitForURL(/\/web\/index/);
      await expect(page.getByText(USER.realName).first()).toBeVisible();
    });

    test('[WEB][UC_BIND] the user centre lists the binding and unbinds it', async ({
      page,
      request,
      context,
      baseURL,
    }) => {
      await signInBrowser(context, baseURL as string, await apiLogin(request, USER));
      await page.goto('/web/uc?tab=bind');
      const row = page.getByTestId('bind-list').locator('.ant-list-item').filter({ hasText: '企业统一认证' });
      await expect(row.getByText('已绑定')).toBeVisible();
      await expect(row).toContainText(`企业员工${stamp.slice(-4)}`);
      await page.screenshot({ path: `${SHOTS}/uc-bind.png`, fullPage: true });
      await row.getByRole('button', { name: /解\s*绑/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await expect(row.getByText('未绑定')).toBeVisible();
    });
  });
