/** The token lives in the cookie named `token` (SPEC 9), so img/video requests carry it too. */
import Cookies from 'js-cookie';

export const TOKEN_KEY = 'token';

export const getToken = (): string | undefined => Cookies.get(TOKEN_KEY) || undefined;
export const setToken = (token: string): void => {
  Cookies.set(TOKEN_KEY, token, { sameSite: 'Lax', path: '/' });
};
export const removeToken = (): void => {
  Cookies.remove(TOKEN_KEY, { path: '/' });
};

/** Set when the server refused a token we sent (10010002); the login page reads it once. */
const EXPIRED_KEY = 'session-expired';
export const markSessionExpired = (): void => {
  try {
    sessionStorage.setItem(EXPIRED_KEY, '1');
  } catch {
    // storage unavailable (private mode): the login page just does not say why
  }
};
export const takeSessionExpired = (): boolean => {
  try {
    const was = sessionStorage.getItem(EXPIRED_KEY) === '1';
    sessionStorage.removeItem(EXPIRED_KEY);
    return was;
  } catch {
    return false;
  }
};
