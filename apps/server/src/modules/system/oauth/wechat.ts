/**
 * WeChat website QR login (微信开放平台 网站应用微信登录), which is OAuth 2.0 but not OpenID Connect:
 * 1. the browser goes to open.weixin.qq.com/connect/qrconnect?appid&redirect_uri&response_type=code
 *    &scope=snsapi_login&state#wechat_redirect and comes back to redirect_uri?code&state;
 * 2. GET api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *    → { access_token, expires_in, refresh_token, openid, scope, unionid } or { errcode, errmsg };
 * 3. GET api.weixin.qq.com/sns/userinfo?access_token&openid → { openid, nickname, headimgurl, unionid, … }.
 * The subject is the unionid when the app is bound to an open-platform account (the same person
 * across the organisation's apps), else the openid. No PKCE, no nonce: the state is checked by the core.
 * Both base URLs are settings, so the tests (and a private proxy) can point them elsewhere.
 */
import {
  type FlowChecks,
  fetchJson,
  type OutsideIdentity,
  type ProviderAdapter,
  providerError,
  trimBase,
} from './provider-types.js';

export interface WechatSettings {
  appId: string;
  appSecret: string;
  authorizeUrl?: string;
  apiBaseUrl?: string;
}

export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/qrconnect';
export const WECHAT_API_BASE = 'https://api.weixin.qq.com';
const LABEL = '微信';

export function wechatAdapter(settings: WechatSettings): ProviderAdapter {
  const api = trimBase(settings.apiBaseUrl || WECHAT_API_BASE);
  const fail = (body: Record<string, unknown>) =>
    providerError(LABEL, `${String(body.errmsg ?? '未知错误')}（errcode ${String(body.errcode)}）`);
  return {
    pkce: false,
    async authorizationUrl(checks: FlowChecks) {
      const url = new URL(settings.authorizeUrl || WECHAT_AUTHORIZE_URL);
      url.searchParams.set('appid', settings.appId);
      url.searchParams.set('redirect_uri', checks.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'snsapi_login');
      url.searchParams.set('state', checks.state);
      url.hash = 'wechat_redirect';
      return url.toString();
    },
    async identify(_checks: FlowChecks, code: string): Promise<OutsideIdentity> {
      const tokenUrl = new URL(`${api}/sns/oauth2/access_token`);
      tokenUrl.searchParams.set('appid', settings.appId);
      tokenUrl.searchParams.set('secret', settings.appSecret);
      tokenUrl.searchParams.set('code', code);
      tokenUrl.searchParams.set('grant_type', 'authorization_code');
      const token = (await fetchJson(LABEL, tokenUrl.toString())).body;
      if (token.errcode || typeof token.access_token !== 'string' || typeof token.openid !== 'string')
        throw fail(token);
      const infoUrl = new URL(`${api}/sns/userinfo`);
      infoUrl.searchParams.set('access_token', token.access_token);
      infoUrl.searchParams.set('openid', token.openid);
      const info = (await fetchJson(LABEL, infoUrl.toString())).body;
      if (info.errcode) throw fail(info);
      const unionid = (info.unionid ?? token.unionid) as string | undefined;
      return {
        subject: unionid || token.openid,
        displayName: typeof info.nickname === 'string' && info.nickname ? info.nickname : null,
      };
    },
  };
}
