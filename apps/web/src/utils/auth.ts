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
