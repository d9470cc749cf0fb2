/** What every sign-in provider adapter implements (below the core and the adapters that share it). */
import { ErrorCode } from '@exam/contracts';
import { AppError } from '../../../platform/errors.js';

/** The secrets of one flow, kept on the server between the redirect and the callback. */
export interface FlowChecks {
  state: string;
  redirectUri: string;
  codeVerifier: string | null;
  nonce: string | null;
}

/** The identity a provider vouched for: its stable id and a name to show. */
export interface OutsideIdentity {
  subject: string;
  displayName: string | null;
}

export interface ProviderAdapter {
  /** Whether the flow keeps a PKCE verifier and a nonce (standard OIDC); WeChat and DingTalk have none. */
  readonly pkce: boolean;
  authorizationUrl(checks: FlowChecks): Promise<string>;
  /** Exchanges the code for tokens and reads who signed in. `iss` is the RFC 9207 parameter when sent. */
  identify(checks: FlowChecks, code: string, iss?: string): Promise<OutsideIdentity>;
}

/** A provider refused, or answered something other than its documented protocol. */
export const providerError = (label: string, detail: string) =>
  new AppError(ErrorCode.OAUTH_FAILED, `${label}登录失败：${detail}`);

/** fetch with a timeout, answering the parsed JSON (or a provider error). */
export async function fetchJson(
  label: string,
  url: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw providerError(label, `无法连接认证服务（${(err as Error).message}）`);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw providerError(label, `认证服务返回了无法识别的内容（HTTP ${res.status}）`);
  }
}

/** A base URL without its trailing slash. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');
