/**
 * Any standard OpenID Connect provider for enterprises (Keycloak, Azure AD / Entra ID, Authing…)
 * through openid-client 6: discovery from the issuer URL, the authorisation-code flow with PKCE
 * (S256), state and nonce, the ID token checked by the library (signature, issuer, audience,
 * nonce, RFC 9207 `iss`). The subject is the `sub` claim; the name shown comes from the
 * configured claim (default `name`, then `preferred_username`). Plain http is allowed only for
 * a provider on this machine (loopback address), as in the tests.
 */
import * as client from 'openid-client';
import { type FlowChecks, type OutsideIdentity, type ProviderAdapter, providerError } from './provider-types.js';

export interface OidcSettings {
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scopes?: string;
  userNameClaim?: string;
  name?: string;
}

const LABEL = '统一认证';
const DISCOVERY_TTL_MS = 10 * 60_000;
const cache = new Map<string, { at: number; config: client.Configuration }>();

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname);

async function configurationOf(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.discoveryUrl, settings.clientId, settings.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  let server: URL;
  try {
    server = new URL(settings.discoveryUrl.replace(/\/\.well-known\/openid-configuration\/?$/, ''));
  } catch {
    throw providerError(LABEL, '发现地址格式不正确');
  }
  const insecure = server.protocol === 'http:';
  if (insecure && !isLoopback(server)) throw providerError(LABEL, '发现地址必须使用 https');
  try {
    const config = await client.discovery(
      server,
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    cache.set(key, { at: Date.now(), config });
    return config;
  } catch (err) {
    throw providerError(LABEL, `无法读取认证服务的配置（${(err as Error).message}）`);
  }
}

/** Forget cached discovery documents (settings changed, tests). */
export const clearOidcCache = () => cache.clear();

export function oidcAdapter(settings: OidcSettings): ProviderAdapter {
  const label = settings.name || LABEL;
  return {
    pkce: true,
    async authorizationUrl(checks: FlowChecks) {
      const config = await configurationOf(settings);
      if (!checks.codeVerifier || !checks.nonce) throw providerError(label, '缺少 PKCE 校验值');
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: checks.redirectUri,
          scope: settings.scopes?.trim() || 'openid profile',
          response_type: 'code',
          state: checks.state,
          nonce: checks.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },
    async identify(checks: FlowChecks, code: string, iss?: string): Promise<OutsideIdentity> {
      const config = await configurationOf(settings);
      const current = new URL(checks.redirectUri);
      current.searchParams.set('code', code);
      current.searchParams.set('state', checks.state);
      if (iss) current.searchParams.set('iss', iss);
      let claims: client.IDToken | undefined;
      let accessToken: string;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: checks.codeVerifier ?? undefined,
          expectedState: checks.state,
          expectedNonce: checks.nonce ?? undefined,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        accessToken = tokens.access_token;
      } catch (err) {
        throw providerError(label, `授权码校验失败（${(err as Error).message}）`);
      }
      if (!claims?.sub) throw providerError(label, '认证服务未返回用户标识');
      const claim = settings.userNameClaim?.trim() || 'name';
      const pick = (c: Record<string, unknown>) =>
        [c[claim], c.name, c.preferred_username].find((v): v is string => typeof v === 'string' && v.length > 0);
      let shown = pick(claims);
      // Many providers put profile claims in the userinfo answer only, not in the ID token.
      if (!shown && config.serverMetadata().userinfo_endpoint) {
        try {
          shown = pick(await client.fetchUserInfo(config, accessToken, claims.sub));
        } catch {
          // the name is only for display; the identity is the ID token's sub
        }
      }
      return { subject: claims.sub, displayName: shown ?? null };
    },
  };
}
