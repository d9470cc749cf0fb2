/** Search over route titles for the admin top bar (SPEC 2: Fuse, threshold 0.4, title 0.7, path 0.3). */
import type { TMenuRoute } from '@exam/contracts';
import Fuse from 'fuse.js';
import { joinPath } from './menu-routes';

export interface SearchItem {
  path: string;
  /** Parent titles and the page title, e.g. ['系统管理', '用户管理']. */
  title: string[];
}

/** Visible pages of the menu tree with their title trail. */
export function searchableRoutes(routes: TMenuRoute[], base = '', prefix: string[] = []): SearchItem[] {
  const out: SearchItem[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const path = joinPath(base, route.path);
    const title = route.meta?.title ? [...prefix, route.meta.title] : prefix;
    const children = route.children?.filter((c) => !c.hidden) ?? [];
    if (route.meta?.title && !route.redirect && route.component !== 'Layout' && route.component !== 'WebLayout')
      out.push({ path, title });
    if (children.length) {
      // A layout holding one page shows under the page's own title, not the layout's.
      out.push(...searchableRoutes(children, path, children.length === 1 && !route.alwaysShow ? prefix : title));
    }
  }
  return out;
}

export function createRouteSearch(items: SearchItem[]) {
  const fuse = new Fuse(items, {
    shouldSort: true,
    threshold: 0.4,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query: string): SearchItem[] => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
