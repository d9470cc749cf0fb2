/**
 * Local stand-ins for WeChat's and DingTalk's non-standard sign-in calls (tests only), speaking
 * their documented protocols with the documentation's field names:
 * - WeChat: GET /connect/qrconnect (the QR page: "scans" at once and redirects with code and
 *   state), GET /sns/oauth2/access_token, GET /sns/userinfo; errors as { errcode, errmsg }.
 * - DingTalk: GET /oauth2/auth (redirects with authCode and state), POST
 *   /v1.0/oauth2/userAccessToken, GET /v1.0/contact/users/me with x-acs-dingtalk-access-token;
 *   errors as HTTP 400/401 { code, message, requestid }.
 * `person` is who "scans" next; codes are single use.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePerson {
  id: string;
  nick: string;
}

export interface FakeProviders {
  url: string;
  wechat: { appId: string; appSecret: string; authorizeUrl: string; apiBaseUrl: string };
  dingtalk: { clientId: string; clientSecret: string; authorizeUrl: string; apiBaseUrl: string };
  /** Who signs in at the next authorise redirect. */
  person: FakePerson;
  /** Issues a code for `person` directly (the API tests skip the browser redirect). */
  issueCode(kind: 'wechat' | 'dingtalk', person?: FakePerson): string;
  calls: string[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
  });

export async function startFakeProviders(): Promise<FakeProviders> {
  const codes = new Map<string, { kind: string; person: FakePerson }>();
  const tokens = new Map<string, { kind: string; person: FakePerson }>();
  const calls: string[] = [];
  const fake = {} as FakeProviders;
  const issue = (kind: 'wechat' | 'dingtalk', person = fake.person) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, { kind, person });
    return code;
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const redirect = (to: string) => {
      res.writeHead(302, { location: to });
      res.end();
    };
    const q = url.searchParams;
    if (req.method === 'GET' && url.pathname === '/connect/qrconnect') {
      if (
        q.get('appid') !== fake.wechat.appId ||
        q.get('scope') !== 'snsapi_login' ||
        q.get('response_type') !== 'code'
      )
        return json(400, { errcode: 10003, errmsg: 'redirect_uri 参数错误' });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', issue('wechat'));
      back.searchParams.set('state', q.get('state') ?? '');
      return redirect(back.toString());
    }
    if (req.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== fake.wechat.appId || q.get('secret') !== fake.wechat.appSecret)
        return json(200, { errcode: 40125, errmsg: 'invalid appsecret' });
      const entry = codes.get(q.get('code') ?? '');
      if (entry?.kind !== 'wechat' || q.get('grant_type') !== 'authorization_code')
        return json(200, { errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code') ?? '');
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, entry);
      return json(200, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: `o_${entry.person.id}`,
        scope: 'snsapi_login',
        unionid: `u_${entry.person.id}`,
      });
    }
    if (req.method === 'GET' && url.pathname === '/sns/userinfo') {
      const entry = tokens.get(q.get('access_token') ?? '');
      if (!entry || q.get('openid') !== `o_${entry.person.id}`)
        return json(200, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return json(200, {
        openid: `o_${entry.person.id}`,
        nickname: entry.person.nick,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        unionid: `u_${entry.person.id}`,
      });
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/auth') {
      if (q.get('client_id') !== fake.dingtalk.clientId || q.get('response_type') !== 'code')
        return json(400, { code: 'invalidClientId', message: '无效的clientId' });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('authCode', issue('dingtalk'));
      back.searchParams.set('state', q.get('state') ?? '');
      return redirect(back.toString());
    }
    if (req.method === 'POST' && url.pathname === '/v1.0/oauth2/userAccessToken') {
      let body: Record<string, string> = {};
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return json(400, { code: 'InvalidParameter', message: 'body', requestid: 'r1' });
      }
      if (body.clientId !== fake.dingtalk.clientId || body.clientSecret !== fake.dingtalk.clientSecret)
        return json(400, { code: 'invalidClientSecret', message: '无效的clientSecret', requestid: 'r2' });
      const entry = codes.get(body.code);
      if (entry?.kind !== 'dingtalk' || body.grantType !== 'authorization_code')
        return json(400, { code: 'invalidAuthCode', message: '无效的authCode', requestid: 'r3' });
      codes.delete(body.code);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, entry);
      return json(200, {
        accessToken,
        refreshToken: randomBytes(8).toString('hex'),
        expireIn: 7200,
        corpId: 'ding123',
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1.0/contact/users/me') {
      const entry = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
      if (!entry) return json(401, { code: 'InvalidAuthentication', message: '不合法的access_token', requestid: 'r4' });
      return json(200, {
        nick: entry.person.nick,
        avatarUrl: '',
        mobile: '',
        openId: `open_${entry.person.id}`,
        unionId: `union_${entry.person.id}`,
        email: '',
        stateCode: '86',
      });
    }
    json(404, { errcode: 404, errmsg: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(fake, {
    url,
    wechat: {
      appId: 'wx_test_app',
      appSecret: 'wx-secret-123',
      authorizeUrl: `${url}/connect/qrconnect`,
      apiBaseUrl: url,
    },
    dingtalk: {
      clientId: 'ding_test',
      clientSecret: 'ding-secret-456',
      authorizeUrl: `${url}/oauth2/auth`,
      apiBaseUrl: url,
    },
    person: { id: 'p1', nick: '微信小明' },
    issueCode: issue,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
  return fake;
}
