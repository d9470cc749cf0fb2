/** Turns the server's menu list (SPEC 2) into flat routes with full paths and their layout. */
import { LAYOUT_COMPONENT, type TMenuRoute, type TRouteMeta, WEB_LAYOUT_COMPONENT } from '@exam/contracts';
import { matchPath } from 'react-router';

export type LayoutKind = 'admin' | 'web' | 'none';

export interface FlatRoute {
  path: string;
  name: string;
  meta: TRouteMeta;
  layout: LayoutKind;
  /** The view name (pages/<component>/index.tsx); absent for redirect-only entries. */
  component?: string;
  redirect?: string;
  hidden?: boolean;
}

export function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return path.replace(/\/+$/, '') || '/';
  if (!path) return base || '/';
  return `${base.replace(/\/+$/, '')}/${path}`.replace(/\/{2,}/g, '/');
}

const layoutOf = (component: string): LayoutKind | null =>
  component === LAYOUT_COMPONENT ? 'admin' : component === WEB_LAYOUT_COMPONENT ? 'web' : null;

export function flattenMenus(routes: TMenuRoute[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  const visit = (route: TMenuRoute, base: string, layout: LayoutKind) => {
    const path = joinPath(base, route.path);
    const ownLayout = layoutOf(route.component);
    const inLayout = ownLayout ?? layout;
    if (route.redirect && route.redirect !== 'noRedirect' && route.redirect !== path) {
      out.push({ path, name: route.name, meta: route.meta, layout: inLayout, redirect: route.redirect, hidden: true });
    } else if (!ownLayout) {
      out.push({
        path,
        name: route.name,
        meta: route.meta,
        layout: inLayout,
        component: route.component,
        hidden: route.hidden,
      });
    }
    for (const child of route.children ?? []) visit(child, path, inLayout);
  };
  for (const route of routes) visit(route, '', 'none');
  return out;
}

/** The first page a menu list leads to (used when the admin home is missing). */
export function firstPage(routes: TMenuRoute[]): string | null {
  return flattenMenus(routes).find((r) => r.component && !r.hidden)?.path ?? null;
}

/** Titles from the top menu down to the page at `pathname` (breadcrumbs). */
type Crumb = { title: string; path: string };

export function menuTrail(routes: TMenuRoute[], pathname: string): Crumb[] {
  const walk = (list: TMenuRoute[], base: string, trail: Crumb[]): Crumb[] | null => {
    for (const route of list) {
      const path = joinPath(base, route.path);
      const next = route.meta?.title ? [...trail, { title: route.meta.title, path }] : trail;
      // Hidden detail pages carry parameters (/admin/exam/result/detail/:id), so match patterns.
      if (!layoutOf(route.component) && matchPath({ path, end: true }, pathname)) return next;
      const found = walk(route.children ?? [], path, next);
      if (found) return found;
    }
    return null;
  };
  const trail: Crumb[] = walk(routes, '', []) ?? [];
  // A layout and its only page often share a title (控制台 > 控制台): show it once.
  return trail.filter((item, i) => i === 0 || item.title !== trail[i - 1].title);
}
