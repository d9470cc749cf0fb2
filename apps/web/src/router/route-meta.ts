/** Titles and flags of every known route, for the page title, the tag bar and keep-alive. */
import type { TRouteMeta } from '@exam/contracts';
import { matchPath } from 'react-router';
import type { FlatRoute } from './menu-routes';
import { fullScreenRoutes, webRoutes } from './web-routes';

export interface RouteInfo {
  path: string;
  meta: TRouteMeta;
}

const STATIC: RouteInfo[] = [
  { path: '/login', meta: { title: '用户登录' } },
  { path: '/register', meta: { title: '学员注册' } },
  { path: '/forgot', meta: { title: '忘记密码' } },
  { path: '/help', meta: { title: '帮助中心' } },
  { path: '/sync', meta: { title: '登录成功' } },
  { path: '/401', meta: { title: '401' } },
  { path: '/404', meta: { title: '404' } },
  { path: '/cert/verify', meta: { title: '证书验证' } },
  { path: '/cert/verify/:code', meta: { title: '证书验证' } },
  { path: '/profile/index', meta: { title: '个人中心', icon: 'UserOutlined', noCache: true } },
  ...[...webRoutes, ...fullScreenRoutes].map((r) => ({
    path: r.path,
    meta: { title: r.title, activeMenu: r.activeMenu },
  })),
];

/** The route of a pathname: menu routes first (they carry affix/noCache), then the fixed ones. */
export function findRoute(pathname: string, menus: FlatRoute[]): RouteInfo | null {
  for (const route of menus) {
    if (route.component && matchPath({ path: route.path, end: true }, pathname)) return route;
  }
  for (const route of STATIC) {
    if (matchPath({ path: route.path, end: true }, pathname)) return route;
  }
  return null;
}

/** 'title - site', or the site name alone (SPEC 2). */
export const pageTitle = (title: string | undefined, siteName: string): string =>
  title ? `${title} - ${siteName}` : siteName;
