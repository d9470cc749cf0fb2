/**
 * DingTalk login (钉钉登录第三方网站), OAuth 2.0 with DingTalk's own token and user calls:
 * 1. the browser goes to login.dingtalk.com/oauth2/auth?redirect_uri&response_type=code&client_id
 *    &scope=openid&state&prompt=consent and comes back to redirect_uri?authCode&state (also `code`);
 * 2. POST api.dingtalk.com/v1.0/oauth2/userAccessToken {clientId, clientSecret, code,
 *    grantType: 'authorization_code'} → { accessToken, refreshToken, expireIn, corpId };
 * 3. GET api.dingtalk.com/v1.0/contact/users/me with header x-acs-dingtalk-access-token
 *    → { nick, avatarUrl, mobile, openId, unionId, email, stateCode }.
 * Errors answer HTTP 4xx with { code, message, requestid }. The subject is the unionId.
 */
import {
  type FlowChecks,
  fetchJson,
  type OutsideIdentity,
  type ProviderAdapter,
  providerError,
  trimBase,
} from './provider-types.js';

export interface DingtalkSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl?: string;
  apiBaseUrl?: string;
}

export const DINGTALK_AUTHORIZE_URL = 'https://login.dingtalk.com/oauth2/auth';
export const DINGTALK_API_BASE = 'https://api.dingtalk.com';
const LABEL = '钉钉';

export function dingtalkAdapter(settings: DingtalkSettings): ProviderAdapter {
  const api = trimBase(settings.apiBaseUrl || DINGTALK_API_BASE);
  const fail = (status: number, body: Record<string, unknown>) =>
    providerError(LABEL, `${String(body.message ?? '未知错误')}（${String(body.code ?? `HTTP ${status}`)}）`);
  return {
    pkce: false,
    async authorizationUrl(checks: FlowChecks) {
      const url = new URL(settings.authorizeUrl || DINGTALK_AUTHORIZE_URL);
      url.searchParams.set('redirect_uri', checks.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('scope', 'openid');
      url.searchParams.set('state', checks.state);
      url.searchParams.set('prompt', 'consent');
      return url.toString();
    },
    async identify(_checks: FlowChecks, code: string): Promise<OutsideIdentity> {
      const token = await fetchJson(LABEL, `${api}/v1.0/oauth2/userAccessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: settings.clientId,
          clientSecret: settings.clientSecret,
          code,
          grantType: 'authorization_code',
        }),
      });
      const accessToken = token.body.accessToken;
      if (token.status !== 200 || typeof accessToken !== 'string') throw fail(token.status, token.body);
      const me = await fetchJson(LABEL, `${api}/v1.0/contact/users/me`, {
        headers: { 'x-acs-dingtalk-access-token': accessToken },
      });
      if (me.status !== 200 || typeof me.body.unionId !== 'string' || !me.body.unionId) throw fail(me.status, me.body);
      return {
        subject: me.body.unionId,
        displayName: typeof me.body.nick === 'string' && me.body.nick ? me.body.nick : null,
      };
    },
  };
}
