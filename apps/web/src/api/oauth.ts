/** Third-party and mobile-code sign-in calls: the flow state the browser keeps lives here too. */
import { sysOauthAuthorize, sysOauthBindStart, sysOauthCallback, type TOauthProvider } from '@exam/contracts';
import { call } from './call';

const KEY_STORE = 'oauth-browser-key';
const FLOW_STORE = 'oauth-flow';

/** A random key kept in this tab's sessionStorage; the server ties each flow to it (no login CSRF). */
export function browserKey(): string {
  let key = sessionStorage.getItem(KEY_STORE);
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem(KEY_STORE, key);
  }
  return key;
}

export interface PendingFlow {
  provider: TOauthProvider;
  purpose: 'login' | 'bind';
  /** Where to go afterwards (the login page's ?redirect, or the binding list). */
  redirect: string | null;
}

export const pendingFlow = (): PendingFlow | null => {
  try {
    return JSON.parse(sessionStorage.getItem(FLOW_STORE) ?? 'null') as PendingFlow | null;
  } catch {
    return null;
  }
};
export const clearPendingFlow = () => sessionStorage.removeItem(FLOW_STORE);

const syncUri = () => `${window.location.origin}/sync`;

/** Leaves for the provider's sign-in page (or for binding, when signed in). */
export async function goToProvider(provider: TOauthProvider, purpose: 'login' | 'bind', redirect: string | null) {
  const body = { provider, redirectUri: syncUri(), browserKey: browserKey() };
  const { url } = await call(purpose === 'bind' ? sysOauthBindStart : sysOauthAuthorize, body);
  sessionStorage.setItem(FLOW_STORE, JSON.stringify({ provider, purpose, redirect } satisfies PendingFlow));
  window.location.assign(url);
}

export const oauthCallback = (data: { state: string; code: string; iss?: string }) =>
  call(sysOauthCallback, { ...data, browserKey: browserKey() }, { silent: true });
