/**
 * A real OpenID Connect provider (oidc-provider 9) on a local port, for the tests: one
 * confidential client, PKCE required, the development login and consent pages (any login name
 * is accepted and becomes the `sub`), and `driveLogin`, which walks those pages over HTTP the way
 * a browser would and answers the redirect back to the client.
 */
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUris: string[]; port?: number }): Promise<TestOidcProvider> {
  const clientId = 'exam-platform';
  const clientSecret = 'oidc-client-secret-789';
  const { createServer } = await import('node:http');
  // The issuer must know its port before it starts: listen first, then build the provider.
  const server = createServer();
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, name: `企业用户${id}`, preferred_username: id }),
    }),
    cookies: { keys: ['exam-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Follows the authorisation URL through the provider's login and consent pages as `login`,
 * keeping its cookies, and answers the URL it finally redirects to (the client's redirect_uri).
 */
export async function driveLogin(authorizationUrl: string, login: string, redirectPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let i = 0; i < 20; i++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectPrefix)) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([a-z]+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action.replaceAll('&amp;', '&'), url);
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many steps at the provider');
}
