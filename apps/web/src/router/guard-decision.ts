/**
 * The route guard of SPEC 4 as pure decisions, so every state is unit-tested without a browser.
 * The guard component (router/RouteGuard.tsx) only carries them out.
 */
import { RoleType, type TMenuRoute } from '@exam/contracts';

/** Paths reachable without a token (SPEC 2 open routes). */
export const OPEN_PATHS = ['/login', '/register', '/forgot', '/help', '/sync', '/401', '/404'];
export const LEARNER_HOME = '/web/index';
export const ADMIN_HOME = '/admin/dashboard';
export const NO_MENU_MESSAGE = '未授权菜单: 您无权访问此系统，请联系管理员进行菜单授权！';
export const FALLBACK_ERROR = 'Has Error';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Token present, user not loaded: fetch info, then routes, then decide again. */
  | { kind: 'load' };

export interface GuardInput {
  /** location.pathname */
  path: string;
  /** location.search, with or without the leading '?' */
  search?: string;
  hasToken: boolean;
  /** Info and routes were fetched for this token. */
  loaded: boolean;
  roleType?: number;
}

/** The public certificate verification: the page its QR code opens, no sign-in. */
const isCertVerifyPath = (path: string): boolean => path === '/cert/verify' || /^\/cert\/verify\/[^/]+$/.test(path);

export const isOpenPath = (path: string): boolean =>
  OPEN_PATHS.includes(path) || path === '#' || path === '/#' || isCertVerifyPath(path);

export const homeOf = (roleType: number | undefined): string =>
  roleType === RoleType.LEARNER ? LEARNER_HOME : ADMIN_HOME;

/** '/login?redirect=<path and query>' */
export function loginWithRedirect(path: string, search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `/login?redirect=${encodeURIComponent(path + query)}`;
}

export const LEARNER_PROFILE = '/web/uc';
const isProfilePath = (path: string): boolean => path === '/profile' || path.startsWith('/profile/');

const isAdminPath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');

export function decideRoute(input: GuardInput): GuardDecision {
  const { path, hasToken, loaded, roleType } = input;
  if (path === '#' || path === '/#') return { kind: 'redirect', to: '/login' };
  if (!hasToken) {
    if (isOpenPath(path)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginWithRedirect(path, input.search) };
  }
  if (!loaded) return { kind: 'load' };
  if (path === '/login' || path === '' || path === '/') return { kind: 'redirect', to: homeOf(roleType) };
  if (roleType === RoleType.LEARNER && isAdminPath(path)) return { kind: 'redirect', to: LEARNER_HOME };
  // /profile is the admin layout's page; a learner's profile is the user centre.
  if (roleType === RoleType.LEARNER && isProfilePath(path)) return { kind: 'redirect', to: LEARNER_PROFILE };
  return { kind: 'allow' };
}

export type LoadOutcome =
  | { kind: 'ok' }
  /** Clear the token, show the message, go to `to`. */
  | { kind: 'fail'; message: string; to: string }
  /** No answer from the server (network, timeout, proxy): keep the token, offer 重试. */
  | { kind: 'retry'; message: string };

export const NETWORK_ERROR_TEXT = '网络异常';

/** After info and routes came back: an administrator without menus may not enter. */
export function decideAfterLoad(
  roleType: number,
  routes: TMenuRoute[] | null | undefined,
  path: string,
  search = '',
): LoadOutcome {
  if (roleType !== RoleType.LEARNER && (!routes || routes.length === 0)) {
    return { kind: 'fail', message: NO_MENU_MESSAGE, to: loginWithRedirect(path, search) };
  }
  return { kind: 'ok' };
}

/**
 * Any failure while loading info or routes. Only a refusal by the server ends the session (its
 * 10010002 has already dropped the token in the client); a request that got no envelope back (a
 * dropped connection, an aborted navigation, a timeout, a proxy's 502) is no refusal: the token is
 * kept and the page offers 重试.
 */
export function decideOnError(error: unknown): LoadOutcome {
  if (error instanceof Error && error.name === 'ApiError' && (error as { code?: number }).code === undefined) {
    return { kind: 'retry', message: NETWORK_ERROR_TEXT };
  }
  const message = error instanceof Error && error.message ? error.message : FALLBACK_ERROR;
  return { kind: 'fail', message, to: '/login' };
}

/** Where to go after signing in: the kept redirect when it is a safe in-app path, else home. */
export function afterLoginTarget(redirect: string | null | undefined, roleType: number): string {
  if (redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login')) {
    if (roleType === RoleType.LEARNER && isAdminPath(redirect.split('?')[0])) return LEARNER_HOME;
    return redirect;
  }
  return homeOf(roleType);
}
